// Bounds-checked little-endian reads over an immutable input span.
// Names carry width and endianness (Kaitai's read_u2le habit). A read that would
// leave the buffer returns std::nullopt; nothing here can touch a byte outside
// the span, so parsers cannot either.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "parser/core/checked_math.hpp"

namespace meshgate {

using Bytes = std::span<const std::byte>;

// Decodes an unsigned little-endian integer of `width` bytes (1..8) from `src`.
// The caller guarantees src.size() >= width (see ByteReader for the checked form).
[[nodiscard]] inline uint64_t load_uint_le(Bytes src, size_t width) {
  uint64_t v = 0;
  for (size_t i = 0; i < width; ++i) v |= static_cast<uint64_t>(src[i]) << (8 * i);
  return v;
}

template <typename T>
[[nodiscard]] inline T load_le(Bytes src) {
  static_assert(std::is_integral_v<T>);
  return static_cast<T>(load_uint_le(src, sizeof(T)));
}

// Writes the low `width` bytes of `v` little-endian into dst.
inline void store_uint_le(std::span<std::byte> dst, uint64_t v, size_t width) {
  for (size_t i = 0; i < width; ++i) dst[i] = static_cast<std::byte>((v >> (8 * i)) & 0xFF);
}

// Appends the low `width` bytes of `v` little-endian to `out` (builders and writers).
inline void append_uint_le(std::vector<std::byte>& out, uint64_t v, size_t width) {
  for (size_t i = 0; i < width; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
}

namespace detail {
// The unsigned type of `Width` bytes (1, 2, 4 or 8).
template <size_t Width>
using uint_of_width = std::conditional_t<
    Width == 1, uint8_t,
    std::conditional_t<Width == 2, uint16_t, std::conditional_t<Width == 4, uint32_t, uint64_t>>>;

// The integer lane of an element type (an integer, or std::array of one),
// checked to fill the element exactly.
template <typename T>
struct lanes_of {
  using lane = T;
  static constexpr size_t count = 1;
};
template <typename T, size_t N>
struct lanes_of<std::array<T, N>> {
  using lane = T;
  static constexpr size_t count = N;
};
template <typename Element>
using lane_of = typename lanes_of<Element>::lane;
template <typename Element>
inline constexpr bool is_lane_array =
    std::is_integral_v<lane_of<Element>> && sizeof(Element) == sizeof(lane_of<Element>) * lanes_of<Element>::count;
}  // namespace detail

// A `Width`-byte little-endian unsigned integer at `p` (Width 1, 2, 4 or 8):
// one load on a little-endian host. The caller guarantees Width readable bytes.
template <size_t Width>
[[nodiscard]] inline uint64_t load_fixed_le(const std::byte* p) {
  static_assert(Width == 1 || Width == 2 || Width == 4 || Width == 8);
  if constexpr (std::endian::native == std::endian::little) {
    detail::uint_of_width<Width> v;
    std::memcpy(&v, p, Width);
    return v;
  } else {
    return load_uint_le(Bytes(p, Width), Width);
  }
}
template <size_t Width>
inline void store_fixed_le(std::byte* p, uint64_t v) {
  static_assert(Width == 1 || Width == 2 || Width == 4 || Width == 8);
  if constexpr (std::endian::native == std::endian::little) {
    const auto u = static_cast<detail::uint_of_width<Width>>(v);
    std::memcpy(p, &u, Width);
  } else {
    store_uint_le(std::span<std::byte>(p, Width), v, Width);
  }
}

// Element arrays (an integer type, or std::array of one): decoded from / encoded
// to little-endian bytes in one memcpy on a little-endian host, which is what a
// vertex stream is; lane by lane elsewhere. `src`/`dst` hold exactly
// elements.size() * sizeof(Element) bytes.
template <typename Element>
void load_le_elements(Bytes src, std::span<Element> dst) {
  static_assert(detail::is_lane_array<Element>);
  if (dst.empty()) return;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(dst.data(), src.data(), dst.size_bytes());
  } else {
    using Lane = detail::lane_of<Element>;
    auto* lanes = reinterpret_cast<Lane*>(dst.data());
    for (size_t i = 0; i < dst.size_bytes() / sizeof(Lane); ++i)
      lanes[i] = static_cast<Lane>(load_uint_le(src.subspan(i * sizeof(Lane)), sizeof(Lane)));
  }
}

template <typename Element>
void store_le_elements(std::span<const Element> src, std::span<std::byte> dst) {
  static_assert(detail::is_lane_array<Element>);
  if (src.empty()) return;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(dst.data(), src.data(), src.size_bytes());
  } else {
    using Lane = detail::lane_of<Element>;
    const auto* lanes = reinterpret_cast<const Lane*>(src.data());
    for (size_t i = 0; i < src.size_bytes() / sizeof(Lane); ++i)
      store_uint_le(dst.subspan(i * sizeof(Lane)), static_cast<std::make_unsigned_t<Lane>>(lanes[i]), sizeof(Lane));
  }
}

[[nodiscard]] inline float f32_from_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

[[nodiscard]] inline uint32_t f32_to_bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

class ByteReader {
 public:
  explicit ByteReader(Bytes data) : data_(data) {}

  [[nodiscard]] uint64_t size() const { return data_.size(); }
  [[nodiscard]] Bytes bytes() const { return data_; }

  [[nodiscard]] bool is_valid_range(uint64_t offset, uint64_t size) const {
    return range_fits(offset, size, data_.size());
  }

  // The sub-span [offset, offset + size), or nullopt when it leaves the buffer.
  [[nodiscard]] std::optional<Bytes> slice(uint64_t offset, uint64_t size) const {
    if (!is_valid_range(offset, size)) return std::nullopt;
    return data_.subspan(static_cast<size_t>(offset), static_cast<size_t>(size));
  }

  [[nodiscard]] std::optional<uint64_t> read_uint_le(uint64_t offset, size_t width) const {
    auto s = slice(offset, width);
    if (!s) return std::nullopt;
    return load_uint_le(*s, width);
  }
  [[nodiscard]] std::optional<uint8_t> read_u8(uint64_t offset) const { return narrow<uint8_t>(offset); }
  [[nodiscard]] std::optional<uint16_t> read_u16le(uint64_t offset) const { return narrow<uint16_t>(offset); }
  [[nodiscard]] std::optional<uint32_t> read_u32le(uint64_t offset) const { return narrow<uint32_t>(offset); }
  [[nodiscard]] std::optional<uint64_t> read_u64le(uint64_t offset) const { return narrow<uint64_t>(offset); }

 private:
  template <typename T>
  [[nodiscard]] std::optional<T> narrow(uint64_t offset) const {
    auto v = read_uint_le(offset, sizeof(T));
    if (!v) return std::nullopt;
    return static_cast<T>(*v);
  }

  Bytes data_;
};

}  // namespace meshgate
