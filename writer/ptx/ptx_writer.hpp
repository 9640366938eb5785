// Serialises a parsed PTX from the model only: header, count table, header
// rest, each entry (head, bytes before the DDS, DDS header and payload,
// padding) and the trailing bytes. The OutputImage fails on any byte the
// model does not produce.
#pragma once

#include "parser/ptx/ptx_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::ptx {

[[nodiscard]] WriteResult write_ptx(const Companion& companion, const PartObserver* observer = nullptr);

}  // namespace meshgate::ptx
