#include "parser/mod/mod_skin.hpp"

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

SkinSummary summarize_skin(const Mesh& mesh, unsigned node_count) {
  SkinSummary s;
  const size_t n = std::min(mesh.control.size(), mesh.blend_indices.size());
  for (size_t i = 0; i < n; ++i) {
    const uint16_t word = mesh.control[i];
    const SkinVertex v = decode_skin_vertex(word, mesh.blend_indices[i], node_count);
    if (v.strip_break) ++s.strip_breaks;
    if (mesh.blend_indices[i][0] != 0) ++s.lane0_nonzero;
    const unsigned q0 = word & 0x1Fu, q1 = (word >> 5) & 0x1Fu, q2 = (word >> 10) & 0x1Fu;
    if (!(q0 >= q1 && q1 >= q2)) ++s.non_increasing_violations;
    if (v.status != SkinStatus::ok) {
      if (s.failures == 0) {
        s.first_failure_vertex = static_cast<uint32_t>(i);
        s.first_failure = v.status;
      }
      ++s.failures;
      continue;
    }
    ++s.influence_histogram[v.influence_count];
  }
  return s;
}

}  // namespace meshgate::mod
