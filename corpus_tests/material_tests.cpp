// MAT0 materials and WEAR tables: one negative test per code (each
// variant is an archive whose one entry breaks one rule), the synthetic game
// folder round trip with every byte covered, both WEAR row readings, and the
// static phase rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/material_diagnostic_codes.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/nres/nres_parser.hpp"
#include "analysis/sweep.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/material/material_synth.hpp"
#include "writer/material/material_writer.hpp"

namespace meshgate::material {
namespace {

// The one MAT0 or WEAR entry of a malformed variant, parsed as parse_tree parses it.
std::vector<Diagnostic> parse_variant(const MalformedCase& c, bool* ok, bool strict = false) {
  const nres::ParseResult lib = nres::parse_nres(c.file.bytes);
  EXPECT_TRUE(lib.ok());
  for (const nres::Entry& e : lib.archive->entries) {
    const uint64_t type = e.record.get(nres::entry::type_id);
    if (type == mat0::kMat0TypeId) {
      const auto r = mat0::parse_mat0(e.payload, {.version = static_cast<uint32_t>(e.record.get(nres::entry::attr2)), .strict = strict});
      if (r.ok()) {
        const WriteResult w = write_mat0(*r.material);
        EXPECT_TRUE(w.ok() && std::equal(w.bytes.begin(), w.bytes.end(), e.payload.begin(), e.payload.end()));
      }
      *ok = r.ok();
      return r.diagnostics;
    }
    if (type == wear::kWearTypeId) {
      const auto r = wear::parse_wear(e.payload, {.strict = strict});
      if (r.ok()) {
        const WriteResult w = write_wear(*r.table);
        EXPECT_TRUE(w.ok() && std::equal(w.bytes.begin(), w.bytes.end(), e.payload.begin(), e.payload.end()));
      }
      *ok = r.ok();
      return r.diagnostics;
    }
  }
  ADD_FAILURE() << "no MAT0 or WEAR entry in " << c.file.name;
  return {};
}

class MaterialMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(MaterialMalformed, VariantRaisesItsCode) {
  const DiagnosticCode& code = GetParam();
  const auto cases = malformed_material_cases(3);
  auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
  ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
  bool ok = false;
  const std::vector<Diagnostic> diagnostics = parse_variant(*it, &ok);
  auto d = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& x) { return x.code == code.code; });
  ASSERT_NE(d, diagnostics.end()) << code.code;
  EXPECT_FALSE(d->path.empty());
  EXPECT_EQ(d->severity, code.severity);
  EXPECT_EQ(ok, code.severity == Severity::warning) << code.code;
  if (code.severity == Severity::warning) {
    bool strict_ok = true;
    (void)parse_variant(*it, &strict_ok, /*strict=*/true);
    EXPECT_FALSE(strict_ok) << "--strict escalates " << code.code;
  }
}

std::vector<DiagnosticCode> all_codes() {
  std::vector<DiagnosticCode> out(mat0::codes::kAll.begin(), mat0::codes::kAll.end());
  out.insert(out.end(), wear::codes::kAll.begin(), wear::codes::kAll.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(EveryCode, MaterialMalformed, ::testing::ValuesIn(all_codes()),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           std::string name(p.param.code);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(MaterialRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : all_codes()) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_material_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
}

TEST(MaterialCorpus, EveryFileAndResourceRoundTripsWithNoUncoveredNonZeroByte) {
  std::map<Format, size_t> formats;
  for (const SynthFile& f : synth_materials_corpus(9, 4)) {
    if (f.name.ends_with(".wea")) {
      const wear::ParseResult r = wear::parse_wear(f.bytes);
      ASSERT_TRUE(r.ok()) << f.name;
      EXPECT_EQ(r.coverage.uncovered_bytes, 0u) << f.name;
      continue;
    }
    const auto outcomes = roundtrip_tree(f.name, f.bytes, ParseProfile::compatible,
                                         [&](const RoundTripOutcome& o, Bytes bytes, const ParsedView& parsed) {
                                           ++formats[o.format];
                                           EXPECT_TRUE(o.identical) << o.path;
                                           EXPECT_TRUE(o.diagnostics.empty()) << o.path << ": " << o.diagnostics.front().message;
                                           const ParsedCoverage c = parsed_coverage(parsed);
                                           ASSERT_TRUE(c.summary) << o.path;
                                           for (const UncoveredRange& u : c.summary->uncovered)
                                             for (uint64_t i = u.begin; i < u.end; ++i)
                                               ASSERT_EQ(bytes[i], std::byte{0}) << o.path << " at " << i;
                                         });
    (void)outcomes;
  }
  EXPECT_GE(formats[Format::nikita_texm], 12u);
  EXPECT_GE(formats[Format::nikita_mat0], 9u);
  EXPECT_EQ(formats[Format::nikita_wear], 8u);  // two models per archive, four archives
  EXPECT_GE(formats[Format::nres_msh], 8u);
}

TEST(MaterialCorpus, TheSweepCountsTextureNamesThatResolveAcrossFiles) {
  SweepResult corpus;
  for (const SynthFile& f : synth_materials_corpus(9, 4)) {
    SweepResult r;
    sweep_file(f.name, f.bytes, ParseProfile::compatible, r, false);
    corpus.observations.merge(r.observations);
  }
  const nlohmann::json counts = corpus.observations.counts_json();
  const nlohmann::json& m = counts.at("nikita-mat0");
  // Every name but NO_SUCH_TEXTURE is an entry of Textures.lib (names fold case).
  EXPECT_GT(m.at("texture_names").get<uint64_t>(), 1u);
  EXPECT_EQ(m.at("texture_names_resolved").get<uint64_t>() + 1, m.at("texture_names").get<uint64_t>()) << m.dump();
  EXPECT_EQ(counts.at("nikita-texm").at("textures").get<uint64_t>(), 12u);
}

TEST(WearReadings, IdAndPositionAreBothOffered) {
  const std::string text = "3\r\n0 A\r\n2 B\r\n1 C\r\n";
  const wear::ParseResult r = wear::parse_wear(Bytes(reinterpret_cast<const std::byte*>(text.data()), text.size()));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, wear::codes::id_position_mismatch.code);
  EXPECT_NE(r.diagnostics[0].message.find("by position"), std::string::npos);
  EXPECT_EQ(r.table->material(1, wear::RowReading::by_id), "C");
  EXPECT_EQ(r.table->material(1, wear::RowReading::by_position), "B");
  EXPECT_EQ(r.table->material(3, wear::RowReading::by_id), std::nullopt);
  EXPECT_EQ(r.coverage.uncovered_bytes, 0u);
}

TEST(Mat0Phases, TrackZerosFirstKeyPicksTheStaticPhase) {
  for (const SynthFile& f : synth_materials_corpus(9, 4)) {
    if (f.name != "Material.lib") continue;
    const nres::ParseResult lib = nres::parse_nres(f.bytes);
    ASSERT_TRUE(lib.ok());
    size_t animated = 0;
    for (const nres::Entry& e : lib.archive->entries) {
      const mat0::ParseResult m = mat0::parse_mat0(e.payload);
      ASSERT_TRUE(m.ok());
      const size_t phase = mat0::static_phase(*m.material);
      if (m.material->tracks.empty()) {
        EXPECT_EQ(phase, 0u);
      } else {
        ++animated;
        EXPECT_EQ(phase, m.material->tracks[0].keys[0].get(mat0::key::entry));
      }
    }
    EXPECT_GT(animated, 0u);
  }
}

}  // namespace
}  // namespace meshgate::material
