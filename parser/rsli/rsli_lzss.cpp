// LZSS (docs/spec/nikita-rsli.md §4.4). Okumura's LZSS.C: a 4096-byte ring
// filled with spaces, written from 0xFEE; a control byte gives eight items LSB
// first, 1 a literal, 0 a match `b0 b1` of an absolute ring position and a
// length 3..18. OP: missing any of absolute position, space fill or 0xFEE still
// decodes a few KiB, then drifts; §8's example checks all three.
#include <array>

#include "parser/rsli/rsli_codecs.hpp"

namespace meshgate::rsli {

namespace {
constexpr size_t kRing = 4096;
constexpr size_t kStart = 0xFEE;
// Best case: one control byte and eight 2-byte matches of 18 bytes each.
constexpr uint64_t kMaxRatio = 9;
}  // namespace

DecodeResult decode_lzss(Bytes packed, uint64_t unpacked_size) {
  DecodeResult r;
  r.bytes.reserve(detail::reserve_for(unpacked_size, packed.size(), kMaxRatio));
  std::array<std::byte, kRing> ring;
  ring.fill(std::byte{' '});
  size_t at = kStart, in = 0;
  unsigned control = 0, items = 0;
  auto put = [&](std::byte b) {
    r.bytes.push_back(b);
    ring[at] = b;
    at = (at + 1) & (kRing - 1);
  };
  while (r.bytes.size() < unpacked_size) {
    if (items == 0) {
      if (in >= packed.size()) break;
      control = std::to_integer<unsigned>(packed[in++]);
      items = 8;
    }
    if (control & 1u) {
      if (in >= packed.size()) break;
      put(packed[in++]);
    } else {
      if (in + 2 > packed.size()) break;
      const unsigned b0 = std::to_integer<unsigned>(packed[in]), b1 = std::to_integer<unsigned>(packed[in + 1]);
      in += 2;
      const size_t pos = b0 | ((b1 & 0xF0u) << 4), length = (b1 & 0x0Fu) + 3;
      for (size_t k = 0; k < length; ++k) {
        if (r.bytes.size() == unpacked_size) {
          r.match_cut = true;
          break;
        }
        put(ring[(pos + k) & (kRing - 1)]);
      }
    }
    control >>= 1;
    --items;
  }
  r.consumed = in;
  if (r.bytes.size() < unpacked_size) {
    r.status = DecodeStatus::truncated;
    r.detail = "the LZSS stream ends after " + std::to_string(packed.size()) + " bytes with " +
               std::to_string(r.bytes.size()) + " of " + std::to_string(unpacked_size) + " bytes decoded";
  }
  return r;
}

}  // namespace meshgate::rsli
