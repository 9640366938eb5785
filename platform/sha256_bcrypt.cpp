#include <windows.h>

#include <bcrypt.h>

#include "platform/sha256.hpp"

namespace meshgate::platform {

namespace {

// The algorithm provider, opened once for the process (thread-safe to share).
BCRYPT_ALG_HANDLE provider() {
  static const BCRYPT_ALG_HANDLE algorithm = [] {
    BCRYPT_ALG_HANDLE h = nullptr;
    return BCryptOpenAlgorithmProvider(&h, BCRYPT_SHA256_ALGORITHM, nullptr, 0) == 0 ? h : nullptr;
  }();
  return algorithm;
}

}  // namespace

Sha256::Sha256() : state_(nullptr) {
  BCRYPT_HASH_HANDLE hash = nullptr;
  if (provider() != nullptr && BCryptCreateHash(provider(), &hash, nullptr, 0, nullptr, 0, 0) == 0) state_ = hash;
}

Sha256::~Sha256() {
  if (state_ != nullptr) BCryptDestroyHash(static_cast<BCRYPT_HASH_HANDLE>(state_));
}

void Sha256::update(const std::byte* data, size_t size) {
  while (state_ != nullptr && size > 0) {
    const ULONG piece = static_cast<ULONG>(size < (size_t{1} << 30) ? size : size_t{1} << 30);
    if (BCryptHashData(static_cast<BCRYPT_HASH_HANDLE>(state_),
                       reinterpret_cast<PUCHAR>(const_cast<std::byte*>(data)), piece, 0) != 0) {
      BCryptDestroyHash(static_cast<BCRYPT_HASH_HANDLE>(state_));
      state_ = nullptr;
    }
    data += piece;
    size -= piece;
  }
}

bool Sha256::finish(Sha256Digest& digest) {
  return state_ != nullptr &&
         BCryptFinishHash(static_cast<BCRYPT_HASH_HANDLE>(state_), digest.data(), static_cast<ULONG>(digest.size()), 0) == 0;
}

}  // namespace meshgate::platform
