#include <openssl/evp.h>

#include "platform/sha256.hpp"

namespace meshgate::platform {

namespace {
EVP_MD_CTX* context(void* state) { return static_cast<EVP_MD_CTX*>(state); }
}  // namespace

Sha256::Sha256() : state_(EVP_MD_CTX_new()) { EVP_DigestInit_ex(context(state_), EVP_sha256(), nullptr); }

Sha256::~Sha256() { EVP_MD_CTX_free(context(state_)); }

void Sha256::update(const std::byte* data, size_t size) { EVP_DigestUpdate(context(state_), data, size); }

bool Sha256::finish(Sha256Digest& digest) {
  unsigned int length = 0;
  return EVP_DigestFinal_ex(context(state_), digest.data(), &length) == 1 && length == digest.size();
}

}  // namespace meshgate::platform
