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
