#include "parser/mod/mod_skin.hpp"

#include "parser/core/vector_clones.hpp"

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

// Counting pass: every vertex goes through the same branch-free arithmetic on
// 32-bit lanes (the compiler vectorises it), with separate accumulators for
// each count. Only when a vertex fails does a second pass find the first
// failure and name its rule with decode_skin_vertex.
namespace {
struct SkinCounts {
  uint32_t breaks = 0, lane0 = 0, non_increasing = 0, failures = 0, sum_mismatches = 0;
  uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0;
};

inline uint32_t fails_skin_rules(uint32_t word, uint32_t lanes, uint32_t node_count) {
  const uint32_t q0 = word & 0x1Fu, q1 = (word >> 5) & 0x1Fu, q2 = (word >> 10) & 0x1Fu;
  const uint32_t l1 = (lanes >> 8) & 0xFFu, l2 = (lanes >> 16) & 0xFFu, l3 = lanes >> 24;
  const uint32_t a1 = q0 != 0, a2 = q1 != 0, a3 = q2 != 0;
  // An active lane must be a matrix-row start of an existing bone.
  const auto lane_bad = [node_count](uint32_t active, uint32_t lane) {
    return active & (((lane % kMatrixRowStride) != 0) | ((lane / kMatrixRowStride) >= node_count));
  };
  // With every active lane aligned, equal bones are equal lane bytes.
  const uint32_t duplicate = (a1 & a2 & (l1 == l2)) | (a1 & a3 & (l1 == l3)) | (a2 & a3 & (l2 == l3));
  return (q0 + q1 + q2 != kQuantizedWeightSum) | lane_bad(a1, l1) | lane_bad(a2, l2) | lane_bad(a3, l3) | duplicate;
}

MESHGATE_VECTOR_CLONES SkinCounts count_skin(const uint16_t* words, const U8x4* blend, size_t n, uint32_t node_count) {
  SkinCounts c;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t word = words[i];
    uint32_t lanes;
    std::memcpy(&lanes, &blend[i], sizeof lanes);
    lanes = std::endian::native == std::endian::little ? lanes : __builtin_bswap32(lanes);
    const uint32_t q0 = word & 0x1Fu, q1 = (word >> 5) & 0x1Fu, q2 = (word >> 10) & 0x1Fu;
    c.breaks += word >> 15;
    c.lane0 += (lanes & 0xFFu) != 0;
    c.non_increasing += (q0 < q1) | (q1 < q2);
    c.sum_mismatches += q0 + q1 + q2 != kQuantizedWeightSum;
    const uint32_t bad = fails_skin_rules(word, lanes, node_count);
    c.failures += bad;
    const uint32_t active = (q0 != 0) + (q1 != 0) + (q2 != 0);
    c.h0 += (bad == 0) & (active == 0);
    c.h1 += (bad == 0) & (active == 1);
    c.h2 += (bad == 0) & (active == 2);
    c.h3 += (bad == 0) & (active == 3);
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
