#include "parser/mod/mod_skin.hpp"

#include "parser/core/element_kernel.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace meshgate::mod {

std::string_view skin_status_name(SkinStatus s) {
  switch (s) {
    case SkinStatus::ok: return "ok";
    case SkinStatus::quantized_sum_mismatch: return "quantized-sum-mismatch";
    case SkinStatus::active_index_not_matrix_aligned: return "active-index-not-matrix-aligned";
    case SkinStatus::bone_index_out_of_range: return "bone-index-out-of-range";
    case SkinStatus::duplicate_active_bone: return "duplicate-active-bone";
  }
  return "?";
}

SkinVertex decode_skin_vertex(uint16_t word, const U8x4& lanes, unsigned node_count) {
  SkinVertex v;
  v.strip_break = (word & kTopologyBreakMask) != 0;
  const std::array<unsigned, 3> q = {word & 0x1Fu, (word >> 5) & 0x1Fu, (word >> 10) & 0x1Fu};
  if (q[0] + q[1] + q[2] != kQuantizedWeightSum) {
    v.status = SkinStatus::quantized_sum_mismatch;
    return v;
  }
  for (size_t k = 0; k < 3; ++k) {
    if (q[k] == 0) continue;  // zero-weight lanes may hold placeholder indices
    const uint8_t lane = lanes[k + 1];
    if (lane % kMatrixRowStride != 0) {
      v.status = SkinStatus::active_index_not_matrix_aligned;
      return v;
    }
    const auto bone = static_cast<uint8_t>(lane / kMatrixRowStride);
    if (bone >= node_count) {
      v.status = SkinStatus::bone_index_out_of_range;
      return v;
    }
    for (uint8_t i = 0; i < v.influence_count; ++i) {
      if (v.influences[i].bone == bone) {
        v.status = SkinStatus::duplicate_active_bone;
        return v;
      }
    }
    v.influences[v.influence_count++] = {bone, static_cast<uint8_t>(q[k])};
  }
  return v;
}

// Counting pass: every vertex goes through the same branch-free arithmetic,
// with separate accumulators for each count; only when a vertex fails does a
// second pass find the first failure and name its rule with decode_skin_vertex.
// Every quantity fits 16 bits (a control word, a lane byte, a bone limit of at
// most 256), so the compiler vectorises it 16 vertices per AVX2 operation (32
// with AVX-512); the 16-bit counters are flushed every kBlock vertices, before
// they could wrap.
namespace {
struct SkinCounts {
  uint32_t breaks = 0, lane0 = 0, non_increasing = 0, failures = 0, sum_mismatches = 0;
  uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0;
};
constexpr size_t kBlock = 0x4000;

MESHGATE_ELEMENT_KERNEL void count_skin_block(const uint16_t* words, const U8x4* blend, size_t n, uint16_t lane_limit,
                                             SkinCounts& total) {
  uint16_t breaks = 0, lane0 = 0, non_increasing = 0, failures = 0, sum_mismatches = 0;
  uint16_t h0 = 0, h1 = 0, h2 = 0, h3 = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint16_t word = words[i];
    const uint16_t q0 = word & 0x1Fu, q1 = (word >> 5) & 0x1Fu, q2 = (word >> 10) & 0x1Fu;
    // The four lane bytes as one 32-bit load: with no 8-bit value in the loop
    // the vectoriser works in 16-bit lanes (32 vertices per AVX-512 register
    // instead of 64, so its many counters fit the registers).
    const auto lanes = static_cast<uint32_t>(load_fixed_le<4>(reinterpret_cast<const std::byte*>(blend + i)));
    const auto l0 = static_cast<uint16_t>(lanes & 0xFFu), l1 = static_cast<uint16_t>((lanes >> 8) & 0xFFu);
    const auto l2 = static_cast<uint16_t>((lanes >> 16) & 0xFFu), l3 = static_cast<uint16_t>(lanes >> 24);
    const uint16_t a1 = q0 != 0, a2 = q1 != 0, a3 = q2 != 0;
    // An active lane must be a matrix-row start (a multiple of the stride) of
    // an existing bone: lane / stride < node_count, i.e. lane < lane_limit.
    const auto lane_bad = [lane_limit](uint16_t active, uint16_t lane) -> uint16_t {
      return active & (((lane % kMatrixRowStride) != 0) | (lane >= lane_limit));
    };
    // With every active lane aligned, equal bones are equal lane bytes.
    const uint16_t duplicate = (a1 & a2 & (l1 == l2)) | (a1 & a3 & (l1 == l3)) | (a2 & a3 & (l2 == l3));
    const uint16_t sum_mismatch = q0 + q1 + q2 != kQuantizedWeightSum;
    const uint16_t bad = sum_mismatch | lane_bad(a1, l1) | lane_bad(a2, l2) | lane_bad(a3, l3) | duplicate;
    const uint16_t good = bad ^ 1u;
    const auto active = static_cast<uint16_t>(a1 + a2 + a3);
    breaks += word >> 15;
    lane0 = static_cast<uint16_t>(lane0 + (l0 != 0));
    non_increasing += (q0 < q1) | (q1 < q2);
    sum_mismatches += sum_mismatch;
    failures += bad;
    h0 = static_cast<uint16_t>(h0 + (good & (active == 0)));
    h1 = static_cast<uint16_t>(h1 + (good & (active == 1)));
    h2 = static_cast<uint16_t>(h2 + (good & (active == 2)));
    h3 = static_cast<uint16_t>(h3 + (good & (active == 3)));
  }
  total.breaks += breaks;
  total.lane0 += lane0;
  total.non_increasing += non_increasing;
  total.sum_mismatches += sum_mismatches;
  total.failures += failures;
  total.h0 += h0;
  total.h1 += h1;
  total.h2 += h2;
  total.h3 += h3;
}

// Applies `f(into_field, c_field)` to each count of the two. Inlined into
// the vector clones of count_skin: GCC called an out-of-line copy without
// the vzeroupper it owed, so count_skin returned with the upper vector state
// dirty and the SSE code after it (SHA-256 among it) ran ~10% slower.
template <typename F>
[[gnu::always_inline]] inline void each_count(SkinCounts& into, const SkinCounts& c, F&& f) {
  f(into.breaks, c.breaks);
  f(into.lane0, c.lane0);
  f(into.non_increasing, c.non_increasing);
  f(into.failures, c.failures);
  f(into.sum_mismatches, c.sum_mismatches);
  f(into.h0, c.h0);
  f(into.h1, c.h1);
  f(into.h2, c.h2);
  f(into.h3, c.h3);
}

// The scalar remainder of the vectorised loop was a quarter of the pass on
// 600-vertex meshes. So the last n % kPadTo vertices go through the vector
// loop too, copied into a block padded with one fixed vertex whose own counts
// (the same kernel on that vertex alone) are then taken back out: every count
// is a sum over vertices, so this is exact.
constexpr size_t kPadTo = kKernelPadTo;
constexpr uint16_t kPadWord = 0;
constexpr U8x4 kPadLanes = {0, 0, 0, 0};

MESHGATE_ELEMENT_KERNEL SkinCounts count_skin(const uint16_t* words, const U8x4* blend, size_t n, uint32_t node_count) {
  static_assert(kBlock <= 0xFFFF, "16-bit block counters");
  static_assert(kBlock % kPadTo == 0, "blocks are whole padded vectors");
  // Lane bytes are < 256: a limit of 256 means "every aligned lane is a bone".
  const auto lane_limit = static_cast<uint16_t>(std::min<uint64_t>(uint64_t{node_count} * kMatrixRowStride, 256));
  SkinCounts c;
  const size_t whole = whole_vectors(n, kPadTo);
  for (size_t at = 0; at < whole; at += kBlock)
    count_skin_block(words + at, blend + at, std::min(kBlock, whole - at), lane_limit, c);
  if (const size_t tail = n - whole; tail > 0) {
    const auto tail_words = padded_tail<uint16_t, kPadTo>(words + whole, tail, kPadWord);
    const auto tail_blend = padded_tail<U8x4, kPadTo>(blend + whole, tail, kPadLanes);
    SkinCounts padded, pad;
    count_skin_block(tail_words.data(), tail_blend.data(), kPadTo, lane_limit, padded);
    count_skin_block(&kPadWord, &kPadLanes, 1, lane_limit, pad);
    const auto pads = static_cast<uint32_t>(kPadTo - tail);
    each_count(c, padded, [](uint32_t& into, uint32_t v) { into += v; });
    each_count(c, pad, [pads](uint32_t& into, uint32_t v) { into -= pads * v; });
  }
  return c;
}
}  // namespace

SkinSummary summarize_skin(const Mesh& mesh, unsigned node_count) {
  const size_t n = std::min(mesh.control.size(), mesh.blend_indices.size());
  const SkinCounts c = count_skin(mesh.control.data(), mesh.blend_indices.data(), n, node_count);
  SkinSummary s;
  s.failures = c.failures;
  s.sum_mismatches = c.sum_mismatches;
  s.influence_histogram = {c.h0, c.h1, c.h2, c.h3};
  s.strip_breaks = c.breaks;
  s.non_increasing_violations = c.non_increasing;
  s.lane0_nonzero = c.lane0;
  for (size_t i = 0; c.failures > 0 && i < n; ++i) {
    const SkinVertex v = decode_skin_vertex(mesh.control[i], mesh.blend_indices[i], node_count);
    if (v.status != SkinStatus::ok) {
      s.first_failure_vertex = static_cast<uint32_t>(i);
      s.first_failure = v.status;
      break;
    }
  }
  return s;
}

}  // namespace meshgate::mod
