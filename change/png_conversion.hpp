// A PNG put into a texture member by `meshgate replace` (issue 49's
// conversion on the way in): which encoder the member's place asks for, and
// what the summary and the JSON's `conversion` say of it. A PTX entry
// (`x.ptx!N`: the level above is a PTX) is encoded in its own pixel format and
// mip count, a Texm (`Textures.lib!NAME`) likewise
// (writer/image/texture_encode.hpp; docs/spec/dmc3-textures.md §10,
// nikita-materials-textures.md §4.2).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "change/member_path.hpp"
#include "writer/image/texture_encode.hpp"

namespace meshgate {

struct PngConversion {
  bool applies = false;     // the member is a texture a PNG goes into
  EncodedTexture encoded;   // its new bytes, or (error) why the PNG was refused
};

// The PNG `png` encoded as the last level of `path` needs it; applies is
// false when that member is no texture.
[[nodiscard]] PngConversion convert_png(const AddressPath& path, Bytes png, const TextureEncodeOptions& options = {});

// {from, format, encoder, width, height, mip_count, levels: [{level, width,
// height, channels, psnr_db (null when exact), exact}]}
[[nodiscard]] nlohmann::json conversion_json(const std::string& from, const EncodedTexture& encoded);
// "converted skin.png (96x64) to DXT1 through libsquish: 7 levels, PSNR 45.1 44.0 ... dB (exact: inf)"
[[nodiscard]] std::string conversion_summary(const std::string& from, const EncodedTexture& encoded);

}  // namespace meshgate
