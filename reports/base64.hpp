// Base64 (RFC 4648, with padding) for bytes embedded in the HTML pages: the
// model viewer's .glb files and the evidence report's file bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace meshgate {

template <typename Byte>
[[nodiscard]] std::string base64(std::span<const Byte> bytes) {
  static_assert(sizeof(Byte) == 1);
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto at = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])); };
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t n = (at(i) << 16) | (i + 1 < bytes.size() ? at(i + 1) << 8 : 0) | (i + 2 < bytes.size() ? at(i + 2) : 0);
    out += kDigits[(n >> 18) & 63];
    out += kDigits[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[n & 63] : '=';
  }
  return out;
}

}  // namespace meshgate
