// RsLi storage methods (docs/spec/nikita-rsli.md §4) and their decoders.
// Every decoder is bounded by the declared unpacked size: it never writes more
// than that, never reads a byte past the packed stream, reserves no more than
// the stream could expand to, and says how many packed bytes it used.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate::rsli {

inline constexpr uint16_t kMethodMask = 0x1E0;

// flags & 0x1E0 (§4.1): the engine dispatches through a table on this value.
enum class Method : uint16_t {
  stored = 0x000,
  xor_only = 0x020,
  lzss = 0x040,
  xor_lzss = 0x060,
  lzhuf = 0x080,
  xor_lzhuf = 0x0A0,
  deflate = 0x100,
};

[[nodiscard]] std::optional<Method> method_of(uint64_t flags);
[[nodiscard]] std::string_view method_name(Method m);
[[nodiscard]] bool uses_xor(Method m);

enum class DecodeStatus : uint8_t {
  ok,
  truncated,             // the stream ended first (rsli.decode-truncated)
  failed,                // not a valid stream (rsli.decode-failed)
  size_mismatch,         // a complete stream of another size (rsli.size-mismatch)
  stored_size_mismatch,  // stored/XOR with packed != unpacked (rsli.stored-size-mismatch)
};

struct DecodeResult {
  std::vector<std::byte> bytes;  // exactly unpacked_size bytes when ok
  DecodeStatus status = DecodeStatus::ok;
  uint64_t consumed = 0;   // packed bytes used (LZHUF: the byte holding the last bit used)
  bool match_cut = false;  // an LZSS/LZHUF match was cut at unpacked_size
  std::string detail;      // what went wrong, for the diagnostic

  [[nodiscard]] bool ok() const { return status == DecodeStatus::ok; }
};

// §4.4: Okumura LZSS, ring 4096 of spaces from 0xFEE, control bits LSB first.
[[nodiscard]] DecodeResult decode_lzss(Bytes packed, uint64_t unpacked_size);
// §4.5: lzhuf.c (adaptive Huffman, F = 60, ring from 0xFC4), reading A of C2.
[[nodiscard]] DecodeResult decode_lzhuf(Bytes packed, uint64_t unpacked_size);
// §4.6: raw RFC 1951 through libdeflate.
[[nodiscard]] DecodeResult decode_deflate(Bytes packed, uint64_t unpacked_size);
// Any method; `key16` keys the XOR methods (the row's effective sort field).
[[nodiscard]] DecodeResult decode_entry(Method method, Bytes packed, uint64_t unpacked_size, uint16_t key16);

namespace detail {
// Room to reserve for a decoder's output: the declared size, but never more
// than `ratio` output bytes per packed byte could reach, so a tiny hostile
// stream declaring 128 MiB allocates nothing near it.
[[nodiscard]] inline size_t reserve_for(uint64_t unpacked_size, uint64_t packed_size, uint64_t ratio) {
  const uint64_t reachable = packed_size > (UINT64_MAX - 64) / ratio ? UINT64_MAX : packed_size * ratio + 64;
  return static_cast<size_t>(unpacked_size < reachable ? unpacked_size : reachable);
}
}  // namespace detail

}  // namespace meshgate::rsli
