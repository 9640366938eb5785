#include "change/model_dump.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <map>
#include <ostream>
#include <charconv>
#include <span>
#include <utility>

#include "change/field_diff.hpp"
#include "change/field_set.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "pipeline/json_text.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// A typed stream ("f32x3[110]"): the listing's element layout; a bare
// "f32x3" names no stream.
std::optional<ElementLayout> stream_layout(const std::string& type) {
  if (!type.ends_with("]")) return std::nullopt;
  return element_layout(type);
}

bool is_scalar(const std::string& type) {
  return type == "u8" || type == "u16" || type == "u32" || type == "u64" || type == "i16" || type == "i32" ||
         type == "f32" || (type.starts_with("bytes[") && type.ends_with("]"));
}

std::string hex_of(const std::byte* p, size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    out[2 * i] = kDigits[std::to_integer<unsigned>(p[i]) >> 4];
    out[2 * i + 1] = kDigits[std::to_integer<unsigned>(p[i]) & 15];
  }
  return out;
}

std::optional<std::vector<std::byte>> bytes_of_hex(const std::string& hex) {
  if (hex.size() % 2) return std::nullopt;
  std::vector<std::byte> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    const auto digit = [](char c) -> int {
      return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    };
    const int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<std::byte>(hi * 16 + lo);
  }
  return out;
}

uint64_t load(const std::byte* p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= uint64_t{std::to_integer<uint8_t>(p[i])} << (8 * i);
  return v;
}

// One lane as JSON: an integer, or an f32 as a number (a string of its bits
// when it is not finite: JSON has no NaN).
json lane_json(const std::byte* p, const ElementLayout& l) {
  const uint64_t raw = load(p, l.bytes);
  if (l.kind == 'f') {
    const auto bits = static_cast<uint32_t>(raw);
    const float f = std::bit_cast<float>(bits);
    if (!std::isfinite(f)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%08x", bits);
      return buf;
    }
    return static_cast<double>(f);
  }
  if (l.kind == 'i' || l.kind == 's') {
    const unsigned shift = 64 - 8 * l.bytes;
    return static_cast<int64_t>(raw << shift) >> shift;
  }
  return raw;
}

// One listed field as its dump item, but for a nested file's "nested" (the
// caller adds it: `nested` is set to the nested side, which the item's
// "size" is written for).
json field_item(const DiffSide& side, const json& f, const std::map<std::string, const DiffSide*>& sides,
                const DiffSide*& nested) {
  const std::string path = f["path"], type = f["type"];
  const uint64_t offset = f["offset"], size = f["size"];
  json item = {{"path", path}, {"offset", offset}, {"type", type}};
  const std::byte* p = side.bytes.data() + offset;
  nested = nullptr;
  if (type == "nres" || type == "member") {  // a nested archive, or a container's MOD or container member
    const auto found = sides.find(side.key + "!" + f["value"].get<std::string>());
    if (found != sides.end() && found->second->parsed && found->second->uncovered) {
      item["size"] = size;
      nested = found->second;
      return item;
    }
  }
  if (is_scalar(type)) {
    item["value"] = f["value"];
    if (f.contains("bits")) item["bits"] = f["bits"];
  } else if (const auto layout = stream_layout(type); layout && size % layout->stride() == 0) {
    json elements = json::array();
    const uint64_t stride = layout->stride();
    for (uint64_t e = 0; e < size / stride; ++e) {
      if (layout->lanes == 1) {
        elements.push_back(lane_json(p + e * stride, *layout));
        continue;
      }
      json lanes = json::array();
      for (unsigned k = 0; k < layout->lanes; ++k) lanes.push_back(lane_json(p + e * stride + k * layout->bytes, *layout));
      elements.push_back(std::move(lanes));
    }
    item["elements"] = std::move(elements);
  } else {
    item["hex"] = hex_of(p, size);
  }
  return item;
}

json uncovered_item(const DiffSide& side, const UncoveredRange& u) {
  const uint64_t start = u.begin, end = u.end;
  return {{"path", "(uncovered " + std::string(gap_kind_name(u.kind)) + ")"},
          {"offset", start},
          {"type", "bytes[" + std::to_string(end - start) + "]"},
          {"hex", hex_of(side.bytes.data() + start, end - start)}};
}

// A side's items in dump order, made one at a time: the listed fields and
// the uncovered ranges, ordered by offset (fields first at one offset, each
// kind in its own order: a stable sort of fields then ranges). What is held
// is 16 bytes an item and one group of the listing, never the items.
class SideItems {
 public:
  explicit SideItems(const DiffSide& side) : side_(side) {
    const FieldListing& listing = side.fields;
    for (size_t g = 0; g < listing.groups().size(); ++g) {
      group_start_.push_back(order_.size());
      json fields = listing.group_fields(g);
      for (const json& f : fields) order_.push_back({f["offset"].get<uint64_t>(), order_.size()});
      if (order_.size() <= kKeptFields) kept_.push_back(std::move(fields));
    }
    fields_ = order_.size();
    if (fields_ > kKeptFields) kept_.clear();
    for (const UncoveredRange& u : *side.uncovered) order_.push_back({u.begin, order_.size()});
    std::stable_sort(order_.begin(), order_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }

  [[nodiscard]] size_t size() const { return order_.size(); }
  // Item `i` in dump order: a field (the listing's JSON) or an uncovered range (null and its index).
  [[nodiscard]] const json* field(size_t i) {
    const uint64_t seq = order_[i].second;
    if (seq >= fields_) return nullptr;
    const size_t g = static_cast<size_t>(std::upper_bound(group_start_.begin(), group_start_.end(), seq) - group_start_.begin()) - 1;
    if (fields_ <= kKeptFields) return &kept_[g][static_cast<size_t>(seq - group_start_[g])];
    if (g != cached_group_) {
      cached_ = side_.fields.group_fields(g);
      cached_group_ = g;
    }
    return &cached_[static_cast<size_t>(seq - group_start_[g])];
  }
  [[nodiscard]] const UncoveredRange& range(size_t i) const {
    return (*side_.uncovered)[static_cast<size_t>(order_[i].second - fields_)];
  }

 private:
  // A side of at most this many fields keeps the groups the constructor made
  // (about 1 KB a field): a small file's listing is made once, not once to
  // order it and again to write it (a third of the allocations of dumping a
  // 4 KiB model); a larger one is made again a group at a time.
  static constexpr uint64_t kKeptFields = 4096;
  const DiffSide& side_;
  std::vector<json> kept_;  // the groups' fields, while the side has at most kKeptFields
  std::vector<std::pair<uint64_t, uint64_t>> order_;  // (offset, sequence: fields in listing order, then ranges)
  std::vector<uint64_t> group_start_;
  uint64_t fields_ = 0;
  size_t cached_group_ = SIZE_MAX;
  json cached_;
};

json dump_side(const DiffSide& side, const std::map<std::string, const DiffSide*>& sides) {
  SideItems order(side);
  json items = json::array();
  for (size_t i = 0; i < order.size(); ++i) {
    const json* f = order.field(i);
    if (!f) {
      items.push_back(uncovered_item(side, order.range(i)));
      continue;
    }
    const DiffSide* nested = nullptr;
    json item = field_item(side, *f, sides, nested);
    if (nested) item["nested"] = dump_side(*nested, sides);
    items.push_back(std::move(item));
  }
  return {{"schema", std::string(kDumpSchema)}, {"name", side.path}, {"format", side.format}, {"size", side.bytes.size()},
          {"items", std::move(items)}};
}

// The text dump_side(...).dump(1) is, written an item at a time straight
// from the listing (json_text writes what dump() would): only one item (and
// the order of a side's items) is held, whatever the file's count, and no
// item is built as JSON first (field_item and dump_side are the reference
// the text is tested against).
class DumpText {
 public:
  DumpText(std::ostream& out, const std::map<std::string, const DiffSide*>& sides) : out_(out), sides_(sides) {}
  ~DumpText() { flush(); }
  DumpText(const DumpText&) = delete;
  DumpText& operator=(const DumpText&) = delete;

  // The side's object, its braces at indentation `depth`; returns its item count.
  uint64_t side(const DiffSide& s, int depth) {
    text_ += '{';
    json_text::append_key(text_, "format", depth + 1, true);
    json_text::append_string(text_, s.format);
    json_text::append_key(text_, "items", depth + 1, false);
    const uint64_t count = items(s, depth + 1);
    json_text::append_key(text_, "name", depth + 1, false);
    json_text::append_string(text_, s.path);
    json_text::append_key(text_, "schema", depth + 1, false);
    json_text::append_string(text_, kDumpSchema);
    json_text::append_key(text_, "size", depth + 1, false);
    json_text::append_number(text_, uint64_t{s.bytes.size()});
    json_text::append_newline(text_, depth);
    text_ += '}';
    return count;
  }

  void flush() {
    out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  static constexpr size_t kFlushBytes = 64 << 10;

  uint64_t items(const DiffSide& s, int depth) {
    SideItems order(s);
    if (order.size() == 0) {
      text_ += "[]";
      return 0;
    }
    text_ += '[';
    for (size_t i = 0; i < order.size(); ++i) {
      if (i > 0) text_ += ',';
      json_text::append_newline(text_, depth + 1);
      if (const json* f = order.field(i)) field(s, *f, depth + 1);
      else uncovered(s, order.range(i), depth + 1);
      if (text_.size() >= kFlushBytes) flush();
    }
    json_text::append_newline(text_, depth);
    text_ += ']';
    return order.size();
  }

  // field_item(...) as text, its keys in dump()'s order (sorted).
  void field(const DiffSide& s, const json& f, int depth) {
    const std::string& type = f["type"].get_ref<const std::string&>();
    const auto offset = f["offset"].get<uint64_t>(), size = f["size"].get<uint64_t>();
    if (type == "nres" || type == "member") {
      const auto found = sides_.find(s.key + "!" + f["value"].get<std::string>());
      if (found != sides_.end() && found->second->parsed && found->second->uncovered)
        return nested_item(f, *found->second, depth);
    }
    const std::byte* p = s.bytes.data() + offset;
    text_ += '{';
    const auto layout = stream_layout(type);
    const bool scalar = is_scalar(type), typed = !scalar && layout && size % layout->stride() == 0;
    bool first = true;
    if (scalar && f.contains("bits")) {
      json_text::append_key(text_, "bits", depth + 1, std::exchange(first, false));
      json_text::append_value(text_, f["bits"], depth + 1);
    } else if (typed) {
      json_text::append_key(text_, "elements", depth + 1, std::exchange(first, false));
      elements(p, *layout, size / layout->stride(), depth + 1);
    } else if (!scalar) {
      json_text::append_key(text_, "hex", depth + 1, std::exchange(first, false));
      hex(p, size);
    }
    json_text::append_key(text_, "offset", depth + 1, first);
    json_text::append_number(text_, offset);
    json_text::append_key(text_, "path", depth + 1, false);
    json_text::append_value(text_, f["path"], depth + 1);
    json_text::append_key(text_, "type", depth + 1, false);
    json_text::append_string(text_, type);
    if (scalar) {
      json_text::append_key(text_, "value", depth + 1, false);
      json_text::append_value(text_, f["value"], depth + 1);
    }
    json_text::append_newline(text_, depth);
    text_ += '}';
  }

  // An item holding a nested dump: "nested" sorts first among its keys.
  void nested_item(const json& f, const DiffSide& nested, int depth) {
    text_ += '{';
    json_text::append_key(text_, "nested", depth + 1, true);
    side(nested, depth + 1);
    json_text::append_key(text_, "offset", depth + 1, false);
    json_text::append_number(text_, f["offset"].get<uint64_t>());
    json_text::append_key(text_, "path", depth + 1, false);
    json_text::append_value(text_, f["path"], depth + 1);
    json_text::append_key(text_, "size", depth + 1, false);
    json_text::append_number(text_, f["size"].get<uint64_t>());
    json_text::append_key(text_, "type", depth + 1, false);
    json_text::append_value(text_, f["type"], depth + 1);
    json_text::append_newline(text_, depth);
    text_ += '}';
  }

  // uncovered_item(...) as text.
  void uncovered(const DiffSide& s, const UncoveredRange& u, int depth) {
    const uint64_t start = u.begin, end = u.end;
    text_ += '{';
    json_text::append_key(text_, "hex", depth + 1, true);
    hex(s.bytes.data() + start, end - start);
    json_text::append_key(text_, "offset", depth + 1, false);
    json_text::append_number(text_, start);
    json_text::append_key(text_, "path", depth + 1, false);
    text_ += "\"(uncovered ";
    json_text::append_escaped(text_, gap_kind_name(u.kind));
    text_ += ")\"";
    json_text::append_key(text_, "type", depth + 1, false);
    text_ += "\"bytes[";
    json_text::append_number(text_, end - start);
    text_ += "]\"";
    json_text::append_newline(text_, depth);
    text_ += '}';
  }

  void hex(const std::byte* p, size_t n) {
    static constexpr char kDigits[] = "0123456789abcdef";
    text_ += '"';
    for (size_t i = 0; i < n; ++i) {
      text_ += kDigits[std::to_integer<unsigned>(p[i]) >> 4];
      text_ += kDigits[std::to_integer<unsigned>(p[i]) & 15];
    }
    text_ += '"';
  }

  // A typed stream's elements (an array of lanes each, or of numbers when one lane).
  void elements(const std::byte* p, const ElementLayout& l, uint64_t count, int depth) {
    if (count == 0) {
      text_ += "[]";
      return;
    }
    text_ += '[';
    for (uint64_t e = 0; e < count; ++e, p += l.stride()) {
      if (e > 0) text_ += ',';
      json_text::append_newline(text_, depth + 1);
      if (l.lanes == 1) {
        lane(p, l);
        continue;
      }
      if (l.lanes == 0) {
        text_ += "[]";
        continue;
      }
      text_ += '[';
      for (unsigned k = 0; k < l.lanes; ++k) {
        if (k > 0) text_ += ',';
        json_text::append_newline(text_, depth + 2);
        lane(p + k * l.bytes, l);
      }
      json_text::append_newline(text_, depth + 1);
      text_ += ']';
    }
    json_text::append_newline(text_, depth);
    text_ += ']';
  }

  // lane_json(...) as text.
  void lane(const std::byte* p, const ElementLayout& l) {
    const uint64_t raw = load(p, l.bytes);
    if (l.kind == 'f') {
      const auto bits = static_cast<uint32_t>(raw);
      const float f = std::bit_cast<float>(bits);
      if (std::isfinite(f)) return json_text::append_number(text_, static_cast<double>(f));
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%08x", bits);
      return json_text::append_string(text_, buf);
    }
    if (l.kind == 'i' || l.kind == 's') {
      const unsigned shift = 64 - 8 * l.bytes;
      return json_text::append_number(text_, static_cast<int64_t>(raw << shift) >> shift);
    }
    json_text::append_number(text_, raw);
  }

  std::ostream& out_;
  const std::map<std::string, const DiffSide*>& sides_;
  std::string text_;
};

// The text a scalar's JSON value has on the command line (`set`'s encoder reads it).
std::string value_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_float()) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", value.get<double>());
    return buf;
  }
  return value.dump();
}

// "[123]" at the end of a type ("f32x3[110]", "bytes[16]"): the count, read
// strictly (no sign, no spaces, no overflow), or nullopt.
std::optional<uint64_t> bracket_count(std::string_view type) {
  const size_t open = type.find('[');
  if (open == std::string_view::npos || !type.ends_with("]")) return std::nullopt;  // so open <= size - 2
  const std::string_view digits = type.substr(open + 1, type.size() - open - 2);
  uint64_t n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  return n;
}

std::optional<uint64_t> scalar_width(const std::string& type) {
  if (type.starts_with("bytes[")) return bracket_count(type);
  if (type == "u8") return 1;
  if (type == "u16" || type == "i16") return 2;
  if (type == "u64") return 8;
  return 4;  // u32, i32, f32
}

// A dump is built in two passes. The first measures: each item's length
// from its type (and a nested dump's, recursively), refusing what runs past
// its file, and checks that the items tile the file, each byte in exactly one
// item. Only then is the file allocated and the second pass writes the
// values. So memory follows the dump's text, not the size it claims: tiled
// items take at least one character of JSON per 4 bytes (a u64 stream of
// zeros), and a 40-byte dump claiming 256 MiB allocates nothing.
//
// Where an item is, for messages, is a stack of the nested items that lead to
// it, rendered only when a message needs it (a copy of the path per level
// made 50,000 nested dumps quadratic in memory).
class DumpBuilder {
 public:
  explicit DumpBuilder(BuildResult& result) : result_(result) {}

  // Pass 1 over a schema-checked dump of `size` bytes; true when it tiles.
  bool measure(const JsonRef& dump, uint64_t size) {
    const JsonRef items = dump.at("items");
    std::vector<Placed> placed;
    placed.reserve(items.size());
    bool ok = true;
    for (size_t i = 0; i < items.size(); ++i) {
      const JsonRef item = items.at(i);
      frames_.push_back({i, &item.at("path").str()});
      if (const std::optional<uint64_t> length = measure_item(item, size))
        placed.push_back({item.at("offset").u64(), *length, i, frames_.back().path});
      else
        ok = false;
      frames_.pop_back();
    }
    return check_tiling(placed, size) && ok;
  }

  // Overlapping item pairs found by measure(), named.
  [[nodiscard]] const std::vector<std::string>& overlaps() const { return overlaps_; }

  // Pass 2: the values of a dump that measure() accepted, into `out`; with
  // `reversed`, the items in the opposite order (two items agree about
  // their shared bytes iff the order they are written in does not matter).
  void write(const JsonRef& dump, std::span<std::byte> out, bool reversed = false) {
    const JsonRef items = dump.at("items");
    for (size_t k = 0; k < items.size(); ++k) {
      const size_t i = reversed ? items.size() - 1 - k : k;
      const JsonRef item = items.at(i);
      frames_.push_back({i, &item.at("path").str()});
      write_item(item, out, reversed);
      frames_.pop_back();
    }
  }

 private:
  struct Frame {
    size_t index;
    const std::string* path;
  };
  struct Placed {
    uint64_t offset, length;
    size_t index;
    const std::string* path;
  };
  static constexpr size_t kMaxMessages = 50;

  // "items[3] (entries[0].payload) > items[12] (objects[0].bounding_radius)"
  std::string where(size_t depth) const {
    std::string out;
    for (size_t k = 0; k < depth; ++k)
      out += (k ? " > " : "") + std::string("items[") + std::to_string(frames_[k].index) + "] (" + cut_text(*frames_[k].path, 80) + ")";
    return out;
  }
  void report(std::vector<std::string>& into, const std::string& message) {
    if (into.size() < kMaxMessages) into.push_back(message);
    else if (into.size() == kMaxMessages) into.push_back("(further messages left out)");
  }
  void error(const std::string& why) { report(result_.errors, where(frames_.size()) + ": " + why); }

  // An item's length from its type; nullopt after an error.
  std::optional<uint64_t> measure_item(const JsonRef& item, uint64_t size) {
    const std::string& type = item.at("type").str();
    const uint64_t offset = item.at("offset").u64();
    const auto fits = [&](uint64_t length) -> std::optional<uint64_t> {
      if (offset <= size && length <= size - offset) return length;
      error("[" + std::to_string(offset) + ", +" + std::to_string(length) + ") runs past the end of the " +
            std::to_string(size) + "-byte file");
      return std::nullopt;
    };
    if (item.has("nested")) {
      const uint64_t slot = item.at("size").u64();
      const uint64_t declared = item.at("nested").at("size").u64();
      if (declared != slot) {
        error("the nested file is " + std::to_string(declared) + " bytes, its slot " + std::to_string(slot) +
              " (a size change is a relayout: meshgate rebuild)");
        return std::nullopt;
      }
      if (!fits(slot)) return std::nullopt;
      if (!measure(item.at("nested"), slot)) return std::nullopt;
      return slot;
    }
    if (item.has("hex")) return fits(item.at("hex").str().size() / 2);  // pairs of hex digits, by the schema
    if (item.has("elements")) {
      const auto layout = stream_layout(type);
      const std::optional<uint64_t> declared = bracket_count(type);
      if (!layout || !declared) {
        error("type `" + cut_text(type) + "` has no typed elements (ELEMENT[N], e.g. f32x3[110])");
        return std::nullopt;
      }
      const size_t count = item.at("elements").size();
      if (count != *declared) {
        error(std::to_string(count) + " elements where the layout holds " + std::to_string(*declared) +
              " (a count change is a relayout: meshgate rebuild)");
        return std::nullopt;
      }
      uint64_t length = 0;
      if (__builtin_mul_overflow(*declared, layout->stride(), &length)) {
        error(std::to_string(*declared) + " elements of " + std::to_string(layout->stride()) + " bytes overflow 64 bits");
        return std::nullopt;
      }
      return fits(length);
    }
    if (!is_scalar(type)) {
      error("type `" + cut_text(type) + "` is no scalar (u8..u64, i16, i32, f32, bytes[N]), so it needs elements, hex or nested");
      return std::nullopt;
    }
    const std::optional<uint64_t> width = scalar_width(type);
    if (!width || *width == 0) {
      error("type `" + cut_text(type) + "` does not say how many bytes it holds");
      return std::nullopt;
    }
    return fits(*width);  // bytes[1099511627776] was an "out of memory"
  }

  // Writes one measured item at its offset (its length fits there).
  void write_item(const JsonRef& item, std::span<std::byte> out, bool reversed) {
    const std::string& type = item.at("type").str();
    const uint64_t offset = item.at("offset").u64();
    std::byte* at = out.data() + offset;
    if (item.has("nested")) {
      // Built straight into its slot: nesting costs no memory beyond the file's own.
      write(item.at("nested"), out.subspan(offset, item.at("size").u64()), reversed);
      return;
    }
    if (item.has("hex")) {
      const auto bytes = bytes_of_hex(item.at("hex").str());
      if (!bytes) return error("hex is not hex");
      std::copy(bytes->begin(), bytes->end(), at);
      return;
    }
    if (item.has("elements")) return write_elements(item.at("elements"), type, at);
    std::string why;
    const auto bytes = scalar_bytes(item, type, *scalar_width(type), why);
    if (!bytes) return error(why);
    std::copy(bytes->begin(), bytes->end(), at);
  }

  void write_elements(const JsonRef& elements, const std::string& type, std::byte* at) {
    const ElementLayout layout = *stream_layout(type);
    const std::string lane_type = std::string(1, layout.kind == 's' ? 'i' : layout.kind) + std::to_string(8 * layout.bytes);
    // s8 lanes (MSH normals) encode as i8 would: two's complement in one byte.
    const std::string encode_as = lane_type == "i8" ? "u8" : lane_type;
    const bool single = layout.lanes == 1;
    for (size_t e = 0; e < elements.size(); ++e) {
      const JsonRef element = elements.at(e);
      if (!single && (!element.json().is_array() || element.size() != layout.lanes))
        return error("element " + std::to_string(e) + " of " + cut_text(type) + " is not " + std::to_string(layout.lanes) + " lanes");
      for (unsigned k = 0; k < layout.lanes; ++k) {
        const json& lane = single ? element.json() : element.at(k).json();
        const std::string which = "element " + std::to_string(e) + (single ? "" : " lane " + std::to_string(k));
        if (!lane.is_number() && !lane.is_string())
          return error(which + " is " + lane.type_name() + ", expected a number (or 0x and the bits of a non-finite f32)");
        std::string text = value_text(lane);
        if (lane_type == "i8" && lane.is_number_integer()) {
          const bool fits = lane.is_number_unsigned() ? lane.get<uint64_t>() <= 127
                                                      : lane.get<int64_t>() >= -128 && lane.get<int64_t>() <= 127;
          if (!fits) return error(which + ": " + lane.dump() + " is not an s8 (-128..127)");
          text = std::to_string(static_cast<uint8_t>(lane.get<int64_t>()));
        }
        std::string why, note;
        const auto b = encode_field_value(encode_as, layout.bytes, text, why, note);
        if (!b) return error(which + ": " + why);
        std::copy(b->begin(), b->end(), at);
        at += b->size();
      }
    }
  }

  // The bytes of one scalar item: its value, unless it is an f32 whose value
  // still equals its bits (then the bits: -0, NaN payloads survive).
  static std::optional<std::vector<std::byte>> scalar_bytes(const JsonRef& item, const std::string& type, uint64_t width,
                                                            std::string& why) {
    const JsonRef value = item.at("value");
    std::string note;
    if (type == "f32" && item.has("bits")) {
      const std::string& bits_text = item.at("bits").str();  // ^0x[0-9a-f]{8}$ by the schema
      uint32_t bits = 0;
      const auto [end, ec] = std::from_chars(bits_text.data() + std::min<size_t>(2, bits_text.size()),
                                             bits_text.data() + bits_text.size(), bits, 16);
      if (!bits_text.starts_with("0x") || ec != std::errc{} || end != bits_text.data() + bits_text.size()) {
        why = "bits `" + cut_text(bits_text) + "` is not 0x and 8 hex digits";
        return std::nullopt;
      }
      const json& v = value.json();
      if (v.is_null() || (v.is_number() && static_cast<float>(v.get<double>()) == std::bit_cast<float>(bits)))
        return encode_field_value(type, width, bits_text, why, note);
    }
    if (value.is_null()) {
      why = "value is null: only an f32 with bits may leave its value out";
      return std::nullopt;
    }
    if (!value.json().is_number() && !value.json().is_string()) {
      why = "value is " + std::string(value.json().type_name()) + ", expected a number or a string";
      return std::nullopt;
    }
    const std::string text = value_text(value.json());
    // The longest text a value of this width can have: a bytes[N] value is 2N
    // hex digits; numbers and 0x bit patterns fit in 64. Longer is refused
    // here, so no message echoes a 200 MB value.
    const uint64_t longest = type.starts_with("bytes[") ? 2 * width : 64;
    if (text.size() > longest) {
      why = "value is " + std::to_string(text.size()) + " characters, more than a " + type + " can be written in (" +
            std::to_string(longest) + "): " + cut_text(text, 40);
      return std::nullopt;
    }
    if (type.starts_with("bytes[") && !bytes_of_hex(text)) {
      why = "value `" + cut_text(text, 40) + "` is not hex";
      return std::nullopt;
    }
    return encode_field_value(type, width, text, why, note);
  }

  // Every byte in exactly one item: overlapping items are named in pairs
  // (the later one would silently win), and the first gap is named.
  bool check_tiling(std::vector<Placed>& placed, uint64_t size) {
    std::stable_sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) { return a.offset < b.offset; });
    const std::string prefix = frames_.empty() ? "" : where(frames_.size()) + " > ";
    const auto name = [&](const Placed& p) {
      return prefix + "items[" + std::to_string(p.index) + "] (" + cut_text(*p.path, 80) + ") [" + std::to_string(p.offset) +
             ", " + std::to_string(p.offset + p.length) + ")";
    };
    uint64_t covered = 0;              // [0, covered) is in some item
    const Placed* reaching = nullptr;  // the item that reaches `covered`
    bool ok = true;
    for (const Placed& p : placed) {
      if (p.length == 0) continue;
      if (p.offset < covered) {
        // Kept aside: overlapping items are refused only if they disagree
        // about their shared bytes, which build_from_dump sees once written
        // (a file whose own fields overlap dumps to agreeing items).
        report(overlaps_, name(p) + " overlaps " + name(*reaching));
      } else if (p.offset > covered && ok) {
        report(result_.errors, prefix + "bytes [" + std::to_string(covered) + ", " + std::to_string(p.offset) + ") are in no item");
        ok = false;
      }
      if (p.offset + p.length > covered) covered = p.offset + p.length, reaching = &p;
    }
    if (covered < size && ok) {
      report(result_.errors, prefix + "bytes [" + std::to_string(covered) + ", " + std::to_string(size) + ") are in no item");
      ok = false;
    }
    return ok;
  }

  BuildResult& result_;
  std::vector<Frame> frames_;
  std::vector<std::string> overlaps_;
};

}  // namespace

ModelDump::ModelDump(const std::string& name, Bytes data, ParseProfile profile, const Origin& origin)
    : sides_(diff_sides(name, data, profile, origin)) {
  for (const DiffSide& s : sides_) by_key_[s.key] = &s;
  const DiffSide& top = sides_.front();
  if (top.read_only)
    error_ = name + ": " + top.read_only + "; it has no dump to build back: dump a member after extracting it";
  else if (!top.parsed || !top.uncovered)
    error_ = name + " does not parse far enough to be dumped (meshgate inspect names why)";
}

json ModelDump::to_json() const {
  if (!error_.empty()) return {{"error", error_}};
  return dump_side(sides_.front(), by_key_);
}

uint64_t ModelDump::write(std::ostream& out) const {
  DumpText text(out, by_key_);
  const uint64_t items = text.side(sides_.front(), 0);
  text.flush();
  out << "\n";
  return items;
}

json dump_model(const std::string& name, Bytes data, ParseProfile profile, const Origin& origin) {
  return ModelDump(name, data, profile, origin).to_json();
}

namespace {

// "/items/17/bits: ..." -> "/items/17 (objects[0].bounding_radius)/bits: ...":
// a schema violation with the field path of each dump item on its way.
std::string with_item_paths(const json& dump, const std::string& violation) {
  const size_t colon = violation.find(": ");
  if (colon == std::string::npos || !violation.starts_with("/")) return violation;
  std::string out;
  const json* at = &dump;
  bool in_items = false;
  size_t start = 1;
  while (start <= colon) {
    const size_t end = std::min(violation.find('/', start), colon);
    const std::string segment = violation.substr(start, end - start);
    out += "/" + segment;
    const json* next = nullptr;
    if (at && at->is_object() && at->contains(segment)) next = &at->at(segment);
    else if (at && at->is_array() && !segment.empty() && segment.find_first_not_of("0123456789") == std::string::npos &&
             segment.size() < 19 && std::stoull(segment) < at->size())
      next = &at->at(std::stoull(segment));
    if (next && in_items && next->is_object() && next->contains("path") && next->at("path").is_string())
      out += " (" + cut_text(next->at("path").get_ref<const std::string&>(), 80) + ")";
    in_items = segment == "items" && next && next->is_array();
    at = next;
    start = end + 1;
  }
  return out + violation.substr(colon);
}

}  // namespace

BuildResult build_from_dump(const json& dump) {
  BuildResult r;
  // The schema first: every key build reads is then there with its type.
  const std::vector<std::string> violations = schema_violations(dump_schema(), dump);
  if (!violations.empty()) {
    for (const std::string& v : violations)
      r.errors.push_back("not a " + std::string(kDumpSchema) + " dump: " + with_item_paths(dump, v));
    return r;
  }
  const JsonRef root(dump, "");
  const uint64_t size = root.at("size").u64();
  // The largest file meshgate reads (an NRes archive, spec §1.7.12): a dump
  // claiming more is refused before anything is allocated for it.
  if (size > kMaxBuildBytes) {
    r.errors.push_back("size " + std::to_string(size) + " is beyond the " + std::to_string(kMaxBuildBytes) +
                       "-byte limit of any file meshgate reads");
    return r;
  }
  try {
    DumpBuilder builder(r);
    if (!builder.measure(root, size)) return r;
    r.bytes.assign(size, std::byte{0});
    builder.write(root, r.bytes);
    if (!builder.overlaps().empty()) {
      std::vector<std::byte> reversed(size, std::byte{0});
      builder.write(root, reversed, true);
      if (reversed != r.bytes) {  // the items disagree: refused, not resolved by their order
        r.overlaps = builder.overlaps();
        r.bytes.clear();
      }
    }
  } catch (const JsonInputError& e) {  // the schema should have caught it: still a message, not a crash
    r.errors.push_back(e.what());
  }
  return r;
}

}  // namespace meshgate
