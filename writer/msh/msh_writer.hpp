// Serialises a parsed MSH model from its typed streams only: each stream is
// re-encoded from its records / element arrays (undecoded streams from their
// exact bytes) straight into its place in the image the NRes writer lays out
// with the header, directory and gaps.
#pragma once

#include <span>

#include "parser/msh/msh_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::msh {

// How many bytes a stream's payload encodes to, and the encoding into exactly that many.
[[nodiscard]] uint64_t encoded_size(const StreamData& data);
void encode_stream_into(const StreamData& data, std::span<std::byte> dst);

// `observer`, when given, sees each part of the output as it is produced.
[[nodiscard]] WriteResult write_msh(const Model& model, const PartObserver* observer = nullptr);

}  // namespace meshgate::msh
