// A Texm level to RGBA8, rows top first (docs/spec/nikita-materials-textures.md
// §4): short channels widen by bit replication; 888, 8888 and the palette in
// the chosen byte order (the spec's [CONFLICT]; meshgate's default is B,G,R,A,
// openparkan's Direct3D reading). Format 2's external palette is not in the
// texture: its index is shown as a grey ramp with opaque alpha.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "parser/core/texel_order.hpp"
#include "parser/texm/texm_model.hpp"

namespace meshgate::texm {

// bgra: memory B, G, R, A (palette B, G, R, x): openparkan, the default;
// argb: memory A, R, G, B for 8888, R, G, B, x for 888 and the palette: fparkan.
using ByteOrder = TexelOrder;
[[nodiscard]] std::string_view byte_order_name(ByteOrder order);

// The widening the spec states: 4 bits x 17, 5 bits v<<3 | v>>2, 6 bits v<<2 | v>>4.
[[nodiscard]] constexpr uint8_t widen4(unsigned v) { return static_cast<uint8_t>((v & 0xF) * 17); }
[[nodiscard]] constexpr uint8_t widen5(unsigned v) { return static_cast<uint8_t>(((v & 0x1F) << 3) | ((v & 0x1F) >> 2)); }
[[nodiscard]] constexpr uint8_t widen6(unsigned v) { return static_cast<uint8_t>(((v & 0x3F) << 2) | ((v & 0x3F) >> 4)); }

struct Rgba8Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width x height x 4, rows top first
};

// Level `level` (< texture.levels.size()) decoded.
[[nodiscard]] Rgba8Image decode_level(const Texture& texture, uint32_t level, ByteOrder order = ByteOrder::bgra);

// Whether the engine gives this texture an alpha channel [M, OP]: formats
// 4444 and 8888, or either of flags_b's alpha bits.
[[nodiscard]] bool has_alpha(const Texture& texture);

}  // namespace meshgate::texm
