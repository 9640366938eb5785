// Derived MOD views: skin rules, strip topology, post-load words, workspace
// capacity, node layout, hierarchy checks and world matrices.
#include <gtest/gtest.h>

#include <cmath>

#include "parser/mod/mod_flags.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_nodes.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/mod/mod_topology.hpp"

namespace meshgate::mod {
namespace {

uint16_t pack(unsigned q0, unsigned q1, unsigned q2, bool brk = false) {
  return static_cast<uint16_t>(q0 | (q1 << 5) | (q2 << 10) | (brk ? 0x8000 : 0));
}

TEST(Skin, DecodesUpToThreeInfluencesPairedWithLanesYZW) {
  const SkinVertex v = decode_skin_vertex(pack(20, 8, 3, true), U8x4{0, 4, 12, 8}, 4);
  EXPECT_EQ(v.status, SkinStatus::ok);
  EXPECT_TRUE(v.strip_break);  // bit 15 is independent of the weights
  ASSERT_EQ(v.influence_count, 3);
  EXPECT_EQ(v.influences[0].bone, 1);
  EXPECT_EQ(v.influences[0].quantized_weight, 20);
  EXPECT_EQ(v.influences[1].bone, 3);
  EXPECT_EQ(v.influences[2].bone, 2);
}

TEST(Skin, EachValidityRuleHasItsStatus) {
  EXPECT_EQ(decode_skin_vertex(pack(30, 0, 0), U8x4{0, 0, 0, 0}, 2).status, SkinStatus::quantized_sum_mismatch);
  EXPECT_EQ(decode_skin_vertex(pack(31, 0, 0), U8x4{0, 5, 0, 0}, 4).status,
            SkinStatus::active_index_not_matrix_aligned);
  EXPECT_EQ(decode_skin_vertex(pack(31, 0, 0), U8x4{0, 8, 0, 0}, 2).status, SkinStatus::bone_index_out_of_range);
  EXPECT_EQ(decode_skin_vertex(pack(16, 15, 0), U8x4{0, 4, 4, 0}, 2).status, SkinStatus::duplicate_active_bone);
}

TEST(Skin, ZeroWeightLanesMayHoldPlaceholders) {
  // Lane z holds 0x5 (not matrix aligned) but its weight is 0: not an influence.
  const SkinVertex v = decode_skin_vertex(pack(31, 0, 0), U8x4{0, 4, 5, 200}, 2);
  EXPECT_EQ(v.status, SkinStatus::ok);
  EXPECT_EQ(v.influence_count, 1);
}

TEST(Skin, LaneXTakesNoPartInDecoding) {
  // The DMC Rengine regression: lane x = 0xA5 must decode the same as x = 0.
  const SkinVertex a = decode_skin_vertex(pack(20, 11, 0), U8x4{0x00, 4, 0, 0}, 2);
  const SkinVertex b = decode_skin_vertex(pack(20, 11, 0), U8x4{0xA5, 4, 0, 0}, 2);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.influence_count, b.influence_count);
  EXPECT_EQ(a.influences[0].bone, b.influences[0].bone);
  EXPECT_EQ(a.influences[1].bone, b.influences[1].bone);
}

// summarize_skin tests the four rules branch-free and calls decode_skin_vertex
// only on a failure: both must agree on every vertex, counts included.
TEST(Skin, SummaryAgreesWithTheRuleByRuleDecoder) {
  const std::array<unsigned, 6> qs = {0, 1, 15, 16, 30, 31};
  const std::array<uint8_t, 7> lane_values = {0, 1, 4, 8, 12, 252, 255};
  size_t cases = 0;
  for (unsigned nodes : {0u, 2u, 3u, 64u})
    for (unsigned q0 : qs) for (unsigned q1 : qs) for (unsigned q2 : qs)
      for (uint8_t l1 : lane_values) for (uint8_t l2 : lane_values) for (uint8_t l3 : lane_values) {
        Mesh m;
        m.control = {pack(q0, q1, q2, (l1 & 1) != 0)};
        m.blend_indices = {U8x4{l3, l1, l2, l3}};
        const SkinVertex v = decode_skin_vertex(m.control[0], m.blend_indices[0], nodes);
        const SkinSummary s = summarize_skin(m, nodes);
        ASSERT_EQ(s.failures, v.status == SkinStatus::ok ? 0u : 1u) << q0 << " " << q1 << " " << q2 << " " << int(l1);
        ASSERT_EQ(s.first_failure, v.status);
        ASSERT_EQ(s.influence_histogram[v.influence_count], v.status == SkinStatus::ok ? 1u : 0u);
        ASSERT_EQ(s.strip_breaks, v.strip_break ? 1u : 0u);
        ASSERT_EQ(s.lane0_nonzero, l3 != 0 ? 1u : 0u);
        ASSERT_EQ(s.sum_mismatches, q0 + q1 + q2 != 31 ? 1u : 0u);
        ASSERT_EQ(s.non_increasing_violations, q0 >= q1 && q1 >= q2 ? 0u : 1u);
        ++cases;
      }
  EXPECT_EQ(cases, 4u * 216 * 343);
}

// Long meshes cross the counting pass's 16-bit blocks and vector chunks at
// every length; node counts past 64 make every aligned lane a bone.
TEST(Skin, SummaryOfLongMeshesMatchesTheDecoderVertexByVertex) {
  uint32_t state = 12345;
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  for (const size_t n : {size_t{1}, size_t{63}, size_t{600}, size_t{16384}, size_t{16385}, size_t{40001}})
    for (unsigned nodes : {0u, 5u, 64u, 100u}) {
      Mesh m;
      for (size_t i = 0; i < n; ++i) {
        const uint32_t r = next();
        // Mostly well-formed vertices (weights summing to 31, aligned lanes), some not.
        const unsigned q0 = 16 + (r & 15), q1 = (r >> 4) % (32 - q0);
        const unsigned q2 = (r >> 9) % 4 == 0 ? (r >> 11) & 31 : 31 - q0 - q1;
        m.control.push_back(pack(q0, q1, q2, (r >> 16) % 5 == 0));
        const auto lane = [&](unsigned shift) { return static_cast<uint8_t>((r >> shift) % 7 == 0 ? (r >> shift) : ((r >> shift) & 15) * 4); };
        m.blend_indices.push_back(U8x4{static_cast<uint8_t>((r >> 30) == 0 ? 1 : 0), lane(17), lane(21), lane(25)});
      }
      SkinSummary expected;
      for (size_t i = 0; i < n; ++i) {
        const SkinVertex v = decode_skin_vertex(m.control[i], m.blend_indices[i], nodes);
        const unsigned q0 = m.control[i] & 31u, q1 = (m.control[i] >> 5) & 31u, q2 = (m.control[i] >> 10) & 31u;
        if (v.status != SkinStatus::ok) {
          if (expected.failures++ == 0) {
            expected.first_failure = v.status;
            expected.first_failure_vertex = static_cast<uint32_t>(i);
          }
        } else {
          ++expected.influence_histogram[v.influence_count];
        }
        expected.strip_breaks += v.strip_break;
        expected.lane0_nonzero += m.blend_indices[i][0] != 0;
        expected.sum_mismatches += q0 + q1 + q2 != 31;
        expected.non_increasing_violations += !(q0 >= q1 && q1 >= q2);
      }
      const SkinSummary s = summarize_skin(m, nodes);
      const std::string where = std::to_string(n) + " vertices, " + std::to_string(nodes) + " nodes";
      EXPECT_EQ(s.failures, expected.failures) << where;
      EXPECT_EQ(s.first_failure, expected.first_failure) << where;
      EXPECT_EQ(s.first_failure_vertex, expected.first_failure_vertex) << where;
      EXPECT_EQ(s.influence_histogram, expected.influence_histogram) << where;
      EXPECT_EQ(s.strip_breaks, expected.strip_breaks) << where;
      EXPECT_EQ(s.lane0_nonzero, expected.lane0_nonzero) << where;
      EXPECT_EQ(s.sum_mismatches, expected.sum_mismatches) << where;
      EXPECT_EQ(s.non_increasing_violations, expected.non_increasing_violations) << where;
      if (n >= 600 && nodes >= 5) {  // the mix reaches every class
        EXPECT_GT(expected.influence_histogram[3], 0u) << where;
        EXPECT_GT(expected.failures, 0u) << where;
      }
    }
}

TEST(Topology, PostLoadWorkedExampleGivesNineWords) {
  const std::vector<uint16_t> words = {0, 1, 2, 3, 0x8004, 5};
  EXPECT_EQ(generate_postload_words(words), (std::vector<uint16_t>{0, 1, 2, 3, 3, 3, 3, 4, 5}));
}

TEST(Topology, UnbrokenStripEmitsExactlyNWords) {
  std::vector<uint16_t> words(10, 0x001F);
  const auto out = generate_postload_words(words);
  ASSERT_EQ(out.size(), 10u);
  for (uint16_t i = 0; i < 10; ++i) EXPECT_EQ(out[i], i);
}

TEST(Topology, GeneratedWordsAlwaysFitTheWorkspace) {
  // Worst case: alternate breaks. The capacity align16(6(n-2)) holds 3(n-2) words.
  for (uint16_t n = 3; n < 200; ++n) {
    std::vector<uint16_t> words(n);
    for (uint16_t i = 0; i < n; ++i) words[i] = (i % 2) ? 0x8000 : 0;
    EXPECT_LE(generate_postload_words(words).size() * 2, workspace_capacity(n)) << n;
  }
}

TEST(Topology, StripTrianglesSkipBrokenIndices) {
  const std::vector<uint16_t> words = {0, 1, 2, 3, 0x8004, 5};
  const auto tris = strip_triangles(words);
  ASSERT_EQ(tris.size(), 3u);
  EXPECT_EQ(tris[0], (std::array<uint16_t, 3>{0, 1, 2}));
  EXPECT_EQ(tris[1], (std::array<uint16_t, 3>{1, 2, 3}));
  EXPECT_EQ(tris[2], (std::array<uint16_t, 3>{3, 4, 5}));
}

TEST(Workspace, CapacityFormula) {
  EXPECT_EQ(workspace_capacity(0), 0u);
  EXPECT_EQ(workspace_capacity(2), 0u);
  EXPECT_EQ(workspace_capacity(3), 16u);
  EXPECT_EQ(workspace_capacity(6), 32u);  // 24 -> 32
  EXPECT_EQ(workspace_capacity(773), align_up(6 * 771, 16));
}

NodeBlock chain(std::vector<uint8_t> order, std::vector<uint8_t> parents) {
  NodeBlock nb;
  nb.order = std::move(order);
  nb.parents = std::move(parents);
  nb.motion_groups.assign(nb.order.size(), 0);
  nb.transforms.resize(nb.order.size());
  return nb;
}

TEST(Nodes, PermutationAndTopologicalChecks) {
  EXPECT_TRUE(order_is_permutation(chain({2, 0, 1}, {0xFF, 2, 0})));
  EXPECT_FALSE(order_is_permutation(chain({0, 0, 1}, {0xFF, 0, 0})));
  EXPECT_FALSE(first_non_topological_position(chain({2, 0, 1}, {0xFF, 2, 0})));
  EXPECT_EQ(first_non_topological_position(chain({0, 1}, {0, 0})), 0u);      // position 0 not a root
  EXPECT_EQ(first_non_topological_position(chain({0, 1, 2}, {0xFF, 2, 0})), 1u);  // parent 2 not yet evaluated
}

TEST(Nodes, EulerOrderIsXThenYThenZ) {
  // v = (0,1,0), rotation x = y = 90 deg. X first: (0,1,0) -> (0,0,1) -> (1,0,0).
  // The rejected Rz*Ry*Rx order would give (0,0,1).
  TransformRecord t;
  const float half_pi = 1.57079632679f;
  t.set_f32(xf::rx, half_pi);
  t.set_f32(xf::rx + 1, half_pi);
  const Mat4 m = local_matrix(t);
  const std::array<double, 3> v = {0, 1, 0};
  std::array<double, 3> r{};
  for (int c = 0; c < 3; ++c)
    for (int k = 0; k < 3; ++k) r[static_cast<size_t>(c)] += v[static_cast<size_t>(k)] * m.at(k, c);
  EXPECT_NEAR(r[0], 1.0, 1e-6);
  EXPECT_NEAR(r[1], 0.0, 1e-6);
  EXPECT_NEAR(r[2], 0.0, 1e-6);
}

TEST(Nodes, WorldMatricesComposeLocalTimesParentInEvaluationOrder) {
  // Node 1 is the root (position 0), node 0 its child (position 1).
  NodeBlock nb = chain({1, 0}, {0xFF, 1});
  nb.transforms[1].set_f32(xf::tx, 10.f);                      // root at x = 10
  nb.transforms[1].set_f32(xf::rx + 2, 1.57079632679f);        // rotated 90 deg about z
  nb.transforms[0].set_f32(xf::tx, 1.f);                       // child one unit along local x
  const auto world = world_matrices(nb);
  ASSERT_TRUE(world);
  // Row 3 is the node position: child's local x maps to the root's +y.
  EXPECT_NEAR((*world)[0].at(3, 0), 10.0, 1e-6);
  EXPECT_NEAR((*world)[0].at(3, 1), 1.0, 1e-6);
  EXPECT_NEAR((*world)[1].at(3, 0), 10.0, 1e-6);
  EXPECT_FALSE(world_matrices(chain({0, 0}, {0xFF, 0})));
}

TEST(SourceFlags, DecodesTheEvidencedBitsAndNamesNoOthers) {
  const SourceFlags legacy = decode_source_flags(0x00100001);
  EXPECT_EQ(legacy.blend_name, "normal");
  EXPECT_EQ(legacy.gs_alpha, 0x44u);
  EXPECT_EQ(legacy.gs_test, 0x5010Du);
  EXPECT_FALSE(legacy.depth_write_masked);
  const SourceFlags subtractive = decode_source_flags(0x3);
  EXPECT_EQ(subtractive.gs_alpha, 0x42u);
  EXPECT_EQ(subtractive.gs_test, 0x5000Du);
  EXPECT_TRUE(subtractive.depth_write_masked);  // bit 20 clear, mode non-zero
  EXPECT_TRUE(decode_source_flags(0x4).alpha_test_gs_value);
  EXPECT_TRUE(decode_source_flags(0x00200000).bit_200000);
  EXPECT_TRUE(decode_source_flags(0x00000400).conditional_params_live);
  EXPECT_EQ(decode_source_flags(0x80000000).unexplained_bits, 0x80000000u);
  EXPECT_EQ(decode_source_flags(0x00020000).unexplained_bits, 0u);
}

}  // namespace
}  // namespace meshgate::mod
