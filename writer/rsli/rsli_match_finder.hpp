// Longest earlier match for the LZSS and LZHUF encoders: hash chains over
// the input's 3-byte prefixes, searched up to a fixed depth. A match may
// overlap the bytes it produces (the decoders copy byte by byte through the
// ring) but reaches back no further than `max_distance`, so none of its
// source bytes has been overwritten in the 4096-byte ring when it is read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate::rsli {

struct Match {
  size_t distance = 0;  // 1..max_distance; 0: none
  size_t length = 0;
};

class MatchFinder {
 public:
  MatchFinder(Bytes data, size_t max_distance, size_t max_length)
      : data_(data), max_distance_(max_distance), max_length_(max_length), head_(kHashSize, kNone), prev_(data.size(), kNone) {}

  // The longest match at `pos` (at least 3 bytes, else none); then `pos` is
  // entered in the chains. Call once per position, in order.
  Match find_and_insert(size_t pos) {
    Match best;
    if (pos + 3 <= data_.size()) {
      const uint32_t h = hash(pos);
      const size_t limit = std::min(max_length_, data_.size() - pos);
      size_t candidate = head_[h];
      for (unsigned depth = 0; candidate != kNone && depth < kMaxDepth; ++depth, candidate = prev_[candidate]) {
        if (pos - candidate > max_distance_) break;
        size_t length = 0;
        while (length < limit && data_[candidate + length] == data_[pos + length]) ++length;
        if (length > best.length) best = Match{pos - candidate, length};
        if (length == limit) break;
      }
      prev_[pos] = head_[h];
      head_[h] = pos;
    }
    if (best.length < 3) best = Match{};
    return best;
  }
  // Enters `pos` (a position a match covered) without searching.
  void insert(size_t pos) {
    if (pos + 3 > data_.size()) return;
    const uint32_t h = hash(pos);
    prev_[pos] = head_[h];
    head_[h] = pos;
  }

 private:
  static constexpr size_t kHashBits = 15;
  static constexpr size_t kHashSize = size_t{1} << kHashBits;
  static constexpr size_t kNone = SIZE_MAX;
  static constexpr unsigned kMaxDepth = 128;
  uint32_t hash(size_t pos) const {
    const uint32_t v = std::to_integer<uint32_t>(data_[pos]) | std::to_integer<uint32_t>(data_[pos + 1]) << 8 |
                       std::to_integer<uint32_t>(data_[pos + 2]) << 16;
    return (v * 2654435761u) >> (32 - kHashBits);
  }

  Bytes data_;
  size_t max_distance_;
  size_t max_length_;
  std::vector<size_t> head_;
  std::vector<size_t> prev_;
};

}  // namespace meshgate::rsli
