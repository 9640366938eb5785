// LZHUF (docs/spec/nikita-rsli.md §4.5): lzhuf.c's decoding with a ring of
// 4096 spaces written from 0xFC4, bits MSB first. A position is an 8-bit
// prefix whose table gives the upper six bits and how many more bits follow,
// each shifted into the prefix (reading A of [CONFLICT C2]: MR's port of
// NGI32 sub_26F4E; FP's reading B fails on any encoder's output, VER).
#include <array>

#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_huffman.hpp"

namespace meshgate::rsli {

namespace {

// Bits MSB first; a bit past the stream sets `past_end` (and reads as 0, as
// lzhuf.c's read-ahead does) so the caller stops with decode-truncated.
class BitReader {
 public:
  explicit BitReader(Bytes in) : in_(in) {}
  unsigned bit() {
    if (used_ >= in_.size() * 8) {
      past_end_ = true;
      return 0;
    }
    const unsigned b = (std::to_integer<unsigned>(in_[used_ / 8]) >> (7 - used_ % 8)) & 1u;
    ++used_;
    return b;
  }
  unsigned bits(unsigned n) {
    unsigned v = 0;
    for (unsigned k = 0; k < n; ++k) v = (v << 1) | bit();
    return v;
  }
  [[nodiscard]] bool past_end() const { return past_end_; }
  [[nodiscard]] uint64_t bytes_used() const { return (used_ + 7) / 8; }

 private:
  Bytes in_;
  uint64_t used_ = 0;
  bool past_end_ = false;
};

unsigned decode_symbol(lzhuf::Tree& tree, BitReader& in) {
  unsigned c = tree.son(lzhuf::kRoot);
  while (c < lzhuf::kNodes) c = tree.son(c + in.bit());  // the tree is finite: every step goes down
  c -= lzhuf::kNodes;
  tree.update(c);
  return c;
}

unsigned decode_position(BitReader& in) {
  const lzhuf::PositionTables& t = lzhuf::position_tables();
  unsigned i = in.bits(8);
  const unsigned upper = t.d_code[i];
  for (unsigned extra = t.d_len[i] - 2u; extra > 0; --extra) i = (i << 1) | in.bit();
  return (upper << 6) | (i & 0x3Fu);
}

// Best case: a one-bit match code and a 9-bit position give 60 bytes.
constexpr uint64_t kMaxRatio = 49;

}  // namespace

DecodeResult decode_lzhuf(Bytes packed, uint64_t unpacked_size) {
  DecodeResult r;
  r.bytes.reserve(detail::reserve_for(unpacked_size, packed.size(), kMaxRatio));
  std::array<std::byte, lzhuf::kRing> ring;
  ring.fill(std::byte{' '});
  unsigned at = lzhuf::kStart;
  auto put = [&](std::byte b) {
    r.bytes.push_back(b);
    ring[at] = b;
    at = (at + 1) & (lzhuf::kRing - 1);
  };
  lzhuf::Tree tree;
  BitReader in(packed);
  while (r.bytes.size() < unpacked_size) {
    const unsigned symbol = decode_symbol(tree, in);
    if (symbol < 256) {
      if (in.past_end()) break;
      put(static_cast<std::byte>(symbol));
      continue;
    }
    const unsigned from = (at - decode_position(in) - 1) & (lzhuf::kRing - 1);
    if (in.past_end()) break;
    const unsigned length = symbol - 256 + lzhuf::kThreshold + 1;
    for (unsigned k = 0; k < length; ++k) {
      if (r.bytes.size() == unpacked_size) {
        r.match_cut = true;
        break;
      }
      put(ring[(from + k) & (lzhuf::kRing - 1)]);
    }
  }
  r.consumed = in.bytes_used();
  if (in.past_end()) {
    r.status = DecodeStatus::truncated;
    r.consumed = packed.size();
    r.detail = "the LZHUF stream's " + std::to_string(packed.size()) + " bytes end with " +
               std::to_string(r.bytes.size()) + " of " + std::to_string(unpacked_size) + " bytes decoded";
  }
  return r;
}

}  // namespace meshgate::rsli
