#include "synth/image/smooth_picture.hpp"

#include <algorithm>
#include <array>

#include "synth/core/prng.hpp"

namespace meshgate {

namespace {

constexpr uint32_t kGrid = 3;  // control points per axis
// How far a control point's channel strays from the picture's base colour:
// enough for every level to hold a visible gradient, little enough that a
// 4x4 block of the smallest levels (the whole grid in a few pixels) is still
// a gentle slope rather than noise.
constexpr uint64_t kSpread = 40;

// The control point's coordinate, in 1/65536 of a grid cell, for pixel `p`
// of `n` (pixel centres spread over the grid's span).
uint64_t grid_position(uint32_t p, uint32_t n) {
  return n > 1 ? (uint64_t{p} * (kGrid - 1) << 16) / (n - 1) : 0;
}

}  // namespace

SmoothPicture smooth_picture(uint64_t seed, uint32_t width, uint32_t height, bool translucent) {
  Prng rng(seed ^ 0x5A0C7E9D1C7E0001ull);
  std::array<uint64_t, 4> base{};
  for (uint32_t c = 0; c < 3; ++c) base[c] = rng.range(kSpread, 255 - kSpread);
  base[3] = rng.range(64 + kSpread, 255 - kSpread);
  std::array<std::array<std::array<uint32_t, 4>, kGrid>, kGrid> grid{};
  for (auto& row : grid)
    for (auto& point : row) {
      for (uint32_t c = 0; c < 4; ++c) point[c] = static_cast<uint32_t>(rng.range(base[c] - kSpread, base[c] + kSpread));
      if (!translucent) point[3] = 255;
    }
  SmoothPicture out{width, height, std::vector<uint8_t>(size_t{width} * height * 4)};
  for (uint32_t y = 0; y < height; ++y) {
    const uint64_t gy = grid_position(y, height);
    const auto y0 = static_cast<uint32_t>(std::min<uint64_t>(gy >> 16, kGrid - 2));
    const uint64_t fy = gy - (uint64_t{y0} << 16);  // 0..65536
    for (uint32_t x = 0; x < width; ++x) {
      const uint64_t gx = grid_position(x, width);
      const auto x0 = static_cast<uint32_t>(std::min<uint64_t>(gx >> 16, kGrid - 2));
      const uint64_t fx = gx - (uint64_t{x0} << 16);
      for (uint32_t c = 0; c < 4; ++c) {
        const uint64_t top = grid[y0][x0][c] * (65536 - fx) + grid[y0][x0 + 1][c] * fx;
        const uint64_t bottom = grid[y0 + 1][x0][c] * (65536 - fx) + grid[y0 + 1][x0 + 1][c] * fx;
        const uint64_t v = (top * (65536 - fy) + bottom * fy + (uint64_t{1} << 31)) >> 32;
        out.rgba[(size_t{y} * width + x) * 4 + c] = static_cast<uint8_t>(v);
      }
    }
  }
  return out;
}

}  // namespace meshgate
