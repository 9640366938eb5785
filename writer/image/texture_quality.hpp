// What the texture encoders measure their output against
// (writer/image/texture_encode.hpp): the PNG's mip chain, made by a 2x2 box
// filter, and the PSNR of a decoded level against the level it was encoded
// from, over the channels the pixel format keeps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "writer/image/png_decode.hpp"

namespace meshgate {

// The next level: max(1, w / 2) x max(1, h / 2), each pixel the rounded mean
// of the 2x2 pixels above it (2x1 or 1x2 once a side is 1; an odd side's last
// row or column is dropped, as D3DX's box filter does), every channel alone.
[[nodiscard]] RgbaPicture box_downsample(const RgbaPicture& level);
// `count` levels from `level0` (count >= 1), each the box filter of the one before.
[[nodiscard]] std::vector<RgbaPicture> box_mip_chain(const RgbaPicture& level0, uint32_t count);

// Which channels of a decoded level are compared with the reference.
struct ChannelSet {
  bool r = true, g = true, b = true, a = true;
  [[nodiscard]] std::string name() const;  // "RGBA", "RGB", "RA"
};

// The quality of one stored level against the PNG's level it came from.
struct LevelQuality {
  uint32_t level = 0, width = 0, height = 0;
  double mse = 0;      // mean squared error per compared 8-bit sample
  double psnr_db = 0;  // 10 log10(255^2 / mse); +infinity when the level is exact (mse 0)
  std::string channels;

  [[nodiscard]] bool exact() const { return mse == 0; }
};

// `decoded` and `reference` have the same size.
[[nodiscard]] LevelQuality measure_level(uint32_t level, const RgbaPicture& decoded, const RgbaPicture& reference,
                                         ChannelSet channels);

}  // namespace meshgate
