// A PNG encoded into a Nikita Texm payload (writer/image/texture_encode.hpp;
// the rules are docs/spec/nikita-materials-textures.md §4.2): format 0
// palettised through libimagequant (one palette for every level), 565, 556,
// 4444, 88, 888 and 8888 by exact packing.
#pragma once

#include <optional>

#include "parser/texm/texm_model.hpp"
#include "writer/image/texture_encode.hpp"

namespace meshgate {

// The Texm `member` re-encoded from `picture`.
struct TexmEncoding {
  std::optional<texm::Texture> texture;
  EncodedTexture report;
};
[[nodiscard]] TexmEncoding encode_texm(const texm::Texture& member, const RgbaPicture& picture,
                                       const TextureEncodeOptions& options = {});

// From bytes, as a container level holds it: the Texm payload `texm`
// re-encoded from the PNG file `png`.
[[nodiscard]] EncodedTexture encode_png_as_texm(Bytes texm, Bytes png, const TextureEncodeOptions& options = {});

}  // namespace meshgate
