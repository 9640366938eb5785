// What a format row hands the texture command: the images a file holds, by
// the name that follows the file's address (FILE!NAME), decoded to RGBA8.
// A Texm is one image (the name ""); a PTX companion holds one per entry,
// named by its 0-based table index ("tex.ptx!3", the number a mesh's
// texture_index names). No command branches on the format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/texel_order.hpp"

namespace meshgate {

struct ImageRequest {
  uint32_t mip = 0;                                   // 0: full size
  TexelOrder texm_order = TexelOrder::bgra;  // Texm's [CONFLICT]; other formats ignore it
};

struct DecodedImage {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width x height x 4, rows top first
  // "level 0 of 4, 64x64, pixel format DXT5, decoder libsquish": what the command prints.
  std::string description;
  // Set when there is no image: why, and whether the request asked for
  // something the file does not have (a usage error, exit 2) or the image
  // cannot be decoded (exit 1).
  std::optional<std::string> error;
  bool request_error = false;
};

}  // namespace meshgate
