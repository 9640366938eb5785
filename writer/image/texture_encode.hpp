// A PNG encoded into a texture member in the member's own pixel format and
// mip count (docs/spec/dmc3-textures.md §10, nikita-materials-textures.md
// §4.2): what `meshgate replace` calls when the new file is a PNG and the
// member a texture.
// * A PTX entry (§3.1 texture object + DDS): DXT1/DXT5 through libsquish's
//   encoder, uncompressed DDS layouts by exact packing through their masks;
//   the DDS header and the object's lanes follow the new size and mips.
// * A Texm payload: format 0 palettised through libimagequant (one palette
//   for every level), 565, 556, 4444, 88, 888 and 8888 by exact packing.
// Mips come from the PNG by a 2x2 box filter (texture_quality.hpp); each
// stored level is decoded back with the project's decoders and its PSNR
// against the PNG's level is returned. What cannot hold the PNG is refused
// naming the rule, never approximated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/ptx/ptx_model.hpp"
#include "parser/texm/texm_model.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "writer/image/png_decode.hpp"
#include "writer/image/texture_quality.hpp"

namespace meshgate {

struct TextureEncodeOptions {
  texm::ByteOrder texm_order = texm::ByteOrder::bgra;  // 888, 8888 and the palette (the spec's [CONFLICT])
  PngReadLimits png_limits;
};

// What an encoding made, or why it refused.
struct EncodedTexture {
  std::vector<std::byte> bytes;  // a PTX entry's head + DDS (no block padding), or a whole Texm payload
  std::string format;            // "DXT1", "uncompressed A8R8G8B8", "Texm 565"
  std::string encoder;           // "libsquish", "libimagequant", "exact packing"
  uint32_t width = 0, height = 0, mip_count = 0;
  std::vector<LevelQuality> levels;  // one per stored level, level 0 first
  std::string error;                 // non-empty: refused, nothing else is set

  [[nodiscard]] bool ok() const { return error.empty(); }
};

// The PTX entry `member` re-encoded from `picture` (an entry with no block
// padding: ptx_with_entry adds it), with the report.
struct PtxEntryEncoding {
  std::optional<ptx::Entry> entry;
  EncodedTexture report;
};
[[nodiscard]] PtxEntryEncoding encode_ptx_entry(const ptx::Entry& member, const RgbaPicture& picture);

// `companion` with entry `index` replaced by `entry`: the entry takes whole
// 0x800-byte blocks (its bytes, then zeros) and its block count follows; a
// final count of 0 (the entry runs to the end) stays 0 with no padding.
// Every other entry, the header rest and the trailing bytes are kept.
[[nodiscard]] ptx::Companion ptx_with_entry(const ptx::Companion& companion, size_t index, ptx::Entry entry);

// The Texm `member` re-encoded from `picture`.
struct TexmEncoding {
  std::optional<texm::Texture> texture;
  EncodedTexture report;
};
[[nodiscard]] TexmEncoding encode_texm(const texm::Texture& member, const RgbaPicture& picture,
                                       const TextureEncodeOptions& options = {});

// From bytes, as a container level holds them: entry `index` of the PTX
// `ptx`, or the Texm payload `texm`, re-encoded from the PNG file `png`.
[[nodiscard]] EncodedTexture encode_png_as_ptx_entry(Bytes ptx, size_t index, Bytes png,
                                                     const TextureEncodeOptions& options = {});
[[nodiscard]] EncodedTexture encode_png_as_texm(Bytes texm, Bytes png, const TextureEncodeOptions& options = {});

// How many levels the new picture gets: as many as the member had, except
// that a member with a full chain gets the new size's full chain; never more
// than the new size's full chain or `max_levels`.
[[nodiscard]] uint32_t encoded_mip_count(uint32_t old_width, uint32_t old_height, uint32_t old_mips, uint32_t width,
                                         uint32_t height, uint32_t max_levels);

}  // namespace meshgate
