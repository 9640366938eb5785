#include "change/model_dump.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <charconv>

#include "change/field_diff.hpp"
#include "change/field_set.hpp"

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

json dump_side(const DiffSide& side, const std::map<std::string, const DiffSide*>& sides) {
  json items = json::array();
  for (const json& f : side.fields) {
    const std::string path = f["path"], type = f["type"];
    const uint64_t offset = f["offset"], size = f["size"];
    json item = {{"path", path}, {"offset", offset}, {"type", type}};
    const std::byte* p = side.bytes.data() + offset;
    if (type == "nres") {
      const auto nested = sides.find(side.key + "!" + f["value"].get<std::string>());
      if (nested != sides.end() && nested->second->parsed && nested->second->uncovered.is_array()) {
        item["size"] = size;
        item["nested"] = dump_side(*nested->second, sides);
        items.push_back(std::move(item));
        continue;
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
    items.push_back(std::move(item));
  }
  if (side.uncovered.is_array())
    for (const json& u : side.uncovered) {
      const uint64_t start = u["start"], end = u["end"];
      items.push_back({{"path", "(uncovered " + u["kind"].get<std::string>() + ")"},
                       {"offset", start},
                       {"type", "bytes[" + std::to_string(end - start) + "]"},
                       {"hex", hex_of(side.bytes.data() + start, end - start)}});
    }
  std::stable_sort(items.begin(), items.end(), [](const json& a, const json& b) { return a["offset"] < b["offset"]; });
  return {{"schema", std::string(kDumpSchema)}, {"name", side.path}, {"format", side.format}, {"size", side.bytes.size()},
          {"items", std::move(items)}};
}

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

// The bytes of one scalar item: its value, unless it is an f32 whose value
// still equals its bits (then the bits: -0, NaN payloads survive).
std::optional<std::vector<std::byte>> scalar_bytes(const json& item, uint64_t size, std::string& error) {
  const std::string type = item["type"];
  std::string note;
  if (type == "f32" && item.contains("bits")) {
    const auto bits = static_cast<uint32_t>(std::stoul(item["bits"].get<std::string>(), nullptr, 16));
    const float stored = std::bit_cast<float>(bits);
    const json& v = item["value"];
    if (v.is_null() || (v.is_number() && static_cast<float>(v.get<double>()) == stored)) {
      return encode_field_value(type, size, item["bits"].get<std::string>(), error, note);
    }
  }
  return encode_field_value(type, size, value_text(item["value"]), error, note);
}

bool build_into(const json& dump, std::vector<std::byte>& out, std::vector<std::string>& errors, const std::string& where) {
  if (!dump.is_object() || dump.value("schema", "") != kDumpSchema || !dump.contains("size") || !dump.contains("items")) {
    errors.push_back(where + ": not a meshgate dump (schema " + std::string(kDumpSchema) + ")");
    return false;
  }
  const uint64_t size = dump["size"].get<uint64_t>();
  // The largest file meshgate reads (an NRes archive, spec §1.7.12): a dump
  // claiming more is refused before anything is allocated for it.
  if (size > kMaxBuildBytes) {
    errors.push_back(where + ": size " + std::to_string(size) + " is beyond the " + std::to_string(kMaxBuildBytes) +
                     "-byte limit of any file meshgate reads");
    return false;
  }
  out.assign(size, std::byte{0});
  std::vector<bool> placed(size, false);
  size_t index = 0;
  for (const json& item : dump["items"]) {
    const std::string at = where + "items[" + std::to_string(index++) + "] (" + item.value("path", "?") + ")";
    const std::string type = item.value("type", "");
    const uint64_t offset = item.value("offset", uint64_t{0});
    std::vector<std::byte> bytes;
    std::string error;
    if (item.contains("nested")) {
      if (!build_into(item["nested"], bytes, errors, at + " > ")) continue;
      if (bytes.size() != item.value("size", uint64_t{0})) {
        errors.push_back(at + ": the nested file is " + std::to_string(bytes.size()) + " bytes, its slot " +
                         item["size"].dump() + " (a size change is a relayout: meshgate rebuild)");
        continue;
      }
    } else if (item.contains("hex")) {
      const auto b = bytes_of_hex(item["hex"].get<std::string>());
      if (!b) {
        errors.push_back(at + ": hex is not hex");
        continue;
      }
      bytes = *b;
    } else if (item.contains("elements")) {
      const auto layout = stream_layout(type);
      if (!layout) {
        errors.push_back(at + ": type " + type + " has no typed elements");
        continue;
      }
      const std::string lane_type = std::string(1, layout->kind == 's' ? 'i' : layout->kind) + std::to_string(8 * layout->bytes);
      for (const json& element : item["elements"]) {
        const json lanes = layout->lanes == 1 ? json::array({element}) : element;
        if (!lanes.is_array() || lanes.size() != layout->lanes) {
          errors.push_back(at + ": an element of " + type + " has " + std::to_string(lanes.size()) + " lanes");
          break;
        }
        for (const json& lane : lanes) {
          std::string note;
          // s8 lanes (MSH normals) encode as i8 would: two's complement in one byte.
          const std::string t = lane_type == "i8" ? "u8" : lane_type;
          std::string text = value_text(lane);
          if (lane_type == "i8" && lane.is_number_integer()) text = std::to_string(static_cast<uint8_t>(lane.get<int64_t>()));
          const auto b = encode_field_value(t, layout->bytes, text, error, note);
          if (!b) break;
          bytes.insert(bytes.end(), b->begin(), b->end());
        }
        if (!error.empty()) break;
      }
      if (!error.empty()) {
        errors.push_back(at + ": " + error);
        continue;
      }
      const auto declared = std::stoull(type.substr(type.find('[') + 1));
      if (bytes.size() != declared * layout->stride()) {
        errors.push_back(at + ": " + std::to_string(item["elements"].size()) + " elements where the layout holds " +
                         std::to_string(declared) + " (a count change is a relayout: meshgate rebuild)");
        continue;
      }
    } else if (is_scalar(type)) {
      const uint64_t width = type.starts_with("bytes[") ? std::stoull(type.substr(6)) : (type == "u8" ? 1 : type == "u16" || type == "i16" ? 2 : type == "u64" ? 8 : 4);
      const auto b = scalar_bytes(item, width, error);
      if (!b) {
        errors.push_back(at + ": " + error);
        continue;
      }
      bytes = *b;
    } else {
      errors.push_back(at + ": an item with neither value, elements, hex nor nested");
      continue;
    }
    if (offset > size || bytes.size() > size - offset) {
      errors.push_back(at + ": runs past the end of the " + std::to_string(size) + "-byte file");
      continue;
    }
    if (bytes.empty()) continue;  // an empty stream places nothing (and memcpy must not see its null data)
    std::memcpy(out.data() + offset, bytes.data(), bytes.size());
    std::fill(placed.begin() + static_cast<std::ptrdiff_t>(offset), placed.begin() + static_cast<std::ptrdiff_t>(offset + bytes.size()), true);
  }
  for (uint64_t i = 0; i < size; ++i)
    if (!placed[i]) {
      uint64_t end = i;
      while (end < size && !placed[end]) ++end;
      errors.push_back(where + "bytes [" + std::to_string(i) + ", " + std::to_string(end) + ") are in no item");
      break;
    }
  return true;
}

}  // namespace

json dump_model(const std::string& name, Bytes data, nres::Profile profile) {
  const std::vector<DiffSide> sides = diff_sides(name, data, profile);
  std::map<std::string, const DiffSide*> by_key;
  for (const DiffSide& s : sides) by_key[s.key] = &s;
  const DiffSide& top = sides.front();
  if (!top.parsed || !top.uncovered.is_array())
    return {{"error", name + " does not parse far enough to be dumped (meshgate inspect names why)"}};
  return dump_side(top, by_key);
}

BuildResult build_from_dump(const json& dump) {
  BuildResult r;
  build_into(dump, r.bytes, r.errors, "");
  return r;
}

}  // namespace meshgate
