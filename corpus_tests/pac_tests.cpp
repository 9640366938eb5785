// PAC/PNST containers: one negative test per code, the spec's rules
// one by one on hand-built containers, the synthetic corpus round trip,
// parse_tree's nested paths, a MOD member's trailing gap, and set / rebuild of
// a nested MOD rewriting the container around it.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "change/canonical_rebuild.hpp"
#include "change/field_diff.hpp"
#include "change/field_set.hpp"
#include "corpus_tests/fixtures.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/mod/mod_diagnostic_codes.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/pac/pac_diagnostic_codes.hpp"
#include "parser/pac/pac_parser.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/pac/pac_synth.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "writer/pac/pac_layout_builder.hpp"
#include "writer/pac/pac_writer.hpp"

namespace meshgate::pac {
namespace {

using testing::put;

std::vector<std::byte> blob(size_t n, uint8_t fill) { return std::vector<std::byte>(n, std::byte{fill}); }

// "PAC\0", N slots, offsets as given, then `size - table` bytes of 0x33.
std::vector<std::byte> hand_built(std::initializer_list<uint32_t> offsets, size_t size, bool pnst = false) {
  std::vector<std::byte> b(size, std::byte{0x33});
  const char* magic = pnst ? "PNST" : "PAC";
  for (size_t i = 0; i < 4; ++i) b[i] = static_cast<std::byte>(magic[i]);  // "PAC" copies its NUL
  put(b, 4, offsets.size(), 4);
  size_t k = 0;
  for (uint32_t o : offsets) put(b, 8 + 4 * k++, o, 4);
  return b;
}

bool has_code(const ParseResult& r, std::string_view code) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

class PacMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(PacMalformed, VariantRaisesItsCode) {
  const DiagnosticCode& code = GetParam();
  const auto cases = malformed_pac_cases(3);
  auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
  ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
  const ParseResult r = parse_pac(it->file.bytes, {.copy_members = true});
  auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& x) { return x.code == code.code; });
  ASSERT_NE(d, r.diagnostics.end()) << code.code;
  EXPECT_FALSE(d->path.empty());
  EXPECT_LE(d->offset, it->file.bytes.size());
  EXPECT_EQ(d->severity, code.severity) << code.code;
  if (code.severity == Severity::error) {
    EXPECT_FALSE(r.ok());
  } else {
    ASSERT_TRUE(r.ok());
    const WriteResult w = write_pac(*r.container);
    ASSERT_TRUE(w.ok());
    EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), it->file.bytes.begin(), it->file.bytes.end()));
    EXPECT_FALSE(parse_pac(it->file.bytes, {.strict = true}).ok()) << "--strict escalates " << code.code;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCode, PacMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(PacRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_pac_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
}

TEST(PacRules, EmptySlotsStaySlotsAndExtentsRunToTheNextLargerOffset) {
  // 11 slots (table ends at 0x34): slot 0 -> 0x40, slot 10 -> 0x38, the rest empty.
  std::vector<uint32_t> o(11, 0);
  o[0] = 0x40, o[10] = 0x38;
  std::vector<std::byte> b(0x50, std::byte{0x33});
  b[0] = std::byte{'P'}, b[1] = std::byte{'A'}, b[2] = std::byte{'C'}, b[3] = std::byte{0};
  put(b, 4, 11, 4);
  for (size_t k = 0; k < o.size(); ++k) put(b, 8 + 4 * k, o[k], 4);
  for (size_t i = 0x34; i < 0x38; ++i) b[i] = std::byte{0};  // a zero gap after the table
  const ParseResult r = parse_pac(b);
  ASSERT_TRUE(r.ok()) << r.diagnostics.front().message;
  EXPECT_TRUE(r.diagnostics.empty());
  const Container& c = *r.container;
  ASSERT_EQ(c.slots.size(), 11u);
  ASSERT_EQ(c.members.size(), 2u);
  EXPECT_EQ(c.members[0].slots, std::vector<uint32_t>{10});  // slot 10 stays slot 10
  EXPECT_EQ(c.members[0].offset, 0x38u);
  EXPECT_EQ(c.members[0].extent, 0x8u);  // to the next larger offset
  EXPECT_EQ(c.members[1].slots, std::vector<uint32_t>{0});
  EXPECT_EQ(c.members[1].extent, 0x10u);  // to the end
  ASSERT_EQ(c.gaps.size(), 1u);  // [0x34, 0x38): no member claims it
  EXPECT_EQ(c.gaps[0].offset, 0x34u);
}

TEST(PacRules, OffsetsMustLieAfterTheTableAndStrictlyInside) {
  // One slot: the table ends at 12.
  EXPECT_TRUE(parse_pac(hand_built({12}, 20)).ok());                                  // right after the table
  EXPECT_TRUE(has_code(parse_pac(hand_built({11}, 20)), codes::offset_into_table.code));
  EXPECT_TRUE(has_code(parse_pac(hand_built({4}, 20)), codes::offset_into_table.code));
  EXPECT_TRUE(parse_pac(hand_built({19}, 20)).ok());                                  // the last byte
  EXPECT_TRUE(has_code(parse_pac(hand_built({20}, 20)), codes::offset_out_of_bounds.code));
  EXPECT_TRUE(has_code(parse_pac(hand_built({0xFFFFFFFF}, 20)), codes::offset_out_of_bounds.code));
}

TEST(PacRules, AlignmentIsAnObservationNeverARejection) {
  // Two slots: the table ends at 16; offsets 3 and 15 mod 16.
  std::vector<std::byte> b = hand_built({0x13, 0x1F}, 0x30);
  for (size_t i = 16; i < 0x13; ++i) b[i] = std::byte{0};  // the gap after the table: zero
  const ParseResult r = parse_pac(b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.container->members[0].offset % 16, 3u);
  EXPECT_EQ(r.container->members[1].offset % 16, 15u);
}

TEST(PacRules, DuplicateOffsetsShareOneExtent) {
  const ParseResult r = parse_pac(hand_built({0x20, 0, 0x20}, 0x30));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.container->members.size(), 1u);
  EXPECT_EQ(r.container->members[0].slots, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(r.container->members[0].extent, 0x10u);
  EXPECT_TRUE(has_code(r, codes::shared_extent.code));
}

TEST(PacRules, ZeroSlotContainersAreValidAndSlotCountsAreBoundedBeforeAllocating) {
  const ParseResult empty = parse_pac(hand_built({}, 8, /*pnst=*/true));
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty.container->kind, Kind::pnst);
  EXPECT_TRUE(empty.container->slots.empty());
  std::vector<std::byte> huge = hand_built({}, 16);
  put(huge, 4, 0xFFFFFFFF, 4);
  EXPECT_TRUE(has_code(parse_pac(huge), codes::slot_limit.code));
  put(huge, 4, kMaxSlots, 4);  // at the limit: the table does not fit a 16-byte file
  EXPECT_TRUE(has_code(parse_pac(huge), codes::table_out_of_bounds.code));
}

TEST(PacRules, ClassificationIsByMagicAndATextIndexIsNoContainer) {
  const auto as_bytes = [](std::string_view s) {
    return std::vector<std::byte>(reinterpret_cast<const std::byte*>(s.data()),
                                  reinterpret_cast<const std::byte*>(s.data()) + s.size());
  };
  EXPECT_EQ(detect_format(as_bytes(std::string_view("PNST\x02\0\0\0", 8))), Format::dmc3_pnst);
  EXPECT_EQ(detect_format(as_bytes(std::string_view("PAC\0\0\0\0\0", 8))), Format::dmc3_pac);
  EXPECT_EQ(detect_format(as_bytes("PNST 12 entries\n")), Format::unknown);  // extraction metadata
  EXPECT_EQ(detect_format(as_bytes("PNST\r\n")), Format::unknown);
  EXPECT_EQ(classify_member(as_bytes("MOD rest")), MemberKind::mod);
  EXPECT_EQ(classify_member(as_bytes(std::string_view("PNST\0\0\0\0", 8))), MemberKind::pnst);
  EXPECT_EQ(classify_member(as_bytes("xyz")), MemberKind::opaque);
}

TEST(PacCorpus, GeneratedContainersRoundTripAndCoverEveryShape) {
  size_t zero_slot = 0, sparse = 0, nested = 0, mods = 0, opaque = 0, phase8 = 0, phase0 = 0, files = 0;
  for (Kind kind : {Kind::pac, Kind::pnst}) {
    for (const SynthFile& f : synth_pac_corpus(kind, 20261204, 28)) {
      ++files;
      const ParseResult r = parse_pac(f.bytes, {.strict = true, .copy_members = true});
      ASSERT_TRUE(r.ok()) << f.name << ": " << r.diagnostics.front().message;
      EXPECT_EQ(r.container->kind, kind);
      const WriteResult w = write_pac(*r.container);
      ASSERT_TRUE(w.ok()) << f.name;
      ASSERT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), f.bytes.begin(), f.bytes.end())) << f.name;
      const Container& c = *r.container;
      zero_slot += c.slots.empty();
      sparse += c.members.size() < c.slots.size();
      for (const Member& m : c.members) {
        nested += m.kind == MemberKind::pac || m.kind == MemberKind::pnst;
        mods += m.kind == MemberKind::mod;
        opaque += m.kind == MemberKind::opaque;
        phase8 += m.offset % 16 == 8;
        phase0 += m.offset % 16 == 0;
      }
    }
  }
  EXPECT_EQ(files, 56u);
  EXPECT_GT(zero_slot, 0u);
  EXPECT_GT(sparse, 0u);
  EXPECT_GT(nested, 0u);
  EXPECT_GT(mods, 0u);
  EXPECT_GT(opaque, 0u);
  EXPECT_GT(phase8, 0u);
  EXPECT_GT(phase0, 0u);
}

// A PNST at slot 2 of a PAC, holding a MOD at slot 0 followed by 24 bytes of
// padding (its trailing gap), and an opaque blob at slot 1.
struct NestedFixture {
  std::vector<std::byte> mod;
  std::vector<std::byte> bytes;
};
NestedFixture nested_fixture() {
  NestedFixture f;
  f.mod = mod::build_mod(mod::random_mod_description(7, 1)).bytes;
  ContainerDescription inner{Kind::pnst, 2, {}, 32, 0, std::byte{0}};
  std::vector<std::byte> padded = f.mod;
  padded.resize(f.mod.size() + 24, std::byte{0});  // explicit padding: the trailing gap
  inner.members.push_back({{0}, padded});
  inner.members.push_back({{1}, blob(40, 0x07)});
  ContainerDescription outer{Kind::pac, 4, {}, 16, 8, std::byte{0}};
  outer.members.push_back({{0}, blob(20, 0x05)});
  outer.members.push_back({{2}, build_pac(inner)});
  f.bytes = build_pac(outer);
  return f;
}

TEST(PacTree, NestedMembersAreVisitedUnderTheirSlotPaths) {
  const NestedFixture fx = nested_fixture();
  std::vector<std::pair<std::string, Format>> seen;
  parse_tree("em.pac", fx.bytes, {}, [&](ParsedFile& f) { seen.emplace_back(f.path, f.format); });
  const std::vector<std::pair<std::string, Format>> expected = {
      {"em.pac", Format::dmc3_pac}, {"em.pac!slot_0002", Format::dmc3_pnst}, {"em.pac!slot_0002!slot_0000", Format::dmc3_mod}};
  EXPECT_EQ(seen, expected);
  const std::vector<RoundTripOutcome> outcomes = roundtrip_tree("em.pac", fx.bytes);
  ASSERT_EQ(outcomes.size(), 3u);
  for (const RoundTripOutcome& o : outcomes) {
    EXPECT_TRUE(o.parsed) << o.path;
    EXPECT_TRUE(o.identical) << o.path;
    EXPECT_TRUE(o.diagnostics.empty()) << o.path << ": " << o.diagnostics.front().code;
  }
}

TEST(PacTree, AModMembersPaddingIsItsTrailingGapNotAnError) {
  const NestedFixture fx = nested_fixture();
  std::optional<mod::ParseResult::MemberTail> tail;
  Bytes member;
  parse_tree("em.pac", fx.bytes, {.strict = true}, [&](ParsedFile& f) {
    if (!f.as<mod::ParseResult>()) return;
    ASSERT_TRUE(f.as<mod::ParseResult>()->ok()) << f.as<mod::ParseResult>()->diagnostics.front().message;  // --strict: not even a warning
    tail = f.as<mod::ParseResult>()->member_tail;
    member = f.data;
  });
  ASSERT_TRUE(tail);
  EXPECT_EQ(tail->own_end, fx.mod.size());
  // 24 bytes of explicit padding, plus what the 32-alignment of the blob after it added.
  EXPECT_GE(tail->bytes, 24u);
  EXPECT_EQ(tail->own_end + tail->bytes, member.size());
  // The loose-file rule is not weakened: the same bytes as a loose file warn
  // that the workspace trailer does not end at EOF.
  const mod::ParseResult loose = mod::parse_mod(member);
  ASSERT_TRUE(loose.ok());
  EXPECT_FALSE(loose.member_tail);
  EXPECT_TRUE(std::any_of(loose.diagnostics.begin(), loose.diagnostics.end(), [](const Diagnostic& d) {
    return d.code == mod::codes::workspace_trailer_not_tiled.code;
  }));
}

TEST(PacTree, ANestedModThatDoesNotParseFailsItsOwnOutcome) {
  NestedFixture fx = nested_fixture();
  uint64_t mod_at = 0;
  parse_tree("em.pac", fx.bytes, {}, [&](ParsedFile& f) {
    if (f.as<mod::ParseResult>()) mod_at = static_cast<uint64_t>(f.data.data() - fx.bytes.data());
  });
  ASSERT_GT(mod_at, 0u);
  put(fx.bytes, mod_at + 0x20, 0xFFFFFFF0, 4);  // document_offset far outside the MOD
  const std::vector<RoundTripOutcome> outcomes = roundtrip_tree("em.pac", fx.bytes);
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_TRUE(outcomes[0].identical);  // the container itself still round-trips (the member as bytes)
  EXPECT_EQ(outcomes[2].path, "em.pac!slot_0002!slot_0000");
  EXPECT_FALSE(outcomes[2].parsed);
}

TEST(PacChange, SetOfANestedModFieldEditsTheContainerAroundIt) {
  const NestedFixture fx = nested_fixture();
  const SetResult r = apply_assignments("em.pac", fx.bytes, ParseProfile::compatible,
                                        {{"slot_0002!slot_0000!objects[0].bounding_radius", "0.5"}});
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_EQ(r.edits.size(), 1u);
  EXPECT_EQ(r.bytes.size(), fx.bytes.size());  // same slots, same offsets
  float radius = 0;
  bool found = false;
  parse_tree("em.pac", r.bytes, {}, [&](ParsedFile& f) {
    if (!f.as<mod::ParseResult>()) return;
    ASSERT_TRUE(f.as<mod::ParseResult>()->ok());
    radius = f.as<mod::ParseResult>()->model->objects[0].record.get_f32(mod::obj::radius);
    found = true;
  });
  ASSERT_TRUE(found);
  EXPECT_EQ(radius, 0.5f);
  // Only the field's four bytes changed.
  size_t changed = 0;
  for (size_t i = 0; i < r.bytes.size(); ++i) changed += r.bytes[i] != fx.bytes[i];
  EXPECT_LE(changed, 4u);
  EXPECT_GT(changed, 0u);
}

TEST(PacChange, CanonicalRebuildLaysMembersOutAfreshAndStatesTheAlignment) {
  const NestedFixture fx = nested_fixture();
  const RebuildResult r = rebuild_canonical("em.pac", fx.bytes, ParseProfile::compatible);
  ASSERT_TRUE(r.ok()) << *r.error;
  EXPECT_TRUE(std::any_of(r.notes.begin(), r.notes.end(),
                          [](const std::string& n) { return n.find("16-aligned") != std::string::npos; }));
  const ParseResult again = parse_pac(r.bytes);
  ASSERT_TRUE(again.ok());
  for (const Member& m : again.container->members) EXPECT_EQ(m.offset % 16, 0u);
  // Same slots populated, same kinds in them.
  const ParseResult before = parse_pac(fx.bytes);
  ASSERT_EQ(again.container->members.size(), before.container->members.size());
  for (size_t m = 0; m < before.container->members.size(); ++m) {
    EXPECT_EQ(again.container->members[m].slots, before.container->members[m].slots);
    EXPECT_EQ(again.container->members[m].kind, before.container->members[m].kind);
  }
  // The same model under every nested path.
  for (const FileDiff& d : diff_trees(diff_sides("em.pac", fx.bytes, ParseProfile::compatible),
                                      diff_sides("em.pac", r.bytes, ParseProfile::compatible), DiffMode::content))
    EXPECT_TRUE(d.equal()) << file_diff_text(d);
  // A MOD whose canonical rebuild changes its size moves the members after it.
  const RebuildResult twice = rebuild_canonical("em.pac", r.bytes, ParseProfile::compatible);
  ASSERT_TRUE(twice.ok());
  EXPECT_EQ(twice.bytes, r.bytes) << "the canonical layout is a fixpoint";
}

}  // namespace
}  // namespace meshgate::pac
