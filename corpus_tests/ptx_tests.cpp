// PTX texture companions: one variant per code (severity, path, offset; a
// warning's file written back byte for byte and refused by --strict), the
// synthetic corpus round trip with every byte covered, the spec's framing
// cases, and the bounds that are checked before anything is sized.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/ptx/ptx_diagnostic_codes.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "pipeline/parse_tree.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "writer/ptx/ptx_writer.hpp"

namespace meshgate::ptx {
namespace {

bool writes_back(const Companion& c, const std::vector<std::byte>& bytes) {
  const WriteResult w = write_ptx(c);
  return w.ok() && w.bytes == bytes;
}

class PtxMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(PtxMalformed, VariantRaisesItsCode) {
  testing::expect_variant_raises(GetParam(), malformed_ptx_cases(3),
                                 [](Bytes b, bool strict) { return parse_ptx(b, {.strict = strict}); },
                                 [](const ParseResult& r, Bytes b) {
                                   return r.coverage.covered_bytes == b.size() &&
                                          writes_back(*r.companion, {b.begin(), b.end()});
                                 });
}

INSTANTIATE_TEST_SUITE_P(EveryCode, PtxMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(PtxRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_ptx_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
}

// Only what the generator planted warns: an uncompressed image (the spec's
// unprofiled formats) and a final block count of 0 (V6's unpadded bundles).
bool only_planted_warnings(const ParseResult& r, const PtxDescription& d) {
  return std::all_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& x) {
    return x.code == codes::dds_unprofiled_format.code ||
           (d.final_count_zero && x.code == codes::block_count_zero_final.code);
  });
}

TEST(PtxCorpus, EveryCompanionRoundTripsWithEveryByteCovered) {
  std::set<PixelLayout> layouts;
  size_t tm2 = 0, chains = 0, final_zero = 0;
  for (uint64_t i = 0; i < 24; ++i) {
    const PtxDescription d = random_ptx_description(7, i);
    const std::vector<std::byte> bytes = build_ptx(d);
    ASSERT_TRUE(looks_like_ptx(bytes)) << i;
    const ParseResult r = parse_ptx(bytes);
    ASSERT_TRUE(r.ok()) << i << ": " << r.diagnostics.front().message;
    EXPECT_TRUE(only_planted_warnings(r, d)) << i << ": " << r.diagnostics.front().message;
    EXPECT_EQ(r.coverage.covered_bytes, bytes.size()) << i;
    EXPECT_TRUE(r.coverage.uncovered.empty()) << i;
    EXPECT_TRUE(writes_back(*r.companion, bytes)) << i;
    ASSERT_EQ(r.companion->entries.size(), d.entries.size());
    for (size_t e = 0; e < d.entries.size(); ++e) {
      const Entry& entry = r.companion->entries[e];
      EXPECT_EQ(entry.framing, d.entries[e].framing);
      ASSERT_TRUE(entry.dds);
      layouts.insert(entry.dds->layout());
      tm2 += entry.framing == Framing::tm2;
      chains += entry.dds->mip_count() > 1;
    }
    final_zero += d.final_count_zero;
  }
  EXPECT_EQ(layouts, (std::set<PixelLayout>{PixelLayout::dxt1, PixelLayout::dxt5, PixelLayout::uncompressed}));
  EXPECT_GT(tm2, 0u);
  EXPECT_GT(chains, 0u);
  EXPECT_GT(final_zero, 0u);
}

TEST(PtxCorpus, IsDeterministicAndItsPacHoldsTheFirstCompanion) {
  const auto files = synth_ptx_corpus(5, 3), again = synth_ptx_corpus(5, 3);
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files.back().name, "st_textures.pac");
  for (size_t i = 0; i < files.size(); ++i) EXPECT_EQ(files[i].bytes, again[i].bytes) << files[i].name;
  const auto& pac = files.back().bytes;
  EXPECT_NE(std::search(pac.begin(), pac.end(), files[0].bytes.begin(), files[0].bytes.end()), pac.end());
}

// §3.2's malformed case beside §3.1's (the registry plants one per code).
TEST(PtxFraming, ATm2EntryWhoseDdsLiesPastItsSpanIsOutOfBounds) {
  PtxDescription d = random_ptx_description(7, 3);
  ASSERT_EQ(d.entries.back().framing, Framing::tm2);
  d.entries.erase(d.entries.begin(), d.entries.end() - 1);
  std::vector<std::byte> b = build_ptx(d);
  ASSERT_TRUE(parse_ptx(b).ok());
  testing::put(b, kEntriesStart + kTm2HeadSpec.fields[tm2::dds_offset].offset, 0x7FF0, 4);
  const ParseResult r = parse_ptx(b);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.back().code, codes::dds_out_of_bounds.code);
  EXPECT_EQ(r.diagnostics.back().path, "entries[0].head.dds_offset");
  EXPECT_EQ(r.diagnostics.back().offset, kEntriesStart + 8);
}

TEST(PtxFraming, ATm2EntryWithoutADdsKeepsItsBody) {
  PtxDescription d = random_ptx_description(7, 3);
  d.entries.erase(d.entries.begin(), d.entries.end() - 1);
  std::vector<std::byte> b = build_ptx(d);
  testing::put(b, kEntriesStart + kTm2HeadSpec.fields[tm2::dds_size].offset, 0, 4);
  const ParseResult r = parse_ptx(b);
  ASSERT_TRUE(r.ok()) << r.diagnostics.front().message;
  EXPECT_FALSE(r.companion->entries[0].dds);
  EXPECT_EQ(r.coverage.covered_bytes, b.size());
  EXPECT_TRUE(writes_back(*r.companion, b));
}

TEST(PtxFraming, AnEmptyCompanionIsFourBytesAndNothingElse) {
  const std::vector<std::byte> b(4, std::byte{0});
  const ParseResult r = parse_ptx(b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_TRUE(writes_back(*r.companion, b));
  EXPECT_FALSE(looks_like_ptx(b));  // no texture: nothing to claim it by
}

TEST(PtxLimits, CountsAndDeltasAreCheckedBeforeAnythingIsSized) {
  const std::vector<std::byte> base = build_ptx(random_ptx_description(9, 0));
  auto code_of = [](const std::vector<std::byte>& b) {
    const ParseResult r = parse_ptx(b);
    return r.ok() ? std::string_view{} : r.diagnostics.back().code;
  };
  std::vector<std::byte> b = base;
  testing::put(b, 0, 0xFFFFFFFFu, 4);
  EXPECT_EQ(code_of(b), codes::count_table_overflow.code);
  b = base;
  testing::put(b, 4, 0xFFFFFFFFu, 4);  // 2^32 - 1 blocks: no overflow, no allocation
  EXPECT_EQ(code_of(b), codes::entry_out_of_bounds.code);
  b = base;
  testing::put(b, kEntriesStart + kObjectHeadSpec.fields[obj::dds_delta].offset, 0xFFFFFFFFFFFFFFF8ull, 8);
  EXPECT_EQ(code_of(b), codes::descriptor_pointer_out_of_bounds.code);
  b = base;
  testing::put(b, kEntriesStart + kObjectHeadSpec.fields[obj::dds_size].offset, 0xFFFFFFFFu, 4);
  EXPECT_EQ(code_of(b), codes::dds_out_of_bounds.code);
}

// One 4x4 image of `layout` whose level 0 is `level`, through a companion.
Rgba8Image decode_one(PixelLayout layout, std::vector<std::byte> level, RgbLayout rgb = RgbLayout::a8r8g8b8) {
  PtxDescription d;
  EntryDescription e;
  e.image = {layout, rgb, 4, 4, 1, {std::move(level)}};
  d.entries.push_back(e);
  const ParseResult r = parse_ptx(build_ptx(d));
  EXPECT_TRUE(r.ok());
  if (!r.ok()) return {};
  const EntryImage image = decode_entry(*r.companion, 0);
  EXPECT_TRUE(image.image) << image.error;
  return image.image.value_or(Rgba8Image{});
}

std::vector<std::byte> le_bytes(std::initializer_list<std::pair<uint64_t, size_t>> values) {
  std::vector<std::byte> out;
  for (const auto& [v, width] : values)
    for (size_t i = 0; i < width; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
  return out;
}

using Px = std::array<uint8_t, 4>;
Px pixel(const Rgba8Image& image, size_t p) {
  return {image.rgba[p * 4], image.rgba[p * 4 + 1], image.rgba[p * 4 + 2], image.rgba[p * 4 + 3]};
}

// Pixel p takes index p % 4: red, blue, and libsquish's two thirds between
// them ((2 a + b) / 3 per 8-bit channel, rounded down).
TEST(PtxPixels, Dxt1FourColourBlockDecodesToItsEndpointsAndThirds) {
  uint64_t indices = 0;
  for (unsigned p = 0; p < 16; ++p) indices |= uint64_t{p % 4} << (2 * p);
  const Rgba8Image image = decode_one(PixelLayout::dxt1, le_bytes({{0xF800, 2}, {0x001F, 2}, {indices, 4}}));
  ASSERT_EQ(image.rgba.size(), 64u);
  const Px want[4] = {{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}};
  for (size_t p = 0; p < 16; ++p) EXPECT_EQ(pixel(image, p), want[p % 4]) << p;
}

// colour0 <= colour1: three colours and transparent black, whose alpha is kept.
TEST(PtxPixels, Dxt1ThreeColourBlockKeepsItsTransparentBlack) {
  uint64_t indices = 0;
  for (unsigned p = 0; p < 16; ++p) indices |= uint64_t{p % 4} << (2 * p);
  const Rgba8Image image = decode_one(PixelLayout::dxt1, le_bytes({{0x001F, 2}, {0xF800, 2}, {indices, 4}}));
  ASSERT_EQ(image.rgba.size(), 64u);
  const Px want[4] = {{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 0}};
  for (size_t p = 0; p < 16; ++p) EXPECT_EQ(pixel(image, p), want[p % 4]) << p;
}

// Alpha 255 and 0 (eight-value mode): pixel p takes alpha index p % 8; the
// colour block is pure green with every index 0.
TEST(PtxPixels, Dxt5AlphaBlockInterpolatesInSevenths) {
  uint64_t alpha_indices = 0;
  for (unsigned p = 0; p < 16; ++p) alpha_indices |= uint64_t{p % 8} << (3 * p);
  const Rgba8Image image =
      decode_one(PixelLayout::dxt5, le_bytes({{255, 1}, {0, 1}, {alpha_indices, 6}, {0x07E0, 2}, {0, 2}, {0, 4}}));
  ASSERT_EQ(image.rgba.size(), 64u);
  const uint8_t alpha[8] = {255, 0, 218, 182, 145, 109, 72, 36};
  for (size_t p = 0; p < 16; ++p) EXPECT_EQ(pixel(image, p), (Px{0, 255, 0, alpha[p % 8]})) << p;
}

TEST(PtxPixels, UncompressedPixelsFollowTheirMasks) {
  std::vector<std::byte> argb, rgb, r565;
  for (int p = 0; p < 16; ++p) {
    for (unsigned b : {0x10u, 0x20u, 0x30u, 0x40u}) argb.push_back(static_cast<std::byte>(b));  // memory B, G, R, A
    for (unsigned b : {0x10u, 0x20u, 0x30u}) rgb.push_back(static_cast<std::byte>(b));
    for (unsigned b : {0x1Fu, 0xF8u}) r565.push_back(static_cast<std::byte>(b));  // 0xF81F: magenta
  }
  EXPECT_EQ(pixel(decode_one(PixelLayout::uncompressed, argb), 5), (Px{0x30, 0x20, 0x10, 0x40}));
  EXPECT_EQ(pixel(decode_one(PixelLayout::uncompressed, rgb, RgbLayout::r8g8b8), 5), (Px{0x30, 0x20, 0x10, 255}));
  EXPECT_EQ(pixel(decode_one(PixelLayout::uncompressed, r565, RgbLayout::r5g6b5), 5), (Px{255, 0, 255, 255}));
}

TEST(PtxPixels, EveryLevelOfTheCorpusDecodesToItsSizeAndMissingOnesAreRefused) {
  for (uint64_t i = 0; i < 8; ++i) {
    const ParseResult r = parse_ptx(build_ptx(random_ptx_description(11, i)));
    ASSERT_TRUE(r.ok());
    for (size_t e = 0; e < r.companion->entries.size(); ++e) {
      const Dds& dds = *r.companion->entries[e].dds;
      for (uint32_t level = 0; level < dds.mip_count(); ++level) {
        const EntryImage image = decode_entry(*r.companion, e, level);
        ASSERT_TRUE(image.image) << image.error;
        const LevelSize s = level_size(dds.width(), dds.height(), level);
        EXPECT_EQ(image.image->rgba.size(), size_t{s.width} * s.height * 4);
      }
      EXPECT_FALSE(decode_entry(*r.companion, e, dds.mip_count()).image);
    }
    EXPECT_FALSE(decode_entry(*r.companion, r.companion->entries.size()).image);
  }
}

// A companion has no magic: detection reads as far as its first entry,
// which claims it whatever the count table holds; an entry that does not
// frame leaves the header's count table to tell it.
TEST(PtxDetection, ACompanionIsClaimedByItsFirstEntryOrItsHeader) {
  const std::vector<std::byte> bytes = build_ptx(random_ptx_description(5, 0));
  EXPECT_EQ(detect_format(Bytes(bytes).first(kMagicProbeBytes)), Format::dmc3_ptx);
  std::vector<std::byte> b = bytes;
  testing::put(b, 0, kMaxTextureCount + 1, 4);  // the count table overflows: still a companion, a broken one
  EXPECT_TRUE(looks_like_ptx(b));
  EXPECT_EQ(detect_format(b), Format::dmc3_ptx);
  b = bytes;
  testing::put(b, kEntriesStart + kObjectHeadSize, 0, 4);  // no "DDS " at +0x70: the header tells it
  EXPECT_FALSE(looks_like_ptx(b));
  EXPECT_TRUE(frames_as_ptx(b));
  EXPECT_EQ(detect_format(b), Format::dmc3_ptx);
  std::vector<std::byte> plain(0x900, std::byte{0});
  testing::put(plain, 0, 1, 4), testing::put(plain, 4, 1, 4);  // a count and a block, then no entry
  EXPECT_EQ(detect_format(plain), Format::dmc3_ptx);
  EXPECT_EQ(detect_format(Bytes(plain).first(0x7FF)), Format::dmc3_ptx);  // a header cut short
  testing::put(plain, 0x100, 1, 1);  // a byte after the count table: no header closes
  EXPECT_EQ(detect_format(plain), Format::unknown);
  testing::put(plain, 0x100, 0, 1), testing::put(plain, 4, 0, 4);  // a single texture of no blocks is the last: fine
  EXPECT_EQ(detect_format(plain), Format::dmc3_ptx);
  testing::put(plain, 0, 2, 4), testing::put(plain, 8, 1, 4);  // but a block count of 0 before another is not
  EXPECT_EQ(detect_format(plain), Format::unknown);
  testing::put(plain, 0, kMaxTextureCount + 1, 4);
  EXPECT_EQ(detect_format(plain), Format::unknown);
}

TEST(PtxDetection, APacMemberIsFoundByItsFirstBytesAndRoundTrips) {
  const auto files = synth_ptx_corpus(5, 1);
  ASSERT_EQ(files.back().name, "st_textures.pac");
  std::vector<std::string> found;
  parse_tree("st.pac", files.back().bytes, {}, [&](ParsedFile& f) {
    if (f.format != Format::dmc3_ptx) return;
    found.push_back(f.path);
    ASSERT_TRUE(f.ok());
    EXPECT_TRUE(writes_back(*f.as<ParseResult>()->companion, std::vector<std::byte>(f.data.begin(), f.data.end())));
  });
  EXPECT_EQ(found, (std::vector<std::string>{"st.pac!slot_0001"}));
}

}  // namespace
}  // namespace meshgate::ptx
