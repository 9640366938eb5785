#include "change/field_set.hpp"

#include <bit>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>

#include "change/field_diff.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

std::optional<uint64_t> parse_unsigned(const std::string& text) {
  const bool hex = text.starts_with("0x") || text.starts_with("0X");
  const char* begin = text.data() + (hex ? 2 : 0);
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(begin, text.data() + text.size(), v, hex ? 16 : 10);
  if (ec != std::errc{} || end != text.data() + text.size() || begin == end) return std::nullopt;
  return v;
}

std::optional<int64_t> parse_signed(const std::string& text) {
  if (text.starts_with("-")) {
    const auto magnitude = parse_unsigned(text.substr(1));
    if (!magnitude || *magnitude > uint64_t{1} << 63) return std::nullopt;
    return -static_cast<int64_t>(*magnitude - 1) - 1;
  }
  const auto v = parse_unsigned(text);
  if (!v || *v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
  return static_cast<int64_t>(*v);
}

std::string hex_text(const std::byte* p, size_t n) {
  std::string out;
  char buf[3];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", std::to_integer<unsigned>(p[i]));
    out += buf;
  }
  return out;
}

}  // namespace

std::optional<std::vector<std::byte>> encode_field_value(const std::string& type, uint64_t size, const std::string& value,
                                                         std::string& error, std::string& note) {
  std::vector<std::byte> out(size);
  const auto store = [&](uint64_t v) {
    for (uint64_t i = 0; i < size; ++i) out[i] = static_cast<std::byte>((v >> (8 * i)) & 0xFF);
  };
  if (type.starts_with("bytes[")) {
    if (value.size() != 2 * size) {
      error = "a " + type + " field takes exactly " + std::to_string(2 * size) + " hex digits";
      return std::nullopt;
    }
    for (uint64_t i = 0; i < size; ++i) {
      unsigned b = 0;
      const auto [end, ec] = std::from_chars(value.data() + 2 * i, value.data() + 2 * i + 2, b, 16);
      if (ec != std::errc{} || end != value.data() + 2 * i + 2) {
        error = "`" + value + "` is not hex";
        return std::nullopt;
      }
      out[i] = static_cast<std::byte>(b);
    }
    return out;
  }
  if (type == "f32") {
    if (value.starts_with("0x") || value.starts_with("0X")) {  // raw bits, NaN payloads included
      const auto bits = parse_unsigned(value);
      if (!bits || *bits > 0xFFFFFFFFu) {
        error = "`" + value + "` is not 32 bits of hex";
        return std::nullopt;
      }
      store(*bits);
      return out;
    }
    // strtod skips leading white space and says "too large" only through
    // errno (ERANGE with HUGE_VAL): 1e400 would otherwise be stored as +inf.
    // "inf" spelled out is a value; a number past every range is not.
    char* end = nullptr;
    errno = 0;
    const double wanted = std::strtod(value.c_str(), &end);
    const bool overflow = errno == ERANGE && std::isinf(wanted);
    const bool underflow = errno == ERANGE && !overflow;  // 1e-400: 0 or a denormal, not the decimal
    if (value.empty() || std::isspace(static_cast<unsigned char>(value.front())) || *end != '\0') {
      error = "`" + value + "` is not a number";
      return std::nullopt;
    }
    const auto f = static_cast<float>(wanted);
    if (overflow || (std::isinf(f) && !std::isinf(wanted))) {
      error = "`" + value + "` is beyond the f32 range";
      return std::nullopt;
    }
    if ((static_cast<double>(f) != wanted || underflow) && !std::isnan(wanted)) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
      note = value + " is stored as the nearest f32, " + buf;
    }
    store(std::bit_cast<uint32_t>(f));
    return out;
  }
  const bool is_signed = type.starts_with("i");
  const unsigned bits = static_cast<unsigned>(8 * size);
  if (is_signed) {
    const auto v = parse_signed(value);
    const int64_t lo = -(int64_t{1} << (bits - 1)), hi = (int64_t{1} << (bits - 1)) - 1;
    if (!v || *v < lo || *v > hi) {
      error = "`" + value + "` is not an " + type + " (" + std::to_string(lo) + ".." + std::to_string(hi) + ")";
      return std::nullopt;
    }
    store(static_cast<uint64_t>(*v));
    return out;
  }
  const auto v = parse_unsigned(value);
  const uint64_t hi = bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t{1} << bits) - 1;
  if (!v || *v > hi) {
    error = "`" + value + "` is not a " + type + " (0.." + std::to_string(hi) + ", decimal or 0x hex)";
    return std::nullopt;
  }
  store(*v);
  return out;
}

namespace {

using SideMap = std::map<std::string, const DiffSide*>;

// The file an assignment's model key names ("!A.MSH!B.MSH", "" for the file
// itself), found by its address in the tree, or why it cannot be set: a file
// on the way that meshgate never rewrites (a volume) refuses its members too.
const DiffSide* assigned_side(const SideMap& by_key, const std::string& key, const std::string& name,
                              std::string& error) {
  for (size_t end = 0;; end = key.find('!', end + 1)) {  // the file itself, then each level down to the model
    const auto walked = by_key.find(key.substr(0, end));
    if (walked != by_key.end() && walked->second->read_only) {
      error = walked->second->path + ": " + walked->second->read_only +
              "; set a member's fields after extracting it, then replace it";
      return nullptr;
    }
    if (end == std::string::npos) break;
  }
  const auto found = by_key.find(key);
  if (found == by_key.end() || !found->second->offset) {
    error = "no model `" + key.substr(std::min<size_t>(1, key.size())) + "` in " + name;
    return nullptr;
  }
  return found->second;
}

}  // namespace

std::optional<FieldAssignment> parse_assignment(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return std::nullopt;
  return FieldAssignment{text.substr(0, eq), text.substr(eq + 1)};
}

SetResult apply_assignments(const std::string& name, Bytes data, ParseProfile profile,
                            const std::vector<FieldAssignment>& assignments, const Origin& origin) {
  SetResult r;
  r.bytes.assign(data.begin(), data.end());
  const std::vector<DiffSide> sides = diff_sides(name, data, profile, origin);
  SideMap by_key;
  for (const DiffSide& s : sides) by_key[s.key] = &s;
  for (const FieldAssignment& a : assignments) {
    // "A.MSH!B.MSH!field": the field of the model at A.MSH!B.MSH, where its bytes lie in the file.
    const size_t bang = a.path.rfind('!');
    const std::string key = bang == std::string::npos ? "" : "!" + a.path.substr(0, bang);
    const std::string field = bang == std::string::npos ? a.path : a.path.substr(bang + 1);
    std::string refused;
    const DiffSide* side = assigned_side(by_key, key, name, refused);
    if (!side) {
      r.errors.push_back(a.path + ": " + refused);
      continue;
    }
    const uint64_t base = *side->offset;
    const std::optional<json> spec = side->fields.find(field);  // made from the groups the path can lie in
    if (!spec) {
      r.errors.push_back(a.path + ": no such field (the paths are those inspect --json prints)");
      continue;
    }
    const std::string type = (*spec)["type"];
    if (type.find('[') != std::string::npos && !type.starts_with("bytes[")) {
      r.errors.push_back(a.path + ": a stream (" + type + "), not a scalar field");
      continue;
    }
    const uint64_t offset = base + (*spec)["offset"].get<uint64_t>(), size = (*spec)["size"];
    std::string error, note;
    const auto bytes = encode_field_value(type, size, a.value, error, note);
    if (!bytes) {
      r.errors.push_back(a.path + ": " + error);
      continue;
    }
    if (!note.empty()) r.notes.push_back(a.path + ": " + note);
    if (offset + size > r.bytes.size()) {
      r.errors.push_back(a.path + ": the field lies past the end of the file");
      continue;
    }
    FieldEdit e{a.path, offset, size, hex_text(r.bytes.data() + offset, size), hex_text(bytes->data(), size)};
    std::memcpy(r.bytes.data() + offset, bytes->data(), size);
    r.edits.push_back(std::move(e));
  }
  return r;
}

}  // namespace meshgate
