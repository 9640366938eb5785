// The Markdown tables of the evidence, rendered from the evidence JSON
// (meshgate.evidence.v1) alone: `sweep --markdown` and the generated blocks
// of `docs update|check` call the same functions on the same JSON, so a
// document's table is byte for byte the table the sweep prints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace meshgate {

// 12,345,678
[[nodiscard]] std::string with_commas(uint64_t n);
// A table cell: one line of display text (parser/core/utf8_text.hpp: no
// control characters, no line breaks), '|' escaped.
[[nodiscard]] std::string md_cell(std::string_view text);
// A table cell as a code span: md_cell, fenced so a backtick inside cannot end it.
[[nodiscard]] std::string md_code(std::string_view text);
// 0x0C (at least two hex digits, upper case), as the format documents write offsets.
[[nodiscard]] std::string doc_offset(uint64_t v);

// The invariants table of an evidence report's "invariants" array: the
// invariants with at least one instance, in declaration order.
[[nodiscard]] std::string invariant_table_markdown(const nlohmann::json& invariants);
// The field table of one record type ("dmc3-mod", "mesh") from the report's
// "fields" array; empty when the report has no such table.
[[nodiscard]] std::string field_table_markdown(const nlohmann::json& fields, std::string_view format,
                                               std::string_view record);

}  // namespace meshgate
