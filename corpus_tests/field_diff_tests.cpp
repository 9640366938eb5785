// `meshgate diff`: a field poke is named by path with both offsets and values,
// a changed vertex by stream, index and largest difference, a changed
// uncovered byte by range; nested models pair by entry name; equal files
// have no change at all.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "parser/mod/mod_layout.hpp"
#include "change/field_diff.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/texm/texm_synth.hpp"

namespace meshgate {
namespace {

std::vector<FileDiff> diff(const std::string& name, const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
  return diff_trees(diff_sides(name, a, ParseProfile::compatible), diff_sides(name, b, ParseProfile::compatible));
}

void poke_f32(std::vector<std::byte>& b, uint64_t at, float v) {
  const auto bits = std::bit_cast<uint32_t>(v);
  std::memcpy(b.data() + at, &bits, 4);
}

TEST(FieldDiff, EqualFilesHaveNoChange) {
  const SynthFile f = mod::synth_mod_corpus(4, 1).front();
  const auto d = diff(f.name, f.bytes, f.bytes);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_TRUE(d[0].equal());
}

// A Texm level's value is its size ("32x8"), not an element count: it was
// read as a number and every diff of a texture failed (exit 2).
TEST(FieldDiff, ATextureLevelIsComparedAsBytes) {
  const SynthFile f = texm::synth_texm_corpus(4, 1).front();
  ASSERT_TRUE(f.name.ends_with(".texm")) << f.name;
  EXPECT_TRUE(diff(f.name, f.bytes, f.bytes).at(0).equal());
  std::vector<std::byte> changed = f.bytes;
  changed.back() ^= std::byte{0x5A};  // a texel of the last level
  const auto d = diff(f.name, f.bytes, changed);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_FALSE(d[0].equal());
}

TEST(FieldDiff, AFieldPokeIsNamedByPathWithBothValues) {
  const SynthFile f = mod::synth_mod_corpus(4, 1).front();
  std::vector<std::byte> edited = f.bytes;
  const uint64_t radius_at = mod::object_record_offset(0) + mod::kObjectSpec.fields[mod::obj::radius].offset;
  poke_f32(edited, radius_at, 0.625f);
  const auto d = diff(f.name, f.bytes, edited);
  ASSERT_EQ(d.size(), 1u);
  ASSERT_EQ(d[0].fields.size(), 1u);
  EXPECT_TRUE(d[0].streams.empty());
  const FieldChange& c = d[0].fields[0];
  EXPECT_EQ(c.path, "objects[0].bounding_radius");
  EXPECT_EQ(c.offset_a, radius_at);
  EXPECT_EQ(c.offset_b, radius_at);
  EXPECT_EQ(c.new_value.get<double>(), 0.625);
  EXPECT_EQ(c.status, "EXE_CONFIRMED");
}

TEST(FieldDiff, AChangedVertexIsNamedByStreamIndexAndLargestDifference) {
  const SynthFile f = mod::synth_mod_corpus(4, 1).front();
  std::vector<std::byte> edited = f.bytes;
  const auto side = diff_sides(f.name, f.bytes, ParseProfile::compatible);
  uint64_t positions = 0;
  for (const auto& field : side[0].fields)
    if (field["path"] == "objects[0].meshes[0].positions") positions = field["offset"];
  ASSERT_GT(positions, 0u);
  float y;
  std::memcpy(&y, edited.data() + positions + 12 * 5 + 4, 4);
  poke_f32(edited, positions + 12 * 5 + 4, y + 2.5f);  // vertex 5, component y
  const auto d = diff(f.name, f.bytes, edited);
  ASSERT_EQ(d[0].streams.size(), 1u);
  const StreamChange& s = d[0].streams[0];
  EXPECT_EQ(s.path, "objects[0].meshes[0].positions");
  EXPECT_EQ(s.changed, 1u);
  EXPECT_EQ(s.first_changed, 5u);
  ASSERT_EQ(s.max_abs_diff.size(), 3u);
  EXPECT_EQ(s.max_abs_diff[0], 0);
  EXPECT_NEAR(s.max_abs_diff[1], 2.5, 1e-5);
  EXPECT_EQ(s.max_abs_diff[2], 0);
  EXPECT_TRUE(d[0].fields.empty());
}

TEST(FieldDiff, NestedModelsPairByEntryNameAndOnlyTheChangedOneDiffers) {
  const auto corpus = msh::synth_msh_corpus(4, 10);
  const SynthFile& pack = corpus.back();
  ASSERT_TRUE(pack.name.ends_with(".rlb"));
  const auto sides = diff_sides(pack.name, pack.bytes, ParseProfile::compatible);
  ASSERT_GT(sides.size(), 2u);
  // Flip a position byte of the second nested model: its Res3 differs, nothing else does.
  const DiffSide& model = sides[2];
  uint64_t res3 = 0;
  for (const auto& field : model.fields)
    if (field["path"] == "res3.positions") res3 = field["offset"];
  ASSERT_GT(res3, 0u);
  std::vector<std::byte> edited = pack.bytes;
  const auto at = std::search(edited.begin(), edited.end(), model.bytes.begin(), model.bytes.end());
  ASSERT_NE(at, edited.end());
  *(at + static_cast<std::ptrdiff_t>(res3)) ^= std::byte{0x40};
  size_t differing = 0;
  for (const FileDiff& d : diff(pack.name, pack.bytes, edited)) {
    if (d.equal()) continue;
    ++differing;
    EXPECT_EQ(d.key, model.key);
    // The outer archive holds the model as an opaque payload: no field of its own changed.
    ASSERT_EQ(d.streams.size(), 1u);
    EXPECT_EQ(d.streams[0].path, "res3.positions");
    EXPECT_EQ(d.streams[0].first_changed, 0u);
  }
  EXPECT_EQ(differing, 1u);
}

TEST(FieldDiff, AnUncoveredByteChangeIsNamedByRange) {
  // Every fifth generated MOD has non-zero padding; index 3 is one.
  const SynthFile f = mod::synth_mod_corpus(4, 4).back();
  const auto side = diff_sides(f.name, f.bytes, ParseProfile::compatible);
  ASSERT_TRUE(side[0].uncovered && !side[0].uncovered->empty());
  const uint64_t start = (*side[0].uncovered)[0].begin;
  std::vector<std::byte> edited = f.bytes;
  edited[start] ^= std::byte{0xFF};
  const auto d = diff(f.name, f.bytes, edited);
  ASSERT_EQ(d[0].uncovered.size(), 1u);
  EXPECT_EQ(d[0].uncovered[0].start, start);
  EXPECT_EQ(d[0].uncovered[0].side, "both");
  EXPECT_TRUE(d[0].fields.empty() && d[0].streams.empty());
}

}  // namespace
}  // namespace meshgate
