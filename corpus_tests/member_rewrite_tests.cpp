// replace / add / remove (change/member_rewrite.hpp) and their read-back
// proof (change/member_proof.hpp), for each container kind and through two
// levels of nesting: only the edited member changes, every other member is
// byte-identical, each container's rule keeps the phase of what moves, and
// a written file that is not what the edit planned fails the proof.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "change/gltf_conversion.hpp"
#include "change/member_proof.hpp"
#include "change/member_rewrite.hpp"
#include "export/gltf_export.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/zip/zip_directory.hpp"
#include "parser/zip/zip_volume.hpp"
#include "pipeline/gltf_uri_files.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/nres/nres_layout_builder.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate {
namespace {

std::vector<std::byte> text_bytes(const std::string& s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

// An entry type no format claims ("DATA"): model stream types would make the archive an MSH.
constexpr uint32_t kData = 0x41544144;

nres::EntryDescription entry(uint32_t type, const std::string& name, std::vector<std::byte> payload) {
  nres::EntryDescription e;
  e.type_id = type;
  e.name = name;
  e.payload = std::move(payload);
  return e;
}

struct Edited {
  AddressPath path;
  MemberRewrite rewrite;
  RewriteProof proof;
};

// The whole command without its files: walk, edit, prove the bytes it made.
Edited edit_at(const std::vector<std::byte>& outer, const std::string& nested, MemberEdit edit) {
  const ParseTreeOptions options{};
  Edited e;
  e.path = walk_address("outer", Bytes(outer), nested.empty() ? std::vector<std::string>{} : address_names(nested), options);
  if (!e.path.error.empty()) return e;
  if (edit.kind != MemberEditKind::add) edit.member = e.path.levels.back().member;
  e.rewrite = rewrite_member(e.path, edit, options);
  if (e.rewrite.error.empty()) {
    const std::string added = e.rewrite.changed.substr(e.rewrite.changed.rfind('!') + 1);
    e.proof = prove_rewrite(e.path, edit, added, Bytes(e.rewrite.bytes), options);
  }
  return e;
}

std::vector<std::byte> three_mod_pac() {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(5, 3);
  pac::ContainerDescription d{.slot_count = 5, .alignment = 16, .phase = 8};
  d.members.push_back({{0}, mods[0].bytes});
  d.members.push_back({{2}, mods[1].bytes});
  d.members.push_back({{4}, mods[2].bytes});
  return pac::build_pac(d);
}

TEST(MemberRewrite, APacMemberReplacedMovesTheOthersWithTheirPhaseAndKeepsEmptySlots) {
  const std::vector<std::byte> outer = three_mod_pac();
  const std::vector<SynthFile> other = mod::synth_mod_corpus(9, 1);
  const Edited e = edit_at(outer, "slot_0000", {.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)});
  ASSERT_TRUE(e.rewrite.error.empty()) << e.rewrite.error;
  EXPECT_TRUE(e.proof.ok()) << e.proof.failed_level << ": " << e.proof.error;
  EXPECT_EQ(e.proof.unchanged, 2u);
  const pac::ParseResult before = pac::parse_pac(outer), after = pac::parse_pac(e.rewrite.bytes);
  ASSERT_TRUE(after.ok());
  ASSERT_EQ(after.container->members.size(), 3u);
  for (size_t m = 0; m < 3; ++m) {
    EXPECT_EQ(after.container->members[m].offset % 16, before.container->members[m].offset % 16) << m;
    EXPECT_EQ(after.container->members[m].slots, before.container->members[m].slots) << m;
  }
  EXPECT_EQ(after.container->slots[1].get(pac::slot::offset), 0u);
  EXPECT_EQ(after.container->slots[3].get(pac::slot::offset), 0u);
  EXPECT_EQ(e.rewrite.changed, "outer!slot_0000");
}

TEST(MemberRewrite, PuttingAMemberBackAsItWasGivesTheSameFileForEveryContainerKind) {
  const std::vector<std::byte> pac = three_mod_pac();
  const std::vector<SynthFile> ptx_files = ptx::synth_ptx_corpus(3, 1);
  const std::vector<std::byte>& ptx = ptx_files.front().bytes;
  nres::ArchiveDescription d;
  d.entries.push_back(entry(kData, "B.DAT", text_bytes("bbbbb")));
  d.entries.push_back(entry(kData, "A.DAT", text_bytes("aaaaaaaaaaa")));
  const std::vector<std::byte> nres = nres::build_nres(d);
  for (const auto& [outer, name] : std::vector<std::pair<std::vector<std::byte>, std::string>>{
           {pac, "slot_0002"}, {ptx, "0"}, {nres, "A.DAT"}}) {
    const AddressPath path = walk_address("outer", Bytes(outer), {name}, {});
    ASSERT_TRUE(path.error.empty()) << path.error;
    const std::vector<std::byte> same = path.levels.back().bytes;
    const Edited e = edit_at(outer, name, {.kind = MemberEditKind::replace, .bytes = Bytes(same)});
    ASSERT_TRUE(e.rewrite.error.empty()) << e.rewrite.error;
    EXPECT_TRUE(e.proof.ok()) << name << ": " << e.proof.error;
    EXPECT_EQ(e.rewrite.bytes, outer) << name;
  }
}

TEST(MemberRewrite, AnNResEditRecomputesTheDirectoryAndKeepsTheArchivesFold) {
  // "_X" sorts before "AX" lowercased ('_' < 'a') and after it uppercased ('A' < '_').
  nres::ArchiveDescription d;
  d.uppercase_sort = true;
  d.entries.push_back(entry(kData, "_X", text_bytes("underscore")));
  d.entries.push_back(entry(kData, "AX", text_bytes("a-x")));
  const std::vector<std::byte> outer = nres::build_nres(d);
  const Edited added = edit_at(outer, "", {.kind = MemberEditKind::add, .bytes = Bytes(text_bytes("new one")), .name = "BX",
                                           .nres_type_id = kData});
  ASSERT_TRUE(added.rewrite.error.empty()) << added.rewrite.error;
  EXPECT_TRUE(added.proof.ok()) << added.proof.error;
  const nres::ParseResult after = nres::parse_nres(added.rewrite.bytes);
  ASSERT_TRUE(after.ok());
  ASSERT_EQ(after.archive->entries.size(), 3u);
  EXPECT_EQ(after.archive->header.get(nres::hdr::total_size), added.rewrite.bytes.size());
  bool uppercase_fold = false;
  for (const Diagnostic& diag : after.diagnostics) {
    EXPECT_NE(diag.code, nres::codes::sort_order_mismatch.code) << diag.message;
    uppercase_fold = uppercase_fold || diag.code == nres::codes::sort_order_uppercase_fold.code;
  }
  EXPECT_TRUE(uppercase_fold);  // rebuilt in the archive's own (uppercase) order
  for (const nres::Entry& e : after.archive->entries) EXPECT_EQ(e.record.get(nres::entry::data_offset) % 8, 0u);
  const Edited removed = edit_at(added.rewrite.bytes, "_X", {.kind = MemberEditKind::remove});
  ASSERT_TRUE(removed.rewrite.error.empty()) << removed.rewrite.error;
  EXPECT_TRUE(removed.proof.ok()) << removed.proof.error;
  EXPECT_EQ(removed.proof.unchanged, 2u);
}

TEST(MemberRewrite, APtxEntryTakesWholeBlocksAndTheCountTableFollows) {
  const std::vector<std::byte> outer = ptx::synth_ptx_corpus(3, 1).front().bytes;
  const AddressPath path = walk_address("outer", Bytes(outer), {"1"}, {});
  ASSERT_TRUE(path.error.empty()) << path.error;
  std::vector<std::byte> grown = path.levels.back().bytes;
  grown.resize(grown.size() + 0x801);  // a longer entry: its count grows by two blocks
  const Edited e = edit_at(outer, "1", {.kind = MemberEditKind::replace, .bytes = Bytes(grown)});
  ASSERT_TRUE(e.rewrite.error.empty()) << e.rewrite.error;
  EXPECT_TRUE(e.proof.ok()) << e.proof.error;
  const ptx::ParseResult before = ptx::parse_ptx(outer), after = ptx::parse_ptx(e.rewrite.bytes);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after.companion->block_counts[1].get(ptx::block_count), before.companion->block_counts[1].get(ptx::block_count) + 2);
  EXPECT_EQ(after.companion->entries[0], before.companion->entries[0]);
}

TEST(MemberRewrite, AModInAPacInAnNResIsReplacedThroughBothLevels) {
  const std::vector<std::byte> pac = three_mod_pac();
  nres::ArchiveDescription d;
  d.entries.push_back(entry(kData, "FIRST.DAT", text_bytes("first")));
  d.entries.push_back(entry(kData, "EM000.PAC", pac));
  d.entries.push_back(entry(kData, "LAST.DAT", text_bytes("last")));
  const std::vector<std::byte> outer = nres::build_nres(d);
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const Edited e = edit_at(outer, "EM000.PAC!slot_0002", {.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)});
  ASSERT_TRUE(e.path.error.empty()) << e.path.error;
  ASSERT_TRUE(e.rewrite.error.empty()) << e.rewrite.error;
  EXPECT_TRUE(e.proof.ok()) << e.proof.failed_level << ": " << e.proof.error;
  EXPECT_EQ(e.proof.unchanged, 4u);  // two entries beside the PAC, two MODs beside the replaced one
  ASSERT_EQ(e.rewrite.levels.size(), 3u);
  EXPECT_EQ(e.rewrite.levels[1].address, "outer!EM000.PAC");
  EXPECT_EQ(e.rewrite.levels[1].format, Format::dmc3_pac);
  EXPECT_EQ(e.rewrite.levels[2].size_after, other[0].bytes.size());
  // Read again, the member holds what was put in.
  const AddressPath back = walk_address("outer", Bytes(e.rewrite.bytes), {"EM000.PAC", "slot_0002"}, {});
  ASSERT_TRUE(back.error.empty()) << back.error;
  EXPECT_TRUE(std::equal(other[0].bytes.begin(), other[0].bytes.end(), back.levels.back().bytes.begin()));
}

TEST(MemberRewrite, TheProofNamesTheLevelWhoseOtherMemberChanged) {
  const std::vector<std::byte> outer = three_mod_pac();
  const std::vector<SynthFile> other = mod::synth_mod_corpus(9, 1);
  const AddressPath path = walk_address("outer", Bytes(outer), {"slot_0000"}, {});
  const MemberEdit edit{.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(other[0].bytes)};
  MemberRewrite rewrite = rewrite_member(path, edit, {});
  ASSERT_TRUE(rewrite.error.empty()) << rewrite.error;
  rewrite.bytes[rewrite.bytes.size() - 1] ^= std::byte{0x5A};  // the last member's last byte: a MOD's trailing gap
  const RewriteProof proof = prove_rewrite(path, edit, "", Bytes(rewrite.bytes), {});
  EXPECT_FALSE(proof.ok());
  EXPECT_EQ(proof.failed_level, "outer");
  EXPECT_NE(proof.error.find("slot_0004"), std::string::npos) << proof.error;
}

TEST(MemberRewrite, AMissingMemberIsNamedWithTheNearest) {
  const std::vector<std::byte> outer = three_mod_pac();
  const AddressPath missing = walk_address("outer", Bytes(outer), {"slot_0003"}, {});
  EXPECT_NE(missing.error.find("no member \"outer!slot_0003\""), std::string::npos) << missing.error;
  EXPECT_NE(missing.error.find("slot_0002"), std::string::npos) << missing.error;
}

// A volume of a directory, a deflated blob, the PAC (deflated) and a bzip2 blob.
std::vector<std::byte> volume_with(const std::vector<std::byte>& pac) {
  return zip::write_volume({{"GData.afs/", {}, false, false},
                            {"GData.afs/first.bin", text_bytes(std::string(3000, 'f')), true, false},
                            {"GData.afs/em000.pac", pac, true, false},
                            {"GData.afs/last.bin", text_bytes(std::string(2000, 'l')), false, true}});
}

// Each member of `before` but `edited` has the same local record (header,
// compressed bytes) in `after`, wherever it now lies.
void expect_records_verbatim(const std::vector<std::byte>& before, const std::vector<std::byte>& after,
                             const std::string& edited) {
  zip::BytesSource a(before), b(after);
  const zip::DirectoryRead was = zip::read_directory(a, zip::kMaxMembers), now = zip::read_directory(b, zip::kMaxMembers);
  ASSERT_TRUE(was.directory && now.directory);
  for (const zip::CentralEntry& e : was.directory->entries) {
    if (e.name == edited) continue;
    const auto n = std::find_if(now.directory->entries.begin(), now.directory->entries.end(),
                                [&](const zip::CentralEntry& x) { return x.name == e.name; });
    ASSERT_NE(n, now.directory->entries.end()) << e.name;
    EXPECT_TRUE(std::equal(before.begin() + static_cast<std::ptrdiff_t>(e.local_offset),
                           before.begin() + static_cast<std::ptrdiff_t>(e.record_end()),
                           after.begin() + static_cast<std::ptrdiff_t>(n->local_offset),
                           after.begin() + static_cast<std::ptrdiff_t>(n->record_end())))
        << e.name;
  }
}

TEST(MemberRewrite, AModInAPacInAVolumeIsReplacedThroughBothLevels) {
  const std::vector<std::byte> volume = volume_with(three_mod_pac());
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const Edited e = edit_at(volume, "GData.afs/em000.pac!slot_0002", {.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)});
  ASSERT_TRUE(e.path.error.empty()) << e.path.error;
  ASSERT_TRUE(e.rewrite.error.empty()) << e.rewrite.error;
  EXPECT_TRUE(e.proof.ok()) << e.proof.failed_level << ": " << e.proof.error;
  EXPECT_EQ(e.proof.unchanged, 4u);  // the two blobs beside the PAC, two MODs beside the replaced one
  ASSERT_EQ(e.rewrite.levels.size(), 3u);
  EXPECT_EQ(e.rewrite.levels[0].format, Format::zip_volume);
  EXPECT_EQ(e.rewrite.levels[1].address, "outer!GData.afs/em000.pac");
  EXPECT_EQ(e.rewrite.levels[1].format, Format::dmc3_pac);
  const AddressPath back = walk_address("outer", Bytes(e.rewrite.bytes), {"GData.afs/em000.pac", "slot_0002"}, {});
  ASSERT_TRUE(back.error.empty()) << back.error;
  EXPECT_TRUE(std::equal(other[0].bytes.begin(), other[0].bytes.end(), back.levels.back().bytes.begin()));
  expect_records_verbatim(volume, e.rewrite.bytes, "GData.afs/em000.pac");
  const zip::ParseResult after = zip::parse_volume(e.rewrite.bytes);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after.volume->members[2].method, 8) << "the PAC is deflated again, as it was";
}

TEST(MemberRewrite, AVolumeMemberIsAddedAndRemovedAndTheOthersKeepTheirRecords) {
  const std::vector<std::byte> volume = volume_with(three_mod_pac());
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(12, 1);
  const Edited added = edit_at(volume, "", {.kind = MemberEditKind::add, .bytes = Bytes(mods[0].bytes), .name = "GData.afs/new.mod"});
  ASSERT_TRUE(added.rewrite.error.empty()) << added.rewrite.error;
  EXPECT_TRUE(added.proof.ok()) << added.proof.failed_level << ": " << added.proof.error;
  EXPECT_EQ(added.proof.unchanged, 3u);
  expect_records_verbatim(volume, added.rewrite.bytes, "");
  const Edited removed = edit_at(added.rewrite.bytes, "GData.afs/first.bin", {.kind = MemberEditKind::remove});
  ASSERT_TRUE(removed.rewrite.error.empty()) << removed.rewrite.error;
  EXPECT_TRUE(removed.proof.ok()) << removed.proof.failed_level << ": " << removed.proof.error;
  EXPECT_EQ(removed.proof.unchanged, 3u);
  expect_records_verbatim(added.rewrite.bytes, removed.rewrite.bytes, "GData.afs/first.bin");
  const Edited again = edit_at(removed.rewrite.bytes, "", {.kind = MemberEditKind::add, .bytes = Bytes(mods[0].bytes), .name = "GData.afs/new.mod"});
  EXPECT_NE(again.rewrite.error.find("members[GData.afs/new.mod] is already in the volume"), std::string::npos) << again.rewrite.error;
}

TEST(MemberRewrite, AnAddressDeeperThanMaxNestedIsALimitNotAMiss) {
  const std::vector<std::byte> outer = three_mod_pac();
  ParseTreeOptions options;
  options.limits.nested_files = 0;
  const AddressPath path = walk_address("outer", Bytes(outer), {"slot_0000"}, options);
  EXPECT_TRUE(path.limited);
  EXPECT_NE(path.error.find("--max-nested"), std::string::npos) << path.error;
}

// A glTF in place of a model member (change/gltf_conversion.hpp): what an
// unedited export gives back, counted as `export` counts it.
struct ModelCounts {
  uint64_t meshes = 0, primitives = 0, vertices = 0, triangles = 0;
  friend bool operator==(const ModelCounts&, const ModelCounts&) = default;
};

gltf::Exported export_level(const AddressLevel& level) {
  const Bytes bytes(level.bytes);
  if (level.format == Format::dmc3_mod) {
    const mod::ParseResult parsed = mod::parse_mod(bytes, {.container_member = level.origin.container_member});
    EXPECT_TRUE(parsed.ok()) << level.display;
    return parsed.model ? gltf::export_mod(*parsed.model, bytes, {.source_name = "m.mod"}) : gltf::Exported{};
  }
  const msh::ParseResult parsed = msh::parse_msh(bytes);
  EXPECT_TRUE(parsed.ok()) << level.display;
  return parsed.model ? gltf::export_msh(*parsed.model, bytes, {.source_name = "m.msh"}) : gltf::Exported{};
}

ModelCounts counts_of(const AddressLevel& level) {
  const gltf::ExportSummary s = export_level(level).summary;
  return {s.meshes, s.primitives, s.vertices, s.triangles};
}

std::vector<std::byte> glb_of(const AddressLevel& level) {
  const std::string glb = gltf::glb_bytes(export_level(level).asset);
  return {reinterpret_cast<const std::byte*>(glb.data()), reinterpret_cast<const std::byte*>(glb.data()) + glb.size()};
}

// The whole of `replace ADDRESS edited.glb`: the member exported, the glTF
// imported like it, put in, proven; the model read back has the counts the
// member had.
void expect_unedited_gltf_put_back(const std::vector<std::byte>& outer, const std::vector<std::string>& names, Format format) {
  const AddressPath path = walk_address("outer", Bytes(outer), names, {});
  ASSERT_TRUE(path.error.empty()) << path.error;
  ASSERT_EQ(path.levels.back().format, format);
  const std::vector<std::byte> glb = glb_of(path.levels.back());
  ASSERT_TRUE(is_gltf("edited.bin", Bytes(glb)));
  GltfFolderFiles folder(std::filesystem::temp_directory_path());
  const GltfConversion c = convert_gltf(path, Bytes(glb), folder, {});
  ASSERT_TRUE(c.applies);
  ASSERT_TRUE(c.ok()) << c.error;
  EXPECT_EQ(c.format, format);
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front();
  const MemberEdit edit{.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(c.bytes)};
  const MemberRewrite rewrite = rewrite_member(path, edit, {});
  ASSERT_TRUE(rewrite.error.empty()) << rewrite.error;
  const RewriteProof proof = prove_rewrite(path, edit, "", Bytes(rewrite.bytes), {});
  EXPECT_TRUE(proof.ok()) << proof.failed_level << ": " << proof.error;
  const AddressPath back = walk_address("outer", Bytes(rewrite.bytes), names, {});
  ASSERT_TRUE(back.error.empty()) << back.error;
  const ModelCounts before = counts_of(path.levels.back()), after = counts_of(back.levels.back());
  EXPECT_GT(before.triangles, 0u);
  EXPECT_EQ(after, before) << "meshes " << after.meshes << " vs " << before.meshes << ", primitives " << after.primitives
                           << " vs " << before.primitives << ", vertices " << after.vertices << " vs " << before.vertices
                           << ", triangles " << after.triangles << " vs " << before.triangles;
  const nlohmann::json json = gltf_conversion_json("edited.glb", c);
  EXPECT_EQ(json["format"], std::string(format_name(format)));
  EXPECT_EQ(json["like"], "outer!" + names.back());
}

TEST(MemberRewrite, AnUneditedGltfOfAPacModSlotPutBackHasTheSameCounts) {
  expect_unedited_gltf_put_back(three_mod_pac(), {"slot_0002"}, Format::dmc3_mod);
}

TEST(MemberRewrite, AnUneditedGltfOfAnMshInAnNResArchivePutBackHasTheSameCounts) {
  size_t models = 0;
  for (const SynthFile& f : msh::synth_msh_corpus(49, 3)) {
    if (!f.name.ends_with(".msh")) continue;
    nres::ArchiveDescription d;
    d.entries.push_back(entry(kData, "FIRST.DAT", text_bytes("first")));
    d.entries.push_back(entry(kData, "MODEL.MSH", f.bytes));
    d.entries.push_back(entry(kData, "LAST.DAT", text_bytes("last")));
    SCOPED_TRACE(f.name);
    expect_unedited_gltf_put_back(nres::build_nres(d), {"MODEL.MSH"}, Format::nres_msh);
    ++models;
  }
  EXPECT_EQ(models, 3u);
}

// The first primitive's POSITION accessor, as floats.
std::vector<float> first_positions(const tinygltf::Model& asset) {
  return gltf::accessor_floats(asset, asset.meshes.at(0).primitives.at(0).attributes.at("POSITION")).value_or(std::vector<float>{});
}

// An edited glTF: the member is the edit (its first vertex moved), nothing else changed and the proof passes.
TEST(MemberRewrite, AnEditedGltfPutInAPacModSlotIsTheEdit) {
  const std::vector<std::byte> pac = three_mod_pac();
  const AddressPath path = walk_address("outer", Bytes(pac), {"slot_0002"}, {});
  ASSERT_TRUE(path.error.empty()) << path.error;
  gltf::Exported exported = export_level(path.levels.back());
  tinygltf::Model& asset = exported.asset;
  const tinygltf::Accessor& positions = asset.accessors.at(static_cast<size_t>(asset.meshes.at(0).primitives.at(0).attributes.at("POSITION")));
  const tinygltf::BufferView& view = asset.bufferViews.at(static_cast<size_t>(positions.bufferView));
  unsigned char* x = asset.buffers.at(static_cast<size_t>(view.buffer)).data.data() + view.byteOffset + positions.byteOffset;
  float moved = 0;
  std::memcpy(&moved, x, 4);
  moved += 0.5f;
  std::memcpy(x, &moved, 4);
  const std::string glb_text = gltf::glb_bytes(asset);
  const std::vector<std::byte> glb(reinterpret_cast<const std::byte*>(glb_text.data()),
                                   reinterpret_cast<const std::byte*>(glb_text.data()) + glb_text.size());
  GltfFolderFiles folder(std::filesystem::temp_directory_path());
  const GltfConversion c = convert_gltf(path, Bytes(glb), folder, {});
  ASSERT_TRUE(c.ok()) << c.error;
  EXPECT_FALSE(std::equal(c.bytes.begin(), c.bytes.end(), path.levels.back().bytes.begin(), path.levels.back().bytes.end()));
  const MemberEdit edit{.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(c.bytes)};
  const MemberRewrite rewrite = rewrite_member(path, edit, {});
  ASSERT_TRUE(rewrite.error.empty()) << rewrite.error;
  const RewriteProof proof = prove_rewrite(path, edit, "", Bytes(rewrite.bytes), {});
  EXPECT_TRUE(proof.ok()) << proof.failed_level << ": " << proof.error;
  EXPECT_EQ(proof.unchanged, 2u);
  const AddressPath back = walk_address("outer", Bytes(rewrite.bytes), {"slot_0002"}, {});
  ASSERT_TRUE(back.error.empty()) << back.error;
  const std::vector<float> now = first_positions(export_level(back.levels.back()).asset);
  ASSERT_FALSE(now.empty());
  EXPECT_EQ(now, first_positions(asset));
  EXPECT_EQ(now[0], moved);
  EXPECT_EQ(counts_of(back.levels.back()), counts_of(path.levels.back()));
}

TEST(MemberRewrite, AGltfIsImportedOnlyIntoAModelAndOnlyWhenTheImportTakesIt) {
  const std::vector<std::byte> pac = three_mod_pac();
  const AddressPath mod_slot = walk_address("outer", Bytes(pac), {"slot_0000"}, {});
  ASSERT_TRUE(mod_slot.error.empty()) << mod_slot.error;
  const std::vector<std::byte> glb = glb_of(mod_slot.levels.back());
  GltfFolderFiles folder(std::filesystem::temp_directory_path());
  // No model: nothing imported (replace then refuses it, naming both kinds).
  const std::vector<SynthFile> ptx_files = ptx::synth_ptx_corpus(3, 1);
  const AddressPath entry0 = walk_address("outer", Bytes(ptx_files.front().bytes), {"0"}, {});
  ASSERT_TRUE(entry0.error.empty()) << entry0.error;
  EXPECT_FALSE(convert_gltf(entry0, Bytes(glb), folder, {}).applies);
  // Not glTF: the reader's cause, nothing built.
  const std::vector<std::byte> junk = text_bytes("{\"asset\": {\"version\": \"1.0\"}}");
  const GltfConversion refused = convert_gltf(mod_slot, Bytes(junk), folder, {});
  EXPECT_TRUE(refused.applies);
  EXPECT_FALSE(refused.ok());
  EXPECT_TRUE(refused.bytes.empty());
  EXPECT_NE(refused.error.find("not a glTF 2.0 file meshgate reads"), std::string::npos) << refused.error;
  // A GLB cut short: refused, nothing built.
  std::vector<std::byte> cut = glb;
  cut.resize(cut.size() / 2);
  const GltfConversion short_glb = convert_gltf(mod_slot, Bytes(cut), folder, {});
  EXPECT_FALSE(short_glb.ok());
  EXPECT_TRUE(short_glb.bytes.empty());
  EXPECT_NE(short_glb.error.find("not a glTF 2.0 file meshgate reads"), std::string::npos) << short_glb.error;
  EXPECT_TRUE(is_gltf("x.GLTF", {}));
  EXPECT_FALSE(is_gltf("x.mod", Bytes(pac)));
}

}  // namespace
}  // namespace meshgate
