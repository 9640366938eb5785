// A PNG put into a texture member (writer/image/texture_encode.hpp): the
// generators' smooth pictures, written with png_encode and read back with
// png_decode, encoded into a DXT1, a DXT5 and uncompressed PTX entries and
// into every Texm pixel format; PSNR >= 30 dB per level, the result parses
// with the project's parsers and decodes back to what was measured, and a
// PTX rebuilt around the new entry round-trips byte for byte. Also what is
// refused (sizes a format cannot hold, not a PNG, a PNG too large).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "parser/core/byte_reader.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "parser/texm/texm_parser.hpp"
#include "synth/image/smooth_picture.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "writer/image/png_encode.hpp"
#include "writer/image/texture_encode.hpp"
#include "writer/ptx/ptx_entry_encode.hpp"
#include "writer/texm/texm_encode.hpp"
#include "writer/ptx/ptx_writer.hpp"
#include "writer/texm/texm_writer.hpp"

namespace meshgate {
namespace {

constexpr double kMinPsnr = 30.0;

Bytes as_bytes(const std::vector<std::byte>& v) { return Bytes(v.data(), v.size()); }

// The smooth picture as the user hands it over: a PNG file, read back.
std::vector<std::byte> smooth_png(uint64_t seed, uint32_t w, uint32_t h, bool translucent) {
  const SmoothPicture p = smooth_picture(seed, w, h, translucent);
  return encode_png_rgba(w, h, p.rgba);
}

RgbaPicture read_smooth(uint64_t seed, uint32_t w, uint32_t h, bool translucent) {
  PngDecodeResult r = decode_png(as_bytes(smooth_png(seed, w, h, translucent)));
  EXPECT_TRUE(r.picture) << r.error;
  return r.picture ? *r.picture : RgbaPicture{};
}

ptx::ImageDescription blank_image(ptx::PixelLayout layout, ptx::RgbLayout rgb, uint32_t w, uint32_t h, uint32_t mips) {
  ptx::ImageDescription d{layout, rgb, w, h, mips, {}};
  const uint32_t bits = rgb == ptx::RgbLayout::a8r8g8b8 ? 32 : rgb == ptx::RgbLayout::r8g8b8 ? 24 : 16;
  for (uint32_t i = 0; i < mips; ++i)
    d.levels.emplace_back(static_cast<size_t>(ptx::level_bytes(layout, bits, ptx::level_size(w, h, i))), std::byte{0x11});
  return d;
}

// A companion of four entries: DXT1 64x64 (full chain), DXT5 32x64 (full
// chain, an aux pair, half secondary size), A8R8G8B8 32x32 (3 levels, a
// partial chain), R5G6B5 16x16 (full chain) last.
ptx::PtxDescription four_entries() {
  ptx::PtxDescription d;
  auto add = [&](ptx::PixelLayout l, ptx::RgbLayout rgb, uint32_t w, uint32_t h, uint32_t mips, bool half) {
    ptx::EntryDescription e;
    e.image = blank_image(l, rgb, w, h, mips);
    e.half_secondary = half;
    d.entries.push_back(e);
  };
  add(ptx::PixelLayout::dxt1, {}, 64, 64, 7, false);
  add(ptx::PixelLayout::dxt5, {}, 32, 64, 7, true);
  d.entries.back().aux_mode = 1, d.entries.back().aux_value = 0x3F800000;
  add(ptx::PixelLayout::uncompressed, ptx::RgbLayout::a8r8g8b8, 32, 32, 3, false);
  add(ptx::PixelLayout::uncompressed, ptx::RgbLayout::r5g6b5, 16, 16, 5, false);
  return d;
}

ptx::Companion parsed_ptx(const std::vector<std::byte>& bytes) {
  ptx::ParseResult r = ptx::parse_ptx(as_bytes(bytes));
  EXPECT_TRUE(r.ok());
  return r.companion ? *r.companion : ptx::Companion{};
}

bool has_code(const std::vector<Diagnostic>& diags, std::string_view code) {
  return std::any_of(diags.begin(), diags.end(), [&](const Diagnostic& d) { return d.code == code; });
}

void expect_psnr(const EncodedTexture& r, const std::string& what) {
  ASSERT_EQ(r.levels.size(), r.mip_count) << what;
  for (const LevelQuality& q : r.levels) {
    std::cout << what << " level " << q.level << " " << q.width << "x" << q.height << " " << q.channels << " "
              << q.psnr_db << " dB\n";
    EXPECT_GE(q.psnr_db, kMinPsnr) << what << " level " << q.level << " (" << q.width << "x" << q.height << ", "
                                   << q.channels << ")";
  }
}

// Entry `index` of a companion rebuilt around `picture`: the PSNR, the new
// file parsing without a relation warning, each level decoding to what was
// measured, write(parse(x)) == x, and the other entries unchanged.
void check_ptx_entry(size_t index, const RgbaPicture& picture, uint32_t expected_mips) {
  const std::vector<std::byte> before = ptx::build_ptx(four_entries());
  const ptx::Companion c = parsed_ptx(before);
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[index], picture);
  ASSERT_TRUE(enc.entry) << enc.report.error;
  const std::string what = "entry " + std::to_string(index) + " (" + enc.report.format + ")";
  EXPECT_EQ(enc.report.mip_count, expected_mips) << what;
  expect_psnr(enc.report, what);
  const WriteResult written = ptx::write_ptx(ptx_with_entry(c, index, *enc.entry));
  ASSERT_TRUE(written.ok());
  const std::vector<std::byte> after(written.bytes.begin(), written.bytes.end());
  const ptx::ParseResult again = ptx::parse_ptx(as_bytes(after));
  ASSERT_TRUE(again.ok()) << what;
  EXPECT_FALSE(has_code(again.diagnostics, "ptx.descriptor-mismatch")) << what;
  EXPECT_FALSE(has_code(again.diagnostics, "ptx.block-count-not-minimal")) << what;
  if (expected_mips == ptx::full_chain_length(picture.width, picture.height)) {
    for (const Diagnostic& d : again.diagnostics)
      EXPECT_FALSE(d.code == "dds.incomplete-mip-chain" && d.path.starts_with("entries[" + std::to_string(index) + "]"))
          << what;
  }
  const WriteResult rewritten = ptx::write_ptx(*again.companion);
  ASSERT_TRUE(rewritten.ok());
  EXPECT_TRUE(std::equal(rewritten.bytes.begin(), rewritten.bytes.end(), after.begin(), after.end())) << what;
  for (size_t i = 0; i < c.entries.size(); ++i)
    if (i != index) {
      EXPECT_EQ(again.companion->entries[i], c.entries[i]) << "entry " << i << " changed";
    }
  const ptx::Entry& e = again.companion->entries[index];
  EXPECT_EQ(e.dds->width(), picture.width);
  EXPECT_EQ(e.dds->height(), picture.height);
  const std::vector<RgbaPicture> chain = box_mip_chain(picture, enc.report.mip_count);
  for (uint32_t level = 0; level < enc.report.mip_count; ++level) {
    const ptx::EntryImage back = ptx::decode_entry(*again.companion, index, level);
    ASSERT_TRUE(back.image) << back.error;
    const RgbaPicture decoded{back.image->width, back.image->height, back.image->rgba};
    const LevelQuality q = measure_level(level, decoded, chain[level], ChannelSet{});
    EXPECT_EQ(q.width, enc.report.levels[level].width);
    if (enc.report.levels[level].channels == "RGBA") {
      EXPECT_DOUBLE_EQ(q.mse, enc.report.levels[level].mse) << what;
    }
  }
}

TEST(TextureEncode, APngIntoADxt1EntryOfAnotherSizeKeepsAFullChainAbove30Db) {
  check_ptx_entry(0, read_smooth(1, 128, 64, false), ptx::full_chain_length(128, 64));
}

TEST(TextureEncode, APngIntoADxt5EntryKeepsItsAlphaAbove30Db) {
  check_ptx_entry(1, read_smooth(2, 64, 64, true), 7);
}

TEST(TextureEncode, APngIntoAnArgbEntryIsPackedExactlyWithItsPartialChain) {
  const RgbaPicture picture = read_smooth(3, 48, 40, true);  // any size: an uncompressed image holds it
  check_ptx_entry(2, picture, 3);
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(four_entries()));
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[2], picture);
  ASSERT_TRUE(enc.entry);
  EXPECT_EQ(enc.report.encoder, "exact packing");
  EXPECT_TRUE(enc.report.levels[0].exact()) << "A8R8G8B8 holds every 8-bit value: level 0 is the PNG itself";
}

TEST(TextureEncode, APngIntoAnR5G6B5EntryIsMeasuredOverItsColours) {
  check_ptx_entry(3, read_smooth(4, 16, 16, false), 5);
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(four_entries()));
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[3], read_smooth(4, 16, 16, true));
  ASSERT_TRUE(enc.entry);
  EXPECT_EQ(enc.report.levels[0].channels, "RGB");  // no alpha mask: the PNG's alpha is not the format's
}

TEST(TextureEncode, TheHeadAndDdsFollowTheNewSizeAndMips) {
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(four_entries()));
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[1], read_smooth(5, 128, 32, true));
  ASSERT_TRUE(enc.entry) << enc.report.error;
  const ptx::Entry& e = *enc.entry;
  namespace obj = ptx::obj;
  EXPECT_EQ(e.object.get(obj::width), 128u);
  EXPECT_EQ(e.object.get(obj::height), 32u);
  EXPECT_EQ(e.object.get(obj::format_word), 0x20000u | 8u << 8 | 0x88u);  // full chain of 128: 8 levels, DXT5
  EXPECT_EQ(e.object.get(obj::block_row_bytes), 128u * 4);
  EXPECT_EQ(e.object.get(obj::secondary_width), 64u);  // it was half the image: it stays half
  EXPECT_EQ(e.object.get(obj::secondary_height), 16u);
  EXPECT_EQ(e.object.get(obj::aux_mode), 1u);  // undecoded lanes are kept
  EXPECT_EQ(e.object.get(obj::aux_value), 0x3F800000u);
  EXPECT_EQ(e.object.get(obj::dds_size), e.dds->byte_size());
  EXPECT_EQ(e.object.get(obj::payload_size), e.dds->payload.size());
  EXPECT_EQ(e.dds->header.get(ptx::dds::pitch_or_linear_size), ptx::kProfilePitchDxt5);  // the profile's constant, kept
  EXPECT_EQ(e.dds->mip_count(), 8u);
  EXPECT_EQ(enc.report.bytes.size(), e.byte_size());
  const ptx::Companion rebuilt = ptx_with_entry(c, 1, e);
  EXPECT_EQ(rebuilt.block_counts[1].get(ptx::block_count), (e.byte_size() + 0x7FF) / 0x800);
}

TEST(TextureEncode, AFinalEntryOfBlockCountZeroStaysZeroWithoutPadding) {
  ptx::PtxDescription d = four_entries();
  d.final_count_zero = true;
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(d));
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[3], read_smooth(6, 40, 24, false));
  ASSERT_TRUE(enc.entry) << enc.report.error;
  const ptx::Companion rebuilt = ptx_with_entry(c, 3, *enc.entry);
  EXPECT_EQ(rebuilt.block_counts[3].get(ptx::block_count), 0u);
  EXPECT_TRUE(rebuilt.entries[3].padding.empty());
  const WriteResult w = ptx::write_ptx(rebuilt);
  ASSERT_TRUE(w.ok());
  EXPECT_TRUE(ptx::parse_ptx(Bytes(w.bytes.data(), w.bytes.size())).ok());
}

TEST(TextureEncode, FromBytesTheEntryIsTheHeadAndDdsTheModelWrites) {
  const std::vector<std::byte> file = ptx::build_ptx(four_entries());
  const std::vector<std::byte> png = smooth_png(7, 64, 64, false);
  const EncodedTexture r = encode_png_as_ptx_entry(as_bytes(file), 0, as_bytes(png));
  ASSERT_TRUE(r.ok()) << r.error;
  const PtxEntryEncoding model = encode_ptx_entry(parsed_ptx(file).entries[0], *decode_png(as_bytes(png)).picture);
  EXPECT_EQ(r.bytes, model.report.bytes);
  EXPECT_EQ(r.format, "DXT1");
  EXPECT_EQ(r.encoder, "libsquish");
  EXPECT_EQ(encode_png_as_ptx_entry(as_bytes(file), 4, as_bytes(png)).error, "the PTX holds 4 entries; 4 is not one of them");
}

TEST(TextureEncode, ADxtEntryRefusesASizeThatIsNotWholeBlocksNamingTheRule) {
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(four_entries()));
  for (size_t index : {size_t{0}, size_t{1}}) {
    const PtxEntryEncoding enc = encode_ptx_entry(c.entries[index], read_smooth(8, 30, 32, false));
    EXPECT_FALSE(enc.entry);
    EXPECT_NE(enc.report.error.find("must be multiples of 4"), std::string::npos) << enc.report.error;
    EXPECT_NE(enc.report.error.find("30x32"), std::string::npos) << enc.report.error;
  }
  EXPECT_TRUE(encode_ptx_entry(c.entries[2], read_smooth(8, 30, 32, false)).entry);  // uncompressed: any size
}

TEST(TextureEncode, ATm2EntryIsRefused) {
  ptx::PtxDescription d = four_entries();
  d.entries[0].framing = ptx::Framing::tm2;
  const ptx::Companion c = parsed_ptx(ptx::build_ptx(d));
  const PtxEntryEncoding enc = encode_ptx_entry(c.entries[0], read_smooth(9, 16, 16, false));
  EXPECT_FALSE(enc.entry);
  EXPECT_NE(enc.report.error.find("TM2"), std::string::npos);
}

// Every Texm format of the generator's corpus (it cycles through all eight),
// re-encoded from a smooth PNG of another size.
TEST(TextureEncode, APngIntoEveryTexmFormatParsesDecodesAndHolds30Db) {
  for (uint64_t index = 0; index < 8; ++index) {
    const texm::TextureDescription d = texm::random_texture_description(11, index);
    const std::vector<std::byte> member = texm::build_texm(d);
    const texm::ParseResult before = texm::parse_texm(as_bytes(member));
    ASSERT_TRUE(before.ok());
    const RgbaPicture picture = read_smooth(20 + index, 40 + 8 * static_cast<uint32_t>(index), 24, true);
    for (const texm::ByteOrder order : {texm::ByteOrder::bgra, texm::ByteOrder::argb}) {
      const TexmEncoding enc = encode_texm(*before.texture, picture, {.texm_order = order, .png_limits = {}});
      const std::string what = "Texm " + std::string(texm::pixel_format_name(d.format)) + " " +
                               std::string(texm::byte_order_name(order));
      if (d.format == texm::PixelFormat::external_palette) {
        EXPECT_FALSE(enc.texture) << what;
        EXPECT_NE(enc.report.error.find("external palette"), std::string::npos) << what;
        continue;
      }
      ASSERT_TRUE(enc.texture) << what << ": " << enc.report.error;
      EXPECT_EQ(enc.report.mip_count,
                encoded_mip_count(d.width, d.height, d.mip_count, picture.width, picture.height, texm::kMaxMipCount))
          << what;
      expect_psnr(enc.report, what);
      const texm::ParseResult after = texm::parse_texm(as_bytes(enc.report.bytes));
      ASSERT_TRUE(after.ok()) << what;
      EXPECT_EQ(*after.texture, *enc.texture) << what;
      EXPECT_EQ(after.texture->width(), picture.width);
      EXPECT_EQ(after.texture->header.get(texm::hdr::unknown_18), d.unknown_18) << what << ": the raw words are kept";
      EXPECT_EQ(after.texture->page, before.texture->page) << what;
      const WriteResult again = texm::write_texm(*after.texture);
      EXPECT_TRUE(std::equal(again.bytes.begin(), again.bytes.end(), enc.report.bytes.begin(), enc.report.bytes.end()));
      EXPECT_EQ(enc.report.encoder, d.format == texm::PixelFormat::indexed ? "libimagequant" : "exact packing");
    }
  }
}

TEST(TextureEncode, TexmServiceBytesAndPaletteFourthBytesAreKept) {
  texm::TextureDescription d = texm::random_texture_description(11, 6);  // 888
  ASSERT_EQ(d.format, texm::PixelFormat::rgb888);
  const texm::ParseResult member = texm::parse_texm(as_bytes(texm::build_texm(d)));
  ASSERT_TRUE(member.ok());
  const TexmEncoding same = encode_texm(*member.texture, read_smooth(30, d.width, d.height, false));
  ASSERT_TRUE(same.texture) << same.report.error;
  for (size_t l = 0; l < std::min(same.texture->levels.size(), member.texture->levels.size()); ++l)
    for (size_t i = 3; i < same.texture->levels[l].size(); i += 4)
      ASSERT_EQ(same.texture->levels[l][i], member.texture->levels[l][i]);
  const texm::ParseResult indexed = texm::parse_texm(as_bytes(texm::build_texm(texm::random_texture_description(11, 0))));
  ASSERT_TRUE(indexed.ok());
  const TexmEncoding q = encode_texm(*indexed.texture, read_smooth(31, 32, 32, false));
  ASSERT_TRUE(q.texture) << q.report.error;
  for (size_t i = 3; i < q.texture->palette.size(); i += 4) ASSERT_EQ(q.texture->palette[i], indexed.texture->palette[i]);
}

TEST(TextureEncode, TheMipCountFollowsTheMembersChain) {
  EXPECT_EQ(encoded_mip_count(64, 64, 7, 128, 128, 15), 8u);   // a full chain stays full
  EXPECT_EQ(encoded_mip_count(64, 64, 3, 128, 128, 15), 3u);   // a partial one keeps its count
  EXPECT_EQ(encoded_mip_count(64, 64, 5, 4, 4, 15), 3u);       // never past the new size's chain
  EXPECT_EQ(encoded_mip_count(8192, 8192, 14, 16384, 16384, 14), 14u);  // nor past the format's limit
  EXPECT_EQ(encoded_mip_count(16, 16, 1, 16, 16, 15), 1u);
}

TEST(PngDecode, APngWrittenByPngEncodeReadsBackExactly) {
  const SmoothPicture p = smooth_picture(40, 33, 17, true);
  const PngDecodeResult r = decode_png(as_bytes(encode_png_rgba(33, 17, p.rgba)));
  ASSERT_TRUE(r.picture) << r.error;
  EXPECT_EQ(r.picture->width, 33u);
  EXPECT_EQ(r.picture->rgba, p.rgba);
  const std::vector<std::byte> rgb = encode_png(5, 3, PngChannels::rgb, [](uint32_t y, std::span<uint8_t> row) {
    for (size_t i = 0; i < row.size(); ++i) row[i] = static_cast<uint8_t>(y * 50 + i);
  });
  const PngDecodeResult opaque = decode_png(as_bytes(rgb));
  ASSERT_TRUE(opaque.picture) << opaque.error;
  EXPECT_EQ(opaque.picture->rgba[3], 255u);  // no alpha in the file: opaque
  EXPECT_EQ(opaque.picture->rgba[4 * 5 + 0], 50u);
}

TEST(PngDecode, NotAPngTooLargeOrCutShortIsRefusedWithAReason) {
  const std::vector<std::byte> texm_file = texm::build_texm(texm::random_texture_description(1, 1));
  EXPECT_EQ(decode_png(as_bytes(texm_file)).error, "not a PNG (it does not begin with the PNG signature)");
  std::vector<std::byte> png = smooth_png(41, 16, 16, false);
  std::vector<std::byte> wide = png;
  wide[16] = std::byte{0}, wide[17] = std::byte{0}, wide[18] = std::byte{0x80}, wide[19] = std::byte{0x00};  // width 32768
  const PngDecodeResult r = decode_png(as_bytes(wide));
  EXPECT_FALSE(r.picture);
  EXPECT_EQ(r.error, "the PNG is 32768x16: wider or taller than the 16384 pixels meshgate reads");
  const PngDecodeResult many = decode_png(as_bytes(png), {.max_dimension = 16384, .max_pixels = 255});
  EXPECT_EQ(many.error, "the PNG is 16x16: more than the 255 pixels meshgate reads");
  const std::vector<std::byte> cut(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(png.size() / 2));
  const PngDecodeResult short_png = decode_png(as_bytes(cut));
  EXPECT_FALSE(short_png.picture);
  EXPECT_EQ(short_png.error.rfind("not a readable PNG: ", 0), 0u) << short_png.error;
}

// png_fuzzer's find (fuzz/regressions/png_itxt_length_700mb.png): 47 bytes,
// an IHDR and an iTXt chunk declaring 0x2AB00000 bytes. libpng reports a
// chunk over its limit only as a benign error (a warning) when reading, and
// allocated the declared length: 716 MB.
TEST(PngDecode, AChunkDeclaringHundredsOfMegabytesIsNeverAllocated) {
  constexpr uint8_t kInput[] = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
                                0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x58, 0x06, 0xfc,
                                0x8b, 0x2a, 0xb0, 0x00, 0x00, 0x69, 0x54, 0x58, 0x74, 0x4e, 0x44, 0xb0, 0x42, 0x60, 0x82};
  const PngDecodeResult r = decode_png(Bytes(reinterpret_cast<const std::byte*>(kInput), sizeof kInput));
  EXPECT_FALSE(r.picture);
  EXPECT_EQ(r.error.rfind("not a readable PNG: ", 0), 0u) << r.error;
  EXPECT_LE(r.largest_library_allocation, uint64_t{kPngChunkMallocMax});
}

}  // namespace
}  // namespace meshgate
