// Smooth synthetic pictures: what a texture encoder is tested on (a PNG put
// into a PTX entry or a Texm payload). A 3x3 grid of seeded RGBA control
// colours, each within 40 of a seeded base colour, interpolated bilinearly
// in integers, so every platform paints the same bytes, with no edge sharper
// than the grid's spacing. Never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

namespace meshgate {

struct SmoothPicture {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width x height x 4, rows top first
};

// `translucent`: alpha runs smoothly within 64..255; otherwise 255 everywhere.
[[nodiscard]] SmoothPicture smooth_picture(uint64_t seed, uint32_t width, uint32_t height, bool translucent);

}  // namespace meshgate
