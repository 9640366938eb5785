#include "reports/paged_index.hpp"

#include <nlohmann/json.hpp>

namespace meshgate {

namespace {

// What the index says of a file in one word (the sweep's printed verdicts,
// and "violates" for a clean file that breaks an invariant).
const char* verdict_of(const SweptFile& f) {
  if (!f.parse_ok) return "rejected";
  if (!f.roundtrip_identical && !f.read_only) return "differs";
  if (f.coverage.overlaps > 0) return "overlap";
  if (!f.invariants_violated.empty()) return "violates";
  return "clean";
}

// Covered bytes in tenths of a percent, or null when nothing was mapped.
std::string coverage_permille(const SweptFile& f) {
  const uint64_t total = f.coverage.covered_bytes + f.coverage.uncovered_bytes;
  if (!f.has_coverage || total == 0) return "null";
  return std::to_string(f.coverage.covered_bytes * 1000 / total);
}

// Where a path's name begins: after its last folder ('/') or container ('!').
size_t name_start(std::string_view path) {
  const size_t cut = path.find_last_of("/!");
  return cut == std::string_view::npos ? 0 : cut + 1;
}

// A number appended to a JSON array's text ("[" or "[3" -> "[3,5").
void append_number(std::string& list, uint64_t number) {
  if (list.size() > 1) list += ',';
  list += std::to_string(number);
}

}  // namespace

uint32_t PagedIndex::Table::number_of(std::string_view key, bool quote) {
  if (const auto found = numbers_.find(key); found != numbers_.end()) return found->second;
  const auto number = static_cast<uint32_t>(numbers_.size());
  numbers_.emplace(std::string(key), number);
  if (number > 0) text_ += ',';
  text_ += quote ? nlohmann::json(key).dump() : std::string(key);
  return number;
}

uint32_t PagedIndex::Table::number_of_string(std::string_view s) { return number_of(s, /*quote=*/true); }

uint32_t PagedIndex::Table::number_of_json(std::string_view text) { return number_of(text, /*quote=*/false); }

uint32_t PagedIndex::code_set(const SweptFile& f) {
  std::string set = "[";
  for (const std::string& code : f.diagnostic_codes) append_number(set, codes_.number_of_string(code));
  set += ']';
  return code_sets_.number_of_json(set);
}

uint32_t PagedIndex::invariant_set(const SweptFile& f) {
  std::string set = "[";
  for (std::string_view id : f.invariants_violated) append_number(set, invariants_.number_of_string(id));
  set += ']';
  return invariant_sets_.number_of_json(set);
}

void PagedIndex::add(const SweptFile& f, bool page) {
  const std::string_view path = f.path;
  const size_t name_at = name_start(path);
  std::string row = "[";
  append_number(row, folders_.number_of_string(path.substr(0, name_at)));
  row += ',';
  row += nlohmann::json(path.substr(name_at)).dump();
  append_number(row, formats_.number_of_string(format_name(f.format)));
  append_number(row, verdicts_.number_of_string(verdict_of(f)));
  row += ',';
  row += coverage_permille(f);
  row += ',';
  row += std::to_string(f.size);
  row += page ? ",1" : ",0";
  append_number(row, code_set(f));
  append_number(row, invariant_set(f));
  row += ']';
  if (rows_count_++ > 0) rows_ += ',';
  rows_ += row;
}

std::string PagedIndex::json() const {
  std::string out = "{";
  const auto array = [&out](const char* key, const std::string& items) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += key;
    out += "\":[";
    out += items;
    out += ']';
  };
  array("formats", formats_.text());
  array("verdicts", verdicts_.text());
  array("codes", codes_.text());
  array("invariants", invariants_.text());
  array("code_sets", code_sets_.text());
  array("invariant_sets", invariant_sets_.text());
  array("folders", folders_.text());
  array("rows", rows_);
  out += '}';
  return out;
}

}  // namespace meshgate
