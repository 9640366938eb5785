// Skin decode of the packed control word and BLENDINDICES (spec §3). A pure
// view over the model: raw streams are never changed by decoding.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

inline constexpr uint16_t kTopologyBreakMask = 0x8000;
inline constexpr uint16_t kPackedWeightMask = 0x7FFF;
inline constexpr unsigned kQuantizedWeightSum = 31;
inline constexpr unsigned kMatrixRowStride = 4;

enum class SkinStatus : uint8_t {
  ok,
  quantized_sum_mismatch,           // rule 1: q0 + q1 + q2 == 31
  active_index_not_matrix_aligned,  // rule 2: active lane byte % 4 == 0
  bone_index_out_of_range,          // rule 3: lane / 4 < node count
  duplicate_active_bone,            // rule 4: active bones distinct
};
[[nodiscard]] std::string_view skin_status_name(SkinStatus s);

struct SkinInfluence {
  uint8_t bone;
  uint8_t quantized_weight;  // weight = q / 31
};

struct SkinVertex {
  SkinStatus status = SkinStatus::ok;
  bool strip_break = false;  // bit 15, independent of the weights
  uint8_t influence_count = 0;
  std::array<SkinInfluence, 3> influences{};  // in lane order y, z, w
};

// q_k pairs with BLENDINDICES lane k+1; lane x (byte 0) takes no part.
[[nodiscard]] SkinVertex decode_skin_vertex(uint16_t word, const U8x4& lanes, unsigned node_count);

struct SkinSummary {
  uint32_t failures = 0;
  uint32_t first_failure_vertex = 0;
  SkinStatus first_failure = SkinStatus::ok;
  std::array<uint32_t, 4> influence_histogram{};  // vertices with 0..3 active influences
  uint32_t sum_mismatches = 0;  // rule 1 alone: q0 + q1 + q2 != 31
  uint32_t strip_breaks = 0;
  uint32_t non_increasing_violations = 0;  // q0 >= q1 >= q2 fails (corpus observation, not a rule)
  uint32_t lane0_nonzero = 0;
};

[[nodiscard]] SkinSummary summarize_skin(const Mesh& mesh, unsigned node_count);

}  // namespace meshgate::mod
