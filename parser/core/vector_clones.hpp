// Per-element counting loops (skin rules, non-finite scans) vectorise; built
// for baseline x86-64 they get SSE2 only. MESHGATE_VECTOR_CLONES compiles such a
// function three times, for x86-64-v4 (AVX-512: twice the lanes and twice the
// registers, so the many-counter skin loop stops spilling; 5.6 -> 4.0 us for
// 6,000 vertices on this project's VMs), AVX2 and the baseline, and lets the
// loader pick the one the CPU runs (GCC/Clang function multiversioning through an ifunc), so
// the binary stays portable.
#pragma once

#if defined(__x86_64__) && defined(__ELF__) && !defined(__clang__) && defined(__GNUC__)
#define MESHGATE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define MESHGATE_VECTOR_CLONES
#endif
