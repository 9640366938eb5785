#include "reports/doc_sync.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

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

BlockText field_value(const json& evidence, std::string_view key) {
  // FORMAT.RECORD.+0xOFF.WHAT, where FORMAT may itself hold no dot ("dmc3-mod", "nres-msh").
  const std::vector<std::string> parts = split_dots(key);
  // The offset part is the one starting "+0x": a record name holds no dot either.
  if (parts.size() != 4) return {std::nullopt, "value key `" + std::string(key) + "` is not FORMAT.RECORD.+0xOFF.WHAT"};
  const auto offset = parse_offset(parts[2]);
  if (!offset) return {std::nullopt, "`" + parts[2] + "` is not an offset like +0x0C"};
  const json* field = nullptr;
  for (const json& f : evidence["fields"])
    if (f["format"] == parts[0] && f["record"] == parts[1] && f["offset"] == *offset) field = &f;
  if (!field)
    return {std::nullopt, "the evidence has no field " + parts[0] + " " + parts[1] + " at " + doc_offset(*offset) +
                              " (unknown, or no file of that format was swept)"};
  const json& observed = (*field)["observed"];
  const std::string& what = parts[3];
  if (what == "count") return {std::to_string(observed["count"].get<uint64_t>()), ""};
  if (what == "zero") return {std::to_string(observed["zero"].get<uint64_t>()), ""};
  if (what == "zero_ratio")
    return {std::to_string(observed["zero"].get<uint64_t>()) + "/" + std::to_string(observed["count"].get<uint64_t>()), ""};
  if (what == "min" || what == "max") {
    if (observed["range"].is_null()) return {"none", ""};
    return {number_text(observed["range"][what].get<double>()), ""};
  }
  if (what == "status") return {(*field)["status"].get<std::string>(), ""};
  if (what == "text") return {observed["text"].get<std::string>(), ""};
  return {std::nullopt, "unknown field figure `" + what + "` (count, zero, zero_ratio, min, max, status, text)"};
}

BlockText invariant_value(const json& evidence, std::string_view key) {
  // invariant.ID.WHAT: ids hold dots ("msh.4.12"), so WHAT is after the last one.
  const size_t last = key.rfind('.');
  const std::string id(key.substr(10, last - 10)), what(key.substr(last + 1));
  for (const json& t : evidence["invariants"]) {
    if (t["id"] != id) continue;
    const uint64_t holds = t["holds"].get<uint64_t>(), violated = t["violated"].get<uint64_t>();
    if (what == "holds") return {std::to_string(holds), ""};
    if (what == "violated") return {std::to_string(violated), ""};
    if (what == "ratio") return {std::to_string(holds) + "/" + std::to_string(holds + violated), ""};
    if (what == "max_deviation") {
      if (!t.contains("max_deviation")) return {std::nullopt, "`" + id + "` is not a semantic invariant"};
      return {t["max_deviation"].is_null() ? "none" : number_text(t["max_deviation"].get<double>()), ""};
    }
    if (what == "first_violation")
      return {t["first_violation"].is_null() ? "none" : t["first_violation"]["path"].get<std::string>(), ""};
    return {std::nullopt, "unknown invariant figure `" + what + "` (holds, violated, ratio, max_deviation, first_violation)"};
  }
  return {std::nullopt, "the evidence has no invariant `" + id + "`"};
}

BlockText value(const json& evidence, std::string_view key) {
  if (key.starts_with("invariant.") && key.rfind('.') > 10) return invariant_value(evidence, key);
  if (key.starts_with("totals.")) {
    const std::string name(key.substr(7));
    const json& totals = evidence["totals"];
    if (!totals.contains(name) || totals[name].is_array()) return {std::nullopt, "unknown total `" + name + "`"};
    return {totals[name].is_string() ? totals[name].get<std::string>() : totals[name].dump(), ""};
  }
  return field_value(evidence, key);
}

size_t line_of(std::string_view text, size_t pos) {
  return 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

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
  const std::vector<std::string> words = split_words(name);
  if (words.empty()) return {std::nullopt, "empty block name"};
  if (words[0] == "fields") {
    if (words.size() != 3) return {std::nullopt, "`fields` takes FORMAT RECORD, e.g. `fields dmc3-mod mesh`"};
    const std::string table = field_table_markdown(evidence["fields"], words[1], words[2]);
    if (table.empty())
      return {std::nullopt, "the evidence has no field table `" + words[1] + " " + words[2] +
                                "` (unknown, or no file of that format was swept)"};
    return {"\n" + table, ""};
  }
  if (words[0] == "invariants") {
    if (words.size() != 1) return {std::nullopt, "`invariants` takes no argument"};
    return {"\n" + invariant_table_markdown(evidence["invariants"]), ""};
  }
  if (words[0] == "value") {
    if (words.size() != 2) return {std::nullopt, "`value` takes one KEY"};
    return value(evidence, words[1]);
  }
  return {std::nullopt, "unknown block `" + words[0] + "` (fields, invariants, value)"};
}

DocSync sync_document(std::string_view doc, const json& evidence) {
  DocSync out;
  size_t copied = 0;  // doc[0, copied) is in out.updated
  size_t at = 0;
  while ((at = doc.find(kOpen, at)) != std::string_view::npos) {
    const size_t line = line_of(doc, at);
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
      out.errors.push_back(std::to_string(line) + ": block `" + std::string(name) + "` is not closed by " + std::string(kClose) +
                           " before the next block");
      at = body;
      continue;
    }
    ++out.blocks;
    const BlockText rendered = render_block(name, evidence);
    const std::string_view found = doc.substr(body, close - body);
    out.updated.append(doc.substr(copied, body - copied));
    if (!rendered.text) {
      out.errors.push_back(std::to_string(line) + ": " + rendered.error);
      out.updated.append(found);
    } else {
      out.updated.append(*rendered.text);
      if (found != *rendered.text) {
        auto [expected, was] = first_difference(*rendered.text, found);
        out.stale.push_back({line, std::string(name), std::move(expected), std::move(was)});
      }
    }
    copied = close;
    at = close + kClose.size();
  }
  out.updated.append(doc.substr(copied));
  return out;
}

}  // namespace meshgate
