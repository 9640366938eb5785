// A PNG encoded into a texture member in the member's own pixel format and
// mip count (docs/spec/dmc3-textures.md §10, nikita-materials-textures.md
// §4.2): what `meshgate replace` calls when the new file is a PNG and the
// member a texture. What every encoder shares is here; each format's encoder
// is in its own folder:
// * a PTX entry (writer/ptx/ptx_entry_encode.hpp): DXT1/DXT5 through
//   libsquish's encoder, uncompressed DDS layouts by exact packing;
// * a Texm payload (writer/texm/texm_encode.hpp): format 0 palettised through
//   libimagequant, the other formats by exact packing.
// Mips come from the PNG by a 2x2 box filter (texture_quality.hpp); each
// stored level is decoded back with the project's decoders and its PSNR
// against the PNG's level is returned. What cannot hold the PNG is refused
// naming the rule, never approximated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parser/core/texel_order.hpp"
#include "writer/image/png_decode.hpp"
#include "writer/image/texture_quality.hpp"

namespace meshgate {

struct TextureEncodeOptions {
  TexelOrder texm_order = TexelOrder::bgra;  // a Texm's 888, 8888 and palette (the spec's [CONFLICT])
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

// How many levels the new picture gets: as many as the member had, except
// that a member with a full chain gets the new size's full chain; never more
// than the new size's full chain or `max_levels`.
[[nodiscard]] uint32_t encoded_mip_count(uint32_t old_width, uint32_t old_height, uint32_t old_mips, uint32_t width,
                                         uint32_t height, uint32_t max_levels);

}  // namespace meshgate
