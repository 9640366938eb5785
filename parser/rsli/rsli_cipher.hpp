// The RsLi rolling XOR (docs/spec/nikita-rsli.md §3.1): two bytes of state
// seeded from a 16-bit key, one keystream byte per data byte. It encrypts and
// decrypts alike. The table is one stream over all its rows; an XOR payload
// (§4.3) starts a fresh stream keyed by its row's effective sort field.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate::rsli {

class XorStream {
 public:
  explicit XorStream(uint16_t key16) : lo_(static_cast<uint8_t>(key16 & 0xFF)), hi_(static_cast<uint8_t>(key16 >> 8)) {}
  // The next keystream byte; the state moves on by one.
  uint8_t next() {
    lo_ = static_cast<uint8_t>(hi_ ^ (lo_ << 1));
    hi_ = static_cast<uint8_t>(lo_ ^ (hi_ >> 1));
    return lo_;
  }
  std::byte apply(std::byte b) { return b ^ std::byte{next()}; }

 private:
  uint8_t lo_;
  uint8_t hi_;
};

void xor_in_place(std::span<std::byte> data, uint16_t key16);
[[nodiscard]] std::vector<std::byte> xor_copy(Bytes data, uint16_t key16);

}  // namespace meshgate::rsli
