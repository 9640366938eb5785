// LZSS encoder for §4.4's decoder: up to eight items per control byte, LSB
// first; a match names the absolute ring slot its source was written to (the
// input position + 0xFEE, mod 4096).
#include "parser/rsli/rsli_codecs.hpp"
#include "writer/rsli/rsli_encode.hpp"
#include "writer/rsli/rsli_match_finder.hpp"

namespace meshgate::rsli {

namespace {
constexpr size_t kRing = 4096, kStart = 0xFEE, kMaxLength = 18;
}  // namespace

std::vector<std::byte> encode_lzss(Bytes plain) {
  std::vector<std::byte> out;
  out.reserve(plain.size() + plain.size() / 8 + 1);
  MatchFinder finder(plain, kRing - kMaxLength, kMaxLength);
  size_t control_at = 0;
  unsigned items = 8;
  for (size_t pos = 0; pos < plain.size();) {
    if (items == 8) {
      control_at = out.size();
      out.push_back(std::byte{0});
      items = 0;
    }
    const Match m = finder.find_and_insert(pos);
    if (m.length == 0) {
      out[control_at] |= std::byte{static_cast<uint8_t>(1u << items)};
      out.push_back(plain[pos++]);
    } else {
      const size_t slot = (pos - m.distance + kStart) & (kRing - 1);
      out.push_back(static_cast<std::byte>(slot & 0xFF));
      out.push_back(static_cast<std::byte>(((slot >> 4) & 0xF0) | (m.length - 3)));
      for (size_t k = 1; k < m.length; ++k) finder.insert(pos + k);
      pos += m.length;
    }
    ++items;
  }
  return out;
}

}  // namespace meshgate::rsli
