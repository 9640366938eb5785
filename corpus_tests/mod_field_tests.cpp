// Field-level tests of the MOD parser on the spec §8 canonical fixture.
#include <gtest/gtest.h>

#include <cmath>

#include "corpus_tests/fixtures.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate::mod {
namespace {

using testing::canonical_minimal_mod;

class CanonicalFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    bytes = canonical_minimal_mod();
    result = parse_mod(bytes);
    ASSERT_TRUE(result.ok()) << (result.diagnostics.empty() ? "" : result.diagnostics[0].message);
  }
  const Model& model() const { return *result.model; }
  std::vector<std::byte> bytes;
  ParseResult result;
};

TEST_F(CanonicalFixture, HeaderFields) {
  const HeaderRecord& h = model().header;
  EXPECT_FLOAT_EQ(h.get_f32(hdr::version), 1.01f);
  EXPECT_EQ(h.get(hdr::object_count), 1u);
  EXPECT_EQ(h.get(hdr::node_count), 1u);
  EXPECT_EQ(h.get(hdr::texture_slot_count), 8u);
  EXPECT_EQ(h.get(hdr::default_joint), 0x5Au);
  EXPECT_EQ(h.get(hdr::runtime_metadata), 0x12345678u);
  EXPECT_EQ(h.get(hdr::document_offset), 0x200u);
  EXPECT_EQ(model().file_size, 0x260u);
}

TEST_F(CanonicalFixture, ObjectFields) {
  ASSERT_EQ(model().objects.size(), 1u);
  const ObjectRecord& o = model().objects[0].record;
  EXPECT_EQ(o.get(obj::mesh_count), 1u);
  EXPECT_EQ(o.get(obj::alpha), 0x90u);
  EXPECT_EQ(o.get(obj::aggregate_count), 1u);
  EXPECT_EQ(o.get(obj::mesh_table_offset), 0x80u);
  EXPECT_EQ(o.get(obj::flags), 0x4000u);
  EXPECT_FLOAT_EQ(o.get_f32(obj::center_x), 10.f);
  EXPECT_FLOAT_EQ(o.get_f32(obj::center_y), -20.f);
  EXPECT_FLOAT_EQ(o.get_f32(obj::center_z), 30.f);
  EXPECT_FLOAT_EQ(o.get_f32(obj::radius), 42.5f);
}

TEST_F(CanonicalFixture, MeshFieldsAndTheRecordRelativeWorkspace) {
  const Mesh& m = model().objects[0].meshes.at(0);
  EXPECT_EQ(m.record.get(mesh::vertex_count), 1u);
  EXPECT_EQ(m.record.get(mesh::texture_slot), 7u);
  for (size_t c = 0; c < 4; ++c) EXPECT_EQ(m.record.get(mesh::clamp_first + c), c + 1);
  const std::array<uint64_t, 5> offsets = {0xD0, 0xE0, 0xF0, 0x100, 0x110};
  for (size_t s = 0; s < 5; ++s) EXPECT_EQ(stream_offset(m.record, s), offsets[s]);
  EXPECT_EQ(m.record.get(mesh::workspace_rel), 0xA0u);
  EXPECT_EQ(workspace_offset(0x80, m.record), 0x120u);  // record + rel, not file-relative 0xA0
  EXPECT_EQ(result.meshes.at(0).workspace_offset, 0x120u);
  EXPECT_TRUE(m.workspace.empty());  // n = 1: capacity 0
}

TEST_F(CanonicalFixture, StreamsDecode) {
  const Mesh& m = model().objects[0].meshes.at(0);
  EXPECT_FLOAT_EQ(f32_from_bits(m.positions[0][0]), 1.f);
  EXPECT_FLOAT_EQ(f32_from_bits(m.positions[0][2]), 3.f);
  EXPECT_FLOAT_EQ(f32_from_bits(m.normals[0][1]), 1.f);
  EXPECT_EQ(m.uv[0][0], 4096);  // 1.0 at /4096
  EXPECT_EQ(m.uv[0][1], 2048);
  EXPECT_EQ(m.control[0], 0x001F);
  EXPECT_EQ(result.meshes[0].skin.failures, 0u);
  EXPECT_EQ(result.meshes[0].skin.influence_histogram[1], 1u);
}

TEST_F(CanonicalFixture, NodeBlock) {
  const NodeBlock& nb = model().nodes;
  EXPECT_EQ(nb.header.get(node::parent_rel), 0x20u);
  EXPECT_EQ(nb.header.get(node::transform_rel), 0x30u);
  EXPECT_EQ(nb.parents, std::vector<uint8_t>{0xFF});
  EXPECT_EQ(nb.order, std::vector<uint8_t>{0});
  EXPECT_EQ(nb.motion_groups, std::vector<uint8_t>{0});
  ASSERT_EQ(nb.transforms.size(), 1u);
}

TEST_F(CanonicalFixture, OnlyTheOutOfRangeDefaultJointIsReported) {
  // 0x5A with one node: the JntNo fallback itself would index past currentWorld.
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].code, "mod.default-joint-out-of-range");
  EXPECT_EQ(result.diagnostics[0].offset, 0x13u);
}

TEST_F(CanonicalFixture, CoverageCountsLeafFieldsOnly) {
  // header 0x40 + object 0x40 + mesh 0x50 + streams 34 + node header 0x20 +
  // three 1-byte arrays + one 0x20 transform.
  EXPECT_EQ(result.coverage.covered_bytes, 0x40u + 0x40 + 0x50 + 34 + 0x20 + 3 + 0x20);
  EXPECT_EQ(result.coverage.uncovered_bytes, 0x260u - result.coverage.covered_bytes);
  EXPECT_EQ(result.coverage.overlap_count, 0u);
  EXPECT_EQ(result.coverage.uncovered.back().begin, 0x250u);
  EXPECT_EQ(result.coverage.uncovered.back().kind, GapKind::trailing);
  EXPECT_EQ(result.coverage_map.path_at(0x82), "objects[0].meshes[0].texture_slot");
  EXPECT_EQ(result.coverage_map.path_at(0x7C), "objects[0].bounding_radius");
}

TEST_F(CanonicalFixture, WriterReproducesTheFixture) {
  const WriteResult w = write_mod(model());
  ASSERT_TRUE(w.ok()) << w.error->message;
  EXPECT_EQ(w.bytes, bytes);
}

TEST(ModParser, ObservedZeroFieldsAreKeptWhenNonZero) {
  auto b = canonical_minimal_mod();
  testing::put(b, 0x08, 0x0102030405060708, 8);  // header_08_0f
  testing::put(b, 0x8C, 0xCAFEF00D, 4);          // mesh +0x0C preserved0c
  testing::put(b, 0x24C, 0x3F800001, 4);         // transform +0x1C
  testing::put(b, 0x212, 0x77, 1);               // node header secondary shell byte
  testing::put(b, 0x258, 0xAB, 1);               // trailing gap byte
  const ParseResult r = parse_mod(b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model->objects[0].meshes[0].record.get(mesh::preserved0c), 0xCAFEF00Du);
  const WriteResult w = write_mod(*r.model);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w.bytes, b);
}

TEST(ModParser, AcceptsEveryKnownVersionWithoutWarning) {
  for (float v : kKnownVersions) {
    auto b = canonical_minimal_mod();
    testing::put_f32(b, 0x04, v);
    const ParseResult r = parse_mod(b);
    ASSERT_TRUE(r.ok());
    for (const Diagnostic& d : r.diagnostics) EXPECT_NE(d.code, "mod.unconfirmed-version") << v;
  }
}

TEST(ModParser, StrictModeTurnsWarningsIntoErrors) {
  const auto b = canonical_minimal_mod();
  EXPECT_TRUE(parse_mod(b).ok());
  const ParseResult strict = parse_mod(b, {.strict = true});
  EXPECT_FALSE(strict.ok());
  ASSERT_FALSE(strict.diagnostics.empty());
  EXPECT_EQ(strict.diagnostics[0].severity, Severity::error);
}

TEST(ModParser, EveryTruncationIsACleanError) {
  const auto full = canonical_minimal_mod();
  for (size_t size = 0; size < full.size(); ++size) {
    std::vector<std::byte> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(size));
    const ParseResult r = parse_mod(cut);
    if (!r.ok()) {
      ASSERT_FALSE(r.diagnostics.empty()) << size;
      EXPECT_EQ(r.diagnostics.back().severity, Severity::error);
      EXPECT_LE(r.diagnostics.back().offset, full.size());
    } else {  // the trailing gap may be cut: what parses must round-trip
      const WriteResult w = write_mod(*r.model);
      ASSERT_TRUE(w.ok());
      EXPECT_EQ(w.bytes, cut);
    }
  }
}

}  // namespace
}  // namespace meshgate::mod
