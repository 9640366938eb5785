#include "parser/core/hashing.hpp"

#include <cstdio>
#include <xxhash.h>
#if defined(__x86_64__)
// libxxhash's runtime dispatch runs XXH3 on the widest vector unit the CPU has
// (AVX2 / AVX-512; same values, 2-3x the SSE2 default). It, like libcrypto's
// SHA-256, returns with the upper vector state dirty, which makes every later
// SSE instruction of ours pay a transition penalty (measured: the skin pass
// after a hash ran 2-3x slower): clear it with vzeroupper after each call.
// SHA-256 (SHA-NI, SSE-encoded) pays the same penalty when called dirty, so
// the state is cleared before it too (a MOD sweep after code that left it
// dirty: 182 -> 164 us per 220 KiB file).
#include <immintrin.h>
#include <xxh_x86dispatch.h>
#endif

#include "platform/sha256.hpp"

namespace meshgate {

namespace {
#if defined(__x86_64__)
__attribute__((target("avx"))) void zero_upper() { _mm256_zeroupper(); }
void clear_upper_vector_state() {
  static const bool has_avx = __builtin_cpu_supports("avx");
  if (has_avx) zero_upper();
}
#else
void clear_upper_vector_state() {}
#endif
}  // namespace

uint64_t xxh3_64(Bytes data) {
  const uint64_t hash = XXH3_64bits(data.data(), data.size());
  clear_upper_vector_state();
  return hash;
}

namespace {
std::string hex(const unsigned char* bytes, size_t length) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (size_t i = 0; i < length; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 0xF];
  }
  return out;
}
std::string canonical_hex(uint64_t hash) {
  XXH64_canonical_t canonical;
  XXH64_canonicalFromHash(&canonical, hash);
  return hex(canonical.digest, sizeof canonical.digest);
}
}  // namespace

std::string xxh3_64_hex(Bytes data) { return canonical_hex(xxh3_64(data)); }

std::string sha256_hex(Bytes data) {
  platform::Sha256 sha256;
  platform::Sha256Digest digest{};
  clear_upper_vector_state();
  sha256.update(data.data(), data.size());
  const bool ok = sha256.finish(digest);  // fails only on allocation failure
  clear_upper_vector_state();
  return ok ? hex(digest.data(), digest.size()) : std::string();
}

struct StreamingDigests::State {
  XXH3_state_t* xxh3 = XXH3_createState();
  platform::Sha256 sha256;
};

StreamingDigests::StreamingDigests() : state_(new State) { XXH3_64bits_reset(state_->xxh3); }

StreamingDigests::~StreamingDigests() {
  XXH3_freeState(state_->xxh3);
  delete state_;
}

void StreamingDigests::update(Bytes piece) {
  XXH3_64bits_update(state_->xxh3, piece.data(), piece.size());
  state_->sha256.update(piece.data(), piece.size());
  clear_upper_vector_state();
}

std::string StreamingDigests::xxh3_64_hex() { return canonical_hex(XXH3_64bits_digest(state_->xxh3)); }

std::string StreamingDigests::sha256_hex() {
  platform::Sha256Digest digest{};
  return state_->sha256.finish(digest) ? hex(digest.data(), digest.size()) : std::string();
}

std::string crc32_hex(uint32_t crc) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", crc);
  return text;
}

}  // namespace meshgate
