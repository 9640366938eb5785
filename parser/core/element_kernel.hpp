// MESHGATE_ELEMENT_KERNEL marks a per-element loop: a flat, branch-free pass
// over a stream (skin rules, non-finite scans, index maxima, lane rules) that
// returns counts for its caller to branch on.
//
// Built by GCC for x86-64 it compiles the function three times, for
// x86-64-v4 (AVX-512: twice the lanes and twice the registers, so the
// many-counter skin loop stops spilling; 5.6 -> 4.0 us for 6,000 vertices on
// this project's VMs), AVX2 and the baseline, and lets the loader pick the one
// the CPU runs (function multiversioning through an ifunc), so the binary stays
// portable; built for baseline x86-64 alone such loops get SSE2 only.
//
// Built by Clang with SanitizerCoverage (the fuzz presets) it leaves the
// function uninstrumented for coverage: a trace-cmp call on every iteration's
// loop compare kept these loops scalar and was a third of mod_parse_fuzzer's
// time, while the only coverage they offer is "the loop ran". The callers'
// branches on the counts stay instrumented, and ASan/UBSan still check every
// access in the kernel.
#pragma once

#if defined(__x86_64__) && defined(__ELF__) && !defined(__clang__) && defined(__GNUC__)
#define MESHGATE_ELEMENT_KERNEL __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#elif defined(__clang__) && __clang_major__ >= 13
#define MESHGATE_ELEMENT_KERNEL __attribute__((no_sanitize("coverage")))
#else
#define MESHGATE_ELEMENT_KERNEL
#endif

#include <algorithm>
#include <array>
#include <cstddef>

namespace meshgate {
// A kernel's vectorised loop covers whole vectors, at most this many elements
// of its narrowest type per iteration (64 bytes of AVX-512, unrolled); the
// scalar remainder after it costs ~20x per element. Callers run the last
// n % kKernelPadTo elements through the same loop in a block padded to this
// many, with elements whose contribution is known.
inline constexpr size_t kKernelPadTo = 64;

// The elements of n a kernel's vector loop covers whole; the rest go through
// padded_tail().
[[nodiscard]] constexpr size_t whole_vectors(size_t n, size_t pad_to = kKernelPadTo) { return n - n % pad_to; }

// The last `count` (< N) elements from `src`, then `pad` up to N: a block the
// vector loop runs whole. The caller knows what `pad` contributes (zero, or a
// fixed element's own result taken back out).
template <typename T, size_t N = kKernelPadTo>
[[nodiscard]] std::array<T, N> padded_tail(const T* src, size_t count, const T& pad) {
  std::array<T, N> block;
  block.fill(pad);
  std::copy_n(src, std::min(count, N), block.begin());
  return block;
}
}  // namespace meshgate
