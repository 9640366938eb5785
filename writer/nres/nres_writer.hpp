// Serialises a parsed NRes archive from the model only: header, payloads at
// their data_offset, directory at total_size - 64*N, gaps; the OutputImage
// fails on any byte the model does not produce.
#pragma once

#include <span>
#include <vector>

#include "parser/nres/nres_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::nres {

// `observer`, when given, sees each part of the output as it is produced.
[[nodiscard]] WriteResult write_nres(const Archive& archive, const PartObserver* observer = nullptr);

}  // namespace meshgate::nres
