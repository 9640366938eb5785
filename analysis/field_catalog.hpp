// Every field table of every format in one list, in a fixed order: the sweep's
// observations, the evidence report's per-field table and the Markdown doc
// tables all walk this list, so they print exactly what the parsers read.
// Each format's row names its tables (FormatRow::field_tables); the list
// holds the rows' tables in their catalogue_order.
#pragma once

#include <cstdint>
#include <span>

#include "observe/table_ref.hpp"

namespace meshgate {

[[nodiscard]] std::span<const TableRef> field_catalog();

// Position of a table in field_catalog(); every table a parser reads is listed
// (the registry test sweeps every generator's files to check it).
[[nodiscard]] size_t table_index(const void* spec);
template <const auto& Spec>
[[nodiscard]] size_t table_index() {
  static const size_t index = table_index(&Spec);
  return index;
}

}  // namespace meshgate
