// Content fingerprints. xxh3_64 comes from Debian's libxxhash; the hex form is
// the canonical (big-endian) representation xxhsum prints. sha256 (what
// published corpus manifests cite) comes from OpenSSL's libcrypto.
#pragma once

#include <cstdint>
#include <string>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

[[nodiscard]] uint64_t xxh3_64(Bytes data);
[[nodiscard]] std::string xxh3_64_hex(Bytes data);
// 64 lowercase hex digits, as sha256sum prints.
[[nodiscard]] std::string sha256_hex(Bytes data);

}  // namespace meshgate
