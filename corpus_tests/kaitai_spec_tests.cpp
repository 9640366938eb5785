// The .ksy generator (meshgate spec --kaitai): byte-stable output, every
// type an attribute names exists, and every field of a format's tables
// reaches the .ksy with its width, type and provenance status (so the spec
// cannot drift from the parser). kaitai_specs.sh runs the specs for real.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "parser/material/mat0_fields.hpp"
#include "parser/mod/mod_fields.hpp"
#include "parser/mot/mot_fields.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/pac/pac_fields.hpp"
#include "parser/ptx/dds_fields.hpp"
#include "parser/ptx/ptx_fields.hpp"
#include "parser/scm/scm_fields.hpp"
#include "parser/texm/texm_fields.hpp"
#include "parser/rsli/rsli_fields.hpp"
#include "pipeline/format_rows.hpp"
#include "reports/kaitai_yaml.hpp"

namespace meshgate {
namespace {

const std::set<std::string> kBuiltIn = {"u1", "u2", "u4", "u8", "s2", "s4", "f4"};

TEST(KaitaiSpec, EveryRowsSpecIsByteStableAndNamesOnlyTypesItDefines) {
  size_t specs = 0;
  for (const FormatRow* row : format_rows()) {
    if (!row->kaitai) continue;
    ++specs;
    const ksy::Spec spec = row->kaitai();
    EXPECT_EQ(kaitai_yaml(spec, "1.2.3"), kaitai_yaml(row->kaitai(), "1.2.3"));
    EXPECT_NE(kaitai_yaml(spec, "1.2.3").find("-meshgate-version: \"1.2.3\""), std::string::npos);
    std::set<std::string> defined;
    for (const ksy::Type& t : spec.types) EXPECT_TRUE(defined.insert(t.id).second) << "two types " << t.id;
    std::vector<const ksy::Type*> all = {&spec.root};
    for (const ksy::Type& t : spec.types) all.push_back(&t);
    for (const ksy::Type* t : all)
      for (const ksy::Attr& a : t->seq) {
        const std::string type = a.type.substr(0, a.type.find('('));  // a parameterised type: its id
        EXPECT_TRUE(type.empty() || kBuiltIn.contains(type) || defined.contains(type)) << t->id << "." << a.id;
        for (const auto& [value, case_type] : a.cases) EXPECT_TRUE(defined.contains(case_type)) << t->id << "." << a.id;
        EXPECT_TRUE(!a.type.empty() || !a.size.empty() || a.size_eos || !a.switch_on.empty()) << "no size for bytes " << a.id;
        for (char c : a.id) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') << a.id;
      }
    EXPECT_FALSE(spec.not_expressed.empty()) << spec.format << ": say what Kaitai leaves to meshgate";
  }
  EXPECT_GE(specs, 1u);
}

// Every field of `spec` is an attribute of the .ksy type of the same name, with its status.
template <size_t N>
void expect_table_in(const ksy::Spec& ksy_spec, const RecordSpec<N>& table, const std::string& type, size_t skip = 0) {
  const auto it = std::find_if(ksy_spec.types.begin(), ksy_spec.types.end(), [&](const ksy::Type& t) { return t.id == type; });
  ASSERT_NE(it, ksy_spec.types.end()) << type;
  std::map<std::string, const ksy::Attr*> attrs;
  for (const ksy::Attr& a : it->seq) attrs[a.field.empty() ? a.id : a.field] = &a;
  for (size_t i = skip; i < N; ++i) {
    const FieldSpec& f = table.fields[i];
    const auto a = attrs.find(std::string(f.name));
    ASSERT_NE(a, attrs.end()) << type << " lacks " << f.name;
    EXPECT_EQ(a->second->status, status_string(f.status)) << f.name;
    EXPECT_EQ(a->second->type, ksy::kaitai_type(f.type)) << f.name;
    if (f.is_bytes()) {
      EXPECT_EQ(a->second->size, std::to_string(f.width)) << f.name;
    }
  }
}

TEST(KaitaiSpec, TheMotSpecHoldsEveryFieldOfItsTables) {
  const ksy::Spec spec = row_of(Format::dmc3_mot).kaitai();
  expect_table_in(spec, mot::kHeaderSpec, "mot_header");
  expect_table_in(spec, mot::kCountSpec, "mot_track_count");
  expect_table_in(spec, mot::kTrackHeadSpec, "track");
  expect_table_in(spec, mot::kTrack2PrefixSpec, "track2_body", mot::kTrackHeadSpec.fields.size());
  expect_table_in(spec, mot::kTrack3PrefixSpec, "track3_body", mot::kTrackHeadSpec.fields.size());
  expect_table_in(spec, mot::kKey2Spec, "mot_key2");
  expect_table_in(spec, mot::kKey3Spec, "mot_key3");
}

TEST(KaitaiSpec, ThePacSpecHoldsItsTablesAndSaysWhatItLeaves) {
  const ksy::Spec spec = row_of(Format::dmc3_pac).kaitai();
  expect_table_in(spec, pac::kHeaderSpec, "pac_header");
  expect_table_in(spec, pac::kSlotSpec, "pac_slot");
  EXPECT_EQ(spec.unread, std::vector<std::string>{"slots[].member"});  // a member's extent is derived
  EXPECT_EQ(row_of(Format::dmc3_pnst).kaitai().id, spec.id);          // PNST shares the envelope
}

TEST(KaitaiSpec, TheNresSpecReadsTheDirectoryAtTheEndAndEachPayloadWhereItLies) {
  const ksy::Spec spec = row_of(Format::nres).kaitai();
  expect_table_in(spec, nres::kHeaderSpec, "nres_header");
  expect_table_in(spec, nres::kEntrySpec, "nres_entry");
  ASSERT_EQ(spec.root.instances.size(), 1u);
  EXPECT_EQ(spec.root.instances[0].pos, "header.total_size - header.entry_count * 64");
}

TEST(KaitaiSpec, TheRsliSpecReadsItsHeaderAndLeavesTheEncryptedTable) {
  const ksy::Spec spec = row_of(Format::rsli).kaitai();
  expect_table_in(spec, rsli::kHeaderSpec, "rsli_header");
  for (const FieldSpec& f : rsli::kEntrySpec.fields)  // every row field: the cipher hides them from Kaitai
    EXPECT_NE(std::find(spec.unread.begin(), spec.unread.end(), "entries[]." + std::string(f.name)), spec.unread.end())
        << f.name;
  ASSERT_FALSE(spec.not_expressed.empty());
  EXPECT_NE(spec.not_expressed[0].find("keystream"), std::string::npos);
}

TEST(KaitaiSpec, TheTexmSpecSizesLevelsByTheParsersRule) {
  const ksy::Spec spec = row_of(Format::nikita_texm).kaitai();
  expect_table_in(spec, texm::kHeaderSpec, "texm_header");
  expect_table_in(spec, texm::kPageHeaderSpec, "texm_page");
  expect_table_in(spec, texm::kPageRectSpec, "texm_page_rect");
  // bytes_per_pixel as an expression, generated from the parser's function: every format named.
  ASSERT_EQ(spec.root.instances.size(), 1u);
  for (const char* format : {"== 0 ?", "== 2 ?", "== 565 ?", "== 556 ?", "== 4444 ?", "== 88 ?", "== 888 ?", "== 8888 ?"})
    EXPECT_NE(spec.root.instances[0].value.find(format), std::string::npos) << format;
}

TEST(KaitaiSpec, TheMat0SpecHoldsItsTablesAndNamesTheVersionItCannotSee) {
  const ksy::Spec spec = row_of(Format::nikita_mat0).kaitai();
  expect_table_in(spec, mat0::kHeaderSpec, "mat0_header");
  expect_table_in(spec, mat0::kEntrySpec, "mat0_entry");
  expect_table_in(spec, mat0::kTrackSpec, "mat0_track");
  expect_table_in(spec, mat0::kKeySpec, "mat0_key");
  EXPECT_EQ(spec.other_reading_codes, std::vector<std::string>{"mat0.unknown-version"});
}

TEST(KaitaiSpec, TheModSpecHoldsItsTablesAndPlacesEveryStream) {
  const ksy::Spec spec = row_of(Format::dmc3_mod).kaitai();
  expect_table_in(spec, mod::kHeaderSpec, "header");
  expect_table_in(spec, mod::kObjectSpec, "mod_object");  // not "object": a JavaScript class of that name breaks
  expect_table_in(spec, mod::kMeshSpec, "mesh");
  expect_table_in(spec, mod::kNodeHeaderSpec, "node_block");
  expect_table_in(spec, mod::kTransformSpec, "transform");
  const auto mesh = std::find_if(spec.types.begin(), spec.types.end(), [](const ksy::Type& t) { return t.id == "mesh"; });
  ASSERT_NE(mesh, spec.types.end());
  std::set<std::string> placed;
  for (const ksy::Attr& a : mesh->instances) placed.insert(a.id);
  for (const ArraySpec& stream : mod::kStreamSpecs) EXPECT_TRUE(placed.contains(std::string(stream.name))) << stream.name;
  EXPECT_TRUE(placed.contains("workspace"));
}

TEST(KaitaiSpec, TheMshSpecSwitchesEachEntryToTheStreamItsTypeNamesAtMeshgatesPath) {
  const ksy::Spec spec = row_of(Format::nres_msh).kaitai();
  expect_table_in(spec, nres::kHeaderSpec, "nres_header");
  expect_table_in(spec, nres::kEntrySpec, "nres_entry");
  expect_table_in(spec, msh::kNodeSpec, "res1_node");
  expect_table_in(spec, msh::kNodeShortSpec, "res1_node_24");
  expect_table_in(spec, msh::kModelHeaderSpec, "res2_header");
  expect_table_in(spec, msh::kSlotSpec, "res2_slot");
  expect_table_in(spec, msh::kTriangleSpec, "res7_triangle");
  expect_table_in(spec, msh::kBatchSpec, "res13_batch");
  expect_table_in(spec, msh::kKeySpec, "res8_key");
  std::map<std::string, const ksy::Type*> types;
  for (const ksy::Type& t : spec.types) types[t.id] = &t;
  const ksy::Type& entry = *types.at("nres_entry");
  ASSERT_EQ(entry.instances.size(), 1u);
  const ksy::Attr& stream = entry.instances[0];
  EXPECT_EQ(stream.switch_on, "type_id");
  // Res1..Res20, each case a type that stands at the path inspect gives that stream ("res13").
  ASSERT_EQ(stream.cases.size(), size_t{msh::kMaxCataloguedType});
  for (uint32_t id = 1; id <= msh::kMaxCataloguedType; ++id) {
    const auto& [value, type] = stream.cases[id - 1];
    EXPECT_EQ(value, std::to_string(id));
    ASSERT_TRUE(types.contains(type)) << type;
    EXPECT_EQ(types.at(type)->path, msh::stream_path(id)) << type;
  }
  EXPECT_NE(kaitai_yaml(spec, "1.2.3").find("-meshgate-path: \"res13\""), std::string::npos);
}

TEST(KaitaiSpec, TheScmSpecHoldsItsTablesAndPlacesEveryStreamAndTheSceneArrays) {
  const ksy::Spec spec = row_of(Format::dmc3_scm).kaitai();
  expect_table_in(spec, scm::kHeaderSpec, "header");
  expect_table_in(spec, scm::kObjectSpec, "scm_object");  // not "object": a JavaScript class of that name breaks
  expect_table_in(spec, scm::kMeshSpec, "mesh");
  expect_table_in(spec, scm::kSceneHeaderSpec, "scene_header");
  expect_table_in(spec, scm::kTransformSpec, "transform");
  std::map<std::string, std::set<std::string>> placed;
  for (const ksy::Type& t : spec.types)
    for (const ksy::Attr& a : t.instances) placed[t.id].insert(a.id);
  for (const ArraySpec& stream : scm::kStreamSpecs) EXPECT_TRUE(placed["mesh"].contains(std::string(stream.name))) << stream.name;
  EXPECT_TRUE(placed["mesh"].contains(std::string(scm::kWorkspaceSpec.name)));
  for (const ArraySpec* a : {&scm::kParentArraySpec, &scm::kOrderArraySpec, &scm::kBindingArraySpec})
    EXPECT_TRUE(placed["scene_header"].contains(std::string(a->name))) << a->name;
}

TEST(KaitaiSpec, ThePtxSpecFramesEachEntryByItsFirstWord) {
  const ksy::Spec spec = row_of(Format::dmc3_ptx).kaitai();
  expect_table_in(spec, ptx::kHeaderSpec, "ptx_header");
  expect_table_in(spec, ptx::kBlockCountSpec, "ptx_block_count");
  expect_table_in(spec, ptx::kObjectHeadSpec, "ptx_texture_object");
  expect_table_in(spec, ptx::kTm2HeadSpec, "ptx_tm2_head");
  expect_table_in(spec, ptx::kDdsHeaderSpec, "ptx_dds");
  // The first word only chooses the framing: the check must not look for it among meshgate's fields.
  EXPECT_EQ(spec.lookahead, std::vector<std::string>{"framing_word"});
  const auto entry = std::find_if(spec.types.begin(), spec.types.end(), [](const ksy::Type& t) { return t.id == "ptx_entry"; });
  ASSERT_NE(entry, spec.types.end());
  ASSERT_EQ(entry->seq.size(), 1u);
  EXPECT_EQ(entry->seq[0].switch_on, "framing_word");
  const std::vector<std::pair<std::string, std::string>> cases = {{std::to_string(ptx::kTm2Magic), "ptx_tm2_entry"},
                                                                  {"_", "ptx_object_entry"}};
  EXPECT_EQ(entry->seq[0].cases, cases);
  EXPECT_NE(kaitai_yaml(spec, "1.2.3").find("-meshgate-lookahead:\n    - \"framing_word\""), std::string::npos);
}

}  // namespace
}  // namespace meshgate
