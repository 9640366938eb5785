// libFuzzer target for the PNG reader a texture replacement takes in
// (writer/image/png_decode.hpp) and the encoders behind it: any bytes through
// decode_png, under the default side limit and a pixel limit of 2^22 (the
// same checks as the default 2^26, at a quarter of the memory per run). A refusal carries a reason; an
// accepted picture is within the limits, holds exactly width x height x 4
// bytes and survives png_encode -> decode_png unchanged. A small picture is
// then encoded into a Texm of each exact-packing kind and (whole 4x4 blocks)
// a DXT1 PTX entry, and what comes out must parse with the project's parsers.
// Each input is read twice: as it is (libpng's CRC checks are an early exit
// worth fuzzing) and with every chunk's CRC made right, without which almost
// no mutation reaches the decoder behind them.
#include <algorithm>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/texm/texm_parser.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "writer/image/png_encode.hpp"
#include "writer/image/texture_encode.hpp"
#include "writer/ptx/ptx_entry_encode.hpp"
#include "writer/texm/texm_encode.hpp"
#include "writer/ptx/ptx_writer.hpp"

using namespace meshgate;

namespace {

constexpr uint32_t kEncodeSide = 64;  // pictures up to 64x64 also go through the encoders

uint32_t crc32_of(const uint8_t* p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// The input with each whole chunk's CRC (over its type and data) recomputed.
std::vector<uint8_t> with_right_crcs(const uint8_t* data, size_t size) {
  std::vector<uint8_t> out(data, data + size);
  for (size_t at = 8; at + 12 <= out.size();) {
    const uint32_t length = uint32_t{out[at]} << 24 | uint32_t{out[at + 1]} << 16 | uint32_t{out[at + 2]} << 8 | out[at + 3];
    if (length > out.size() - at - 12) break;
    const uint32_t crc = crc32_of(out.data() + at + 4, length + 4);
    for (int i = 0; i < 4; ++i) out[at + 8 + length + static_cast<size_t>(i)] = static_cast<uint8_t>(crc >> (24 - 8 * i));
    at += 12 + size_t{length};
  }
  return out;
}

// A Texm 565 of 8x8 with a full chain, and a companion holding one DXT1 8x8 entry.
const texm::Texture& texm_member() {
  static const texm::Texture member = [] {
    texm::TextureDescription d = texm::random_texture_description(1, 2);  // format 565
    const texm::ParseResult r = texm::parse_texm(texm::build_texm(d));
    if (!r.ok()) fuzzing::fail("the Texm member does not parse");
    return *r.texture;
  }();
  return member;
}

const ptx::Companion& ptx_member() {
  static const ptx::Companion member = [] {
    ptx::PtxDescription d;
    ptx::EntryDescription e;
    e.image = {ptx::PixelLayout::dxt1, ptx::RgbLayout::a8r8g8b8, 8, 8, 4, {}};
    for (uint32_t i = 0; i < 4; ++i)
      e.image.levels.emplace_back(ptx::level_bytes(ptx::PixelLayout::dxt1, 0, ptx::level_size(8, 8, i)), std::byte{0});
    d.entries.push_back(e);
    const ptx::ParseResult r = ptx::parse_ptx(ptx::build_ptx(d));
    if (!r.ok()) fuzzing::fail("the PTX member does not parse");
    return *r.companion;
  }();
  return member;
}

void check_encoders(const RgbaPicture& p) {
  const TexmEncoding t = encode_texm(texm_member(), p);
  if (!t.texture) fuzzing::fail("a picture within the Texm limits was refused");
  if (!texm::parse_texm(Bytes(t.report.bytes.data(), t.report.bytes.size())).ok()) fuzzing::fail("an encoded Texm does not parse");
  if (t.report.levels.size() != t.report.mip_count) fuzzing::fail("a Texm level was not measured");
  if (p.width % 4 != 0 || p.height % 4 != 0) return;
  const PtxEntryEncoding e = encode_ptx_entry(ptx_member().entries[0], p);
  if (!e.entry) fuzzing::fail("a picture of whole blocks was refused by a DXT1 entry");
  const WriteResult w = ptx::write_ptx(ptx_with_entry(ptx_member(), 0, *e.entry));
  if (!w.ok() || !ptx::parse_ptx(Bytes(w.bytes.data(), w.bytes.size())).ok()) fuzzing::fail("an encoded PTX does not parse");
}

void check_png(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const PngReadLimits limits{.max_dimension = 16384, .max_pixels = uint64_t{1} << 22};
  const PngDecodeResult r = decode_png(input, limits);
  if (!r.picture) {
    if (r.error.empty()) fuzzing::fail("a PNG was refused without a reason");
    return;
  }
  const RgbaPicture& p = *r.picture;
  if (p.width == 0 || p.height == 0 || p.width > limits.max_dimension || p.height > limits.max_dimension ||
      uint64_t{p.width} * p.height > limits.max_pixels)
    fuzzing::fail("an accepted PNG is outside the limits");
  if (p.rgba.size() != size_t{p.width} * p.height * 4) fuzzing::fail("a decoded PNG is not width x height x 4 bytes");
  const std::vector<std::byte> again = encode_png_rgba(p.width, p.height, p.rgba);
  const PngDecodeResult back = decode_png(Bytes(again.data(), again.size()), limits);
  if (!back.picture || !(*back.picture == p)) fuzzing::fail("decode(encode(picture)) != picture");
  if (p.width <= kEncodeSide && p.height <= kEncodeSide) check_encoders(p);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  check_png(data, size);
  const std::vector<uint8_t> fixed = with_right_crcs(data, size);
  if (!std::equal(fixed.begin(), fixed.end(), data)) check_png(fixed.data(), fixed.size());
  return 0;
}
