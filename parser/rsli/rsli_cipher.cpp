#include "parser/rsli/rsli_cipher.hpp"

namespace meshgate::rsli {

void xor_in_place(std::span<std::byte> data, uint16_t key16) {
  XorStream stream(key16);
  for (std::byte& b : data) b = stream.apply(b);
}

std::vector<std::byte> xor_copy(Bytes data, uint16_t key16) {
  std::vector<std::byte> out(data.begin(), data.end());
  xor_in_place(out, key16);
  return out;
}

}  // namespace meshgate::rsli
