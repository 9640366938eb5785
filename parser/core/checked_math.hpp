// Overflow-checked arithmetic for offsets and counts read from untrusted files.
// Every offset + size and count * stride in meshgate goes through these helpers
// (LLVM DataExtractor's isValidOffsetForDataOfSize is the model): a value that
// would wrap is "absent", never a silently smaller number.
#pragma once

#include <cstdint>
#include <optional>

namespace meshgate {

[[nodiscard]] constexpr std::optional<uint64_t> checked_add(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

[[nodiscard]] constexpr std::optional<uint64_t> checked_mul(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// True when [offset, offset + size) lies inside a buffer of `total` bytes.
[[nodiscard]] constexpr bool range_fits(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

// Rounds up to a multiple of `alignment` (a power of two); absent on overflow.
[[nodiscard]] constexpr std::optional<uint64_t> checked_align_up(uint64_t value, uint64_t alignment) {
  auto bumped = checked_add(value, alignment - 1);
  if (!bumped) return std::nullopt;
  return *bumped & ~(alignment - 1);
}

[[nodiscard]] constexpr uint64_t align_up(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) & ~(alignment - 1);
}

}  // namespace meshgate
