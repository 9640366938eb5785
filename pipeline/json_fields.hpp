// How one table-driven record becomes JSON field entries, shared by every
// format's `inspect --json` rendering: {path, offset, size, type, value,
// status}, f32 values with their raw bits, byte fields as hex, and
// "layout": true on a field that only says where content lies (FieldRole).
#pragma once

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "parser/core/field_table.hpp"

namespace meshgate {

[[nodiscard]] inline std::string hex_bytes(Bytes bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::byte b : bytes) {
    out += kDigits[static_cast<unsigned>(b) >> 4];
    out += kDigits[static_cast<unsigned>(b) & 0xF];
  }
  return out;
}

[[nodiscard]] inline std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

template <const auto& Spec>
void append_record(nlohmann::json& out, const std::string& owner, uint64_t base, const Record<Spec>& r) {
  for (size_t i = 0; i < Spec.fields.size(); ++i) {
    const FieldSpec& f = Spec.fields[i];
    nlohmann::json entry = {
        {"path", owner + "." + std::string(f.name)},
        {"offset", base + f.offset},
        {"size", f.width},
        {"type", f.is_bytes() ? "bytes[" + std::to_string(f.width) + "]" : std::string(type_name(f.type))},
        {"status", status_string(f.status)}};
    if (f.role == FieldRole::layout) entry["layout"] = true;
    switch (f.type) {
      case FieldType::bytes: entry["value"] = hex_bytes(r.raw(i)); break;
      case FieldType::i16:
      case FieldType::i32: entry["value"] = r.get_signed(i); break;
      case FieldType::f32: {
        const float v = r.get_f32(i);
        entry["value"] = std::isfinite(v) ? nlohmann::json(static_cast<double>(v)) : nlohmann::json(nullptr);
        entry["bits"] = hex32(static_cast<uint32_t>(r.get(i)));
        break;
      }
      default: entry["value"] = r.get(i); break;
    }
    out.push_back(std::move(entry));
  }
}

// One entry for an array of `count` elements at `offset` (a stream, a node
// array, a workspace): its extent, element type and count, not each element.
inline void append_array(nlohmann::json& out, const std::string& path, uint64_t offset, uint64_t count,
                         const ArraySpec& spec) {
  out.push_back({{"path", path},
                 {"offset", offset},
                 {"size", count * spec.stride},
                 {"type", std::string(spec.element_type) + "[" + std::to_string(count) + "]"},
                 {"value", count},
                 {"status", status_string(spec.status)}});
  if (spec.role == FieldRole::layout) out.back()["layout"] = true;
}

}  // namespace meshgate
