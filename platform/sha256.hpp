// SHA-256, from the system's cryptography: OpenSSL's libcrypto on Linux,
// CNG (BCrypt) on Windows, so that neither build carries its own.
#pragma once

#include <array>
#include <cstddef>

namespace meshgate::platform {

using Sha256Digest = std::array<unsigned char, 32>;

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(const std::byte* data, size_t size);
  // The digest of everything given; false only if the library failed (out of memory).
  [[nodiscard]] bool finish(Sha256Digest& digest);

 private:
  void* state_;
};

}  // namespace meshgate::platform
