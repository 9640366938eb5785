// An exact byte string held inline up to kInline bytes and on the heap beyond.
// Gaps are mostly alignment padding (under 8 bytes in NRes, under 16 in MOD)
// and MSH node names are short: a heap block for each cost a model a dozen
// allocations per parse and per copy.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

class SmallBytes {
 public:
  static constexpr size_t kInline = 16;

  SmallBytes() = default;
  explicit SmallBytes(Bytes bytes) : size_(bytes.size()) {
    if (size_ <= kInline)
      std::copy(bytes.begin(), bytes.end(), inline_.begin());
    else
      heap_.assign(bytes.begin(), bytes.end());
  }

  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] std::byte* data() { return size_ <= kInline ? inline_.data() : heap_.data(); }
  [[nodiscard]] const std::byte* data() const { return size_ <= kInline ? inline_.data() : heap_.data(); }
  [[nodiscard]] std::byte* begin() { return data(); }
  [[nodiscard]] std::byte* end() { return data() + size_; }
  [[nodiscard]] const std::byte* begin() const { return data(); }
  [[nodiscard]] const std::byte* end() const { return data() + size_; }
  [[nodiscard]] std::byte& back() { return data()[size_ - 1]; }
  // NOLINTNEXTLINE(google-explicit-constructor): a byte string is its span wherever one is read
  operator Bytes() const { return Bytes(data(), size_); }

  friend bool operator==(const SmallBytes& a, const SmallBytes& b) { return std::ranges::equal(a, b); }

 private:
  std::array<std::byte, kInline> inline_{};  // the bytes when size_ <= kInline (the rest stay zero)
  std::vector<std::byte> heap_;              // the bytes otherwise
  size_t size_ = 0;
};

}  // namespace meshgate
