#include "parser/ptx/ptx_model.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

namespace meshgate::ptx {

namespace {

bool fourcc_is(const DdsHeaderRecord& h, std::string_view code) {
  const Bytes raw = h.raw(dds::fourcc);
  return std::equal(raw.begin(), raw.end(), code.begin(), code.end(),
                    [](std::byte a, char b) { return a == static_cast<std::byte>(b); });
}

}  // namespace

std::string_view framing_name(Framing f) { return f == Framing::tm2 ? "tm2" : "texture-object"; }

std::string_view pixel_layout_name(PixelLayout l) {
  switch (l) {
    case PixelLayout::dxt1: return "DXT1";
    case PixelLayout::dxt5: return "DXT5";
    case PixelLayout::uncompressed: return "uncompressed";
    case PixelLayout::other: return "other";
  }
  return "?";
}

uint32_t Dds::mip_count() const { return std::max<uint32_t>(1, static_cast<uint32_t>(header.get(dds::mip_count))); }

PixelLayout Dds::layout() const {
  const uint64_t flags = header.get(dds::pf_flags);
  if (flags & kPfFourcc) {
    if (fourcc_is(header, "DXT1")) return PixelLayout::dxt1;
    if (fourcc_is(header, "DXT5")) return PixelLayout::dxt5;
    return PixelLayout::other;
  }
  const uint64_t bits = header.get(dds::rgb_bit_count);
  const bool masked = header.get(dds::r_mask) | header.get(dds::g_mask) | header.get(dds::b_mask);
  if ((flags & kPfRgb) && masked && (bits == 16 || bits == 24 || bits == 32)) return PixelLayout::uncompressed;
  return PixelLayout::other;
}

std::string Dds::fourcc_text() const {
  const PixelLayout l = layout();
  if (l == PixelLayout::uncompressed) return "RGB" + std::to_string(header.get(dds::rgb_bit_count));
  std::string text;
  for (std::byte b : header.raw(dds::fourcc)) {
    const auto c = static_cast<unsigned char>(b);
    if (c < 0x20 || c > 0x7E) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%08x", static_cast<unsigned>(load_uint_le(header.raw(dds::fourcc), 4)));
      return hex;
    }
    text.push_back(static_cast<char>(c));
  }
  return "\"" + text + "\"";
}

uint64_t Companion::byte_size() const {
  uint64_t n = kHeaderSpec.size + block_counts.size() * uint64_t{kBlockCountSpec.size} + header_rest.size() + trailing.size();
  for (const Entry& e : entries) n += e.byte_size();
  return n;
}

LevelSize level_size(uint32_t width, uint32_t height, uint32_t level) {
  const uint32_t w = level < 32 ? width >> level : 0, h = level < 32 ? height >> level : 0;
  return {std::max(w, 1u), std::max(h, 1u)};
}

uint32_t full_chain_length(uint32_t width, uint32_t height) {
  const uint32_t larger = std::max({width, height, 1u});
  return static_cast<uint32_t>(std::bit_width(larger));
}

uint64_t level_bytes(PixelLayout layout, uint32_t bits_per_pixel, LevelSize s) {
  const uint64_t blocks = uint64_t{std::max(1u, (s.width + 3) / 4)} * std::max(1u, (s.height + 3) / 4);
  switch (layout) {
    case PixelLayout::dxt1: return blocks * 8;
    case PixelLayout::dxt5: return blocks * 16;
    case PixelLayout::uncompressed: return uint64_t{s.width} * s.height * (bits_per_pixel / 8);
    case PixelLayout::other: return 0;
  }
  return 0;
}

}  // namespace meshgate::ptx
