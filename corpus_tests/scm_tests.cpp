// DMC3 SCM stage models: one negative test per code (the companion codes
// through check_companion), the synthetic corpus round trip with every byte
// covered and the canonical layout, the §6 placement computed by hand, the
// §8 triangles and runtime generator, the two Euler readings, and the glTF
// export's nodes, instancing and colours.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "export/gltf_export.hpp"
#include "parser/scm/scm_diagnostic_codes.hpp"
#include "parser/scm/scm_layout.hpp"
#include "parser/scm/scm_parser.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"
#include "synth/scm/scm_synth.hpp"
#include "writer/scm/scm_writer.hpp"

namespace meshgate::scm {
namespace {

bool is_companion_code(std::string_view code) {
  return std::any_of(codes::kCompanionOnly.begin(), codes::kCompanionOnly.end(),
                     [&](const DiagnosticCode& c) { return c.code == code; });
}

class ScmMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(ScmMalformed, VariantRaisesItsCode) {
  const DiagnosticCode& code = GetParam();
  if (is_companion_code(code.code)) {
    const auto cases = scm_companion_cases(3);
    auto it = std::find_if(cases.begin(), cases.end(), [&](const CompanionCase& c) { return c.expected_code == code.code; });
    ASSERT_NE(it, cases.end());
    const ParseResult r = parse_scm(it->file);
    ASSERT_TRUE(r.ok());
    const auto found = check_companion(*r.model, it->companion_textures);
    EXPECT_TRUE(std::any_of(found.begin(), found.end(), [&](const Diagnostic& d) {
      return d.code == code.code && d.severity == code.severity;
    })) << code.code;
    EXPECT_TRUE(check_companion(*r.model, r.model->header.get(hdr::texture_mirror)).empty());
    return;
  }
  testing::expect_variant_raises(code, malformed_scm_cases(3),
                                 [](Bytes b, bool strict) { return parse_scm(b, {.strict = strict}); },
                                 [](const ParseResult& r, Bytes b) { return testing::same_bytes(write_scm(*r.model), b); });
}

INSTANTIATE_TEST_SUITE_P(EveryCode, ScmMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           std::string name(p.param.code);
                           std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                           return name;
                         });

TEST(ScmRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_scm_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  for (const CompanionCase& c : scm_companion_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
}

TEST(ScmCorpus, EveryModelRoundTripsCanonicallyWithEveryByteCovered) {
  std::set<float> versions;
  uint64_t multi_axis = 0, helpers = 0, instanced = 0, breaks = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    const std::vector<std::byte> bytes = build_scm(random_scm_model(11, i));
    const ParseResult r = parse_scm(bytes);
    ASSERT_TRUE(r.ok()) << i << ": " << r.diagnostics.front().message;
    EXPECT_TRUE(r.diagnostics.empty()) << i << ": " << r.diagnostics.front().code;
    EXPECT_TRUE(r.canonical_layout) << i;
    // Every byte is a field, a stream, a workspace or alignment padding.
    for (const UncoveredRange& u : r.coverage.uncovered) {
      EXPECT_EQ(u.kind, GapKind::alignment_padding) << i << " at " << u.begin;
      EXPECT_LT(u.end - u.begin, 16u) << i;
    }
    const WriteResult w = write_scm(*r.model);
    ASSERT_TRUE(w.ok()) << i;
    EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), bytes.begin(), bytes.end())) << i;
    const WriteResult c = write_scm(canonical_model(*r.model).model);
    EXPECT_TRUE(std::equal(c.bytes.begin(), c.bytes.end(), bytes.begin(), bytes.end())) << "canonical " << i;
    versions.insert(r.model->header.get_f32(hdr::version));
    multi_axis += rotation_reach(r.model->scene).multi_axis;
    std::map<int, int> bound;
    for (int8_t b : r.model->scene.bindings) {
      helpers += b < 0;
      if (b >= 0) instanced += ++bound[b] == 2;
    }
    for (const Object& o : r.model->objects)
      for (const Mesh& m : o.meshes)
        for (const U8x4& colour : m.colour) breaks += breaks_strip(colour);
  }
  EXPECT_EQ(versions.size(), 4u);
  EXPECT_GT(multi_axis, 0u);
  EXPECT_GT(helpers, 0u);
  EXPECT_GT(instanced, 0u);
  EXPECT_GT(breaks, 0u);
}

// Spec §6 by hand: two objects, the first with meshes of 5 and 2 vertices,
// the second with one of 3; N = 3.
TEST(ScmLayout, CanonicalPlacementGroupsStreamsByKind) {
  const CanonicalPlacement p = canonical_placement({{5, 2}, {3}}, 3);
  // object table 0x40 + 2*0x40 = 0xC0; mesh table 2*0x50 -> 0x160
  EXPECT_EQ(p.objects[0].mesh_table, 0xC0u);
  EXPECT_EQ(p.objects[0].meshes[1].record, 0x110u);
  EXPECT_EQ(p.objects[0].meshes[0].streams[stream::positions], 0x160u);  // 60 bytes -> 0x1A0
  EXPECT_EQ(p.objects[0].meshes[1].streams[stream::positions], 0x1A0u);  // 24 -> 0x1C0
  EXPECT_EQ(p.objects[0].meshes[0].streams[stream::normals], 0x1C0u);    // 60 -> 0x200
  EXPECT_EQ(p.objects[0].meshes[1].streams[stream::normals], 0x200u);    // 24 -> 0x220
  EXPECT_EQ(p.objects[0].meshes[0].streams[stream::uv], 0x220u);         // 20 -> 0x240
  EXPECT_EQ(p.objects[0].meshes[1].streams[stream::uv], 0x240u);         // 8 -> 0x250
  EXPECT_EQ(p.objects[0].meshes[0].streams[stream::colour], 0x250u);     // 20 -> 0x270
  EXPECT_EQ(p.objects[0].meshes[1].streams[stream::colour], 0x270u);     // 8 -> 0x280
  EXPECT_EQ(p.objects[1].mesh_table, 0x280u);                            // 0x50 -> 0x2D0
  EXPECT_EQ(p.objects[1].meshes[0].streams[stream::positions], 0x2D0u);  // 36 -> 0x300
  EXPECT_EQ(p.objects[1].meshes[0].streams[stream::colour], 0x340u);     // nrm 0x300, uv 0x330; 12 -> 0x350
  EXPECT_EQ(p.scene_block, 0x350u);
  EXPECT_EQ(p.scene, (SceneRelatives{0x20, 0x24, 0x28, 0x30}));
  // transforms 0x350 + 0x30 + 3*0x20 = 0x3E0; workspaces 0x20 (n=5), 0 (n=2), 0x10 (n=3)
  EXPECT_EQ(p.objects[0].meshes[0].workspace, 0x3E0u);
  EXPECT_EQ(p.objects[0].meshes[1].workspace, 0x400u);
  EXPECT_EQ(p.objects[1].meshes[0].workspace, 0x400u);
  EXPECT_EQ(p.end, 0x410u);
  EXPECT_EQ(workspace_capacity(2), 0u);
  EXPECT_EQ(workspace_capacity(3), 16u);
  EXPECT_EQ(workspace_capacity(10), 48u);
}

Mesh strip_mesh(std::vector<uint8_t> topology) {
  Mesh m;
  for (size_t i = 0; i < topology.size(); ++i) {
    const float x = static_cast<float>(i / 2), z = static_cast<float>(i % 2);
    m.positions.push_back({f32_to_bits(x), 0, f32_to_bits(z)});
    m.normals.push_back({0, f32_to_bits(1.0f), 0});
    m.colour.push_back({0, 0, 0, topology[i]});
  }
  return m;
}

// Spec §8: triangle (i-2, i-1, i) where bit 0x02 of T[i] is clear, i >= 2;
// the generator bridges runs with a degenerate pair.
TEST(ScmTopology, BreakBitsCutTheStripAndTheGeneratorBridgesRuns) {
  const Mesh m = strip_mesh({2, 2, 0, 0, 2, 2, 0});
  const MeshFacing f = face_mesh(m, Winding::strip);
  ASSERT_EQ(f.triangles.size(), 3u);
  EXPECT_EQ(f.strips.size(), 2u);
  EXPECT_EQ(f.triangles[0], (std::array<uint16_t, 3>{0, 1, 2}));
  EXPECT_EQ(f.triangles[1], (std::array<uint16_t, 3>{2, 1, 3}));  // strict alternation
  EXPECT_EQ(f.triangles[2], (std::array<uint16_t, 3>{4, 5, 6}));
  EXPECT_EQ(generated_index_list(m), (std::vector<uint16_t>{0, 1, 2, 3, 3, 4, 4, 5, 6}));
  EXPECT_LE(generated_index_list(m).size(), 3 * (m.colour.size() - 2));
  // Under `normals`, every triangle faces +Y like its normals.
  for (const auto& t : face_mesh(m, Winding::normals).triangles) {
    const auto p = [&](size_t k) { return std::array<double, 3>{f32_from_bits(m.positions[t[k]][0]), 0, f32_from_bits(m.positions[t[k]][2])}; };
    const auto a = p(0), b = p(1), c = p(2);
    const double cross_y = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
    EXPECT_GT(cross_y, 0);
  }
}

// The two readings of the Euler conflict differ only for multi-axis rotations.
TEST(ScmScene, EulerReadingsAgreeOnOneAxisAndDifferOnTwo) {
  TransformRecord t;
  t.set_f32(xf::rx, 0.5f);
  const Mat4 a = local_matrix(t, EulerReading::xyz), b = local_matrix(t, EulerReading::zyx);
  for (size_t k = 0; k < 16; ++k) EXPECT_DOUBLE_EQ(a.m[k], b.m[k]);
  t.set_f32(xf::rx + 1, 0.7f);
  const Mat4 c = local_matrix(t, EulerReading::xyz), d = local_matrix(t, EulerReading::zyx);
  double diff = 0;
  for (size_t k = 0; k < 16; ++k) diff += std::fabs(c.m[k] - d.m[k]);
  EXPECT_GT(diff, 0.1);
  // Reading B applies X first: (0,1,0) turned about X by 0.5 then Y by 0.7.
  const double y1 = std::cos(0.5), z1 = std::sin(0.5);
  const std::array<double, 3> want{z1 * std::sin(0.7), y1, z1 * std::cos(0.7)};
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(c.at(1, j), want[static_cast<size_t>(j)], 1e-6);
  // The quaternion turns a vector as the matrix does (column vectors vs row vectors).
  const auto q = rotation_quaternion(t, EulerReading::xyz);
  const std::array<double, 3> v{0, 1, 0}, u{q[0], q[1], q[2]};
  const auto cross = [](const std::array<double, 3>& x, const std::array<double, 3>& y) {
    return std::array<double, 3>{x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
  };
  const auto t1 = cross(u, v);
  std::array<double, 3> t2{2 * t1[0], 2 * t1[1], 2 * t1[2]};
  const auto t3 = cross(u, t2);
  for (size_t j = 0; j < 3; ++j) EXPECT_NEAR(v[j] + q[3] * t2[j] + t3[j], want[j], 1e-6);
}

TEST(ScmExport, NodesPlaceObjectsWithTheirColoursAndTheReadingIsNamed) {
  Model model;
  for (uint64_t i = 0;; ++i) {
    model = *parse_scm(build_scm(random_scm_model(11, i))).model;
    if (model.scene.order.size() > model.objects.size() + 1) break;  // an instanced object
  }
  gltf::ExportOptions options;
  options.euler = EulerReading::zyx;
  const gltf::Exported e = gltf::export_scm(model, {}, options);
  ASSERT_TRUE(e.refused.empty());
  const tinygltf::Model& g = e.asset;
  ASSERT_GE(g.nodes.size(), model.scene.order.size());
  int placed = 0;
  for (size_t i = 0; i < model.scene.order.size(); ++i) {
    EXPECT_EQ(g.nodes[i].name, "scm_node_" + std::to_string(i));
    placed += g.nodes[i].mesh >= 0;
    if (model.scene.bindings[i] < 0) {
      EXPECT_EQ(g.nodes[i].mesh, -1);
    }
  }
  EXPECT_EQ(placed, static_cast<int>(model.objects.size()) + 1);  // object 0 twice
  for (const tinygltf::Mesh& m : g.meshes)
    for (const tinygltf::Primitive& p : m.primitives) EXPECT_TRUE(p.attributes.count("COLOR_0"));
  const auto& readings = g.asset.extras.Get("meshgate").Get("readings");
  EXPECT_EQ(readings.Get("scm_euler").Get<std::string>(), "zyx (A)");
}

TEST(ScmExport, ANonTopologicalSceneIsRefused) {
  const auto cases = malformed_scm_cases(3);
  auto it = std::find_if(cases.begin(), cases.end(), [](const MalformedCase& c) {
    return c.expected_code == codes::scene_hierarchy_not_topological.code;
  });
  ASSERT_NE(it, cases.end());
  const ParseResult r = parse_scm(it->file.bytes);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(gltf::export_scm(*r.model, it->file.bytes, {}).refused.empty());
}

}  // namespace
}  // namespace meshgate::scm
