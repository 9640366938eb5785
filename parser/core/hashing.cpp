#include "parser/core/hashing.hpp"

#include <openssl/evp.h>
#include <xxhash.h>
#if defined(__x86_64__)
// libxxhash's runtime dispatch runs XXH3 on the widest vector unit the CPU has
// (AVX2 / AVX-512; same values, 2-3x the SSE2 default). It returns with the
// upper vector state dirty, which makes every later SSE instruction of ours
// pay a transition penalty: clear it with vzeroupper after each call.
#include <immintrin.h>
#include <xxh_x86dispatch.h>
#endif

namespace meshgate {

namespace {
#if defined(__x86_64__)
__attribute__((target("avx"))) void clear_upper_vector_state() { _mm256_zeroupper(); }
#endif
}  // namespace

uint64_t xxh3_64(Bytes data) {
  const uint64_t hash = XXH3_64bits(data.data(), data.size());
#if defined(__x86_64__)
  static const bool has_avx = __builtin_cpu_supports("avx");
  if (has_avx) clear_upper_vector_state();
#endif
  return hash;
}

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

std::string sha256_hex(Bytes data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  // EVP_Digest is OpenSSL's one-shot; it fails only on allocation failure.
  if (EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr) != 1) return {};
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned i = 0; i < length; ++i) {
    out += kDigits[digest[i] >> 4];
    out += kDigits[digest[i] & 0xF];
  }
  return out;
}

}  // namespace meshgate
