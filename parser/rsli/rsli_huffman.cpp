#include "parser/rsli/rsli_huffman.hpp"

#include <algorithm>
#include <cstddef>

namespace meshgate::rsli::lzhuf {

Tree::Tree() {
  for (unsigned i = 0; i < kSymbols; ++i) {
    freq_[i] = 1;
    son_[i] = i + kNodes;
    parent_[i + kNodes] = i;
  }
  for (unsigned i = 0, j = kSymbols; j <= kRoot; i += 2, ++j) {
    freq_[j] = freq_[i] + freq_[i + 1];
    son_[j] = i;
    parent_[i] = parent_[i + 1] = j;
  }
  freq_[kNodes] = 0xFFFF;  // a sentinel above every weight: update's search stops there
  parent_[kRoot] = 0;
}

void Tree::code_of(unsigned symbol, std::vector<uint8_t>& bits) const {
  const size_t first = bits.size();
  // From the leaf's node up to the root's son, each node's parity is its bit
  // (siblings sit at an even and the next odd index). Collected leaf first,
  // then reversed: lzhuf.c's 16-bit accumulator would drop bits of a code
  // deeper than 16, which a skewed tree can reach.
  for (unsigned k = parent_[symbol + kNodes]; k != kRoot; k = parent_[k]) bits.push_back(static_cast<uint8_t>(k & 1u));
  std::reverse(bits.begin() + static_cast<std::ptrdiff_t>(first), bits.end());
}

void Tree::rebuild() {
  // Leaves to the front, each weight halved rounding up.
  unsigned j = 0;
  for (unsigned i = 0; i < kNodes; ++i) {
    if (son_[i] >= kNodes) {
      freq_[j] = (freq_[i] + 1) / 2;
      son_[j] = son_[i];
      ++j;
    }
  }
  // Join pairs into internal nodes, each inserted where the weights stay sorted.
  for (unsigned i = 0, n = kSymbols; n < kNodes; i += 2, ++n) {
    const unsigned f = freq_[i] + freq_[i + 1];
    unsigned k = n;
    while (k > 0 && f < freq_[k - 1]) --k;
    // lzhuf.c moves (n - k) * 2 bytes of 16-bit words: n - k elements.
    std::copy_backward(freq_.begin() + k, freq_.begin() + n, freq_.begin() + n + 1);
    std::copy_backward(son_.begin() + k, son_.begin() + n, son_.begin() + n + 1);
    freq_[k] = f;
    son_[k] = i;
  }
  for (unsigned i = 0; i < kNodes; ++i) {
    const unsigned k = son_[i];
    if (k >= kNodes) {
      parent_[k] = i;
    } else {
      parent_[k] = parent_[k + 1] = i;
    }
  }
}

void Tree::update(unsigned symbol) {
  if (freq_[kRoot] == kMaxFreq) rebuild();
  unsigned c = parent_[symbol + kNodes];
  do {
    const unsigned k = ++freq_[c];
    // The weights must stay sorted: swap c with the last node of a smaller weight.
    if (k > freq_[c + 1]) {
      unsigned l = c + 1;
      while (k > freq_[l + 1]) ++l;
      freq_[c] = freq_[l];
      freq_[l] = k;
      const unsigned i = son_[c];
      parent_[i] = l;
      if (i < kNodes) parent_[i + 1] = l;
      const unsigned j = son_[l];
      son_[l] = i;
      parent_[j] = c;
      if (j < kNodes) parent_[j + 1] = c;
      son_[c] = j;
      c = l;
    }
    c = parent_[c];
  } while (c != 0);
}

namespace {
PositionTables make_tables() {
  // (values, codes per value, code length): 1×32 codes of 3 bits for 0, ...
  struct Band {
    unsigned values, codes_each, length;
  };
  constexpr Band kBands[] = {{1, 32, 3}, {3, 16, 4}, {8, 8, 5}, {12, 4, 6}, {24, 2, 7}, {16, 1, 8}};
  PositionTables t;
  unsigned code = 0, value = 0;
  for (const Band& b : kBands) {
    for (unsigned v = 0; v < b.values; ++v, ++value) {
      t.p_code[value] = static_cast<uint8_t>(code);
      t.p_len[value] = static_cast<uint8_t>(b.length);
      for (unsigned c = 0; c < b.codes_each; ++c, ++code) {
        t.d_code[code] = static_cast<uint8_t>(value);
        t.d_len[code] = static_cast<uint8_t>(b.length);
      }
    }
  }
  return t;
}
}  // namespace

const PositionTables& position_tables() {
  static const PositionTables tables = make_tables();
  return tables;
}

}  // namespace meshgate::rsli::lzhuf
