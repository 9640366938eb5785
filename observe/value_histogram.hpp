// A field's value histogram as a sweep collects it: keyed by the raw value
// (an integer field's bits, a short byte field's bytes, or a long byte field's
// zero/non-zero class), so observing a record formats no text and, once a
// value is known, allocates nothing. Reports turn keys into text
// (value_text) only when they print them.
#pragma once

#include <algorithm>
#include <compare>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

// Distinct values tracked per field before the histogram stops growing.
inline constexpr size_t kMaxDistinctValues = 256;

struct HistogramKey {
  uint64_t lo = 0, hi = 0;  // the value's bytes as stored (up to 16), or an integer's bits in lo
  friend auto operator<=>(const HistogramKey&, const HistogramKey&) = default;

  [[nodiscard]] static HistogramKey of_bits(uint64_t bits) { return {bits, 0}; }
  // At most 16 bytes.
  [[nodiscard]] static HistogramKey of_bytes(Bytes bytes) {
    std::byte b[16]{};
    std::memcpy(b, bytes.data(), std::min<size_t>(bytes.size(), 16));
    HistogramKey k;
    std::memcpy(&k.lo, b, 8);
    std::memcpy(&k.hi, b + 8, 8);
    return k;
  }
  // The bytes of_bytes packed, `width` of them.
  void bytes_into(std::byte* out, size_t width) const {
    std::byte b[16];
    std::memcpy(b, &lo, 8);
    std::memcpy(b + 8, &hi, 8);
    std::memcpy(out, b, std::min<size_t>(width, 16));
  }
};

class ValueHistogram {
 public:
  struct Entry {
    HistogramKey key;
    uint64_t count = 0;
    friend bool operator==(const Entry&, const Entry&) = default;
  };

  // Counts `n` occurrences of `key`. A value first seen when kMaxDistinctValues
  // distinct ones are already tracked is counted as not tracked.
  void add(HistogramKey key, uint64_t n = 1) {
    // Runs of one value are the common case (a reserved field, a constant flag).
    if (last_ < entries_.size() && entries_[last_].key == key) {
      entries_[last_].count += n;
      return;
    }
    const auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                                     [](const Entry& e, const HistogramKey& k) { return e.key < k; });
    if (it != entries_.end() && it->key == key) {
      it->count += n;
      last_ = static_cast<size_t>(it - entries_.begin());
    } else if (entries_.size() < kMaxDistinctValues) {
      last_ = static_cast<size_t>(it - entries_.begin());
      if (entries_.empty()) entries_.reserve(8);  // most fields hold a few values: one allocation
      entries_.insert(entries_.begin() + static_cast<std::ptrdiff_t>(last_), Entry{key, n});
    } else {
      not_tracked_ += n;
    }
  }
  void add_not_tracked(uint64_t n) { not_tracked_ += n; }
  [[nodiscard]] bool contains(HistogramKey key) const {
    return std::binary_search(entries_.begin(), entries_.end(), Entry{key, 0},
                              [](const Entry& a, const Entry& b) { return a.key < b.key; });
  }

  [[nodiscard]] size_t size() const { return entries_.size(); }
  [[nodiscard]] bool empty() const { return entries_.empty(); }
  [[nodiscard]] uint64_t not_tracked() const { return not_tracked_; }
  [[nodiscard]] std::span<const Entry> entries() const { return entries_; }  // sorted by key

  friend bool operator==(const ValueHistogram& a, const ValueHistogram& b) {
    return a.entries_ == b.entries_ && a.not_tracked_ == b.not_tracked_;
  }

 private:
  std::vector<Entry> entries_;  // sorted by key
  uint64_t not_tracked_ = 0;
  size_t last_ = 0;  // the entry counted last: a hint, not part of the value
};

}  // namespace meshgate
