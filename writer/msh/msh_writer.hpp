// Serialises a parsed MSH model from its typed streams only: each stream is
// re-encoded from its records / element arrays (undecoded streams from their
// exact bytes), then the NRes writer places payloads, directory and gaps.
#pragma once

#include <vector>

#include "parser/msh/msh_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::msh {

// The payload bytes of one stream, encoded from the model.
[[nodiscard]] std::vector<std::byte> encode_stream(const StreamData& data);

[[nodiscard]] WriteResult write_msh(const Model& model);

}  // namespace meshgate::msh
