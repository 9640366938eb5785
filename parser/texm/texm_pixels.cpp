#include "parser/texm/texm_pixels.hpp"

#include "parser/core/byte_reader.hpp"

namespace meshgate::texm {

namespace {

struct Rgba {
  uint8_t r, g, b, a;
};

uint8_t byte_at(const std::byte* p, size_t i) { return std::to_integer<uint8_t>(p[i]); }

// A 4-byte texel (888, 8888) or palette entry; `alpha` false: the fourth
// byte is a service byte, kept in the file and shown opaque.
Rgba four_bytes(const std::byte* p, ByteOrder order, bool alpha) {
  if (order == ByteOrder::bgra) return {byte_at(p, 2), byte_at(p, 1), byte_at(p, 0), alpha ? byte_at(p, 3) : uint8_t{255}};
  if (alpha) return {byte_at(p, 1), byte_at(p, 2), byte_at(p, 3), byte_at(p, 0)};  // FP: the dword's low byte is alpha
  return {byte_at(p, 0), byte_at(p, 1), byte_at(p, 2), 255};                  // FP: R, G, B, x
}

Rgba two_bytes(unsigned v, PixelFormat f) {
  switch (f) {
    case PixelFormat::r5g6b5: return {widen5(v >> 11), widen6(v >> 5), widen5(v), 255};
    case PixelFormat::r5g5b6: return {widen5(v >> 11), widen5(v >> 6), widen6(v), 255};
    case PixelFormat::a4r4g4b4: return {widen4(v >> 8), widen4(v >> 4), widen4(v), widen4(v >> 12)};
    default: {  // l8a8: luminance in the high byte, alpha in the low
      const auto l = static_cast<uint8_t>(v >> 8);
      return {l, l, l, static_cast<uint8_t>(v & 0xFF)};
    }
  }
}

}  // namespace

std::string_view byte_order_name(ByteOrder order) { return order == ByteOrder::bgra ? "bgra" : "argb"; }

Rgba8Image decode_level(const Texture& texture, uint32_t level, ByteOrder order) {
  const LevelSize s = level_size(texture.width(), texture.height(), level);
  Rgba8Image image{s.width, s.height, {}};
  const size_t pixels = size_t{s.width} * s.height;
  image.rgba.resize(pixels * 4);
  const std::byte* src = texture.levels[level].data();
  const uint32_t bpp = bytes_per_pixel(texture.format);
  for (size_t i = 0; i < pixels; ++i) {
    const std::byte* p = src + i * bpp;
    Rgba c{};
    switch (texture.format) {
      case PixelFormat::indexed: c = four_bytes(texture.palette.data() + 4 * size_t{byte_at(p, 0)}, order, false); break;
      case PixelFormat::external_palette: c = {byte_at(p, 0), byte_at(p, 0), byte_at(p, 0), 255}; break;
      case PixelFormat::rgb888: c = four_bytes(p, order, false); break;
      case PixelFormat::argb8888: c = four_bytes(p, order, true); break;
      default: c = two_bytes(static_cast<unsigned>(load_fixed_le<2>(p)), texture.format); break;
    }
    uint8_t* d = image.rgba.data() + i * 4;
    d[0] = c.r, d[1] = c.g, d[2] = c.b, d[3] = c.a;
  }
  return image;
}

bool has_alpha(const Texture& texture) {
  constexpr uint64_t kAlphaBits = 0x01000000 | 0x02000000;
  return texture.format == PixelFormat::a4r4g4b4 || texture.format == PixelFormat::argb8888 ||
         (texture.header.get(hdr::flags_b) & kAlphaBits) != 0;
}

}  // namespace meshgate::texm
