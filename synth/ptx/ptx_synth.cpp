#include "synth/ptx/ptx_synth.hpp"

#include <cstdio>
#include <functional>
#include <tuple>

#include "parser/core/byte_reader.hpp"
#include "parser/ptx/ptx_diagnostic_codes.hpp"
#include "parser/ptx/ptx_relations.hpp"
#include "synth/core/prng.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate::ptx {

namespace {

using B = std::vector<std::byte>;

void put(B& out, uint64_t v, size_t width) {
  for (size_t i = 0; i < width; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
}
void put_zeros(B& out, size_t n) { out.insert(out.end(), n, std::byte{0}); }
void poke(B& b, uint64_t at, uint64_t v, size_t width) {
  store_uint_le(std::span(b).subspan(static_cast<size_t>(at), width), v, width);
}

uint32_t rgb_bits(RgbLayout l) { return l == RgbLayout::a8r8g8b8 ? 32 : l == RgbLayout::r8g8b8 ? 24 : 16; }
uint32_t bits_of(const ImageDescription& d) { return d.layout == PixelLayout::uncompressed ? rgb_bits(d.rgb) : 0; }

// A DXT1 colour block: endpoints and indices drawn; a quarter of them in
// three-colour mode (colour0 <= colour1), whose index 3 is transparent black.
void draw_colour_block(Prng& rng, B& out, bool any_mode) {
  auto c0 = static_cast<uint16_t>(rng.next()), c1 = static_cast<uint16_t>(rng.next());
  const bool three = any_mode && rng.chance(25);
  if ((c0 <= c1) != three) std::swap(c0, c1);
  if (!three && c0 == c1) c0 = static_cast<uint16_t>(c0 | 1), c1 = static_cast<uint16_t>(c1 & ~1u);
  put(out, c0, 2), put(out, c1, 2), put(out, rng.next(), 4);
}

void draw_alpha_block(Prng& rng, B& out) {
  put(out, rng.next() & 0xFF, 1), put(out, rng.next() & 0xFF, 1), put(out, rng.next(), 6);
}

// A recognisable picture for the uncompressed layouts: a red/green gradient
// over a blue checker, translucent on the dark cells.
std::array<uint8_t, 4> painted(LevelSize s, uint32_t x, uint32_t y) {
  const bool dark = ((x / 4 + y / 4) & 1) != 0;
  return {static_cast<uint8_t>(s.width > 1 ? x * 255 / (s.width - 1) : 128),
          static_cast<uint8_t>(s.height > 1 ? y * 255 / (s.height - 1) : 128), static_cast<uint8_t>(dark ? 40 : 220),
          static_cast<uint8_t>(dark ? 96 : 255)};
}

B draw_level(Prng& rng, const ImageDescription& d, uint32_t level) {
  const LevelSize s = level_size(d.width, d.height, level);
  B out;
  if (d.layout == PixelLayout::uncompressed) {
    for (uint32_t y = 0; y < s.height; ++y)
      for (uint32_t x = 0; x < s.width; ++x) {
        const B px = encode_rgb_pixel(d.rgb, painted(s, x, y));
        out.insert(out.end(), px.begin(), px.end());
      }
    return out;
  }
  const uint64_t blocks = level_bytes(d.layout, 0, s) / (d.layout == PixelLayout::dxt1 ? 8 : 16);
  for (uint64_t b = 0; b < blocks; ++b) {
    if (d.layout == PixelLayout::dxt5) draw_alpha_block(rng, out);
    draw_colour_block(rng, out, d.layout == PixelLayout::dxt1);
  }
  return out;
}

ImageDescription draw_image(Prng& rng, PixelLayout layout, RgbLayout rgb, uint32_t w, uint32_t h, uint32_t mips) {
  ImageDescription d{layout, rgb, w, h, mips, {}};
  for (uint32_t i = 0; i < mips; ++i) d.levels.push_back(draw_level(rng, d, i));
  return d;
}

uint64_t blocks_for(uint64_t bytes) { return (bytes + kBlockSize - 1) / kBlockSize; }

B build_tm2_entry(const EntryDescription& e, const B& dds) {
  constexpr uint32_t kDdsOffset = 0x80;  // past the 0x68-byte head, 16-aligned
  B out;
  put(out, kTm2Magic, 4), put(out, 1, 2), put_zeros(out, 2), put(out, kDdsOffset, 4);
  put_zeros(out, kTm2HeadSpec.fields[tm2::dds_size].offset - out.size());
  put(out, dds.size(), 4);
  put_zeros(out, kTm2HeadSpec.fields[tm2::width].offset - out.size());
  put(out, e.image.width, 2), put(out, e.image.height, 2);
  put_zeros(out, kDdsOffset - out.size());
  out.insert(out.end(), dds.begin(), dds.end());
  return out;
}

B build_entry(const EntryDescription& e) {
  const B dds = build_dds(e.image);
  if (e.framing == Framing::tm2) return build_tm2_entry(e, dds);
  B out = build_object_head(e, dds.size());
  out.insert(out.end(), dds.begin(), dds.end());
  return out;
}

EntryDescription draw_entry(Prng& rng, uint64_t index, size_t k) {
  static constexpr std::array kKinds{std::pair{PixelLayout::dxt1, RgbLayout::a8r8g8b8},
                                     std::pair{PixelLayout::dxt5, RgbLayout::a8r8g8b8},
                                     std::pair{PixelLayout::uncompressed, RgbLayout::a8r8g8b8},
                                     std::pair{PixelLayout::dxt1, RgbLayout::a8r8g8b8},
                                     std::pair{PixelLayout::dxt5, RgbLayout::a8r8g8b8},
                                     std::pair{PixelLayout::uncompressed, RgbLayout::r8g8b8},
                                     std::pair{PixelLayout::uncompressed, RgbLayout::r5g6b5}};
  const auto [layout, rgb] = kKinds[(index * 3 + k) % kKinds.size()];
  const auto w = static_cast<uint32_t>(4u << rng.range(0, 5)), h = static_cast<uint32_t>(4u << rng.range(0, 5));
  EntryDescription e;
  e.image = draw_image(rng, layout, rgb, w, h, full_chain_length(w, h));
  e.half_secondary = rng.chance(66);
  if (layout == PixelLayout::dxt5 && rng.chance(30)) e.aux_mode = static_cast<uint32_t>(rng.range(1, 2)), e.aux_value = 0x3F800000;
  return e;
}

}  // namespace

std::vector<std::byte> encode_rgb_pixel(RgbLayout layout, std::array<uint8_t, 4> c) {
  const auto [r, g, b, a] = c;
  B out;
  switch (layout) {
    case RgbLayout::a8r8g8b8: put(out, uint64_t{a} << 24 | uint64_t{r} << 16 | uint64_t{g} << 8 | b, 4); break;
    case RgbLayout::r8g8b8: put(out, uint64_t{r} << 16 | uint64_t{g} << 8 | b, 3); break;
    case RgbLayout::r5g6b5: put(out, (unsigned{r} >> 3) << 11 | (unsigned{g} >> 2) << 5 | (unsigned{b} >> 3), 2); break;
  }
  return out;
}

std::vector<std::byte> build_dds(const ImageDescription& d) {
  const bool rgb = d.layout == PixelLayout::uncompressed;
  B out;
  put(out, kDdsMagic, 4), put(out, kDdsHeaderSize, 4);
  put(out, rgb ? 0x2100F : kProfileFlags, 4);  // uncompressed: a pitch, not a linear size
  put(out, d.height, 4), put(out, d.width, 4);
  put(out, rgb ? uint64_t{d.width} * bits_of(d) / 8 : d.layout == PixelLayout::dxt1 ? kProfilePitchDxt1 : kProfilePitchDxt5, 4);
  put(out, 0, 4), put(out, d.mip_count, 4), put_zeros(out, 44);
  put(out, kDdsPixelFormatSize, 4);
  const bool alpha = rgb && d.rgb == RgbLayout::a8r8g8b8;
  put(out, rgb ? kPfRgb | (alpha ? kPfAlphaPixels : 0) : kPfFourcc, 4);
  for (char c : std::string_view(rgb ? "\0\0\0\0" : d.layout == PixelLayout::dxt1 ? "DXT1" : "DXT5", 4))
    out.push_back(static_cast<std::byte>(c));
  if (!rgb) put_zeros(out, 20);
  else if (d.rgb == RgbLayout::r5g6b5) put(out, 16, 4), put(out, 0xF800, 4), put(out, 0x07E0, 4), put(out, 0x001F, 4), put(out, 0, 4);
  else put(out, bits_of(d), 4), put(out, 0xFF0000, 4), put(out, 0xFF00, 4), put(out, 0xFF, 4), put(out, alpha ? 0xFF000000 : 0, 4);
  put(out, kProfileCaps, 4), put_zeros(out, 16);
  for (const B& level : d.levels) out.insert(out.end(), level.begin(), level.end());
  return out;
}

std::vector<std::byte> build_object_head(const EntryDescription& e, uint64_t dds_size) {
  const ImageDescription& d = e.image;
  const uint32_t code = object_format_code(d.layout);
  const uint32_t sw = e.half_secondary ? std::max(1u, d.width / 2) : d.width;
  const uint32_t sh = e.half_secondary ? std::max(1u, d.height / 2) : d.height;
  B out;
  put(out, 0, 8), put(out, 0x20000 | d.mip_count << 8 | code, 4), put(out, 0xAAE4, 4);
  put(out, d.width, 2), put(out, d.height, 2), put(out, 1, 4);
  put(out, uint64_t{d.width} * (d.layout == PixelLayout::dxt1 ? 2 : 4), 4), put(out, 0, 4);
  put(out, 0x40, 8), put_zeros(out, 16);
  put(out, dds_size - kDdsHeaderSpec.size, 4), put(out, e.aux_mode, 4), put(out, e.aux_value, 4);
  put(out, sw, 2), put(out, sh, 2);
  put(out, f32_to_bits(1.0f / static_cast<float>(sw)), 4), put(out, f32_to_bits(1.0f / static_cast<float>(sh)), 4);
  put_zeros(out, 16);
  put(out, d.layout == PixelLayout::dxt5 ? 4 : 0, 4), put(out, dds_size, 4), put(out, 8, 8);
  return out;
}

std::vector<std::byte> build_ptx(const PtxDescription& d) {
  std::vector<B> entries;
  for (const EntryDescription& e : d.entries) entries.push_back(build_entry(e));
  B out;
  put(out, entries.size(), 4);
  for (size_t i = 0; i < entries.size(); ++i) {
    const bool zero = d.final_count_zero && i + 1 == entries.size();
    put(out, zero ? 0 : blocks_for(entries[i].size()), 4);
  }
  put_zeros(out, kEntriesStart - out.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    out.insert(out.end(), entries[i].begin(), entries[i].end());
    if (!(d.final_count_zero && i + 1 == entries.size()))
      put_zeros(out, blocks_for(entries[i].size()) * kBlockSize - entries[i].size());
  }
  return out;
}

PtxDescription random_ptx_description(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0xA24BAED4963EE407ull ^ (index + 1) * 0x9E3779B97F4A7C15ull ^ 0x5054);
  rng.next();
  PtxDescription d;
  const uint64_t k = rng.range(1, 5);
  for (uint64_t i = 0; i < k; ++i) d.entries.push_back(draw_entry(rng, index, i));
  if (index % 4 == 3) d.entries.back().framing = Framing::tm2;  // EXE-only framing: the parser's other branch
  d.final_count_zero = index % 5 == 4;
  return d;
}

void synth_ptx_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  B first;
  for (uint64_t i = 0; i < count; ++i) {
    B bytes = build_ptx(random_ptx_description(seed, i));
    if (i == 0) first = bytes;
    char name[32];
    std::snprintf(name, sizeof name, "tex_%04llu.ptx", static_cast<unsigned long long>(i));
    if (!sink({name, std::move(bytes)})) return;
  }
  // A stage PAC's companion is a member like any other (§1): found by its first bytes.
  if (count > 0) (void)sink({"st_textures.pac", pac::build_pac({.kind = pac::Kind::pac, .slot_count = 2, .members = {{{1}, first}}})});
}

std::vector<SynthFile> synth_ptx_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_ptx_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

std::vector<MalformedCase> malformed_ptx_cases(uint64_t seed) {
  Prng rng(seed ^ 0x5054'4D41'4C46ull);
  // Entry 0: DXT1 8x8, full chain; entry 1: DXT5 4x4, full chain. One block each.
  PtxDescription two;
  two.entries.push_back({Framing::texture_object, draw_image(rng, PixelLayout::dxt1, {}, 8, 8, 4), 0, 0, false});
  two.entries.push_back({Framing::texture_object, draw_image(rng, PixelLayout::dxt5, {}, 4, 4, 3), 0, 0, true});
  PtxDescription final_zero = two;
  final_zero.final_count_zero = true;
  PtxDescription rgb = two, odd = two, short_chain = two, many;
  rgb.entries[0].image = draw_image(rng, PixelLayout::uncompressed, RgbLayout::a8r8g8b8, 8, 8, 4);
  odd.entries[0].image = draw_image(rng, PixelLayout::dxt1, {}, 12, 8, 4);
  short_chain.entries[0].image = draw_image(rng, PixelLayout::dxt1, {}, 8, 8, 1);
  many.entries.assign(kRuntimeCapacity + 1, EntryDescription{Framing::texture_object,
                                                                draw_image(rng, PixelLayout::dxt1, {}, 4, 4, 3), 0, 0, false});

  constexpr uint64_t e0 = kEntriesStart, e1 = kEntriesStart + kBlockSize, dds0 = e0 + kObjectHeadSize;
  auto head = [](size_t f) { return uint64_t{kObjectHeadSpec.fields[f].offset}; };
  auto dds = [](size_t f) { return uint64_t{kDdsHeaderSpec.fields[f].offset}; };
  const std::vector<std::tuple<std::string_view, const PtxDescription*, std::function<void(B&)>>> mutations = {
      {codes::truncated_header.code, &two, [](B& b) { b.resize(kEntriesStart - 1); }},
      {codes::count_table_overflow.code, &two, [](B& b) { poke(b, 0, 600, 4); }},
      {codes::entry_out_of_bounds.code, &two, [](B& b) { poke(b, 4, 0x00200000, 4); }},
      {codes::block_count_zero.code, &two, [](B& b) { poke(b, 4, 0, 4); }},
      {codes::entry_too_small.code, &two, [](B& b) { poke(b, 8, 0, 4), b.resize(e1 + 0x80); }},
      {codes::entry_unrecognized.code, &two, [](B& b) { poke(b, e0, 0x58585858, 4), poke(b, dds0, 0, 4); }},
      {codes::descriptor_pointer_out_of_bounds.code, &two, [&](B& b) { poke(b, e0 + head(obj::descriptor_delta), 0x7FFFFFFF, 8); }},
      {codes::dds_out_of_bounds.code, &two, [&](B& b) { poke(b, e0 + head(obj::dds_size), 0x900, 4); }},
      {codes::dds_truncated.code, &two, [&](B& b) { poke(b, e0 + head(obj::dds_size), 128 + 56 - 1, 4); }},
      {codes::dds_bad_magic.code, &two, [&](B& b) { poke(b, dds0, 0x58444420, 4); }},
      {codes::dds_bad_header_size.code, &two, [&](B& b) { poke(b, dds0 + dds(dds::header_size), 0x7D, 4); }},
      {codes::dds_bad_pixelformat_size.code, &two, [&](B& b) { poke(b, dds0 + dds(dds::pf_size), 0x21, 4); }},
      {codes::dds_mip_count_over_limit.code, &two, [&](B& b) { poke(b, dds0 + dds(dds::mip_count), 16, 4); }},
      {codes::dds_dimension_over_limit.code, &two, [&](B& b) { poke(b, dds0 + dds(dds::width), 0x8000, 4); }},
      {codes::block_count_zero_final.code, &final_zero, [](B&) {}},
      {codes::closure_mismatch.code, &two, [](B& b) { b.insert(b.end(), 16, std::byte{0}); }},
      {codes::header_rest_nonzero.code, &two, [](B& b) { b[kEntriesStart - 16] = std::byte{1}; }},
      {codes::padding_nonzero.code, &two, [](B& b) { b[e1 - 1] = std::byte{0xEE}; }},
      {codes::trailing_bytes.code, &two, [](B& b) { b.insert(b.end(), 3, std::byte{0xEE}); }},
      {codes::descriptor_noncanonical.code, &two, [&](B& b) { poke(b, e0 + head(obj::descriptor_delta), 0x48, 8); }},
      {codes::descriptor_mismatch.code, &two, [&](B& b) { poke(b, e0 + head(obj::unknown_14), 2, 4); }},
      {codes::block_count_not_minimal.code, &two,
       [](B& b) { poke(b, 8, 2, 4), b.insert(b.end(), kBlockSize, std::byte{0}); }},
      {codes::count_over_runtime_capacity.code, &many, [](B&) {}},
      {codes::dds_unprofiled_format.code, &rgb, [](B&) {}},
      {codes::dds_profile_deviation.code, &two, [&](B& b) { poke(b, dds0 + dds(dds::pitch_or_linear_size), 0x40, 4); }},
      {codes::dds_non_power_of_two.code, &odd, [](B&) {}},
      {codes::dds_incomplete_mip_chain.code, &short_chain, [](B&) {}},
  };
  std::vector<MalformedCase> cases;
  for (const auto& [code, base, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".ptx", build_ptx(*base)}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::ptx
