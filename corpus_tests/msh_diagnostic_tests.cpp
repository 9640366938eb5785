// One negative test per MSH diagnostic code: the malformed variant raises the
// code with its severity, at the expected field path, at the file offset of
// that field; errors stop the parse, warning-only models still round-trip
// exactly. The §4 registry maps every invariant 1..23 onto codes.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_parser.hpp"
#include "synth/msh/msh_synth.hpp"
#include "writer/msh/msh_writer.hpp"

namespace meshgate::msh {
namespace {

// Where each variant of malformed_msh_cases() breaks the base model
// (directory order 1,2,3,4,5,15,13,6,7,8,19,9,10,17; 3 nodes, 5 batches, 25 vertices).
const std::map<std::string_view, std::string_view> kExpectedPath = {
    {"msh.stream-size-not-multiple", "entries[2].size"},
    {"msh.non-finite-value", "res3[2].position_y"},
    {"msh.key-time-not-finite", "res8[1].time"},
    {"msh.stream-count-mismatch", "entries[7].attr1"},
    {"msh.stream-attr3-mismatch", "entries[2].attr3"},
    {"msh.stream-attr2-nonzero", "entries[2].attr2"},
    {"msh.node-stride-unsupported", "entries[0].attr3"},
    {"msh.header-too-short", "entries[1].size"},
    {"msh.slot-table-tail", "entries[1].size"},
    {"msh.vertex-count-mismatch", "entries[3].size"},
    {"msh.index-count-not-triangles", "entries[7].size"},
    {"msh.triangle-count-mismatch", "entries[8].size"},
    {"msh.strings-malformed", "res10[2].length"},
    {"msh.string-not-terminated", "res10[0].text"},
    {"msh.strings-count-mismatch", "entries[12].attr1"},
    {"msh.required-stream-missing", "entries"},
    {"msh.expected-stream-missing", "entries"},
    {"msh.duplicate-required-stream", "entries[14].type_id"},
    {"msh.duplicate-stream", "entries[14].type_id"},
    {"msh.slot-index-out-of-range", "res1[0].slot_index_1"},
    {"msh.parent-not-before-child", "res1[1].parent_or_link"},
    {"msh.fallback-key-out-of-range", "res1[0].fallback_key"},
    {"msh.anim-map-out-of-range", "res1[1].anim_map_start"},
    {"msh.map-word-beyond-fallback", "res19[0]"},
    {"msh.key-time-not-increasing", "res8[3].time"},
    {"msh.slot-block-gap", "res1[2].slot_index_5"},
    {"msh.slot-batch-range", "res2[0].batch_count"},
    {"msh.slot-triangle-range", "res2[0].tri_count"},
    {"msh.slot-bounds-invalid", "res2[0].aabb_min_x"},
    {"msh.slot-batch-coverage", "res2[0].tri_start"},
    {"msh.batch-index-range", "res13[0].index_count"},
    {"msh.batch-index-count-not-triangles", "res13[4].index_count"},
    {"msh.index-out-of-range", "res6[0]"},
    {"msh.batch-vertex-range", "res6[1]"},
    {"msh.batches-not-tiling", "res13"},
    {"msh.vertex-unreached", "res3[25]"},
    {"msh.triangle-link-out-of-range", "res7[0].neighbour_0"},
    {"msh.sel-packed-high-bits", "res7[0].sel_packed"},
};

template <const auto& Spec>
std::optional<uint64_t> field_offset(std::string_view name) {
  for (const FieldSpec& f : Spec.fields)
    if (f.name == name) return f.offset;
  return std::nullopt;
}

// The file offset a path names, worked out from the container alone (not from
// the MSH parser): entries[i].f, resT[k].f (records) or resT[k] (elements).
std::optional<uint64_t> resolve(const nres::Archive& a, const std::string& path) {
  const uint64_t dir = nres::directory_offset(a.header);
  std::smatch m;
  if (path == "entries") return dir;
  if (std::regex_match(path, m, std::regex(R"(entries\[(\d+)\]\.(\w+))"))) {
    auto f = field_offset<nres::kEntrySpec>(m[2].str());
    return f ? std::optional(dir + std::stoull(m[1]) * 64 + *f) : std::nullopt;
  }
  if (!std::regex_match(path, m, std::regex(R"(res(\d+)\[(\d+)\](?:\.(\w+))?)"))) return std::nullopt;
  const uint64_t type = std::stoull(m[1]), k = std::stoull(m[2]);
  uint64_t base = 0;
  for (const nres::Entry& e : a.entries)
    if (e.record.get(nres::entry::type_id) == type) {
      base = e.record.get(nres::entry::data_offset);
      break;
    }
  const std::string field = m[3].str();
  switch (type) {
    case 1: return base + k * 38 + *field_offset<kNodeSpec>(field);
    case 2: return base + 0x8C + k * 68 + *field_offset<kSlotSpec>(field);
    case 3: return base + k * 12 + (field.empty() ? 0 : 4 * static_cast<uint64_t>(field.back() - 'x'));  // position_x/y/z
    case 6: case 19: return base + k * 2;
    case 7: return base + k * 16 + *field_offset<kTriangleSpec>(field);
    case 8: return base + k * 24 + *field_offset<kKeySpec>(field);
    case 13: return base + k * 20 + *field_offset<kBatchSpec>(field);
    default: return std::nullopt;  // Res10 records are variable-length: checked by path only
  }
}

class MshMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(MshMalformed, VariantRaisesItsCodeAtTheField) {
  const DiagnosticCode& code = GetParam();
  const auto cases = malformed_msh_cases(1);
  auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
  ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
  const ParseResult r = parse_msh(it->file.bytes);
  auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                        [&](const Diagnostic& x) { return x.code == code.code; });
  ASSERT_NE(d, r.diagnostics.end()) << code.code;
  EXPECT_EQ(d->severity, code.severity);
  ASSERT_TRUE(kExpectedPath.contains(code.code)) << code.code;
  EXPECT_EQ(d->path, kExpectedPath.at(code.code));
  const nres::ParseResult container = nres::parse_nres(it->file.bytes);
  ASSERT_TRUE(container.ok());
  if (auto expected = resolve(*container.archive, d->path)) {
    EXPECT_EQ(d->offset, *expected) << d->path;
  }
  EXPECT_LT(d->offset, it->file.bytes.size());
  if (code.severity == Severity::error) {
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.diagnostics.back().code, code.code);  // the first error ends the parse
  } else {
    ASSERT_TRUE(r.ok());
    const WriteResult w = write_msh(*r.model);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(w.bytes, it->file.bytes);
    EXPECT_FALSE(parse_msh(it->file.bytes, {.strict = true}).ok()) << "--strict escalates " << code.code;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCode, MshMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(MshRegistry, EveryCodeHasOneVariantAndTheBaseIsClean) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_msh_cases(1)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
  const ParseResult base = parse_msh(export_msh(malformed_base_model()));
  ASSERT_TRUE(base.ok());
  EXPECT_TRUE(base.diagnostics.empty());
}

TEST(MshRegistry, EveryInvariantOfSection4HasCodes) {
  std::set<std::string_view> mapped;
  for (size_t i = 0; i < codes::kInvariants.size(); ++i) {
    const auto& inv = codes::kInvariants[i];
    EXPECT_EQ(inv.item, static_cast<int>(i + 1));
    ASSERT_NE(inv.codes[0], nullptr) << "§4." << inv.item << " has no code";
    for (const DiagnosticCode* c : inv.codes)
      if (c) mapped.insert(c->code);
  }
  for (const DiagnosticCode& c : codes::kBeyondSection4) mapped.insert(c.code);
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(mapped.contains(c.code)) << c.code << " maps to no §4 item";
}

}  // namespace
}  // namespace meshgate::msh
