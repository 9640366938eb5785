// A format's magic or marker: the bytes at a fixed offset that make a file
// that format, whatever else is wrong with it. Each format names its own in
// its fields header; detection claims a file by them, and the message of a
// file no format claims lists them, so neither can forget a format.
// A format's list is `[[maybe_unused]] constexpr std::array kMagics{...}`, not `inline`: an
// inline variable holding pointers is put in .data by one mingw-w64 object
// and .rdata by another, and meshgate.exe failed to link ("multiple
// definition"); a namespace-scope constexpr is a copy of a few bytes each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

struct Magic {
  uint32_t offset;
  std::string_view bytes;  // may hold NULs: write it as "PAC\0"sv
};

[[nodiscard]] inline bool has_magic(Bytes prefix, const Magic& m) {
  if (prefix.size() < m.offset || prefix.size() - m.offset < m.bytes.size()) return false;
  return std::equal(m.bytes.begin(), m.bytes.end(), prefix.begin() + m.offset,
                    [](char c, std::byte b) { return static_cast<std::byte>(c) == b; });
}

// "\"PAC\\0\" at 0x0", as a diagnostic message quotes it.
[[nodiscard]] inline std::string magic_text(const Magic& m) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "\"";
  for (const char c : m.bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0) text += "\\0";
    else if (u >= 0x20 && u < 0x7F) text += c;
    else text += std::string("\\x") + kHex[u >> 4] + kHex[u & 0xF];
  }
  std::string offset;
  for (uint32_t v = m.offset; offset.empty() || v != 0; v >>= 4) offset.insert(offset.begin(), kHex[v & 0xF]);
  return text + "\" at 0x" + offset;
}

}  // namespace meshgate
