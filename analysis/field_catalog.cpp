#include "analysis/field_catalog.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "pipeline/format_rows.hpp"

namespace meshgate {

namespace {

std::vector<TableRef> rows_tables() {
  std::vector<const FormatRow*> rows;
  for (const FormatRow* row : format_rows())
    if (!row->field_tables.empty()) rows.push_back(row);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const FormatRow* a, const FormatRow* b) { return a->catalogue_order < b->catalogue_order; });
  std::vector<TableRef> out;
  for (const FormatRow* row : rows) out.insert(out.end(), row->field_tables.begin(), row->field_tables.end());
  return out;
}

}  // namespace

std::span<const TableRef> field_catalog() {
  static const std::vector<TableRef> catalog = rows_tables();
  return catalog;
}

size_t table_index(const void* spec) {
  const auto catalog = field_catalog();
  for (size_t i = 0; i < catalog.size(); ++i)
    if (catalog[i].spec == spec) return i;
  std::abort();  // a table no row lists: a build-time mistake the registry test catches
}

}  // namespace meshgate
