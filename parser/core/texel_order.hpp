// The order of a 4-byte texel's channels in memory (and of a palette
// entry's), for a format whose evidence leaves it open: two readings of one
// word, as Direct3D's A8R8G8B8 stored little-endian (B, G, R, A) or read
// channel by channel (A, R, G, B). The format that needs it says which
// readings its sources give (Texm: parser/texm/texm_pixels.hpp); the image
// requests and encoding options that carry it know no format.
#pragma once

#include <cstdint>

namespace meshgate {

enum class TexelOrder : uint8_t {
  bgra,  // memory B, G, R, A (x for a missing alpha)
  argb,  // memory A, R, G, B (R, G, B, x for three channels and a pad)
};

}  // namespace meshgate
