#include "parser/material/wear_table.hpp"

#include <charconv>

#include "parser/material/material_diagnostic_codes.hpp"

namespace meshgate::wear {

namespace {

bool is_space(std::byte b) {
  const auto c = std::to_integer<unsigned>(b);
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

struct Token {
  uint64_t begin = 0, end = 0;
  uint32_t line = 1;
};

// Whitespace-separated tokens, each with its line; every separator run is
// marked as it is passed, so coverage sees every byte.
class Tokens {
 public:
  Tokens(Bytes data, CoverageMap& cov) : data_(data), cov_(cov), separators_(cov.add_owner("separators")) {}

  std::optional<Token> next() {
    skip_space();
    if (at_ >= data_.size()) return std::nullopt;
    Token t{at_, at_, line_};
    while (at_ < data_.size() && !is_space(data_[at_])) ++at_;
    t.end = at_;
    return t;
  }
  // The token after the next run of spaces, without taking it.
  std::optional<Token> peek() {
    const uint64_t at = at_;
    const uint32_t line = line_;
    uint64_t end = at;
    while (end < data_.size() && is_space(data_[end])) ++end;
    if (end >= data_.size()) return std::nullopt;
    Token t{end, end, line};
    for (uint64_t i = at; i < end; ++i) t.line += data_[i] == std::byte{'\n'};
    while (t.end < data_.size() && !is_space(data_[t.end])) ++t.end;
    return t;
  }
  std::string_view text(const Token& t) const {
    return {reinterpret_cast<const char*>(data_.data()) + t.begin, static_cast<size_t>(t.end - t.begin)};
  }
  uint64_t at() const { return at_; }

 private:
  void skip_space() {
    const uint64_t begin = at_;
    while (at_ < data_.size() && is_space(data_[at_])) {
      line_ += data_[at_] == std::byte{'\n'};
      ++at_;
    }
    cov_.mark(begin, at_ - begin, separators_, "separator");
  }

  Bytes data_;
  CoverageMap& cov_;
  uint32_t separators_;
  uint64_t at_ = 0;
  uint32_t line_ = 1;
};

std::optional<uint64_t> decimal(std::string_view s) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : data_(data), diags_(options.strict), tokens_(data, cov_) {}

  ParseResult run() {
    ParseResult result;
    table_.bytes.assign(data_.begin(), data_.end());
    if (parse_section("rows", table_.rows, codes::bad_count, &table_.declared_rows) && parse_lightmaps()) {
      table_.trailing_offset = tokens_.at();
      cov_.mark(tokens_.at(), data_.size() - tokens_.at(), cov_.add_owner("trailing"), "bytes");
      result.coverage = cov_.summarize(data_.size());
      check_ids();
    }
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.table = std::move(table_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  // <count> then count x (<id> <name>).
  bool parse_section(const std::string& what, std::vector<Row>& rows, const DiagnosticCode& bad_count,
                     uint64_t* declared) {
    const std::optional<Token> count_token = tokens_.next();
    const std::optional<uint64_t> count = count_token ? decimal(tokens_.text(*count_token)) : std::nullopt;
    const uint64_t at = count_token ? count_token->begin : data_.size();
    if (!count)
      return diags_.reject(bad_count, what + ".count", at,
                           count_token ? "\"" + std::string(tokens_.text(*count_token).substr(0, 40)) +
                                             "\" is not a row count"
                                       : "the table is empty: no row count");
    if (*count > kMaxRows)
      return diags_.reject(codes::row_limit, what + ".count", at,
                           std::to_string(*count) + " rows exceed the tool limit of " + std::to_string(kMaxRows));
    cov_.mark(count_token->begin, count_token->end - count_token->begin, cov_.add_owner(what), "count");
    if (declared) *declared = *count;
    rows.reserve(static_cast<size_t>(*count));
    const uint32_t owner = cov_.add_owner(what);
    for (uint64_t k = 0; k < *count; ++k) {
      const std::optional<Token> id = tokens_.next();
      const std::optional<uint64_t> id_value = id ? decimal(tokens_.text(*id)) : std::nullopt;
      const std::optional<Token> name = id_value ? tokens_.next() : std::nullopt;
      if (!name)
        return diags_.reject(codes::short_table, what + "[" + std::to_string(k) + "]", id ? id->begin : data_.size(),
                             what + " " + std::to_string(k) + " of " + std::to_string(*count) +
                                 (id && !id_value ? ": \"" + std::string(tokens_.text(*id).substr(0, 40)) +
                                                        "\" is not an id"
                                                  : ": the table ends first"));
      cov_.mark(id->begin, id->end - id->begin, owner, "id");
      cov_.mark(name->begin, name->end - name->begin, owner, "name");
      rows.push_back({*id_value, std::string(tokens_.text(*name)), id->line, id->begin});
    }
    return true;
  }

  bool parse_lightmaps() {
    const std::optional<Token> next = tokens_.peek();
    if (!next || tokens_.text(*next) != "LIGHTMAPS") return true;
    const Token keyword = *tokens_.next();
    cov_.mark(keyword.begin, keyword.end - keyword.begin, cov_.add_owner("lightmaps"), "keyword");
    std::vector<Row> rows;
    if (!parse_section("lightmaps", rows, codes::bad_lightmaps, nullptr)) return false;
    table_.lightmaps = std::move(rows);
    return true;
  }

  void check_ids() {
    for (size_t k = 0; k < table_.rows.size(); ++k) {
      const Row& r = table_.rows[k];
      if (r.id == k) continue;
      diags_.warn(codes::id_position_mismatch, "rows[" + std::to_string(k) + "].id", r.offset,
                  "line " + std::to_string(r.line) + " has id " + std::to_string(r.id) +
                      ": by id (openparkan, meshgate's default) \"" + r.name.substr(0, 40) + "\" is row " +
                      std::to_string(r.id) + ", by position (fparkan) it is row " + std::to_string(k));
      return;
    }
  }

  Bytes data_;
  Diagnostics diags_;
  CoverageMap cov_;
  Tokens tokens_;
  Table table_;
};

}  // namespace

std::string_view row_reading_name(RowReading r) { return r == RowReading::by_id ? "by-id" : "by-position"; }

std::optional<std::string> Table::material(uint64_t row, RowReading reading) const {
  if (reading == RowReading::by_position) {
    if (row < rows.size()) return rows[row].name;
    return std::nullopt;
  }
  // by id: the last line with that id wins, as placing names at index <id> would.
  for (auto it = rows.rbegin(); it != rows.rend(); ++it)
    if (it->id == row) return it->name;
  return std::nullopt;
}

ParseResult parse_wear(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::wear
