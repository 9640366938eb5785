// DMC3 MOT motions: one negative test per code, the synthetic round trip with
// every byte covered, compressions 2 and 3 decoded against values computed by
// hand from the spec's formulas, the §6 evaluation goldens (holds, offsets,
// bit 15 of the left key, the cached search in both directions and on equal
// times), the §8 angle quantisation, the §7 mask readings and the bind checks.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"
#include "pipeline/schema/evidence_schema_text.hpp"
#include "pipeline/schema/manifest_schema_text.hpp"
#include "synth/mot/mot_synth.hpp"
#include "writer/mot/mot_writer.hpp"

namespace meshgate::mot {
namespace {

std::vector<std::byte> bytes_of(const Motion& m) {
  const WriteResult w = write_mot(m);
  return {w.bytes.begin(), w.bytes.end()};
}

class MotMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(MotMalformed, VariantRaisesItsCode) {
  testing::expect_variant_raises(GetParam(), malformed_mot_cases(3), [](Bytes b, bool strict) { return parse_mot(b, {.strict = strict}); },
                                 [](const ParseResult& r, Bytes b) { return r.coverage.covered_bytes == b.size() && testing::same_bytes(write_mot(*r.motion), b); });
}

INSTANTIATE_TEST_SUITE_P(EveryCode, MotMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(MotRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const DiagnosticCode& c : codes::kBinding) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_mot_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  std::set<std::string_view> parser_codes;
  for (const DiagnosticCode& c : codes::kAll) parser_codes.insert(c.code);
  EXPECT_EQ(planted, parser_codes);
}

TEST(MotRegistry, TheSpecsCasesAreTheSpecsCodes) {
  // §11's malformed cases, checked where the spec fixes the byte: a count of
  // 0xFFFFFFFF is refused before anything is sized by it.
  const auto cases = malformed_mot_cases(3);
  const auto find = [&](const DiagnosticCode& c) {
    return std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& m) { return m.expected_code == c.code; });
  };
  EXPECT_EQ(find(codes::truncated_header)->file.bytes.size(), 0x1Du);
  const auto& limit = find(codes::track_count_limit)->file.bytes;
  const ParseResult r = parse_mot(limit);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].path, "track_count");
}

TEST(MotRegistry, ACountPastTheEndIsReportedAtTheFieldThatPlacesIt) {
  // H = 0x30 for two masks, but the file ends at 45 bytes: no room for the
  // u32 count at H. The offset names header_size, inside the input (the
  // fuzzer found it reported at H, past the end).
  std::vector<std::byte> bytes = bytes_of(make_motion({0, 0}, {}, 0.0f));
  bytes.resize(45);
  const ParseResult r = parse_mot(bytes);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, codes::truncated_header.code);
  EXPECT_EQ(r.diagnostics[0].path, "header.header_size");
  EXPECT_EQ(r.diagnostics[0].offset, 0u);
}

TEST(MotLock, TheManifestAndEvidenceSchemasNameTheFormat) {
  // A lock or an evidence report holding a motion is checked against these
  // schemas (gate refused a lock of motions before "dmc3-mot" was listed).
  const nlohmann::json manifest = nlohmann::json::parse(kManifestSchemaText);
  const nlohmann::json evidence = nlohmann::json::parse(kEvidenceSchemaText);
  const auto names = [](const nlohmann::json& schema) {
    return schema.dump().find("\"dmc3-mot\"") != std::string::npos;
  };
  EXPECT_TRUE(names(manifest));
  EXPECT_TRUE(names(evidence));
}

TEST(MotCorpus, EveryMotionRoundTripsWithEveryByteCovered) {
  uint64_t partly = 0, raw_shifts = 0;
  std::set<uint64_t> compressions;
  for (uint64_t i = 0; i < 24; ++i) {
    const std::vector<std::byte> bytes = bytes_of(random_motion(7, i));
    const ParseResult r = parse_mot(bytes);
    ASSERT_TRUE(r.ok()) << i << ": " << r.diagnostics.front().message;
    EXPECT_TRUE(r.diagnostics.empty()) << i << ": " << r.diagnostics.front().message;
    EXPECT_EQ(r.coverage.covered_bytes, bytes.size()) << i;
    EXPECT_TRUE(r.coverage.uncovered.empty()) << i;
    EXPECT_EQ(bytes.size() % 16, 0u) << i;
    const WriteResult w = write_mot(*r.motion);
    ASSERT_TRUE(w.ok()) << i;
    EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), bytes.begin(), bytes.end())) << i;
    const ParseResult again = parse_mot(Bytes(w.bytes.data(), w.bytes.size()));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again.motion, *r.motion) << i;
    EXPECT_TRUE(looks_like_mot(Bytes(bytes).first(std::min<size_t>(bytes.size(), kMagicProbeBytes)))) << i;
    EXPECT_EQ(detect_format(bytes), Format::dmc3_mot) << i;
    partly += partly_set_triplets(*r.motion);
    for (const Track& t : r.motion->tracks) {
      compressions.insert(track_head(t).get(track::compression));
      raw_shifts += track_head(t).get(track::time_offset) != 0;
    }
  }
  EXPECT_EQ(compressions, (std::set<uint64_t>{2, 3}));
  EXPECT_GT(partly, 0u);
  EXPECT_GT(raw_shifts, 0u);
}

// The marker makes a file a motion, however broken (its parser names what
// is); without it, the header arithmetic closing does, with a warning.
TEST(MotDetect, TheMarkerOrTheClosingArithmeticMakesAMotion) {
  const std::vector<std::byte> valid = bytes_of(random_motion(7, 0));
  std::vector<std::byte> bytes = valid;
  bytes[0] = std::byte{0x41};  // H no longer closes: still a motion, a broken one
  EXPECT_TRUE(looks_like_mot(bytes));
  EXPECT_EQ(detect_format(bytes), Format::dmc3_mot);
  EXPECT_EQ(parse_mot(bytes).diagnostics.back().code, codes::header_size_mismatch.code);
  bytes = valid;
  bytes[4] = std::byte{'X'};  // arithmetic closes, marker missing
  EXPECT_FALSE(looks_like_mot(bytes));
  EXPECT_TRUE(frames_as_mot(bytes));
  EXPECT_EQ(detect_format(bytes), Format::dmc3_mot);
  const ParseResult r = parse_mot(bytes);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, codes::marker_mismatch.code);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::warning);
  bytes[0] = std::byte{0x41};  // neither
  EXPECT_FALSE(frames_as_mot(bytes));
  EXPECT_EQ(detect_format(bytes), Format::unknown);
  bytes = valid;
  bytes[4] = std::byte{'X'};
  bytes[kMasksOffset + 1] |= std::byte{0x02};  // a mask bit above 0x1FF: no longer a motion's arithmetic
  EXPECT_FALSE(frames_as_mot(bytes));
}

// Hand-computed from §5: value = q · range / 65535 + min, in f32.
TEST(MotKeys, CompressionTwoDecodesByTheFormula) {
  const Track t = make_track2({{0x0000, 0}, {0x8000 | 10, 65535}, {20, 13107}}, -2.0f, 8.0f, -5);
  const std::vector<Key> keys = decode_keys(t);
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[0].value, -2.0f);  // q 0: exactly min
  EXPECT_EQ(keys[1].value, 6.0f);   // q 65535: exactly min + range
  EXPECT_EQ(keys[2].value, 1.6f + -2.0f);  // 13107 · 8 = 104,856 = 1.6 · 65535: f32 1.6, then - 2
  EXPECT_EQ(keys[1].masked_time, 10u);
  EXPECT_TRUE(keys[1].bit15);
  EXPECT_EQ(keys[1].time, 5);  // 10 + the signed offset -5
  EXPECT_EQ(keys[0].time, -5);
  EXPECT_EQ(keys[2].in_slope, 0.0f);  // compression 2 has no slopes
  EXPECT_EQ(keys[2].out_slope, 0.0f);
}

TEST(MotKeys, CompressionThreeDecodesValueAndBothSlopes) {
  const Track t = make_track3({{0x8000, 32768, 0, 65535}}, {1.0f, 2.0f, -1.0f, 4.0f, 0.5f, -1.0f});
  const std::vector<Key> keys = decode_keys(t);
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_FLOAT_EQ(keys[0].value, 1.0f + 32768.0f * 2.0f / 65535.0f);  // 2.0000153
  EXPECT_EQ(keys[0].in_slope, -1.0f);                                  // q 0: in_min
  EXPECT_EQ(keys[0].out_slope, -0.5f);                                 // q 65535: out_min + out_range
  EXPECT_EQ(keys[0].time, 0);
}

// Two keys 0 and 10 with values 0 and 10 (range 65535 makes q the value).
Track ramp(uint16_t bits0, uint16_t bits1, uint16_t out0 = 0, uint16_t in1 = 0, int16_t offset = 0) {
  return make_track3({{static_cast<uint16_t>(bits0 | 0), 0, 0, out0}, {static_cast<uint16_t>(bits1 | 10), 10, in1, 0}},
                     {0.0f, 65535.0f, 0.0f, 65535.0f, 0.0f, 65535.0f}, offset);
}

TEST(MotEvaluation, HoldsBeforeTheFirstAndAfterTheLastKey) {
  const Track t = ramp(0, 0);
  size_t cache = 0;
  EXPECT_EQ(evaluate_track(t, -3.0f, cache), 0.0f);
  EXPECT_EQ(evaluate_track(t, 12.0f, cache), 10.0f);
  EXPECT_EQ(evaluate_track(t, 10.0f, cache), 10.0f);
  EXPECT_EQ(evaluate_track(t, 0.0f, cache), 0.0f);
}

TEST(MotEvaluation, BitFifteenOfTheLeftKeySelectsHermite) {
  // Slopes: out of key 0 is 0, in of key 1 is 0 (q 0 of min 0): the Hermite
  // at u = 0.5 is (3u² - 2u³) · 10 = 5 as well, so give the segment slopes.
  size_t cache = 0;
  const Track linear = ramp(0, 0x8000, 2, 2);   // bit on the right key only: linear
  const Track hermite = ramp(0x8000, 0, 2, 2);  // bit on the left key: Hermite
  EXPECT_FLOAT_EQ(*evaluate_track(linear, 2.5f, cache), 2.5f);
  // u = 0.25, d = 10: h00 0.84375, h01 0.15625, h10 0.140625, h11 -0.046875;
  // 0.15625 · 10 + 0.140625 · 10 · 2 - 0.046875 · 10 · 2 = 3.4375.
  cache = 0;
  EXPECT_FLOAT_EQ(*evaluate_track(hermite, 2.5f, cache), 3.4375f);
}

TEST(MotEvaluation, AsymmetricSlopesAtTheMiddle) {
  // u = 0.5: h10 = 0.125, h11 = -0.125; out0 = 4, in1 = 0: 5 + 0.125 · 10 · 4 = 10.
  size_t cache = 0;
  EXPECT_FLOAT_EQ(*evaluate_track(ramp(0x8000, 0x8000, 4, 0), 5.0f, cache), 10.0f);
  cache = 0;
  EXPECT_FLOAT_EQ(*evaluate_track(ramp(0x8000, 0x8000, 0, 4), 5.0f, cache), 0.0f);
}

TEST(MotEvaluation, CompressionTwoIgnoresBitFifteen) {
  const Track t = make_track2({{0x8000, 0}, {0x8000 | 10, 65535}}, 0.0f, 10.0f);
  size_t cache = 0;
  EXPECT_FLOAT_EQ(*evaluate_track(t, 2.5f, cache), 2.5f);
}

TEST(MotEvaluation, ANegativeTimeOffsetShiftsTheKeys) {
  const Track t = ramp(0, 0, 0, 0, -4);  // keys at motion times -4 and 6
  size_t cache = 0;
  EXPECT_FLOAT_EQ(*evaluate_track(t, 1.0f, cache), 5.0f);
  EXPECT_FLOAT_EQ(*evaluate_track(t, 6.0f, cache), 10.0f);
  EXPECT_FLOAT_EQ(*evaluate_track(t, -4.0f, cache), 0.0f);
}

TEST(MotEvaluation, TheCachedSearchWalksBothWaysAndStopsOnEqualTimes) {
  const std::vector<uint16_t> times = {0, 5, 5, 5, 9};
  size_t cache = 0;
  KeyChoice c = cached_search(times, 7.0f, cache);  // forward from 0 to the segment 3..4
  EXPECT_EQ(c.left, 3u);
  EXPECT_TRUE(c.segment);
  EXPECT_EQ(cache, 3u);
  c = cached_search(times, 2.0f, cache);  // backward from 3 to the segment 0..1
  EXPECT_EQ(c.left, 0u);
  EXPECT_TRUE(c.segment);
  // On the run of equal times: coming forward from 0 stops at the first 5,
  // coming back from 4 stops at the last.
  cache = 0;
  c = cached_search(times, 5.0f, cache);
  EXPECT_EQ(c.left, 1u);
  EXPECT_FALSE(c.segment);
  cache = 4;
  c = cached_search(times, 5.0f, cache);
  EXPECT_EQ(c.left, 3u);
  EXPECT_FALSE(c.segment);
  cache = 2;  // from the middle of the run, it stays
  c = cached_search(times, 5.0f, cache);
  EXPECT_EQ(c.left, 2u);
  cache = 0;
  c = cached_search(times, 12.0f, cache);  // off the end: the last key alone
  EXPECT_EQ(c.left, 4u);
  EXPECT_FALSE(c.segment);
  c = cached_search(times, -1.0f, cache);  // before the first: key 0 alone
  EXPECT_EQ(c.left, 0u);
  EXPECT_FALSE(c.segment);
}

TEST(MotEvaluation, AnglesQuantiseToSixteenBits) {
  const float pi = 3.14159265f;
  // f32 π · f32 10430.377 = 32767.996 (the constant is 65536/2π rounded
  // down): trunc gives 32767, so ±π stay just inside ±π and do not wrap.
  EXPECT_FLOAT_EQ(quantize_angle(pi), 32767 * 9.587381e-5f);
  EXPECT_FLOAT_EQ(quantize_angle(-pi), -32767 * 9.587381e-5f);
  // 2π + ε wraps to a small angle: trunc(65536.0 + 10.43) = 65546 -> 10.
  EXPECT_FLOAT_EQ(quantize_angle(2 * pi + 0.001f), 10 * 9.587381e-5f);
  EXPECT_EQ(quantize_angle(std::numeric_limits<float>::quiet_NaN()), 0.0f);
  EXPECT_EQ(quantize_angle(1e30f), 0.0f);
  EXPECT_FLOAT_EQ(quantize_angle(0.5f), 5215 * 9.587381e-5f);  // trunc(5215.19)
}

TEST(MotChannels, TheTwoReadingsAgreeOnWholeTripletsAndDifferOnPartlySetOnes) {
  // Joint 0: 0x1C0 (all translation), joint 1: 0x048 (translation X under E,
  // Z under I; rotation X under E, Z under I).
  std::vector<Track> tracks;
  for (uint16_t v = 0; v < 5; ++v) tracks.push_back(make_track2({{0, v}}, 0.0f, 65535.0f));
  const Motion m = make_motion({0x1C0, 0x048}, std::move(tracks), 0.0f);
  MotionSampler e(m, MaskReading::exe), i(m, MaskReading::importer);
  for (const Channel c : {Channel::tx, Channel::ty, Channel::tz}) EXPECT_EQ(e.track_of(0, c), i.track_of(0, c));
  EXPECT_EQ(e.track_of(1, Channel::tx), 3u);
  EXPECT_EQ(e.track_of(1, Channel::rx), 4u);
  EXPECT_EQ(e.track_of(1, Channel::tz), std::nullopt);
  EXPECT_EQ(i.track_of(1, Channel::tz), 3u);
  EXPECT_EQ(i.track_of(1, Channel::rz), 4u);
  EXPECT_EQ(i.track_of(1, Channel::tx), std::nullopt);
  EXPECT_EQ(e.sample(1, Channel::rx, 0.0f), 4.0f);
  EXPECT_EQ(e.sample(1, Channel::sx, 0.0f), std::nullopt);  // unbound: the rest value
  EXPECT_EQ(partly_set_triplets(m), 2u);
}

// The work of sampling one track as the export does (every quarter unit
// forward, then again from the start), at `keys` keys two units apart.
uint64_t sampling_work(uint16_t keys) {
  std::vector<PlannedKey> planned;
  for (uint16_t k = 0; k < keys; ++k) planned.push_back({static_cast<uint16_t>(0x8000 | (2 * k)), static_cast<uint16_t>(k * 7), 0, 0});
  const Motion m = make_motion({0x040}, {make_track3(planned, {0.0f, 1.0f, -1.0f, 2.0f, -1.0f, 2.0f})}, 0.0f);
  MotionSampler sampler(m);
  for (int pass = 0; pass < 2; ++pass)
    for (float t = 0; t <= 2.0f * keys; t += 0.25f) EXPECT_TRUE(sampler.sample(0, Channel::tx, t).has_value());
  return sampler.keys_visited();
}

TEST(MotChannels, SamplingEveryUnitCostsWorkLinearInTheKeys) {
  // An export samples every time unit of every track: reading all of a
  // track's key times per sample made it quadratic (a 5.5 MB motion took 157 s).
  const uint64_t n = sampling_work(1000), four_n = sampling_work(4000);
  EXPECT_LT(static_cast<double>(four_n) / static_cast<double>(n), 8.0) << "N keys: " << n << ", 4N keys: " << four_n;
}

TEST(MotChannels, BindChecksNameTheHeaderField) {
  Motion m = random_motion(7, 1);
  EXPECT_TRUE(bind_diagnostics(m, m.masks.size()).empty());
  std::vector<Diagnostic> d = bind_diagnostics(m, m.masks.size() + 1);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, codes::bind_domain_mismatch.code);
  EXPECT_EQ(d[0].offset, 0x1Cu);
  EXPECT_EQ(bind_diagnostics(m, 0).at(0).code, codes::bind_no_skeleton.code);
  m.header.set(hdr::raw_18, 0x2);
  d = bind_diagnostics(m, m.masks.size());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, codes::bind_alternate_path.code);
  EXPECT_EQ(d[0].offset, 0x18u);
}

}  // namespace
}  // namespace meshgate::mot
