// Per-element counting loops (skin rules, non-finite scans) vectorise; built
// for baseline x86-64 they get SSE2 only. MESHGATE_VECTOR_CLONES compiles such a
// function twice, for AVX2 and for the baseline, and lets the loader pick the
// one the CPU runs (GCC/Clang function multiversioning through an ifunc), so
// the binary stays portable.
#pragma once

#if defined(__x86_64__) && defined(__ELF__) && !defined(__clang__) && defined(__GNUC__)
#define MESHGATE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define MESHGATE_VECTOR_CLONES
#endif
