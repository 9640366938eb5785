// Deterministic pseudo-random numbers for the synthetic corpus generators.
// SplitMix64 with our own range reduction: std::uniform_int_distribution is
// implementation-defined, and a corpus must be identical on every platform and
// standard library for a given seed.
#pragma once

#include <cstdint>

namespace meshgate {

class Prng {
 public:
  explicit Prng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi] (inclusive); the modulo bias is irrelevant for fixtures.
  uint64_t range(uint64_t lo, uint64_t hi) { return lo + next() % (hi - lo + 1); }
  bool chance(unsigned percent) { return next() % 100 < percent; }
  // Uniform float in [lo, hi).
  float real(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 40) / static_cast<float>(1ull << 24);
  }

 private:
  uint64_t state_;
};

}  // namespace meshgate
