// `meshgate set`: exactly the field's bytes change, values are type-checked,
// f32 values are written exactly (or the nearest float is named), and a field
// of a model nested in an archive is found through the archive's directory.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "change/field_diff.hpp"
#include "change/field_set.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate {
namespace {

std::vector<size_t> differing_bytes(const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
  std::vector<size_t> out;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i]) out.push_back(i);
  return out;
}

TEST(FieldSet, ExactlyTheFieldsBytesChange) {
  const SynthFile f = mod::synth_mod_corpus(6, 1).front();
  const SetResult r = apply_assignments(f.name, f.bytes, nres::Profile::compatible,
                                        {{"objects[0].bounding_radius", "0.625"}, {"header.default_joint_index", "0x0"}});
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_EQ(r.edits.size(), 2u);
  EXPECT_EQ(r.bytes.size(), f.bytes.size());
  // 0.625 = 0x3F200000: its bytes where they differ from the old radius, and nothing else.
  const uint64_t at = r.edits[0].offset;
  float radius;
  std::memcpy(&radius, r.bytes.data() + at, 4);
  EXPECT_EQ(radius, 0.625f);
  for (size_t i : differing_bytes(f.bytes, r.bytes)) EXPECT_TRUE(i >= at && i < at + 4) << "byte " << i << " changed";
  EXPECT_TRUE(r.notes.empty());
  // The diff of the result names exactly that field.
  const auto d = diff_trees(diff_sides(f.name, f.bytes, nres::Profile::compatible),
                            diff_sides(f.name, r.bytes, nres::Profile::compatible));
  ASSERT_EQ(d[0].fields.size(), 1u);
  EXPECT_EQ(d[0].fields[0].path, "objects[0].bounding_radius");
}

TEST(FieldSet, ValuesAreTypeChecked) {
  const SynthFile f = mod::synth_mod_corpus(6, 1).front();
  for (const FieldAssignment& a : std::vector<FieldAssignment>{{"header.default_joint_index", "256"},
                                                               {"header.default_joint_index", "-1"},
                                                               {"header.default_joint_index", "one"},
                                                               {"header.magic", "4d4f44"},
                                                               {"header.magic", "zz4f4420"},
                                                               {"objects[0].bounding_radius", "1e40"},
                                                               {"objects[0].bounding_radius", "0x1122334455"},
                                                               {"objects[0].meshes[0].positions", "1"},
                                                               {"objects[99].bounding_radius", "1"}}) {
    const SetResult r = apply_assignments(f.name, f.bytes, nres::Profile::compatible, {a});
    EXPECT_EQ(r.errors.size(), 1u) << a.path << "=" << a.value;
    EXPECT_EQ(r.bytes, f.bytes) << a.path << "=" << a.value;
  }
  // f32: the nearest float is named when the decimal is not one; 0x sets raw bits (a NaN payload too).
  const SetResult tenth = apply_assignments(f.name, f.bytes, nres::Profile::compatible, {{"objects[0].bounding_radius", "0.1"}});
  ASSERT_EQ(tenth.notes.size(), 1u);
  EXPECT_NE(tenth.notes[0].find("0.100000001"), std::string::npos) << tenth.notes[0];
  const SetResult nan = apply_assignments(f.name, f.bytes, nres::Profile::compatible, {{"objects[0].bounding_radius", "0x7fc00123"}});
  ASSERT_TRUE(nan.errors.empty());
  uint32_t bits;
  std::memcpy(&bits, nan.bytes.data() + nan.edits[0].offset, 4);
  EXPECT_EQ(bits, 0x7fc00123u);
  // Signed fields take negative values.
  const auto msh_model = msh::synth_msh_corpus(6, 1).front();
  const SetResult neg = apply_assignments(msh_model.name, msh_model.bytes, nres::Profile::compatible, {{"res8[0].rotation_0", "-32767"}});
  ASSERT_TRUE(neg.errors.empty()) << neg.errors.front();
  int16_t v;
  std::memcpy(&v, neg.bytes.data() + neg.edits[0].offset, 2);
  EXPECT_EQ(v, -32767);
}

TEST(FieldSet, ANestedModelsFieldIsFoundThroughTheArchive) {
  const auto corpus = msh::synth_msh_corpus(4, 10);
  const SynthFile& pack = corpus.back();
  const auto sides = diff_sides(pack.name, pack.bytes, nres::Profile::compatible);
  ASSERT_GT(sides.size(), 2u);
  const std::string entry = sides[2].key.substr(1);  // "!MODEL01.MSH" -> "MODEL01.MSH"
  const SetResult r = apply_assignments(pack.name, pack.bytes, nres::Profile::compatible,
                                        {{entry + "!res2.header.sphere_radius", "123.5"}});
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  const auto d = diff_trees(sides, diff_sides(pack.name, r.bytes, nres::Profile::compatible));
  size_t differing = 0;
  for (const FileDiff& x : d) {
    if (x.equal()) continue;
    ++differing;
    EXPECT_EQ(x.key, sides[2].key);
    ASSERT_EQ(x.fields.size(), 1u);
    EXPECT_EQ(x.fields[0].path, "res2.header.sphere_radius");
    EXPECT_EQ(x.fields[0].new_value.get<double>(), 123.5);
  }
  EXPECT_EQ(differing, 1u);
  EXPECT_EQ(apply_assignments(pack.name, pack.bytes, nres::Profile::compatible, {{"NOPE.MSH!res2.header.sphere_radius", "1"}})
                .errors.size(),
            1u);
}

// A member of an NBZ/ZIP volume is listed (roundtrip names it) but never
// rewritten: set says the volume is read-only, as dump and rebuild do,
// rather than that the member is not there.
TEST(FieldSet, AVolumesMemberIsReadOnly) {
  const std::vector<std::byte> mod = mod::synth_mod_corpus(6, 1).front().bytes;
  const std::vector<std::byte> inner = zip::write_volume({{"a.mod", mod, true}});
  const std::vector<std::byte> outer = zip::write_volume({{"dir/a.mod", mod, false}, {"inner.nbz", inner, false}});
  for (const std::string path : {"dir/a.mod!header.default_joint_index", "inner.nbz!a.mod!header.default_joint_index",
                                 "header.default_joint_index"}) {
    const SetResult r = apply_assignments("v.zip", outer, nres::Profile::compatible, {{path, "0"}});
    ASSERT_EQ(r.errors.size(), 1u) << path;
    EXPECT_NE(r.errors[0].find("v.zip: an NBZ/ZIP volume is read-only"), std::string::npos) << r.errors[0];
    EXPECT_TRUE(r.edits.empty());
  }
}

}  // namespace
}  // namespace meshgate
