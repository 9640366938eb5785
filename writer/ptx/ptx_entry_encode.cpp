// encode_ptx_entry and ptx_with_entry (ptx_entry_encode.hpp; the rules are
// docs/spec/dmc3-textures.md §10).
#include <squish.h>

#include <algorithm>
#include <bit>

#include "parser/ptx/dds_fields.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "parser/ptx/ptx_relations.hpp"
#include "writer/ptx/ptx_entry_encode.hpp"

namespace meshgate {

namespace {

using ptx::PixelLayout;

constexpr uint32_t kFormatWordBase = 0x20000;  // §3.1 +0x08: 0x20000 | mips << 8 | code
constexpr uint32_t kDdsdPitch = 0x8, kDdsdLinearSize = 0x80000;

std::string size_text(uint32_t w, uint32_t h) { return std::to_string(w) + "x" + std::to_string(h); }

PtxEntryEncoding refused(std::string why) {
  PtxEntryEncoding out;
  out.report.error = std::move(why);
  return out;
}

// A channel narrowed to its mask's width, rounded to the nearest value the
// decoder (ptx_pixels.cpp) widens back.
uint32_t pack_channel(uint8_t value, uint32_t mask) {
  if (mask == 0) return 0;
  const uint32_t max = mask >> std::countr_zero(mask);
  return ((uint32_t{value} * max + 127) / 255) << std::countr_zero(mask);
}

std::vector<std::byte> pack_uncompressed(const ptx::DdsHeaderRecord& h, const RgbaPicture& level) {
  const auto bytes = static_cast<uint32_t>(h.get(ptx::dds::rgb_bit_count)) / 8;
  const bool alpha = (h.get(ptx::dds::pf_flags) & ptx::kPfAlphaPixels) != 0;
  const auto mask = [&](size_t f) { return static_cast<uint32_t>(h.get(f)); };
  std::vector<std::byte> out(size_t{level.width} * level.height * bytes);
  for (size_t p = 0; p < size_t{level.width} * level.height; ++p) {
    const uint8_t* c = level.rgba.data() + p * 4;
    const uint32_t v = pack_channel(c[0], mask(ptx::dds::r_mask)) | pack_channel(c[1], mask(ptx::dds::g_mask)) |
                       pack_channel(c[2], mask(ptx::dds::b_mask)) | (alpha ? pack_channel(c[3], mask(ptx::dds::a_mask)) : 0);
    for (uint32_t i = 0; i < bytes; ++i) out[p * bytes + i] = static_cast<std::byte>((v >> (8 * i)) & 0xFF);
  }
  return out;
}

std::vector<std::byte> pack_blocks(PixelLayout layout, const RgbaPicture& level) {
  const ptx::LevelSize s{level.width, level.height};
  std::vector<std::byte> out(static_cast<size_t>(ptx::level_bytes(layout, 0, s)));
  const int flags = (layout == PixelLayout::dxt1 ? squish::kDxt1 : squish::kDxt5) | squish::kColourClusterFit;
  squish::CompressImage(level.rgba.data(), static_cast<int>(level.width), static_cast<int>(level.height), out.data(), flags);
  return out;
}

// The channels a layout keeps: DXT1 and DXT5 all four (DXT1's alpha is one
// bit), an uncompressed image those it has a mask for.
ChannelSet kept_channels(const ptx::Dds& d) {
  if (d.layout() != PixelLayout::uncompressed) return {};
  const auto& h = d.header;
  return {h.get(ptx::dds::r_mask) != 0, h.get(ptx::dds::g_mask) != 0, h.get(ptx::dds::b_mask) != 0,
          (h.get(ptx::dds::pf_flags) & ptx::kPfAlphaPixels) != 0 && h.get(ptx::dds::a_mask) != 0};
}

// The DDS header following the new size and mips; every other field kept
// (the V6 profile's pitch of a DXT image is a constant, never recomputed).
ptx::DdsHeaderRecord new_dds_header(const ptx::Dds& old, uint32_t w, uint32_t h, uint32_t mips) {
  ptx::DdsHeaderRecord header = old.header;
  header.set(ptx::dds::width, w);
  header.set(ptx::dds::height, h);
  if (!(mips == 1 && old.header.get(ptx::dds::mip_count) == 0)) header.set(ptx::dds::mip_count, mips);
  if (old.layout() == PixelLayout::uncompressed) {
    const uint64_t flags = header.get(ptx::dds::flags), bits = header.get(ptx::dds::rgb_bit_count);
    if (flags & kDdsdPitch) header.set(ptx::dds::pitch_or_linear_size, uint64_t{w} * bits / 8);
    else if (flags & kDdsdLinearSize) header.set(ptx::dds::pitch_or_linear_size, uint64_t{w} * h * bits / 8);
  }
  return header;
}

bool holds(const std::vector<size_t>& failed, size_t field) {
  return std::find(failed.begin(), failed.end(), field) == failed.end();
}

// The §3.1 head following the new DDS: width, height and the DDS size
// always; every lane that held its V6 relation with the old DDS made to hold
// it with the new one; a lane that did not is kept as it was.
ptx::ObjectHeadRecord new_object_head(const ptx::Entry& old, const ptx::Dds& dds) {
  const std::vector<size_t> failed = ptx::object_relation_failures(old);
  ptx::ObjectHeadRecord o = old.object;
  const uint32_t w = dds.width(), h = dds.height(), code = ptx::object_format_code(dds.layout());
  namespace obj = ptx::obj;
  o.set(obj::width, w);
  o.set(obj::height, h);
  o.set(obj::dds_size, dds.byte_size());
  if (code != 0 && holds(failed, obj::format_word)) o.set(obj::format_word, kFormatWordBase | dds.mip_count() << 8 | code);
  if (code != 0 && holds(failed, obj::block_row_bytes))
    o.set(obj::block_row_bytes, uint64_t{w} * (dds.layout() == PixelLayout::dxt1 ? 2 : 4));
  if (holds(failed, obj::payload_size)) o.set(obj::payload_size, dds.payload.size());
  if (holds(failed, obj::secondary_width)) {
    const bool same = old.object.get(obj::secondary_width) == old.dds->width() &&
                      old.object.get(obj::secondary_height) == old.dds->height();
    const uint32_t sw = same ? w : std::max(1u, w / 2), sh = same ? h : std::max(1u, h / 2);
    o.set(obj::secondary_width, sw);
    o.set(obj::secondary_height, sh);
    if (holds(failed, obj::inv_secondary_width)) o.set_f32(obj::inv_secondary_width, 1.0f / static_cast<float>(sw));
    if (holds(failed, obj::inv_secondary_height)) o.set_f32(obj::inv_secondary_height, 1.0f / static_cast<float>(sh));
  }
  return o;
}

std::optional<std::string> refuse_picture(const ptx::Dds& d, const RgbaPicture& p) {
  const PixelLayout layout = d.layout();
  if (layout == PixelLayout::other)
    return "the entry's pixel format " + d.fourcc_text() + " is not one meshgate encodes (DXT1, DXT5, uncompressed RGB)";
  if (p.width > ptx::kDdsMaxDimension || p.height > ptx::kDdsMaxDimension)
    return "the PNG is " + size_text(p.width, p.height) + ": a DDS side is at most 16384 pixels (the game's loader)";
  if (layout != PixelLayout::uncompressed && (p.width % 4 != 0 || p.height % 4 != 0))
    return "the PNG is " + size_text(p.width, p.height) + ": a " + std::string(ptx::pixel_layout_name(layout)) +
           " entry holds whole 4x4 blocks, so its width and height must be multiples of 4";
  return std::nullopt;
}

std::vector<std::byte> entry_bytes(const ptx::Entry& e) {
  std::vector<std::byte> out(static_cast<size_t>(e.byte_size()));
  e.object.encode(std::span(out).first(ptx::kObjectHeadSize));
  std::copy(e.pre_dds.begin(), e.pre_dds.end(), out.begin() + ptx::kObjectHeadSize);
  const size_t at = ptx::kObjectHeadSize + e.pre_dds.size();
  e.dds->header.encode(std::span(out).subspan(at, ptx::kDdsHeaderSpec.size));
  std::copy(e.dds->payload.begin(), e.dds->payload.end(), out.begin() + static_cast<std::ptrdiff_t>(at + ptx::kDdsHeaderSpec.size));
  return out;
}

}  // namespace

PtxEntryEncoding encode_ptx_entry(const ptx::Entry& member, const RgbaPicture& picture) {
  if (member.framing == ptx::Framing::tm2 || !member.dds)
    return refused("the entry is a \"TM2\\0\" entry (§3.2, known only from the executable, its lanes undecoded): "
                   "meshgate encodes into texture-object entries only");
  const ptx::Dds& old = *member.dds;
  if (auto why = refuse_picture(old, picture)) return refused(std::move(*why));
  const PixelLayout layout = old.layout();
  const uint32_t mips = encoded_mip_count(old.width(), old.height(), old.mip_count(), picture.width, picture.height,
                                          ptx::kDdsMaxMipCount);
  const std::vector<RgbaPicture> chain = box_mip_chain(picture, mips);
  ptx::Dds dds{new_dds_header(old, picture.width, picture.height, mips), {}};
  for (const RgbaPicture& level : chain) {
    const std::vector<std::byte> bytes =
        layout == PixelLayout::uncompressed ? pack_uncompressed(dds.header, level) : pack_blocks(layout, level);
    dds.payload.insert(dds.payload.end(), bytes.begin(), bytes.end());
  }
  PtxEntryEncoding out;
  EncodedTexture& r = out.report;
  r.format = layout == PixelLayout::uncompressed ? "uncompressed " + dds.fourcc_text() : std::string(ptx::pixel_layout_name(layout));
  r.encoder = layout == PixelLayout::uncompressed ? "exact packing" : "libsquish";
  r.width = picture.width, r.height = picture.height, r.mip_count = mips;
  for (uint32_t i = 0; i < mips; ++i) {
    const ptx::EntryImage back = ptx::decode_dds_level(dds, i);
    if (!back.image) return refused("the encoded level " + std::to_string(i) + " does not decode: " + back.error);
    const RgbaPicture decoded{back.image->width, back.image->height, back.image->rgba};
    r.levels.push_back(measure_level(i, decoded, chain[i], kept_channels(dds)));
  }
  ptx::Entry e = member;
  e.object = new_object_head(member, dds);
  e.dds = std::move(dds);
  e.padding.clear();
  r.bytes = entry_bytes(e);
  out.entry = std::move(e);
  return out;
}

ptx::Companion ptx_with_entry(const ptx::Companion& companion, size_t index, ptx::Entry entry) {
  ptx::Companion c = companion;
  entry.padding.clear();
  const bool to_end = c.block_counts[index].get(ptx::block_count) == 0;  // a final 0 runs to the end: no padding
  if (!to_end) {
    const uint64_t size = entry.byte_size();
    entry.padding.assign(static_cast<size_t>((ptx::kBlockSize - size % ptx::kBlockSize) % ptx::kBlockSize), std::byte{0});
    c.block_counts[index].set(ptx::block_count, (size + entry.padding.size()) / ptx::kBlockSize);
  }
  c.entries[index] = std::move(entry);
  return c;
}

EncodedTexture encode_png_as_ptx_entry(Bytes ptx_bytes, size_t index, Bytes png, const TextureEncodeOptions& options) {
  EncodedTexture refusal;
  const ptx::ParseResult parsed = ptx::parse_ptx(ptx_bytes);
  if (!parsed.ok()) {
    refusal.error = "the PTX does not parse";
    for (const Diagnostic& d : parsed.diagnostics)
      if (d.severity == Severity::error) {
        refusal.error += ": " + d.message;
        break;
      }
    return refusal;
  }
  if (index >= parsed.companion->entries.size()) {
    refusal.error = "the PTX holds " + std::to_string(parsed.companion->entries.size()) + " entries; " +
                    std::to_string(index) + " is not one of them";
    return refusal;
  }
  PngDecodeResult picture = decode_png(png, options.png_limits);
  if (!picture.picture) {
    refusal.error = std::move(picture.error);
    return refusal;
  }
  return encode_ptx_entry(parsed.companion->entries[index], *picture.picture).report;
}

uint32_t encoded_mip_count(uint32_t old_width, uint32_t old_height, uint32_t old_mips, uint32_t width, uint32_t height,
                           uint32_t max_levels) {
  const uint32_t full_old = ptx::full_chain_length(old_width, old_height), full_new = ptx::full_chain_length(width, height);
  const uint32_t wanted = old_mips >= full_old ? full_new : old_mips;
  return std::clamp(wanted, 1u, std::max(1u, std::min(full_new, max_levels)));
}

}  // namespace meshgate
