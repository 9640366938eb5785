// `meshgate set`: exactly the field's bytes change, values are type-checked,
// f32 values are written exactly (or the nearest float is named), and a field
// of a model nested in an archive is found through the archive's directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <optional>
#include <cstring>

#include "change/edit_check.hpp"
#include "change/field_diff.hpp"
#include "change/field_set.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/mot/actor_synth.hpp"
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
  const SetResult r = apply_assignments(f.name, f.bytes, ParseProfile::compatible,
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
  const auto d = diff_trees(diff_sides(f.name, f.bytes, ParseProfile::compatible),
                            diff_sides(f.name, r.bytes, ParseProfile::compatible));
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
    const SetResult r = apply_assignments(f.name, f.bytes, ParseProfile::compatible, {a});
    EXPECT_EQ(r.errors.size(), 1u) << a.path << "=" << a.value;
    EXPECT_EQ(r.bytes, f.bytes) << a.path << "=" << a.value;
  }
  // f32: the nearest float is named when the decimal is not one; 0x sets raw bits (a NaN payload too).
  const SetResult tenth = apply_assignments(f.name, f.bytes, ParseProfile::compatible, {{"objects[0].bounding_radius", "0.1"}});
  ASSERT_EQ(tenth.notes.size(), 1u);
  EXPECT_NE(tenth.notes[0].find("0.100000001"), std::string::npos) << tenth.notes[0];
  const SetResult nan = apply_assignments(f.name, f.bytes, ParseProfile::compatible, {{"objects[0].bounding_radius", "0x7fc00123"}});
  ASSERT_TRUE(nan.errors.empty());
  uint32_t bits;
  std::memcpy(&bits, nan.bytes.data() + nan.edits[0].offset, 4);
  EXPECT_EQ(bits, 0x7fc00123u);
  // Signed fields take negative values.
  const auto msh_model = msh::synth_msh_corpus(6, 1).front();
  const SetResult neg = apply_assignments(msh_model.name, msh_model.bytes, ParseProfile::compatible, {{"res8[0].rotation_0", "-32767"}});
  ASSERT_TRUE(neg.errors.empty()) << neg.errors.front();
  int16_t v;
  std::memcpy(&v, neg.bytes.data() + neg.edits[0].offset, 2);
  EXPECT_EQ(v, -32767);
}

TEST(FieldSet, ANestedModelsFieldIsFoundThroughTheArchive) {
  const auto corpus = msh::synth_msh_corpus(4, 10);
  const SynthFile& pack = corpus.back();
  const auto sides = diff_sides(pack.name, pack.bytes, ParseProfile::compatible);
  ASSERT_GT(sides.size(), 2u);
  const std::string entry = sides[2].key.substr(1);  // "!MODEL01.MSH" -> "MODEL01.MSH"
  const SetResult r = apply_assignments(pack.name, pack.bytes, ParseProfile::compatible,
                                        {{entry + "!res2.header.sphere_radius", "123.5"}});
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  const auto d = diff_trees(sides, diff_sides(pack.name, r.bytes, ParseProfile::compatible));
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
  EXPECT_EQ(apply_assignments(pack.name, pack.bytes, ParseProfile::compatible, {{"NOPE.MSH!res2.header.sphere_radius", "1"}})
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
    const SetResult r = apply_assignments("v.zip", outer, ParseProfile::compatible, {{path, "0"}});
    ASSERT_EQ(r.errors.size(), 1u) << path;
    EXPECT_NE(r.errors[0].find("v.zip: an NBZ/ZIP volume is read-only"), std::string::npos) << r.errors[0];
    EXPECT_TRUE(r.edits.empty());
  }
}


// The actor's PAC of `synth dmc3`: its MOD, its PTX and two MOTs, one per slot.
SynthFile actor_pac() {
  std::optional<SynthFile> pac;
  dmc3::synth_actor_corpus(28, 1, [&](SynthFile&& f) {
    if (f.name.ends_with(".pac")) pac = std::move(f);
    return true;
  });
  return *pac;
}

// The first slot of the PAC whose file is of `format` ("slot_0002").
std::string slot_of(const SynthFile& pac, Format format) {
  std::string slot;
  parse_tree("a.pac", pac.bytes, {}, [&](ParsedFile& f) {
    if (f.depth == 1 && f.format == format && slot.empty()) slot = f.path.substr(f.path.find('!') + 1);
  });
  return slot;
}

// A container's member is found by its address in the tree ("slot_0002!"),
// not by the container's own fields: the edit lands where the member lies,
// exactly as the same edit of the member as a loose file, shifted.
TEST(FieldSet, AContainersMemberIsFoundByItsAddress) {
  const SynthFile pac = actor_pac();
  for (const Format format : {Format::dmc3_mot, Format::dmc3_mod, Format::dmc3_ptx}) {
    const std::string slot = slot_of(pac, format);
    const NestedLookup member = find_nested("a.pac", pac.bytes, slot, {});
    ASSERT_TRUE(member.file && member.file->offset_in_outer) << member.error;
    const char* field = format == Format::dmc3_mot ? "header.raw_0C"
                        : format == Format::dmc3_mod ? "header.default_joint_index"
                                                     : "header.texture_count";
    const SetResult loose = apply_assignments(member.file->display, member.file->bytes, ParseProfile::compatible,
                                              {{field, "1"}}, member.file->origin);
    const SetResult nested = apply_assignments("a.pac", pac.bytes, ParseProfile::compatible,
                                               {{slot + "!" + field, "1"}});
    ASSERT_TRUE(loose.errors.empty() && nested.errors.empty()) << slot << "!" << field;
    ASSERT_EQ(nested.edits.size(), 1u);
    EXPECT_EQ(nested.edits[0].offset, *member.file->offset_in_outer + loose.edits[0].offset) << slot;
    EXPECT_EQ(nested.bytes, splice_nested(pac.bytes, *member.file->offset_in_outer, loose.bytes)) << slot;
  }
}

bool error_at(const std::vector<RoundTripOutcome>& outcomes, const std::string& path) {
  for (const RoundTripOutcome& o : outcomes)
    for (const Diagnostic& d : o.diagnostics)
      if (o.path == path && d.severity == Severity::error) return true;
  return false;
}

bool any_error(const std::vector<RoundTripOutcome>& outcomes) {
  for (const RoundTripOutcome& o : outcomes)
    for (const Diagnostic& d : o.diagnostics)
      if (d.severity == Severity::error) return true;
  return false;
}

// An edit that breaks a container's member (a MOT's header_size 0, a MOD's
// magic, a PTX's texture count 600), made through its address as
// `set FILE!NESTED` makes it, is refused as the same edit of the loose file
// is. A member that keeps its magic or marker is still its format, so the
// container's own round trip sees the error too; one whose magic the edit
// broke is no format, the container does not descend into it, and only the
// edit check catches it.
TEST(FieldSet, ANestedEditIsJudgedAsTheSameEditOfTheLooseFile) {
  const SynthFile pac = actor_pac();
  struct Case {
    Format format;
    const char* field;
    const char* value;
    bool container_sees_it;  // the member keeps the magic or marker that makes it its format
  };
  for (const Case& c : {Case{Format::dmc3_mot, "header.header_size", "0", true},
                        Case{Format::dmc3_mod, "header.magic", "58585858", false},
                        Case{Format::dmc3_ptx, "header.texture_count", "600", true}}) {
    const std::string slot = slot_of(pac, c.format);
    ASSERT_FALSE(slot.empty()) << c.field;
    const NestedLookup member = find_nested("a.pac", pac.bytes, slot, {});
    ASSERT_TRUE(member.file && member.file->offset_in_outer) << member.error;
    const SetResult r = apply_assignments(member.file->display, member.file->bytes, ParseProfile::compatible,
                                          {{c.field, c.value}}, member.file->origin);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front();
    ASSERT_EQ(r.edits.size(), 1u);
    // The member as a loose file, with the same edit, is refused.
    EXPECT_TRUE(any_error(roundtrip_tree("loose", r.bytes))) << c.field;
    const uint64_t at = *member.file->offset_in_outer;
    const std::vector<std::byte> outer = splice_nested(pac.bytes, at, r.bytes);
    EXPECT_EQ(any_error(roundtrip_tree("a.pac", outer)), c.container_sees_it) << c.field << ": the container's own check";
    EXPECT_TRUE(error_at(edit_outcomes("a.pac", pac.bytes, outer, edits_in_outer(r.edits, at), ParseProfile::compatible),
                         "a.pac!" + slot))
        << c.field << "=" << c.value << " in " << slot << " passed";
  }
  // An edit that keeps the member whole passes, and each file is judged once.
  const std::string mot = slot_of(pac, Format::dmc3_mot);
  const NestedLookup member = find_nested("a.pac", pac.bytes, mot, {});
  ASSERT_TRUE(member.file && member.file->offset_in_outer);
  const SetResult ok = apply_assignments(member.file->display, member.file->bytes, ParseProfile::compatible,
                                         {{"header.raw_0C", "1"}}, member.file->origin);
  ASSERT_TRUE(ok.errors.empty()) << ok.errors.front();
  const uint64_t at = *member.file->offset_in_outer;
  const std::vector<RoundTripOutcome> judged = edit_outcomes(
      "a.pac", pac.bytes, splice_nested(pac.bytes, at, ok.bytes), edits_in_outer(ok.edits, at), ParseProfile::compatible);
  EXPECT_FALSE(any_error(judged));
  EXPECT_EQ(std::count_if(judged.begin(), judged.end(), [&](const RoundTripOutcome& o) { return o.path == "a.pac!" + mot; }), 1);
  EXPECT_EQ(judged.size(), 5u);  // the PAC and its four members, each once
}

}  // namespace
}  // namespace meshgate
