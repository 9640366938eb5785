#include "reports/doc_sync.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <tuple>

#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "reports/markdown_tables.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

constexpr std::string_view kOpen = "<!-- meshgate:";
constexpr std::string_view kClose = "<!-- /meshgate -->";
constexpr std::string_view kCommentEnd = "-->";

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

std::vector<std::string> split_dots(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == '.') {
      out.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// "+0x0C" -> 12
std::optional<uint64_t> parse_offset(std::string_view s) {
  if (!s.starts_with("+0x") || s.size() == 3) return std::nullopt;
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data() + 3, s.data() + s.size(), v, 16);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

// The evidence's fields and invariants by key, made once per evidence (a
// DocSyncer): a value block is then a lookup, not a scan of every field.
struct EvidenceIndex {
  const json& evidence;
  std::map<std::tuple<std::string, std::string, uint64_t>, JsonRef> fields;
  std::map<std::string, JsonRef> invariants;

  explicit EvidenceIndex(const json& e) : evidence(e) {
    const JsonRef root(e, "");
    const JsonRef all_fields = root.at("fields");
    for (size_t i = 0; i < all_fields.size(); ++i) {
      const JsonRef f = all_fields.at(i);
      fields.insert_or_assign({f.at("format").str(), f.at("record").str(), f.at("offset").u64()}, f);
    }
    const JsonRef all_invariants = root.at("invariants");
    for (size_t i = 0; i < all_invariants.size(); ++i) {
      const JsonRef t = all_invariants.at(i);
      invariants.insert_or_assign(t.at("id").str(), t);
    }
  }
};

namespace {

BlockText field_value(const EvidenceIndex& index, std::string_view key) {
  // FORMAT.RECORD.+0xOFF.WHAT, where FORMAT may itself hold no dot ("dmc3-mod", "nres-msh").
  const std::vector<std::string> parts = split_dots(key);
  // The offset part is the one starting "+0x": a record name holds no dot either.
  if (parts.size() != 4) return {std::nullopt, "value key `" + cut_text(key) + "` is not FORMAT.RECORD.+0xOFF.WHAT"};
  const auto offset = parse_offset(parts[2]);
  if (!offset) return {std::nullopt, "`" + cut_text(parts[2]) + "` is not an offset like +0x0C"};
  const auto found = index.fields.find({parts[0], parts[1], *offset});
  if (found == index.fields.end())
    return {std::nullopt, "the evidence has no field " + cut_text(parts[0]) + " " + cut_text(parts[1]) + " at " +
                              doc_offset(*offset) + " (unknown, or no file of that format was swept)"};
  const JsonRef& field = found->second;
  const JsonRef observed = field.at("observed");
  const std::string& what = parts[3];
  if (what == "count") return {std::to_string(observed.at("count").u64()), ""};
  if (what == "zero") return {std::to_string(observed.at("zero").u64()), ""};
  if (what == "zero_ratio")
    return {std::to_string(observed.at("zero").u64()) + "/" + std::to_string(observed.at("count").u64()), ""};
  if (what == "min" || what == "max") {
    const JsonRef range = observed.at("range");
    if (range.is_null()) return {"none", ""};
    return {number_text(range.at(what).number()), ""};
  }
  if (what == "status") return {field.at("status").str(), ""};
  if (what == "text") return {observed.at("text").str(), ""};
  return {std::nullopt, "unknown field figure `" + cut_text(what) + "` (count, zero, zero_ratio, min, max, status, text)"};
}

BlockText invariant_value(const EvidenceIndex& index, std::string_view key) {
  // invariant.ID.WHAT: ids hold dots ("msh.4.12"), so WHAT is after the last one.
  const size_t last = key.rfind('.');
  const std::string id(key.substr(10, last - 10)), what(key.substr(last + 1));
  const auto found = index.invariants.find(id);
  if (found == index.invariants.end()) return {std::nullopt, "the evidence has no invariant `" + cut_text(id) + "`"};
  const JsonRef& t = found->second;
  const uint64_t holds = t.at("holds").u64(), violated = t.at("violated").u64();
  if (what == "holds") return {std::to_string(holds), ""};
  if (what == "violated") return {std::to_string(violated), ""};
  if (what == "ratio") {
    if (holds > UINT64_MAX - violated) t.fail("holds + violated overflows 64 bits");
    return {std::to_string(holds) + "/" + std::to_string(holds + violated), ""};
  }
  if (what == "max_deviation") {
    if (!t.has("max_deviation")) return {std::nullopt, "`" + cut_text(id) + "` is not a semantic invariant"};
    const JsonRef d = t.at("max_deviation");
    return {d.is_null() ? "none" : number_text(d.number()), ""};
  }
  if (what == "first_violation") {
    const JsonRef first = t.at("first_violation");
    return {first.is_null() ? "none" : first.at("path").str(), ""};
  }
  return {std::nullopt, "unknown invariant figure `" + cut_text(what) + "` (holds, violated, ratio, max_deviation, first_violation)"};
}

BlockText value(const EvidenceIndex& index, std::string_view key) {
  if (key.starts_with("invariant.") && key.rfind('.') > 10) return invariant_value(index, key);
  if (key.starts_with("totals.")) {
    const std::string name(key.substr(7));
    const JsonRef totals = JsonRef(index.evidence, "").at("totals");
    if (!totals.has(name) || totals.at(name).json().is_array() || totals.at(name).json().is_object())
      return {std::nullopt, "unknown total `" + cut_text(name) + "`"};
    const json& v = totals.at(name).json();
    return {v.is_string() ? v.get<std::string>() : v.dump(), ""};
  }
  return field_value(index, key);
}

BlockText render(std::string_view name, const EvidenceIndex& index) {
  const std::vector<std::string> words = split_words(name);
  if (words.empty()) return {std::nullopt, "empty block name"};
  if (words[0] == "fields") {
    if (words.size() != 3) return {std::nullopt, "`fields` takes FORMAT RECORD, e.g. `fields dmc3-mod mesh`"};
    const std::string table = field_table_markdown(index.evidence.at("fields"), words[1], words[2]);
    if (table.empty())
      return {std::nullopt, "the evidence has no field table `" + cut_text(words[1]) + " " + cut_text(words[2]) +
                                "` (unknown, or no file of that format was swept)"};
    return {"\n" + table, ""};
  }
  if (words[0] == "invariants") {
    if (words.size() != 1) return {std::nullopt, "`invariants` takes no argument"};
    return {"\n" + invariant_table_markdown(index.evidence.at("invariants")), ""};
  }
  if (words[0] == "value") {
    if (words.size() != 2) return {std::nullopt, "`value` takes one KEY"};
    return value(index, words[1]);
  }
  return {std::nullopt, "unknown block `" + cut_text(words[0]) + "` (fields, invariants, value)"};
}

// Line numbers of positions met in increasing order, counted once: a
// rescan from the start per block made 200,000 blocks run for hours.
class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : text_(text) {}
  size_t line_of(size_t pos) {
    line_ += static_cast<size_t>(std::count(text_.begin() + static_cast<std::ptrdiff_t>(pos_),
                                            text_.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
    pos_ = pos;
    return line_;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0, line_ = 1;
};

// The first line where two texts differ, as (expected, found).
std::pair<std::string, std::string> first_difference(std::string_view expected, std::string_view found) {
  size_t a = 0, b = 0;
  while (true) {
    const size_t ea = std::min(expected.find('\n', a), expected.size());
    const size_t eb = std::min(found.find('\n', b), found.size());
    const std::string_view la = expected.substr(a, ea - a), lb = found.substr(b, eb - b);
    if (la != lb || ea == expected.size() || eb == found.size())
      return {a < expected.size() ? std::string(la) : "(end of block)", b < found.size() ? std::string(lb) : "(end of block)"};
    a = ea + 1, b = eb + 1;
  }
}

}  // namespace

BlockText render_block(std::string_view name, const json& evidence) {
  try {
    return render(name, EvidenceIndex(evidence));
  } catch (const JsonInputError& e) {
    return {std::nullopt, std::string("the evidence ") + e.what()};
  } catch (const json::exception& e) {  // markdown_tables' checked reads
    return {std::nullopt, std::string("the evidence does not hold what the block needs: ") + e.what()};
  }
}

std::vector<std::string> evidence_problems(const json& evidence) { return schema_violations(evidence_schema(), evidence); }

DocSyncer::DocSyncer(const json& evidence) {
  try {
    index_ = std::make_unique<const EvidenceIndex>(evidence);
  } catch (const JsonInputError& e) {
    index_error_ = std::string("0: the evidence ") + e.what();
  }
}

DocSyncer::~DocSyncer() = default;

DocSync sync_document(std::string_view doc, const json& evidence) { return DocSyncer(evidence).sync(doc); }

DocSync DocSyncer::sync(std::string_view doc) const {
  DocSync out;
  if (!index_) {
    out.errors.push_back(index_error_);
    return out;
  }
  const EvidenceIndex& index = *index_;
  // Each distinct block is rendered once: a document may repeat one many times.
  std::map<std::string, BlockText, std::less<>> rendered_blocks;
  LineCounter lines(doc);
  size_t copied = 0;  // doc[0, copied) is in out.updated
  size_t at = 0;
  while (true) {
    const size_t open = doc.find(kOpen, at);
    // A closing marker before the next opening one closes nothing: a block
    // lost its opening marker, and rewriting around it would misplace text.
    const size_t stray = doc.find(kClose, at);
    if (stray != std::string_view::npos && stray < open) {
      out.errors.push_back(std::to_string(lines.line_of(stray)) + ": a closing " + std::string(kClose) +
                           " with no block open");
      at = stray + kClose.size();
      continue;
    }
    if (open == std::string_view::npos) break;
    at = open;
    const size_t line = lines.line_of(at);
    const size_t name_end = doc.find(kCommentEnd, at + kOpen.size());
    if (name_end == std::string_view::npos) {
      out.errors.push_back(std::to_string(line) + ": a meshgate marker that never ends (no `-->`)");
      break;
    }
    std::string_view name = doc.substr(at + kOpen.size(), name_end - at - kOpen.size());
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    const size_t body = name_end + kCommentEnd.size();
    const size_t close = doc.find(kClose, body);
    const size_t next_open = doc.find(kOpen, body);
    if (close == std::string_view::npos || (next_open != std::string_view::npos && next_open < close)) {
      out.errors.push_back(std::to_string(line) + ": block `" + cut_text(name) + "` is not closed by " + std::string(kClose) +
                           " before the next block");
      at = body;
      continue;
    }
    ++out.blocks;
    auto cached = rendered_blocks.find(name);
    if (cached == rendered_blocks.end()) {
      BlockText text;
      try {
        text = render(name, index);
      } catch (const JsonInputError& e) {
        text = {std::nullopt, std::string("the evidence ") + e.what()};
      } catch (const json::exception& e) {
        text = {std::nullopt, std::string("the evidence does not hold what the block needs: ") + e.what()};
      }
      // Text from the evidence (a field's note) holding a marker would make
      // the updated document parse differently from what was written.
      if (text.text && (text.text->find(kOpen) != std::string::npos || text.text->find(kClose) != std::string::npos))
        text = {std::nullopt, "the evidence's text for this block holds a meshgate marker (" + std::string(kOpen) + " or " +
                                  std::string(kClose) + ")"};
      cached = rendered_blocks.emplace(std::string(name), std::move(text)).first;
    }
    const BlockText& rendered = cached->second;
    const std::string_view found = doc.substr(body, close - body);
    out.updated.append(doc.substr(copied, body - copied));
    if (!rendered.text) {
      out.errors.push_back(std::to_string(line) + ": " + rendered.error);
      out.updated.append(found);
    } else {
      out.updated.append(*rendered.text);
      if (found != *rendered.text) {
        auto [expected, was] = first_difference(*rendered.text, found);
        out.stale.push_back({line, cut_text(name, 200), cut_text(expected, 1000), cut_text(was, 1000)});
      }
    }
    copied = close;
    at = close + kClose.size();
  }
  out.updated.append(doc.substr(copied));
  return out;
}

}  // namespace meshgate
