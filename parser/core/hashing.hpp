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
// A CRC-32 someone else computed (a ZIP central directory's) as 8 lowercase
// hex digits, as the evidence and the lock spell it.
[[nodiscard]] std::string crc32_hex(uint32_t crc);

// Both digests of bytes fed a piece at a time, for a file too large to hold
// (one that is rejected by its size limit is still cited by the manifest).
class StreamingDigests {
 public:
  StreamingDigests();
  ~StreamingDigests();
  StreamingDigests(const StreamingDigests&) = delete;
  StreamingDigests& operator=(const StreamingDigests&) = delete;
  void update(Bytes piece);
  [[nodiscard]] std::string xxh3_64_hex();  // as xxh3_64_hex(all bytes)
  [[nodiscard]] std::string sha256_hex();   // as sha256_hex(all bytes)

 private:
  struct State;
  State* state_;
};

}  // namespace meshgate
