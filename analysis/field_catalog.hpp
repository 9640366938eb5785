// Every field table of every format in one list, in a fixed order: the sweep's
// observations, the evidence report's per-field table and the Markdown doc
// tables all walk this list, so they print exactly what the parsers read.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "parser/core/field_table.hpp"

namespace meshgate {

struct TableRef {
  std::string_view format;  // "dmc3-mod", "nres", "nres-msh"
  std::string_view record;  // the table's own name ("mesh", "res13_batch")
  uint32_t size;
  std::span<const FieldSpec> fields;
  const void* spec;         // identity of the RecordSpec, for table_index<Spec>()
};

[[nodiscard]] std::span<const TableRef> field_catalog();

// Position of a table in field_catalog(); every table a parser reads is listed.
[[nodiscard]] size_t table_index(const void* spec);
template <const auto& Spec>
[[nodiscard]] size_t table_index() {
  static const size_t index = table_index(&Spec);
  return index;
}

}  // namespace meshgate
