// Reads one table-driven record out of the input and marks it in the coverage
// map (one mark; its fields are resolved from the table when asked): the one
// place a parser turns bytes into a Record.
#pragma once

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/field_table.hpp"

namespace meshgate {

// False (and nothing marked) when the record would leave the input; parsers
// check ranges first to report a format-specific code, so this is the last guard.
template <const auto& Spec>
[[nodiscard]] bool read_record(const ByteReader& in, uint64_t offset, uint32_t owner, CoverageMap& coverage,
                               Record<Spec>& out) {
  auto bytes = in.slice(offset, Spec.size);
  if (!bytes) return false;
  out.decode(*bytes);
  coverage.mark_record(offset, owner, Spec.fields, Spec.size);
  return true;
}

}  // namespace meshgate
