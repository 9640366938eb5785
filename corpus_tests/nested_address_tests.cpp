// One address for every file: FILE!NESTED finds the nested file by its report
// path, walking only the branch that leads to it, and hands it over with the
// origin it has in its tree and where it lies in the outer file.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipeline/nested_address.hpp"
#include "pipeline/parse_tree.hpp"
#include "synth/material/material_synth.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/nres/nres_layout_builder.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate {
namespace {

Bytes address_bytes(const std::vector<std::byte>& v) { return Bytes(v.data(), v.size()); }

const SynthFile& address_file(const std::vector<SynthFile>& files, const std::string& name) {
  for (const SynthFile& f : files)
    if (f.name == name) return f;
  throw std::runtime_error("no generated " + name);
}

TEST(NestedAddress, AContainerMemberIsFoundWithItsOriginAndOffset) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(3, 2);
  pac::ContainerDescription d{.slot_count = 3};
  d.members.push_back({{0}, mods[0].bytes});
  d.members.push_back({{2}, mods[1].bytes});
  const std::vector<std::byte> outer = pac::build_pac(d);
  const NestedLookup found = find_nested("x.pac", address_bytes(outer), "slot_0002", {});
  ASSERT_TRUE(found.file) << found.error;
  EXPECT_EQ(found.file->display, "x.pac!slot_0002");
  EXPECT_TRUE(found.file->origin.container_member);
  ASSERT_TRUE(found.file->offset_in_outer);
  // The member's extent starts with the MOD that was placed there.
  ASSERT_GE(found.file->bytes.size(), mods[1].bytes.size());
  EXPECT_TRUE(std::equal(mods[1].bytes.begin(), mods[1].bytes.end(), found.file->bytes.begin()));
  EXPECT_TRUE(std::equal(found.file->bytes.begin(), found.file->bytes.end(),
                         outer.begin() + static_cast<std::ptrdiff_t>(*found.file->offset_in_outer)));
  // Parsed on its own with its origin, it is the same MOD as in its container.
  const ParsedFile alone = parse_file(found.file->display, address_bytes(found.file->bytes),
                                      {.descend = false, .origin = found.file->origin});
  EXPECT_TRUE(alone.ok());
  EXPECT_EQ(alone.format, Format::dmc3_mod);
}

TEST(NestedAddress, AnNResEntryIsFoundInAnyCaseAndATypedEntryKeepsItsType) {
  const std::vector<SynthFile> files = material::synth_materials_corpus(4, 1);
  const SynthFile& textures = address_file(files, "Textures.lib");
  const std::string name = texm::texture_entry_name(0);
  std::string lower = name;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const NestedLookup texture = find_nested("Textures.lib", address_bytes(textures.bytes), lower, {});
  ASSERT_TRUE(texture.file) << texture.error;
  EXPECT_EQ(texture.file->display, "Textures.lib!" + name);
  EXPECT_EQ(parse_file("t", address_bytes(texture.file->bytes), {.descend = false}).format, Format::nikita_texm);

  const SynthFile& materials = address_file(files, "Material.lib");
  const NestedLookup material = find_nested("Material.lib", address_bytes(materials.bytes), "DEFAULT", {});
  ASSERT_TRUE(material.file) << material.error;
  ASSERT_TRUE(material.file->origin.nres_type_id);
  // MAT0 has no magic: only its origin says what it is.
  EXPECT_EQ(parse_file("m", address_bytes(material.file->bytes), {.descend = false}).format, Format::unknown);
  EXPECT_EQ(parse_file("m", address_bytes(material.file->bytes), {.descend = false, .origin = material.file->origin}).format,
            Format::nikita_mat0);
}

TEST(NestedAddress, AVolumeMemberHasNoOffsetAndAMissingPathSaysWhatIsThere) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(5, 1);
  const std::vector<std::byte> inner = zip::write_volume({{"in.mod", mods[0].bytes}});
  const std::vector<std::byte> outer = zip::write_volume({{"a.mod", mods[0].bytes}, {"b.nbz", inner}});
  const NestedLookup deep = find_nested("v.nbz", address_bytes(outer), "b.nbz!in.mod", {});
  ASSERT_TRUE(deep.file) << deep.error;
  EXPECT_EQ(deep.file->bytes, mods[0].bytes);
  EXPECT_FALSE(deep.file->offset_in_outer);
  const NestedLookup missing = find_nested("v.nbz", address_bytes(outer), "b.nbz!nothing.mod", {});
  EXPECT_FALSE(missing.file);
  EXPECT_NE(missing.error.find("in.mod"), std::string::npos) << missing.error;
}

// Two volume members whose names differ only in case are two files: each
// address finds its own, and one in a third case finds neither (volume
// members are named by their bytes; only NRes lookups fold case).
TEST(NestedAddress, AVolumeMemberIsNamedExactly) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(7, 2);
  ASSERT_NE(mods[0].bytes, mods[1].bytes);
  const std::vector<std::byte> volume = zip::write_volume({{"UPPER.MOD", mods[0].bytes}, {"upper.mod", mods[1].bytes}});
  const NestedLookup upper = find_nested("v.zip", address_bytes(volume), "UPPER.MOD", {});
  const NestedLookup lower = find_nested("v.zip", address_bytes(volume), "upper.mod", {});
  ASSERT_TRUE(upper.file) << upper.error;
  ASSERT_TRUE(lower.file) << lower.error;
  EXPECT_EQ(upper.file->bytes, mods[0].bytes);
  EXPECT_EQ(lower.file->bytes, mods[1].bytes);
  EXPECT_EQ(lower.file->display, "v.zip!upper.mod");
  const NestedLookup other = find_nested("v.zip", address_bytes(volume), "Upper.Mod", {});
  EXPECT_FALSE(other.file);
  EXPECT_FALSE(other.ambiguous);
}

// NRes names fold case as the engine's lookups do, but an exact spelling
// wins, and a name two entries answer only in another case is refused,
// naming both.
TEST(NestedAddress, AnNResNameSpelledExactlyWinsAndAnAmbiguousFoldIsRefused) {
  const auto entry = [](std::string name, std::vector<std::byte> payload) {
    nres::EntryDescription e;
    e.name = std::move(name);
    e.payload = std::move(payload);
    return e;
  };
  nres::ArchiveDescription leaf;
  leaf.entries.push_back(entry("x", std::vector<std::byte>(8, std::byte{1})));
  const std::vector<std::byte> first = nres::build_nres(leaf);
  leaf.entries[0].payload.assign(8, std::byte{2});
  const std::vector<std::byte> second = nres::build_nres(leaf);
  nres::ArchiveDescription outer;
  outer.entries.push_back(entry("SUB.RLB", first));
  outer.entries.push_back(entry("sub.rlb", second));
  const std::vector<std::byte> archive = nres::build_nres(outer);
  const NestedLookup exact = find_nested("a.rlb", address_bytes(archive), "sub.rlb", {});
  ASSERT_TRUE(exact.file) << exact.error;
  EXPECT_EQ(exact.file->bytes, second);
  const NestedLookup upper = find_nested("a.rlb", address_bytes(archive), "SUB.RLB", {});
  ASSERT_TRUE(upper.file) << upper.error;
  EXPECT_EQ(upper.file->bytes, first);
  const NestedLookup folded = find_nested("a.rlb", address_bytes(archive), "Sub.rlb", {});
  EXPECT_FALSE(folded.file);
  EXPECT_TRUE(folded.ambiguous);
  EXPECT_NE(folded.error.find("a.rlb!SUB.RLB"), std::string::npos) << folded.error;
  EXPECT_NE(folded.error.find("a.rlb!sub.rlb"), std::string::npos) << folded.error;
}

TEST(NestedAddress, OnlyTheBranchThatLeadsToTheFileIsParsed) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(6, 1);
  pac::ContainerDescription leaf{.slot_count = 1};
  leaf.members.push_back({{0}, mods[0].bytes});
  const std::vector<std::byte> leaf_bytes = pac::build_pac(leaf);
  pac::ContainerDescription top{.slot_count = 50};
  for (uint32_t s = 0; s < 50; ++s) top.members.push_back({{s}, leaf_bytes});
  const std::vector<std::byte> outer = pac::build_pac(top);
  // 50 + 1 + 1 files on the way to the last slot's member fit a budget of 60;
  // every branch parsed would have used it up 40 slots earlier.
  const NestedLookup found = find_nested("t.pac", address_bytes(outer), "slot_0049!slot_0000",
                                         {.limits = {.nested_files = 60}});
  ASSERT_TRUE(found.file) << found.error;
  EXPECT_GE(found.file->bytes.size(), mods[0].bytes.size());
}

TEST(NestedAddress, ASpliceReplacesExactlyTheNestedBytes) {
  const std::vector<std::byte> outer{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}};
  const std::vector<std::byte> edited{std::byte{9}, std::byte{8}};
  EXPECT_EQ(splice_nested(address_bytes(outer), 1, address_bytes(edited)),
            (std::vector<std::byte>{std::byte{1}, std::byte{9}, std::byte{8}, std::byte{4}}));
  EXPECT_THROW((void)splice_nested(address_bytes(outer), 3, address_bytes(edited)), std::logic_error);
}

}  // namespace
}  // namespace meshgate
