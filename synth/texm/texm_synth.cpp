#include "synth/texm/texm_synth.hpp"

#include <cstdio>
#include <functional>
#include <string_view>

#include "parser/core/byte_reader.hpp"
#include "parser/texm/texm_diagnostic_codes.hpp"
#include "synth/core/prng.hpp"
#include "writer/nres/nres_layout_builder.hpp"

namespace meshgate::texm {

namespace {

constexpr std::array kFormats{PixelFormat::indexed,  PixelFormat::external_palette, PixelFormat::r5g6b5,
                              PixelFormat::r5g5b6,   PixelFormat::a4r4g4b4,         PixelFormat::l8a8,
                              PixelFormat::rgb888,   PixelFormat::argb8888};

bool takes_index(PixelFormat f) { return f == PixelFormat::indexed || f == PixelFormat::external_palette; }

void put_u16(std::vector<std::byte>& out, unsigned v) {
  out.push_back(static_cast<std::byte>(v & 0xFF));
  out.push_back(static_cast<std::byte>((v >> 8) & 0xFF));
}

void put_u32(std::vector<std::byte>& out, uint64_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
}

// A recognisable picture: a red/green gradient over a blue checker of 4-pixel
// cells, translucent on the dark cells; indices run diagonally.
std::vector<uint8_t> paint_level(PixelFormat f, LevelSize s, uint32_t level) {
  const size_t pixels = size_t{s.width} * s.height;
  std::vector<uint8_t> texels(pixels * (takes_index(f) ? 1 : 4));
  for (uint32_t y = 0; y < s.height; ++y)
    for (uint32_t x = 0; x < s.width; ++x) {
      const size_t i = size_t{y} * s.width + x;
      if (takes_index(f)) {
        texels[i] = static_cast<uint8_t>(x * 7 + y * 13 + level * 31);
        continue;
      }
      const bool dark = ((x / 4 + y / 4) & 1) != 0;
      const auto r = static_cast<uint8_t>(s.width > 1 ? x * 255 / (s.width - 1) : 128);
      const auto g = static_cast<uint8_t>(s.height > 1 ? y * 255 / (s.height - 1) : 128);
      const uint8_t b = dark ? 40 : 220, a = dark ? 96 : 255;
      if (f == PixelFormat::l8a8) {
        const auto l = static_cast<uint8_t>((r + g) / 2);
        texels[i * 4 + 0] = texels[i * 4 + 1] = texels[i * 4 + 2] = l;
      } else {
        texels[i * 4 + 0] = r, texels[i * 4 + 1] = g, texels[i * 4 + 2] = b;
      }
      texels[i * 4 + 3] = a;
    }
  return texels;
}

std::vector<std::array<uint8_t, 4>> paint_palette() {
  std::vector<std::array<uint8_t, 4>> palette(256);
  for (unsigned i = 0; i < 256; ++i)
    palette[i] = {static_cast<uint8_t>(i), static_cast<uint8_t>(255 - i), static_cast<uint8_t>((i * 3) & 0xFF), 255};
  return palette;
}

}  // namespace

std::vector<std::byte> encode_texel(PixelFormat f, ByteOrder order, std::array<uint8_t, 4> c, uint8_t service) {
  const auto [r, g, b, a] = c;
  std::vector<std::byte> out;
  auto bytes = [&](std::initializer_list<uint8_t> v) {
    for (uint8_t x : v) out.push_back(static_cast<std::byte>(x));
  };
  switch (f) {
    case PixelFormat::indexed: case PixelFormat::external_palette: bytes({r}); break;
    case PixelFormat::r5g6b5: put_u16(out, (unsigned{r} >> 3) << 11 | (unsigned{g} >> 2) << 5 | (unsigned{b} >> 3)); break;
    case PixelFormat::r5g5b6: put_u16(out, (unsigned{r} >> 3) << 11 | (unsigned{g} >> 3) << 6 | (unsigned{b} >> 2)); break;
    case PixelFormat::a4r4g4b4:
      put_u16(out, (unsigned{a} >> 4) << 12 | (unsigned{r} >> 4) << 8 | (unsigned{g} >> 4) << 4 | (unsigned{b} >> 4));
      break;
    case PixelFormat::l8a8: put_u16(out, unsigned{r} << 8 | a); break;
    case PixelFormat::rgb888:
      order == ByteOrder::bgra ? bytes({b, g, r, service}) : bytes({r, g, b, service});
      break;
    case PixelFormat::argb8888:
      order == ByteOrder::bgra ? bytes({b, g, r, a}) : bytes({a, r, g, b});
      break;
  }
  return out;
}

std::array<uint8_t, 4> representable(PixelFormat f, std::array<uint8_t, 4> c) {
  const auto [r, g, b, a] = c;
  switch (f) {
    case PixelFormat::r5g6b5: return {widen5(r >> 3), widen6(g >> 2), widen5(b >> 3), 255};
    case PixelFormat::r5g5b6: return {widen5(r >> 3), widen5(g >> 3), widen6(b >> 2), 255};
    case PixelFormat::a4r4g4b4: return {widen4(r >> 4), widen4(g >> 4), widen4(b >> 4), widen4(a >> 4)};
    case PixelFormat::l8a8: return {r, r, r, a};
    case PixelFormat::rgb888: return {r, g, b, 255};
    case PixelFormat::argb8888: return c;
    case PixelFormat::indexed: case PixelFormat::external_palette: return {r, r, r, 255};  // grey ramp (format 2)
  }
  return c;
}

std::vector<std::byte> build_texm(const TextureDescription& d, ByteOrder order) {
  std::vector<std::byte> out(kMagic.begin(), kMagic.end());
  for (uint64_t v : {uint64_t{d.width}, uint64_t{d.height}, uint64_t{d.mip_count}, uint64_t{d.flags_a},
                     uint64_t{d.flags_b}, uint64_t{d.unknown_18}, uint64_t{static_cast<uint32_t>(d.format)}})
    put_u32(out, v);
  if (d.format == PixelFormat::indexed)
    for (const auto& c : d.palette) {
      const auto e = encode_texel(PixelFormat::rgb888, order, c, d.service_byte);  // B,G,R,x or R,G,B,x
      out.insert(out.end(), e.begin(), e.end());
    }
  const size_t step = takes_index(d.format) ? 1 : 4;
  for (const auto& level : d.texels)
    for (size_t i = 0; i < level.size(); i += step) {
      const std::array<uint8_t, 4> c = step == 1 ? std::array<uint8_t, 4>{level[i], 0, 0, 0}
                                                 : std::array<uint8_t, 4>{level[i], level[i + 1], level[i + 2], level[i + 3]};
      const auto e = encode_texel(d.format, order, c, d.service_byte);
      out.insert(out.end(), e.begin(), e.end());
    }
  if (d.with_page) {
    out.insert(out.end(), kPageMagic.begin(), kPageMagic.end());
    put_u32(out, d.page.size());
    for (const auto& r : d.page)
      for (int16_t v : r) put_u16(out, static_cast<uint16_t>(v));
  }
  return out;
}

TextureDescription random_texture_description(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0xD6E8FEB86659FD93ull ^ (index + 1) * 0x9E3779B97F4A7C15ull ^ 0x7E47);
  rng.next();
  TextureDescription d;
  d.format = kFormats[index % kFormats.size()];
  auto dimension = [&] { return static_cast<uint32_t>(rng.chance(50) ? 1u << rng.range(0, 6) : rng.range(1, 80)); };
  d.width = dimension(), d.height = dimension();
  uint32_t chain = 1;
  while ((d.width >> chain) > 0 || (d.height >> chain) > 0) ++chain;  // levels down to 1 x 1
  d.mip_count = static_cast<uint32_t>(rng.range(1, chain));
  d.flags_a = static_cast<uint32_t>(rng.range(0, 3));
  d.flags_b = rng.chance(25) ? 0x01000000u : 0;
  d.unknown_18 = static_cast<uint32_t>(rng.next());
  d.service_byte = static_cast<uint8_t>(rng.range(0, 255));
  if (d.format == PixelFormat::indexed) d.palette = paint_palette();
  for (uint32_t i = 0; i < d.mip_count; ++i) d.texels.push_back(paint_level(d.format, level_size(d.width, d.height, i), i));
  d.with_page = index % 3 == 2;
  if (d.with_page) {
    const uint64_t rects = rng.range(0, 6);
    for (uint64_t k = 0; k < rects; ++k) {
      const auto x = static_cast<int16_t>(rng.range(0, d.width - 1)), y = static_cast<int16_t>(rng.range(0, d.height - 1));
      const auto w = static_cast<int16_t>(rng.range(1, d.width - static_cast<uint32_t>(x)));
      const auto h = static_cast<int16_t>(rng.range(1, d.height - static_cast<uint32_t>(y)));
      d.page.push_back({x, w, y, h});
    }
  }
  return d;
}

std::string texture_entry_name(uint64_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "TEX_%04llu", static_cast<unsigned long long>(index));
  return name;
}

void synth_texm_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  nres::ArchiveDescription lib;
  for (uint64_t i = 0; i < count; ++i) {
    std::vector<std::byte> bytes = build_texm(random_texture_description(seed, i));
    lib.entries.push_back({kTexmTypeId, 0, 0, 0, texture_entry_name(i), {}, bytes});
    char name[32];
    std::snprintf(name, sizeof name, "tex_%04llu.texm", static_cast<unsigned long long>(i));
    if (!sink({name, std::move(bytes)})) return;
  }
  if (count > 0) (void)sink({"Textures.lib", nres::build_nres(lib)});
}

std::vector<SynthFile> synth_texm_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_texm_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

std::vector<MalformedCase> malformed_texm_cases(uint64_t seed) {
  (void)seed;  // the variants are fixed: each breaks one rule of one small texture
  TextureDescription paged;  // 8888, 8 x 4, two levels, a Page chunk of two rectangles
  paged.width = 8, paged.height = 4, paged.mip_count = 2;
  for (uint32_t i = 0; i < 2; ++i) paged.texels.push_back(paint_level(paged.format, level_size(8, 4, i), i));
  paged.with_page = true;
  paged.page = {{0, 4, 0, 4}, {4, 4, 0, 4}};
  TextureDescription plain = paged;
  plain.with_page = false, plain.page.clear();
  TextureDescription indexed;
  indexed.format = PixelFormat::indexed, indexed.width = indexed.height = 2;
  indexed.palette = paint_palette();
  indexed.texels = {paint_level(indexed.format, {2, 2}, 0)};

  using B = std::vector<std::byte>;
  auto poke32 = [](B& b, uint64_t at, uint64_t v) { store_uint_le(std::span(b).subspan(static_cast<size_t>(at), 4), v, 4); };
  auto at = [](size_t field) { return uint64_t{kHeaderSpec.fields[field].offset}; };
  const uint64_t page_at = build_texm(plain).size();
  const std::vector<std::tuple<std::string_view, const TextureDescription*, std::function<void(B&)>>> mutations = {
      {codes::truncated_header.code, &plain, [](B& b) { b.resize(20); }},
      {codes::bad_magic.code, &plain, [](B& b) { b[0] = std::byte{'X'}; }},
      {codes::unknown_format.code, &plain, [&](B& b) { poke32(b, at(hdr::pixel_format), 1234); }},
      {codes::zero_dimension.code, &plain, [&](B& b) { poke32(b, at(hdr::height), 0); }},
      {codes::oversize.code, &plain, [&](B& b) { poke32(b, at(hdr::width), kMaxDimension + 1); }},
      {codes::mip_count.code, &plain, [&](B& b) { poke32(b, at(hdr::mip_count), kMaxMipCount + 1); }},
      {codes::truncated_palette.code, &indexed, [](B& b) { b.resize(kHeaderSpec.size + 500); }},
      {codes::mip_past_payload.code, &plain, [&](B& b) { poke32(b, at(hdr::mip_count), 4); }},
      {codes::page_size.code, &paged, [&](B& b) { poke32(b, page_at + 4, 3); }},
      {codes::page_rect_outside.code, &paged, [&](B& b) { poke32(b, page_at + 8 + 8, 8 | (4u << 16)); }},
      {codes::trailing_bytes.code, &plain, [](B& b) { b.insert(b.end(), 3, std::byte{0xEE}); }},
  };
  std::vector<MalformedCase> cases;
  for (const auto& [code, base, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".texm", build_texm(*base)}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::texm
