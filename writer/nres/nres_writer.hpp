// Serialises a parsed NRes archive from the model only: header, payloads at
// their data_offset, directory at total_size - 64*N, gaps; the OutputImage
// fails on any byte the model does not produce.
#pragma once

#include "parser/nres/nres_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::nres {

[[nodiscard]] WriteResult write_nres(const Archive& archive);

}  // namespace meshgate::nres
