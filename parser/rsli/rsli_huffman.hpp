// The adaptive Huffman tree of lzhuf.c (Okumura/Yoshizaki 1988), as RsLi's
// LZHUF method uses it (docs/spec/nikita-rsli.md §4.5): 314 symbols (256
// literals, 58 match lengths 3..60), 627 nodes, the root at 626, halved and
// rebuilt when the root's weight reaches 0x8000. The decoder and the encoder
// (writer/rsli/) share it, so both sides update the same way.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace meshgate::rsli::lzhuf {

inline constexpr unsigned kRing = 4096;
inline constexpr unsigned kMaxMatch = 60;  // F
inline constexpr unsigned kThreshold = 2;
inline constexpr unsigned kSymbols = 256 - kThreshold + kMaxMatch;  // N_CHAR = 314
inline constexpr unsigned kNodes = kSymbols * 2 - 1;                // T = 627
inline constexpr unsigned kRoot = kNodes - 1;                       // R = 626
inline constexpr unsigned kMaxFreq = 0x8000;
inline constexpr unsigned kStart = kRing - kMaxMatch;  // r = 0xFC4

class Tree {
 public:
  Tree();  // StartHuff: every leaf weight 1
  // Node `node`'s first son (its second is the next index); for a leaf's
  // node, kNodes + its symbol. The root is kRoot.
  [[nodiscard]] unsigned son(unsigned node) const { return son_[node]; }
  // The bits from the root to `symbol`'s leaf, first bit first (EncodeChar).
  void code_of(unsigned symbol, std::vector<uint8_t>& bits) const;
  // One more occurrence of `symbol` (update, with reconst at kMaxFreq).
  void update(unsigned symbol);

 private:
  void rebuild();  // reconst

  std::array<unsigned, kNodes + 1> freq_{};
  std::array<unsigned, kNodes + kSymbols> parent_{};  // prnt; leaves at kNodes + symbol
  std::array<unsigned, kNodes> son_{};
};

// The 8-bit position prefix tables (d_code, d_len as counts in Ngi32 at
// 0x100371D0/D6, FP-old): the upper six bits of a position, and how many bits
// its code has (lzhuf.c's d_len; Ngi32 stores it minus 2).
struct PositionTables {
  std::array<uint8_t, 256> d_code{};
  std::array<uint8_t, 256> d_len{};
  std::array<uint8_t, 64> p_code{};  // encoder: the first prefix byte of each upper value
  std::array<uint8_t, 64> p_len{};
};
[[nodiscard]] const PositionTables& position_tables();

}  // namespace meshgate::rsli::lzhuf
