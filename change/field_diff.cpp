#include "change/field_diff.hpp"

#include "pipeline/format_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <charconv>
#include <utility>

#include "parser/core/utf8_text.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// "f32x3[110]" -> ("f32x3", true); "bytes[4]" and "u32" are fields, not streams.
bool is_stream(const std::string& type) { return type.find('[') != std::string::npos && !type.starts_with("bytes["); }
std::string element_type(const std::string& type) { return type.substr(0, type.find('[')); }

double lane_value(const std::byte* p, const ElementLayout& l) {
  uint64_t raw = 0;
  std::memcpy(&raw, p, l.bytes);  // little-endian hosts only, as the parsers
  switch (l.kind) {
    case 'f': {
      if (l.bytes != 4) return static_cast<double>(raw);
      float f;
      const auto bits = static_cast<uint32_t>(raw);
      std::memcpy(&f, &bits, 4);
      return f;
    }
    case 'i':
    case 's': {
      const unsigned shift = 64 - 8 * l.bytes;
      return static_cast<double>(static_cast<int64_t>(raw << shift) >> shift);
    }
    default: return static_cast<double>(raw);
  }
}

StreamChange compare_stream(const std::string& path, const json& fa, const json& fb, const DiffSide& a, const DiffSide& b) {
  StreamChange s{path, fa["type"], fb["type"], fa["value"].get<uint64_t>(), fb["value"].get<uint64_t>(), 0, std::nullopt, {}};
  const uint64_t size_a = fa["size"], size_b = fb["size"];
  const uint64_t common = std::min(s.count_a, s.count_b);
  if (common == 0 || element_type(s.type_a) != element_type(s.type_b)) {
    if (s.count_a != s.count_b || s.type_a != s.type_b) s.changed = std::max(s.count_a, s.count_b);
    return s;
  }
  const uint64_t stride = size_a / s.count_a;
  if (stride == 0 || stride != size_b / s.count_b) return s;
  const std::byte* pa = a.bytes.data() + fa["offset"].get<uint64_t>();
  const std::byte* pb = b.bytes.data() + fb["offset"].get<uint64_t>();
  const std::optional<ElementLayout> lanes = element_layout(s.type_a);
  if (lanes && lanes->stride() == stride) s.max_abs_diff.assign(lanes->lanes, 0.0);
  for (uint64_t k = 0; k < common; ++k) {
    if (std::memcmp(pa + k * stride, pb + k * stride, stride) == 0) continue;
    ++s.changed;
    if (!s.first_changed) s.first_changed = k;
    for (size_t c = 0; c < s.max_abs_diff.size(); ++c) {
      const double d = std::fabs(lane_value(pa + k * stride + c * lanes->bytes, *lanes) -
                                 lane_value(pb + k * stride + c * lanes->bytes, *lanes));
      s.max_abs_diff[c] = std::isnan(d) ? INFINITY : std::max(s.max_abs_diff[c], d);
    }
  }
  s.changed += std::max(s.count_a, s.count_b) - common;  // elements on one side only
  return s;
}

// A raw payload's bytes, compared byte by byte (a u8 stream without lanes).
StreamChange compare_bytes(const std::string& path, const json& fa, const json& fb, const DiffSide& a, const DiffSide& b) {
  const uint64_t size_a = fa["size"], size_b = fb["size"];
  StreamChange s{path, "bytes", "bytes", size_a, size_b, 0, std::nullopt, {}};
  const std::byte* pa = a.bytes.data() + fa["offset"].get<uint64_t>();
  const std::byte* pb = b.bytes.data() + fb["offset"].get<uint64_t>();
  const uint64_t common = std::min(size_a, size_b);
  for (uint64_t k = 0; k < common; ++k) {
    if (pa[k] == pb[k]) continue;
    ++s.changed;
    if (!s.first_changed) s.first_changed = k;
  }
  s.changed += std::max(size_a, size_b) - common;
  return s;
}

std::map<std::string, const json*> by_path(const json& fields) {
  std::map<std::string, const json*> out;
  if (fields.is_array())
    for (const json& f : fields) out[f["path"].get<std::string>()] = &f;
  return out;
}

// Uncovered ranges paired by extent; a pair whose bytes differ is "both".
// The ranges are compared where they lie (an SCM of 65,025 tiny meshes has
// 260,100 padding runs: a copy of each, in a map, cost 100 bytes a range).
void compare_uncovered(const DiffSide& a, const DiffSide& b, FileDiff& d) {
  using Extent = std::pair<uint64_t, uint64_t>;
  const auto extents = [](const DiffSide& s) {
    std::vector<Extent> out;
    if (s.uncovered)
      for (const UncoveredRange& u : *s.uncovered) out.emplace_back(u.begin, u.end);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  const auto bytes_of = [](const DiffSide& s, const Extent& e) {
    return std::span(s.bytes).subspan(static_cast<size_t>(e.first), static_cast<size_t>(e.second - e.first));
  };
  const std::vector<Extent> ra = extents(a), rb = extents(b);
  for (const Extent& e : ra) {
    const auto it = std::lower_bound(rb.begin(), rb.end(), e);
    if (it == rb.end() || *it != e) d.uncovered.push_back({e.first, e.second, "a"});
    else if (!std::ranges::equal(bytes_of(a, e), bytes_of(b, e))) d.uncovered.push_back({e.first, e.second, "both"});
  }
  for (const Extent& e : rb)
    if (!std::binary_search(ra.begin(), ra.end(), e)) d.uncovered.push_back({e.first, e.second, "b"});
}

// The change between field `f` of A and field `g` of B of one path, if any.
void compare_field(const std::string& path, const json& f, const json& g, const DiffSide& a, const DiffSide& b,
                   FileDiff& d) {
  const std::string type = f["type"];
  // A stream's value is its element count; one whose value is not (a Texm
  // level, "pixels[565]" of "32x8") is compared as bytes.
  const bool counted = f["value"].is_number_unsigned() && g["value"].is_number_unsigned();
  const bool uncounted_stream = (is_stream(type) || is_stream(g["type"])) && !counted;
  if ((type == "bytes" && g["type"] == "bytes") || uncounted_stream) {  // an NRes payload held as bytes: compare them
    StreamChange s = compare_bytes(path, f, g, a, b);
    if (s.changed > 0) d.streams.push_back(std::move(s));
    return;
  }
  if (is_stream(type) || is_stream(g["type"])) {
    StreamChange s = compare_stream(path, f, g, a, b);
    if (s.changed > 0 || s.count_a != s.count_b || s.type_a != s.type_b) d.streams.push_back(std::move(s));
    return;
  }
  if (f["value"] != g["value"] || f.value("bits", json()) != g.value("bits", json()) || f["type"] != g["type"])
    d.fields.push_back({path, f["offset"].get<uint64_t>(), g["offset"].get<uint64_t>(), f["value"], g["value"], g["status"]});
}

// Fields are paired by path, as if both listings were one map each; to hold
// only two groups at a time, groups pair by key first (a group's key
// prefixes its fields' paths), and only the fields left over from unpaired
// groups, or missing from their pair, are paired by path among themselves.
// Changes come out in path order, those only in B last, as a map walk gives them.
FileDiff compare(const DiffSide* a, const DiffSide* b) {
  FileDiff d;
  d.key = a ? a->key : b->key;
  d.path_a = a ? a->path : "";
  d.path_b = b ? b->path : "";
  d.only_in_a = !b;
  d.only_in_b = !a;
  if (!a || !b) return d;
  d.format_differs = a->format != b->format;
  d.parse_differs = a->parsed != b->parsed;
  const auto& ga = a->fields.groups();
  const auto& gb = b->fields.groups();
  std::map<std::string, size_t> b_group;
  for (size_t i = 0; i < gb.size(); ++i) b_group.emplace(gb[i].key, i);
  std::vector<bool> b_paired(gb.size(), false);
  std::map<std::string, json> left_a, left_b;
  for (size_t i = 0; i < ga.size(); ++i) {
    const json fields_a = a->fields.group_fields(i);
    const auto it = b_group.find(ga[i].key);
    if (it == b_group.end() || b_paired[it->second]) {
      for (const json& f : fields_a) left_a[f["path"].get<std::string>()] = f;
      continue;
    }
    b_paired[it->second] = true;
    const json fields_b = b->fields.group_fields(it->second);
    const auto fa = by_path(fields_a), fb = by_path(fields_b);
    for (const auto& [path, f] : fa) {
      const auto g = fb.find(path);
      if (g == fb.end()) left_a[path] = *f;
      else compare_field(path, *f, *g->second, *a, *b, d);
    }
    for (const auto& [path, g] : fb)
      if (!fa.contains(path)) left_b[path] = *g;
  }
  for (size_t i = 0; i < gb.size(); ++i)
    if (!b_paired[i])
      for (const json& g : b->fields.group_fields(i)) left_b[g["path"].get<std::string>()] = g;
  for (const auto& [path, f] : left_a) {
    const auto g = left_b.find(path);
    if (g == left_b.end()) {
      d.fields.push_back({path, f["offset"].get<uint64_t>(), std::nullopt, f["value"], nullptr, f["status"]});
      continue;
    }
    compare_field(path, f, g->second, *a, *b, d);
    left_b.erase(g);
  }
  const auto by_change_path = [](const auto& x, const auto& y) { return x.path < y.path; };
  std::sort(d.fields.begin(), d.fields.end(), by_change_path);
  std::sort(d.streams.begin(), d.streams.end(), by_change_path);
  for (const auto& [path, g] : left_b)
    d.fields.push_back({path, std::nullopt, g["offset"].get<uint64_t>(), nullptr, g["value"], g["status"]});
  compare_uncovered(*a, *b, d);
  return d;
}

std::string offset_text(const std::optional<uint64_t>& o) { return o ? hex_offset(*o) : std::string("-"); }

// "4d303030002e..." (a 36-byte name field) -> "M000": the bytes before the NUL.
std::string name_from_hex(const std::string& hex) {
  std::string out;
  for (size_t k = 0; k + 1 < hex.size(); k += 2) {
    const char c = static_cast<char>(std::stoi(hex.substr(k, 2), nullptr, 16));
    if (c == '\0') break;
    out += c;
  }
  return out;
}

// "entries[3]" -> "entries[M000.nodes]" for every entry, from its name field;
// a second entry of the same name gets "#2", and so on.
std::map<std::string, std::string> entry_keys(const FieldListing& fields) {
  std::map<std::string, std::string> out;
  std::map<std::string, int> seen;
  for (size_t g = 0; g < fields.groups().size(); ++g) {
    const std::string& key = fields.groups()[g].key;
    if (!key.empty() && !key.starts_with("entries[")) continue;  // the entries' groups, or a listing made whole
    for (const json& f : fields.group_fields(g)) {
      const std::string path = f["path"];
      if (!path.starts_with("entries[") || !path.ends_with("].name") || !f["value"].is_string()) continue;
      const std::string owner = path.substr(0, path.size() - 5);
      const std::string name = utf8_or_escaped(name_from_hex(f["value"]));  // as reports spell entry names
      const int n = ++seen[name];
      out[owner] = "entries[" + name + (n > 1 ? "#" + std::to_string(n) : "") + "]";
    }
  }
  return out;
}

// "entries[3]..." -> "entries[M000.nodes]..." by `keys`; other paths as they are.
std::string keyed_by_name(const std::string& path, const std::map<std::string, std::string>& keys) {
  if (!path.starts_with("entries[")) return path;
  const size_t close = path.find(']');
  if (close == std::string::npos) return path;
  const auto it = keys.find(path.substr(0, close + 1));
  return it == keys.end() ? path : it->second + path.substr(close + 1);
}

}  // namespace

DiffSide content_view(DiffSide side) {
  DiffSide out;
  out.path = std::move(side.path);
  out.key = std::move(side.key);
  out.format = std::move(side.format);
  out.parsed = side.parsed;
  out.offset = side.offset;
  out.read_only = side.read_only;
  out.uncovered = std::vector<UncoveredRange>{};
  const std::map<std::string, std::string> keys = entry_keys(side.fields);
  // A container's opaque member: its derived extent includes the padding
  // before the next member, and nothing says where its content ends. Its
  // content is compared without trailing zero bytes, so a layout that only
  // re-pads it (rebuild --canonical) is the same model. (The fields are made
  // later, a group at a time: the edit keeps its own view of the bytes.)
  const auto bytes = std::make_shared<const std::vector<std::byte>>(std::move(side.bytes));
  out.bytes = *bytes;
  out.fields = std::move(side.fields).transformed([&](const std::string& key) { return keyed_by_name(key, keys); },
                                       [keys, bytes](json& fields) {
                                         json kept = json::array();
                                         for (json& f : fields) {
                                           if (f.value("layout", false)) continue;
                                           if (f.value("kind", "") == "opaque" && f["type"] == "bytes") {
                                             const uint64_t offset = f["offset"];
                                             uint64_t size = f["size"];
                                             while (size > 0 && offset + size <= bytes->size() &&
                                                    (*bytes)[offset + size - 1] == std::byte{0})
                                               --size;
                                             f["size"] = size;
                                           }
                                           f["path"] = keyed_by_name(f["path"], keys);
                                           kept.push_back(std::move(f));
                                         }
                                         fields = std::move(kept);
                                       });
  return out;
}

std::optional<ElementLayout> element_layout(std::string_view type) {
  const std::string_view element = type.substr(0, type.find('['));  // "f32x3"
  if (element.size() < 2) return std::nullopt;
  const char kind = element[0];
  if (kind != 'f' && kind != 'i' && kind != 's' && kind != 'u') return std::nullopt;
  unsigned bits = 0, lanes = 1;
  const char* end = element.data() + element.size();
  auto r = std::from_chars(element.data() + 1, end, bits);
  if (r.ec != std::errc{} || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) return std::nullopt;
  if (r.ptr != end) {
    if (*r.ptr != 'x') return std::nullopt;
    r = std::from_chars(r.ptr + 1, end, lanes);
    if (r.ec != std::errc{} || r.ptr != end || lanes == 0) return std::nullopt;
  }
  return ElementLayout{kind, bits / 8, lanes};
}

namespace {

// Where `part` lies in `whole`, if it is a view into it (a nested file in
// place); none for bytes of their own (a volume's inflated member).
std::optional<uint64_t> offset_within(Bytes whole, Bytes part) {
  const std::less<const std::byte*> before;  // a total order, also across unrelated buffers
  const std::byte* at = part.data();
  if (before(at, whole.data()) || before(whole.data() + whole.size(), at + part.size())) return std::nullopt;
  return static_cast<uint64_t>(at - whole.data());
}

}  // namespace

std::vector<DiffSide> diff_sides(const std::string& path, Bytes data, ParseProfile profile, const Origin& origin) {
  std::vector<DiffSide> out;
  parse_tree(path, data, {.profile = profile, .origin = origin}, [&](const ParsedFile& f) {
    DiffSide s;
    s.path = f.path;
    s.key = f.path.substr(std::min(f.path.size(), path.size()));
    s.format = std::string(format_name(f.format));
    s.parsed = f.ok();
    s.offset = offset_within(data, f.data);
    s.bytes.assign(f.data.begin(), f.data.end());
    // A model's fields are made a group at a time from a copy of its parsed streams, kept with the side.
    const FormatRow& row = row_of(f.format);
    s.read_only = row.read_only_reason;
    const json inspect = row.inspect(f);
    s.fields = row.fields && f.parsed()
                   ? row.fields(f, true)
                   : FieldListing::from_array(inspect.is_object() ? inspect.value("fields", json::array()) : json::array());
    if (const CoverageSummary* coverage = f.coverage(); coverage && inspect.contains("coverage"))
      s.uncovered = coverage->uncovered;
    out.push_back(std::move(s));
  });
  return out;
}

std::vector<FileDiff> diff_trees(std::vector<DiffSide>&& a, std::vector<DiffSide>&& b, DiffMode mode) {
  if (mode != DiffMode::content) return diff_trees(std::as_const(a), std::as_const(b), mode);
  // Each side becomes its content view in place of itself: the two are
  // never held at once (rebuild and diff --semantic held both, and three
  // copies of each file's bytes).
  for (std::vector<DiffSide>* sides : {&a, &b})
    for (DiffSide& s : *sides) s = content_view(std::move(s));
  return diff_trees(std::as_const(a), std::as_const(b), DiffMode::bytes);
}

std::vector<FileDiff> diff_trees(const std::vector<DiffSide>& a, const std::vector<DiffSide>& b, DiffMode mode) {
  if (mode == DiffMode::content) return diff_trees(std::vector<DiffSide>(a), std::vector<DiffSide>(b), mode);
  std::vector<FileDiff> out;
  std::map<std::string, const DiffSide*> in_b;
  for (const DiffSide& s : b) in_b[s.key] = &s;
  for (const DiffSide& s : a) {
    const auto it = in_b.find(s.key);
    out.push_back(compare(&s, it == in_b.end() ? nullptr : it->second));
    if (it != in_b.end()) in_b.erase(it);
  }
  for (const DiffSide& s : b)
    if (in_b.contains(s.key)) out.push_back(compare(nullptr, &s));
  return out;
}

json file_diff_json(const FileDiff& d) {
  json fields = json::array(), streams = json::array(), uncovered = json::array();
  for (const FieldChange& f : d.fields)
    fields.push_back({{"path", f.path},
                      {"offset_a", f.offset_a ? json(*f.offset_a) : json(nullptr)},
                      {"offset_b", f.offset_b ? json(*f.offset_b) : json(nullptr)},
                      {"old", f.old_value},
                      {"new", f.new_value},
                      {"status", f.status}});
  for (const StreamChange& s : d.streams)
    streams.push_back({{"path", s.path},
                       {"type_a", s.type_a},
                       {"type_b", s.type_b},
                       {"count_a", s.count_a},
                       {"count_b", s.count_b},
                       {"changed_elements", s.changed},
                       {"first_changed", s.first_changed ? json(*s.first_changed) : json(nullptr)},
                       {"max_abs_diff", s.max_abs_diff}});
  for (const RangeChange& r : d.uncovered) uncovered.push_back({{"start", r.start}, {"end", r.end}, {"side", r.side}});
  return {{"key", d.key},           {"path_a", d.path_a.empty() ? json(nullptr) : json(d.path_a)},
          {"path_b", d.path_b.empty() ? json(nullptr) : json(d.path_b)},
          {"equal", d.equal()},     {"only_in_a", d.only_in_a},
          {"only_in_b", d.only_in_b}, {"format_differs", d.format_differs},
          {"parse_differs", d.parse_differs}, {"fields", fields},
          {"streams", streams},     {"uncovered", uncovered}};
}

std::string file_diff_text(const FileDiff& d) {
  // Names and paths come from the files: one display line each (no control characters, no line breaks).
  const std::string name = display_text(d.path_a.empty() ? d.path_b : d.path_a);
  if (d.only_in_a) return name + ": only in A\n";
  if (d.only_in_b) return name + ": only in B\n";
  std::string out;
  if (d.format_differs) out += name + ": format differs\n";
  if (d.parse_differs) out += name + ": parses on one side only\n";
  for (const FieldChange& f : d.fields)
    out += name + ": " + display_text(f.path) + " @ " + offset_text(f.offset_a) + " / " + offset_text(f.offset_b) + ": " +
           (f.old_value.is_null() ? "(absent)" : display_text(f.old_value.dump())) + " -> " +
           (f.new_value.is_null() ? "(absent)" : display_text(f.new_value.dump())) + "  [" + f.status + "]\n";
  for (const StreamChange& s : d.streams) {
    out += name + ": " + display_text(s.path) + " " + s.type_a + (s.type_a != s.type_b ? " -> " + s.type_b : "") + ": " +
           std::to_string(s.changed) + " elements differ";
    if (s.first_changed) out += ", first at [" + std::to_string(*s.first_changed) + "]";
    if (!s.max_abs_diff.empty()) {
      out += ", largest |difference| per component (";
      for (size_t c = 0; c < s.max_abs_diff.size(); ++c) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%.6g", c ? ", " : "", s.max_abs_diff[c]);
        out += buf;
      }
      out += ")";
    }
    out += "\n";
  }
  for (const RangeChange& r : d.uncovered)
    out += name + ": uncovered bytes [" + hex_offset(r.start) + ", " + hex_offset(r.end) + ") " +
           (r.side == "both" ? "hold other bytes" : "only in " + std::string(r.side == "a" ? "A" : "B")) + "\n";
  return out;
}

}  // namespace meshgate
