// PNG encoding through libpng, for every picture meshgate writes (byte maps,
// decoded textures, the textures of a glTF export): 8-bit RGB or RGBA, rows
// produced one at a time by the caller, so a large picture never needs a
// second full-size buffer.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace meshgate {

enum class PngChannels : uint8_t { rgb = 3, rgba = 4 };

// zlib's level: 1 is the fastest; meshgate writes pictures at 1 by default
// (the size cost is stated in docs/PERFORMANCE.md).
inline constexpr int kPngFastCompression = 1;

// `fill_row(y, row)` writes row y (top first) into `row` (width x channels bytes).
using PngRowFiller = std::function<void(uint32_t y, std::span<uint8_t> row)>;

// Throws std::runtime_error when libpng fails or the size is 0 or above PNG's 2^31 - 1.
[[nodiscard]] std::vector<std::byte> encode_png(uint32_t width, uint32_t height, PngChannels channels,
                                                const PngRowFiller& fill_row, int compression_level = kPngFastCompression);

// An RGBA8 picture (width x height x 4 bytes, rows top first).
[[nodiscard]] std::vector<std::byte> encode_png_rgba(uint32_t width, uint32_t height, std::span<const uint8_t> rgba,
                                                     int compression_level = kPngFastCompression);

}  // namespace meshgate
