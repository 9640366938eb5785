#include "parser/core/hashing.hpp"

#include <xxhash.h>

namespace meshgate {

uint64_t xxh3_64(Bytes data) { return XXH3_64bits(data.data(), data.size()); }

std::string xxh3_64_hex(Bytes data) {
  XXH64_canonical_t canonical;
  XXH64_canonicalFromHash(&canonical, xxh3_64(data));
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(16);
  for (unsigned char byte : canonical.digest) {
    out += kDigits[byte >> 4];
    out += kDigits[byte & 0xF];
  }
  return out;
}

}  // namespace meshgate
