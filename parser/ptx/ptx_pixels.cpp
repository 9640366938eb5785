#include "parser/ptx/ptx_pixels.hpp"

#include <squish.h>

#include <bit>

#include "parser/ptx/dds_reader.hpp"

namespace meshgate::ptx {

namespace {

// A channel of an uncompressed pixel, widened to 8 bits by rounding; a
// channel without a mask is opaque (alpha) or 0.
uint8_t channel(uint32_t pixel, uint32_t mask, uint8_t absent) {
  if (mask == 0) return absent;
  const uint32_t max = mask >> std::countr_zero(mask);
  const uint32_t v = (pixel & mask) >> std::countr_zero(mask);
  return static_cast<uint8_t>((uint64_t{v} * 255 + max / 2) / max);
}

Rgba8Image decode_uncompressed(const Dds& d, Bytes level, LevelSize s) {
  const uint32_t bytes = static_cast<uint32_t>(d.header.get(dds::rgb_bit_count)) / 8;
  const auto mask = [&](size_t f) { return static_cast<uint32_t>(d.header.get(f)); };
  const bool alpha = (d.header.get(dds::pf_flags) & kPfAlphaPixels) != 0;
  Rgba8Image out{s.width, s.height, std::vector<uint8_t>(size_t{s.width} * s.height * 4)};
  for (size_t p = 0; p < size_t{s.width} * s.height; ++p) {
    const auto px = static_cast<uint32_t>(load_uint_le(level.subspan(p * bytes, bytes), bytes));
    out.rgba[p * 4 + 0] = channel(px, mask(dds::r_mask), 0);
    out.rgba[p * 4 + 1] = channel(px, mask(dds::g_mask), 0);
    out.rgba[p * 4 + 2] = channel(px, mask(dds::b_mask), 0);
    out.rgba[p * 4 + 3] = channel(px, alpha ? mask(dds::a_mask) : 0, 255);
  }
  return out;
}

Rgba8Image decode_blocks(PixelLayout layout, Bytes level, LevelSize s) {
  Rgba8Image out{s.width, s.height, std::vector<uint8_t>(size_t{s.width} * s.height * 4)};
  squish::DecompressImage(out.rgba.data(), static_cast<int>(s.width), static_cast<int>(s.height), level.data(),
                          layout == PixelLayout::dxt1 ? squish::kDxt1 : squish::kDxt5);
  return out;
}

}  // namespace

EntryImage decode_dds_level(const Dds& d, uint32_t level) {
  const PixelLayout layout = d.layout();
  if (layout == PixelLayout::other)
    return {std::nullopt, "pixel format " + d.fourcc_text() + " is not one meshgate decodes (DXT1, DXT5, uncompressed RGB)"};
  if (level >= d.mip_count())
    return {std::nullopt, "the DDS stores " + std::to_string(d.mip_count()) + " mip level(s); level " +
                              std::to_string(level) + " is not one of them"};
  const auto bits = static_cast<uint32_t>(d.header.get(dds::rgb_bit_count));
  uint64_t at = 0;
  for (uint32_t i = 0; i < level; ++i) at += level_bytes(layout, bits, level_size(d.width(), d.height(), i));
  const LevelSize s = level_size(d.width(), d.height(), level);
  const uint64_t size = level_bytes(layout, bits, s);
  if (at + size > d.payload.size())  // the parser refused such a DDS; a model built by hand may hold one
    return {std::nullopt, "the DDS payload ends before level " + std::to_string(level)};
  const Bytes bytes(d.payload.data() + at, static_cast<size_t>(size));
  return {layout == PixelLayout::uncompressed ? decode_uncompressed(d, bytes, s) : decode_blocks(layout, bytes, s), {}};
}

EntryImage decode_entry(const Companion& c, size_t index, uint32_t level) {
  if (index >= c.entries.size())
    return {std::nullopt, "the companion holds " + std::to_string(c.entries.size()) + " textures; " +
                              std::to_string(index) + " is not one of them"};
  const Entry& e = c.entries[index];
  if (!e.dds) return {std::nullopt, "entry " + std::to_string(index) + " is a TM2 entry without a DDS"};
  return decode_dds_level(*e.dds, level);
}

}  // namespace meshgate::ptx
