// LZHUF encoder for §4.5's decoder: lzhuf.c's Encode with its adaptive tree
// (parser/rsli/rsli_huffman.hpp, the decoder's own): a literal is its symbol,
// a match the symbol 253 + length and the position distance - 1 as an upper
// prefix (p_code, p_len) plus six bits; bits MSB first, the last byte padded
// with zeros.
#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_huffman.hpp"
#include "writer/rsli/rsli_encode.hpp"
#include "writer/rsli/rsli_match_finder.hpp"

namespace meshgate::rsli {

namespace {

class BitWriter {
 public:
  void bit(unsigned b) {
    if (used_ % 8 == 0) out_.push_back(std::byte{0});
    if (b) out_.back() |= std::byte{static_cast<uint8_t>(0x80u >> (used_ % 8))};
    ++used_;
  }
  void bits(unsigned value, unsigned count) {
    for (unsigned k = count; k > 0; --k) bit((value >> (k - 1)) & 1u);
  }
  std::vector<std::byte> take() { return std::move(out_); }

 private:
  std::vector<std::byte> out_;
  uint64_t used_ = 0;
};

void put_symbol(lzhuf::Tree& tree, BitWriter& out, unsigned symbol, std::vector<uint8_t>& scratch) {
  scratch.clear();
  tree.code_of(symbol, scratch);
  for (uint8_t b : scratch) out.bit(b);
  tree.update(symbol);
}

void put_position(BitWriter& out, unsigned position) {
  const lzhuf::PositionTables& t = lzhuf::position_tables();
  const unsigned upper = position >> 6;
  out.bits(static_cast<unsigned>(t.p_code[upper]) >> (8 - t.p_len[upper]), t.p_len[upper]);
  out.bits(position & 0x3Fu, 6);
}

}  // namespace

std::vector<std::byte> encode_lzhuf(Bytes plain) {
  lzhuf::Tree tree;
  BitWriter out;
  std::vector<uint8_t> scratch;
  MatchFinder finder(plain, lzhuf::kRing - lzhuf::kMaxMatch, lzhuf::kMaxMatch);
  for (size_t pos = 0; pos < plain.size();) {
    const Match m = finder.find_and_insert(pos);
    if (m.length == 0) {
      put_symbol(tree, out, std::to_integer<unsigned>(plain[pos++]), scratch);
      continue;
    }
    put_symbol(tree, out, static_cast<unsigned>(m.length) + 253u, scratch);
    put_position(out, static_cast<unsigned>(m.distance - 1));
    for (size_t k = 1; k < m.length; ++k) finder.insert(pos + k);
    pos += m.length;
  }
  return out.take();
}

}  // namespace meshgate::rsli
