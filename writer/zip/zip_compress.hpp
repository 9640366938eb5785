// A replaced or added volume member's bytes compressed by the methods
// meshgate writes (docs/spec/dmc3-containers.md §2.1): stored, deflate
// through libdeflate, bzip2 through libbz2. Never a hand-written encoder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate::zip {

inline constexpr uint16_t kMethodStored = 0;
inline constexpr uint16_t kMethodDeflate = 8;
inline constexpr uint16_t kMethodBzip2 = 12;

[[nodiscard]] bool can_write_method(uint16_t method);
// "LZMA (14)", "method 77": for a refusal that names the method.
[[nodiscard]] std::string method_name(uint16_t method);

[[nodiscard]] uint32_t crc32_of(Bytes bytes);

// How to compress: the method, and for deflate the level the general-purpose
// flags' bits 1-2 name (normal 6, maximum 9, fast 2, super fast 1: libdeflate's
// scale), for bzip2 the block size in 100 kB (1-9).
struct Compression {
  uint16_t method = kMethodDeflate;
  int deflate_level = 6;
  int bzip2_block = 9;
};
[[nodiscard]] int deflate_level_of_flags(uint16_t flags);

// The compressed bytes, or nullopt when the library fails (out of memory,
// or for bzip2 a member over 4 GiB, which its buffer interface cannot take).
[[nodiscard]] std::optional<std::vector<std::byte>> compress(Bytes bytes, const Compression& how);

}  // namespace meshgate::zip
