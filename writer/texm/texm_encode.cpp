// encode_texm (texm_encode.hpp; the rules are
// docs/spec/nikita-materials-textures.md §4.2).
#include <libimagequant.h>

#include <algorithm>

#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "writer/texm/texm_encode.hpp"
#include "writer/texm/texm_writer.hpp"

namespace meshgate {

namespace {

using texm::PixelFormat;

std::string size_text(uint32_t w, uint32_t h) { return std::to_string(w) + "x" + std::to_string(h); }

TexmEncoding refused(std::string why) {
  TexmEncoding out;
  out.report.error = std::move(why);
  return out;
}

// A channel narrowed to `bits`, rounded to the nearest value the decoder's
// bit replication (texm_pixels.hpp) widens back.
unsigned narrow(uint8_t v, unsigned bits) {
  const unsigned max = (1u << bits) - 1;
  return (unsigned{v} * max + 127) / 255;
}

// Rec. 601 luma, what a grey 88 texel holds of a colour.
uint8_t luma(const uint8_t* c) {
  return static_cast<uint8_t>((299u * c[0] + 587u * c[1] + 114u * c[2] + 500u) / 1000u);
}

void put16(std::byte* p, unsigned v) {
  p[0] = static_cast<std::byte>(v & 0xFF);
  p[1] = static_cast<std::byte>((v >> 8) & 0xFF);
}

void put4(std::byte* p, uint8_t b0, uint8_t b1, uint8_t b2, uint8_t b3) {
  p[0] = std::byte{b0}, p[1] = std::byte{b1}, p[2] = std::byte{b2}, p[3] = std::byte{b3};
}

// 888's fourth byte is a service byte the file must keep (§4): a level of
// the member's size keeps each texel's; a level of another size takes the
// byte of the member's first texel.
struct ServiceBytes {
  const texm::Texture* member;
  uint8_t at(uint32_t level, const texm::LevelSize& s, size_t texel) const {
    const texm::LevelSize old = texm::level_size(member->width(), member->height(), level);
    const bool same = level < member->levels.size() && old.width == s.width && old.height == s.height;
    const std::byte b = same ? member->levels[level][texel * 4 + 3] : member->levels[0][3];
    return std::to_integer<uint8_t>(b);
  }
};

std::vector<std::byte> pack_level(PixelFormat f, texm::ByteOrder order, const RgbaPicture& level, uint32_t index,
                                  const ServiceBytes& service) {
  const size_t pixels = size_t{level.width} * level.height;
  const uint32_t bpp = texm::bytes_per_pixel(f);
  std::vector<std::byte> out(pixels * bpp);
  const bool bgra = order == texm::ByteOrder::bgra;
  for (size_t i = 0; i < pixels; ++i) {
    const uint8_t* c = level.rgba.data() + i * 4;
    std::byte* p = out.data() + i * bpp;
    switch (f) {
      case PixelFormat::r5g6b5: put16(p, narrow(c[0], 5) << 11 | narrow(c[1], 6) << 5 | narrow(c[2], 5)); break;
      case PixelFormat::r5g5b6: put16(p, narrow(c[0], 5) << 11 | narrow(c[1], 5) << 6 | narrow(c[2], 6)); break;
      case PixelFormat::a4r4g4b4:
        put16(p, narrow(c[3], 4) << 12 | narrow(c[0], 4) << 8 | narrow(c[1], 4) << 4 | narrow(c[2], 4));
        break;
      case PixelFormat::l8a8: put16(p, unsigned{luma(c)} << 8 | c[3]); break;
      case PixelFormat::rgb888: {
        const uint8_t s = service.at(index, {level.width, level.height}, i);
        bgra ? put4(p, c[2], c[1], c[0], s) : put4(p, c[0], c[1], c[2], s);
        break;
      }
      default:  // argb8888
        bgra ? put4(p, c[2], c[1], c[0], c[3]) : put4(p, c[3], c[0], c[1], c[2]);
        break;
    }
  }
  return out;
}

// libimagequant's objects, destroyed whatever the path out.
struct Quantizer {
  liq_attr* attr = liq_attr_create();
  liq_histogram* histogram = attr ? liq_histogram_create(attr) : nullptr;
  liq_result* result = nullptr;
  Quantizer() = default;
  Quantizer(const Quantizer&) = delete;
  Quantizer& operator=(const Quantizer&) = delete;
  ~Quantizer() {
    if (result) liq_result_destroy(result);
    if (histogram) liq_histogram_destroy(histogram);
    if (attr) liq_attr_destroy(attr);
  }
};

struct LiqImage {
  liq_image* image = nullptr;
  LiqImage(const Quantizer& q, const RgbaPicture& p)
      : image(liq_image_create_rgba(q.attr, p.rgba.data(), static_cast<int>(p.width), static_cast<int>(p.height), 0)) {}
  LiqImage(const LiqImage&) = delete;
  LiqImage& operator=(const LiqImage&) = delete;
  ~LiqImage() {
    if (image) liq_image_destroy(image);
  }
};

// Format 0: one 256-colour palette for every level (the palette has no
// alpha: the engine reads its entries as B, G, R, x), each level remapped to
// it without dithering. Each palette entry's fourth byte is the member's.
std::optional<std::string> quantize(const texm::Texture& member, const std::vector<RgbaPicture>& chain,
                                    texm::ByteOrder order, texm::Texture& out) {
  std::vector<RgbaPicture> opaque = chain;
  for (RgbaPicture& p : opaque)
    for (size_t i = 3; i < p.rgba.size(); i += 4) p.rgba[i] = 255;
  Quantizer q;
  if (!q.histogram || liq_set_max_colors(q.attr, 256) != LIQ_OK) return "libimagequant: cannot set up the quantizer";
  for (const RgbaPicture& p : opaque) {
    const LiqImage img(q, p);
    if (!img.image || liq_histogram_add_image(q.histogram, q.attr, img.image) != LIQ_OK)
      return "libimagequant: cannot read level " + std::to_string(&p - opaque.data());
  }
  if (liq_histogram_quantize(q.histogram, q.attr, &q.result) != LIQ_OK) return "libimagequant: cannot make a palette";
  liq_set_dithering_level(q.result, 0);
  out.levels.clear();
  for (const RgbaPicture& p : opaque) {
    const LiqImage img(q, p);
    std::vector<std::byte> indices(size_t{p.width} * p.height);
    if (!img.image || liq_write_remapped_image(q.result, img.image, indices.data(), indices.size()) != LIQ_OK)
      return "libimagequant: cannot remap level " + std::to_string(&p - opaque.data());
    out.levels.push_back(std::move(indices));
  }
  const liq_palette* palette = liq_get_palette(q.result);
  out.palette = member.palette;
  for (unsigned i = 0; i < 256; ++i) {
    const liq_color c = i < palette->count ? palette->entries[i] : liq_color{0, 0, 0, 0};
    std::byte* p = out.palette.data() + size_t{i} * 4;
    const auto keep = std::to_integer<uint8_t>(p[3]);
    order == texm::ByteOrder::bgra ? put4(p, c.b, c.g, c.r, keep) : put4(p, c.r, c.g, c.b, keep);
  }
  return std::nullopt;
}

// What a format can show of the PNG: the reference each decoded level is
// measured against, and over which channels.
ChannelSet kept_channels(PixelFormat f) {
  if (f == PixelFormat::l8a8) return {true, false, false, true};  // luminance (in R, G and B alike) and alpha
  const bool alpha = f == PixelFormat::a4r4g4b4 || f == PixelFormat::argb8888;
  return {true, true, true, alpha};
}

RgbaPicture reference_of(PixelFormat f, RgbaPicture level) {
  if (f == PixelFormat::l8a8)
    for (size_t i = 0; i < level.rgba.size(); i += 4) level.rgba[i] = level.rgba[i + 1] = level.rgba[i + 2] = luma(&level.rgba[i]);
  return level;
}

std::optional<std::string> refuse_picture(const texm::Texture& member, const RgbaPicture& p) {
  if (member.format == PixelFormat::external_palette)
    return std::string("the texture is format 2, whose indices name an external palette (a font atlas's) that is not in "
                       "the file: meshgate cannot choose them from a PNG");
  if (p.width > texm::kMaxDimension || p.height > texm::kMaxDimension)
    return "the PNG is " + size_text(p.width, p.height) + ": a Texm side is at most 8192 pixels (meshgate's limit)";
  return std::nullopt;
}

}  // namespace

TexmEncoding encode_texm(const texm::Texture& member, const RgbaPicture& picture, const TextureEncodeOptions& options) {
  if (auto why = refuse_picture(member, picture)) return refused(std::move(*why));
  const auto old_mips = static_cast<uint32_t>(member.levels.size());
  const uint32_t mips = encoded_mip_count(member.width(), member.height(), old_mips, picture.width, picture.height,
                                          texm::kMaxMipCount);
  const std::vector<RgbaPicture> chain = box_mip_chain(picture, mips);
  texm::Texture t = member;
  t.header.set(texm::hdr::width, picture.width);
  t.header.set(texm::hdr::height, picture.height);
  t.header.set(texm::hdr::mip_count, mips);
  if (member.format == PixelFormat::indexed) {
    if (auto why = quantize(member, chain, options.texm_order, t)) return refused(std::move(*why));
  } else {
    t.levels.clear();
    const ServiceBytes service{&member};
    for (uint32_t i = 0; i < mips; ++i) t.levels.push_back(pack_level(member.format, options.texm_order, chain[i], i, service));
  }
  TexmEncoding out;
  EncodedTexture& r = out.report;
  r.format = "Texm " + std::string(texm::pixel_format_name(member.format));
  r.encoder = member.format == PixelFormat::indexed ? "libimagequant" : "exact packing";
  r.width = picture.width, r.height = picture.height, r.mip_count = mips;
  for (uint32_t i = 0; i < mips; ++i) {
    const texm::Rgba8Image back = texm::decode_level(t, i, options.texm_order);
    const RgbaPicture decoded{back.width, back.height, back.rgba};
    r.levels.push_back(measure_level(i, decoded, reference_of(member.format, chain[i]), kept_channels(member.format)));
  }
  const WriteResult written = texm::write_texm(t);
  if (!written.ok()) return refused("the encoded texture does not write: " + written.error->message);
  r.bytes.assign(written.bytes.begin(), written.bytes.end());
  out.texture = std::move(t);
  return out;
}

EncodedTexture encode_png_as_texm(Bytes texm_bytes, Bytes png, const TextureEncodeOptions& options) {
  EncodedTexture refusal;
  const texm::ParseResult parsed = texm::parse_texm(texm_bytes);
  if (!parsed.ok()) {
    refusal.error = "the Texm does not parse";
    for (const Diagnostic& d : parsed.diagnostics)
      if (d.severity == Severity::error) {
        refusal.error += ": " + d.message;
        break;
      }
    return refusal;
  }
  PngDecodeResult picture = decode_png(png, options.png_limits);
  if (!picture.picture) {
    refusal.error = std::move(picture.error);
    return refusal;
  }
  return encode_texm(*parsed.texture, *picture.picture, options).report;
}

}  // namespace meshgate
