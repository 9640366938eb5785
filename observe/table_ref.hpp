// A field table as the catalogue lists it (analysis/field_catalog.hpp): each
// format's row names the tables its parser reads (FormatRow::field_tables),
// so the sweep's observations, the evidence report's per-field tables, the
// Markdown doc tables and the report pages print exactly what the parsers read.
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
  const void* spec;         // identity of the RecordSpec (table_id_of, the catalogue's table_index)
};

template <const auto& Spec>
constexpr TableRef table_ref(std::string_view format) {
  return {format, Spec.name, Spec.size, std::span<const FieldSpec>(Spec.fields), &Spec};
}

}  // namespace meshgate
