// Content fingerprints. xxh3_64 comes from Debian's libxxhash; the hex form is
// the canonical (big-endian) representation xxhsum prints.
#pragma once

#include <cstdint>
#include <string>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

[[nodiscard]] uint64_t xxh3_64(Bytes data);
[[nodiscard]] std::string xxh3_64_hex(Bytes data);

}  // namespace meshgate
