// Texm textures: one negative test per code, the synthetic corpus
// round trip with full coverage, every pixel format decoding the generator's
// planned texels exactly in both byte orders, hand-computed texels for the
// byte-order conflict, and the PNG read back equal to the decode.
#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/texm/texm_diagnostic_codes.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "synth/texm/texm_synth.hpp"
#include "writer/image/png_encode.hpp"
#include "writer/texm/texm_writer.hpp"

namespace meshgate::texm {
namespace {

class TexmMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(TexmMalformed, VariantRaisesItsCode) {
  testing::expect_variant_raises(GetParam(), malformed_texm_cases(3), [](Bytes b, bool strict) { return parse_texm(b, {.strict = strict}); },
                                 [](const ParseResult& r, Bytes b) { return testing::same_bytes(write_texm(*r.texture), b); });
}

INSTANTIATE_TEST_SUITE_P(EveryCode, TexmMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(TexmRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> registered, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(registered.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_texm_cases(3)) EXPECT_TRUE(planted.insert(c.expected_code).second);
  EXPECT_EQ(planted, registered);
}

TEST(TexmCorpus, EveryTextureRoundTripsWithEveryByteCovered) {
  std::set<uint32_t> formats;
  size_t paged = 0, chains = 0;
  for (uint64_t i = 0; i < 48; ++i) {
    const std::vector<std::byte> bytes = build_texm(random_texture_description(7, i));
    const ParseResult r = parse_texm(bytes);
    ASSERT_TRUE(r.ok()) << i << ": " << r.diagnostics.front().message;
    EXPECT_TRUE(r.diagnostics.empty()) << i;
    EXPECT_EQ(r.coverage.covered_bytes, bytes.size()) << i;
    EXPECT_TRUE(r.coverage.uncovered.empty()) << i;
    const WriteResult w = write_texm(*r.texture);
    ASSERT_TRUE(w.ok()) << i;
    EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), bytes.begin(), bytes.end())) << i;
    formats.insert(static_cast<uint32_t>(r.texture->format));
    paged += r.texture->page.has_value();
    chains += r.texture->levels.size() > 1;
  }
  EXPECT_EQ(formats.size(), 8u);
  EXPECT_GT(paged, 0u);
  EXPECT_GT(chains, 0u);
}

TEST(TexmCorpus, TexturesLibHoldsTheLooseTexturesAndIsDeterministic) {
  const auto files = synth_texm_corpus(5, 9);
  ASSERT_EQ(files.size(), 10u);
  EXPECT_EQ(files.back().name, "Textures.lib");
  const nres::ParseResult lib = nres::parse_nres(files.back().bytes);
  ASSERT_TRUE(lib.ok());
  ASSERT_EQ(lib.archive->entries.size(), 9u);
  for (size_t i = 0; i < 9; ++i) {
    const nres::Entry& e = lib.archive->entries[i];
    EXPECT_EQ(nres::entry_name(e.record), texture_entry_name(i));
    EXPECT_EQ(e.record.get(nres::entry::type_id), kTexmTypeId);
    EXPECT_EQ(e.payload, files[i].bytes);
  }
  const auto again = synth_texm_corpus(5, 9);
  for (size_t i = 0; i < files.size(); ++i) EXPECT_EQ(files[i].bytes, again[i].bytes) << files[i].name;
}

// What the generator planned for a texel, as the decoder must give it back.
std::array<uint8_t, 4> planned(const TextureDescription& d, uint32_t level, size_t i) {
  if (d.format == PixelFormat::indexed) {
    const auto c = d.palette[d.texels[level][i]];
    return {c[0], c[1], c[2], 255};
  }
  if (d.format == PixelFormat::external_palette) return representable(d.format, {d.texels[level][i], 0, 0, 0});
  const auto& t = d.texels[level];
  return representable(d.format, {t[i * 4], t[i * 4 + 1], t[i * 4 + 2], t[i * 4 + 3]});
}

TEST(TexmPixels, EveryFormatDecodesThePlannedTexelsInBothByteOrders) {
  for (const ByteOrder order : {ByteOrder::bgra, ByteOrder::argb})
    for (uint64_t i = 0; i < 16; ++i) {
      const TextureDescription d = random_texture_description(11, i);
      const ParseResult r = parse_texm(build_texm(d, order));
      ASSERT_TRUE(r.ok());
      for (uint32_t level = 0; level < d.mip_count; ++level) {
        const Rgba8Image image = decode_level(*r.texture, level, order);
        const LevelSize s = level_size(d.width, d.height, level);
        ASSERT_EQ(image.width, s.width);
        ASSERT_EQ(image.height, s.height);
        for (size_t p = 0; p < size_t{s.width} * s.height; ++p) {
          const auto want = planned(d, level, p);
          const std::array<uint8_t, 4> got{image.rgba[p * 4], image.rgba[p * 4 + 1], image.rgba[p * 4 + 2],
                                           image.rgba[p * 4 + 3]};
          ASSERT_EQ(got, want) << "format " << pixel_format_name(d.format) << " order " << byte_order_name(order)
                               << " level " << level << " texel " << p;
        }
      }
    }
}

// One texel of each format written by hand: the spec's bit layouts and the
// two readings of the byte-order conflict, independent of the generator.
TEST(TexmPixels, HandWrittenTexelsFollowTheSpec) {
  auto one = [](PixelFormat f, std::vector<uint8_t> texel, ByteOrder order, std::vector<uint8_t> palette = {}) {
    Texture t;
    t.format = f;
    t.header.set(hdr::width, 1), t.header.set(hdr::height, 1);
    for (uint8_t b : palette) t.palette.push_back(std::byte{b});
    t.levels.push_back({});
    for (uint8_t b : texel) t.levels[0].push_back(std::byte{b});
    const Rgba8Image image = decode_level(t, 0, order);
    return std::array<uint8_t, 4>{image.rgba[0], image.rgba[1], image.rgba[2], image.rgba[3]};
  };
  using A = std::array<uint8_t, 4>;
  // 565 0xF81F: R 31, G 0, B 31 -> magenta; 0x07E0: pure green.
  EXPECT_EQ(one(PixelFormat::r5g6b5, {0x1F, 0xF8}, ByteOrder::bgra), (A{255, 0, 255, 255}));
  EXPECT_EQ(one(PixelFormat::r5g6b5, {0xE0, 0x07}, ByteOrder::bgra), (A{0, 255, 0, 255}));
  // 556 0x003F: B 63 -> blue; 0x07C0: G 31.
  EXPECT_EQ(one(PixelFormat::r5g5b6, {0x3F, 0x00}, ByteOrder::bgra), (A{0, 0, 255, 255}));
  EXPECT_EQ(one(PixelFormat::r5g5b6, {0xC0, 0x07}, ByteOrder::bgra), (A{0, 255, 0, 255}));
  // 565 R 16 -> 16 << 3 | 16 >> 2 = 132.
  EXPECT_EQ(one(PixelFormat::r5g6b5, {0x00, 0x80}, ByteOrder::bgra), (A{132, 0, 0, 255}));
  // 4444 0x8F30: A 8 -> 136, R 15, G 3 -> 51, B 0.
  EXPECT_EQ(one(PixelFormat::a4r4g4b4, {0x30, 0x8F}, ByteOrder::bgra), (A{255, 51, 0, 136}));
  // 88: luminance in the high byte, alpha in the low.
  EXPECT_EQ(one(PixelFormat::l8a8, {0x40, 0xC0}, ByteOrder::bgra), (A{0xC0, 0xC0, 0xC0, 0x40}));
  // 8888 memory 10 20 30 40: B,G,R,A (default) or A,R,G,B (--texm-order argb).
  EXPECT_EQ(one(PixelFormat::argb8888, {0x10, 0x20, 0x30, 0x40}, ByteOrder::bgra), (A{0x30, 0x20, 0x10, 0x40}));
  EXPECT_EQ(one(PixelFormat::argb8888, {0x10, 0x20, 0x30, 0x40}, ByteOrder::argb), (A{0x20, 0x30, 0x40, 0x10}));
  // 888: the fourth byte is a service byte, shown opaque.
  EXPECT_EQ(one(PixelFormat::rgb888, {0x10, 0x20, 0x30, 0x00}, ByteOrder::bgra), (A{0x30, 0x20, 0x10, 255}));
  EXPECT_EQ(one(PixelFormat::rgb888, {0x10, 0x20, 0x30, 0x00}, ByteOrder::argb), (A{0x10, 0x20, 0x30, 255}));
  // Format 0: the palette entry, B,G,R,x or R,G,B,x; format 2: a grey ramp.
  std::vector<uint8_t> palette(1024, 0);
  palette[4 * 3 + 0] = 0x11, palette[4 * 3 + 1] = 0x22, palette[4 * 3 + 2] = 0x33, palette[4 * 3 + 3] = 0x00;
  EXPECT_EQ(one(PixelFormat::indexed, {3}, ByteOrder::bgra, palette), (A{0x33, 0x22, 0x11, 255}));
  EXPECT_EQ(one(PixelFormat::indexed, {3}, ByteOrder::argb, palette), (A{0x11, 0x22, 0x33, 255}));
  EXPECT_EQ(one(PixelFormat::external_palette, {0x80}, ByteOrder::bgra), (A{0x80, 0x80, 0x80, 255}));
}

TEST(TexmPixels, ThePngHoldsTheDecodedTexels) {
  const TextureDescription d = random_texture_description(13, 7);  // 8888
  const ParseResult r = parse_texm(build_texm(d));
  ASSERT_TRUE(r.ok());
  const Rgba8Image image = decode_level(*r.texture, 0);
  const std::vector<std::byte> png = encode_png_rgba(image.width, image.height, image.rgba);
  png_image read{};
  read.version = PNG_IMAGE_VERSION;
  ASSERT_TRUE(png_image_begin_read_from_memory(&read, png.data(), png.size()));
  read.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> back(PNG_IMAGE_SIZE(read));
  ASSERT_TRUE(png_image_finish_read(&read, nullptr, back.data(), 0, nullptr));
  EXPECT_EQ(read.width, image.width);
  EXPECT_EQ(read.height, image.height);
  EXPECT_EQ(back, image.rgba);
}

TEST(TexmLimits, BoundsAreCheckedBeforeSizingAndNamed) {
  TextureDescription d;
  d.width = 2, d.height = 2, d.mip_count = 1, d.texels = {std::vector<uint8_t>(16, 7)};
  std::vector<std::byte> b = build_texm(d);
  testing::put(b, kHeaderSpec.fields[hdr::width].offset, 0xFFFFFFFFu, 4);
  ParseResult r = parse_texm(b);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.front().code, codes::oversize.code);
  EXPECT_NE(r.diagnostics.front().message.find("8192"), std::string::npos);
  // A Page chunk claiming 2^32 - 1 rectangles is refused by its count, not by allocating.
  d.with_page = true;
  b = build_texm(d);
  testing::put(b, b.size() - 4, 0xFFFFFFFFu, 4);
  r = parse_texm(b);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.front().code, codes::page_size.code);
}

}  // namespace
}  // namespace meshgate::texm
