#include "writer/image/texture_quality.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meshgate {

RgbaPicture box_downsample(const RgbaPicture& in) {
  const uint32_t w = std::max(1u, in.width / 2), h = std::max(1u, in.height / 2);
  const uint32_t fx = in.width > 1 ? 2 : 1, fy = in.height > 1 ? 2 : 1;  // the footprint on each axis
  RgbaPicture out{w, h, std::vector<uint8_t>(size_t{w} * h * 4)};
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x)
      for (uint32_t c = 0; c < 4; ++c) {
        uint32_t sum = 0;
        for (uint32_t dy = 0; dy < fy; ++dy)
          for (uint32_t dx = 0; dx < fx; ++dx)
            sum += in.rgba[((size_t{y} * fy + dy) * in.width + size_t{x} * fx + dx) * 4 + c];
        const uint32_t n = fx * fy;
        out.rgba[(size_t{y} * w + x) * 4 + c] = static_cast<uint8_t>((sum + n / 2) / n);
      }
  return out;
}

std::vector<RgbaPicture> box_mip_chain(const RgbaPicture& level0, uint32_t count) {
  std::vector<RgbaPicture> chain{level0};
  while (chain.size() < count) chain.push_back(box_downsample(chain.back()));
  return chain;
}

std::string ChannelSet::name() const {
  std::string n;
  if (r) n += 'R';
  if (g) n += 'G';
  if (b) n += 'B';
  if (a) n += 'A';
  return n;
}

LevelQuality measure_level(uint32_t level, const RgbaPicture& decoded, const RgbaPicture& reference, ChannelSet channels) {
  const bool use[4] = {channels.r, channels.g, channels.b, channels.a};
  double sum = 0;
  uint64_t samples = 0;
  for (size_t i = 0; i < reference.rgba.size(); ++i) {
    if (!use[i % 4]) continue;
    const double d = static_cast<double>(int{decoded.rgba[i]} - int{reference.rgba[i]});
    sum += d * d;
    ++samples;
  }
  LevelQuality q{level, reference.width, reference.height, samples ? sum / static_cast<double>(samples) : 0, 0,
                 channels.name()};
  q.psnr_db = q.mse == 0 ? std::numeric_limits<double>::infinity() : 10 * std::log10(255.0 * 255.0 / q.mse);
  return q;
}

}  // namespace meshgate
