#include "reports/markdown_tables.hpp"

#include "parser/core/utf8_text.hpp"

#include <cstdio>

namespace meshgate {

using nlohmann::json;

std::string with_commas(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string md_cell(std::string_view text) {
  std::string out;
  for (char c : display_text(text)) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string md_code(std::string_view text) {
  const std::string cell = md_cell(text);
  // A backtick inside would end a single-backtick span early: fence it with two.
  return cell.find('`') == std::string::npos ? "`" + cell + "`" : "`` " + cell + " ``";
}

std::string doc_offset(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%02llX", static_cast<unsigned long long>(v));
  return buf;
}

namespace {

// A largest deviation as the tables print it: 3 significant digits.
std::string deviation_text(const json& d) {
  if (d.is_null()) return "not finite";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", d.get<double>());
  return buf;
}

}  // namespace

std::string invariant_table_markdown(const json& invariants) {
  std::string md =
      "| id | invariant | holds | violated | largest deviation | first violation |\n|---|---|---:|---:|---:|---|\n";
  for (const json& t : invariants) {
    const uint64_t holds = t.at("holds").get<uint64_t>(), violated = t.at("violated").get<uint64_t>();
    if (holds + violated == 0) continue;
    const json& first = t.at("first_violation");
    md += "| `" + t.at("id").get<std::string>() + "` | " + md_cell(t.at("description").get<std::string>()) + " | " +
          with_commas(holds) + " | " + with_commas(violated) + " | " +
          (t.contains("max_deviation") ? deviation_text(t.at("max_deviation")) : "") + " | " +
          (first.is_null() ? "" : md_code(first.at("path").get<std::string>()) + " @ " + doc_offset(first.at("offset").get<uint64_t>())) +
          " |\n";
  }
  return md;
}

std::string field_table_markdown(const json& fields, std::string_view format, std::string_view record) {
  std::string md;
  for (const json& f : fields) {
    if (f.at("format") != format || f.at("record") != record) continue;
    if (md.empty()) md = "| offset | type | meaning | status | corpus evidence |\n|---:|---|---|---|---|\n";
    const std::string type = f.at("type").get<std::string>();
    md += "| " + doc_offset(f.at("offset").get<uint64_t>()) + " | " +
          (type.starts_with("bytes[") ? "u8[" + std::to_string(f.at("size").get<uint64_t>()) + "]" : type) + " | `" +
          f.at("name").get<std::string>() + "`: " + md_cell(f.at("note").get<std::string>()) + " | " +
          f.at("status").get<std::string>() + " | " + md_cell(f.at("observed").at("text").get<std::string>()) + " |\n";
  }
  return md;
}

}  // namespace meshgate
