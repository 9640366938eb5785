// A size as the documents write it: "65536", "512k", "64MiB", "4GiB", "1.5M",
// "2GB". One reading for every size option (--max-size, --max-inflated,
// --max-lock), stated in docs/USAGE.md:
// - no unit or B: bytes;
// - k, K, KiB; M, MiB; G, GiB; T, TiB: binary (1024, 1024^2, ...), because
//   the limits meshgate states (64 MiB, 4 GiB) are binary and a bare "512k"
//   in tools such as dd, head -c and ulimit means 512 * 1024;
// - kB, KB, MB, GB, TB: decimal (1000, 1000^2, ...), as SI and disk makers write them.
// A fraction is taken when it comes to whole bytes ("1.5k" is 1536; "0.3k" is
// refused); a sign, an overflow of 64 bits or any other text is refused.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meshgate {

struct SizeText {
  uint64_t bytes = 0;
  std::string error;  // empty when `bytes` holds the size; else why the text is not one
  [[nodiscard]] bool ok() const { return error.empty(); }
};

[[nodiscard]] SizeText parse_size_text(std::string_view text);

// How the units are read, for --help and messages.
inline constexpr std::string_view kSizeUnitsText =
    "bytes, or a number with a unit: k/K/KiB, M/MiB, G/GiB, T/TiB (1024-based); kB/KB, MB, GB, TB (1000-based)";

}  // namespace meshgate
