// PNG decoding through libpng, for the pictures meshgate takes in (a PNG put
// into a texture member: writer/image/texture_encode.hpp). Any PNG colour
// type and depth comes out as RGBA8, rows top first, pixels as stored (no
// gamma transform). A hostile PNG is bounded before anything is sized by it:
// its IHDR's width, height and pixel count are checked against the limits
// before the picture is allocated, and libpng's own chunk allocations are
// capped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

// An RGBA8 picture: width x height x 4 bytes, rows top first.
struct RgbaPicture {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;

  friend bool operator==(const RgbaPicture&, const RgbaPicture&) = default;
};

// What a PNG may be before it is read. 16,384 is the DDS loader's largest
// side (docs/spec/dmc3-textures.md §4); 2^26 pixels (8,192^2, a 256 MiB RGBA
// picture) is Texm's decoded-level bound and keeps a picture, its mips and
// one encoded copy inside the memory the tool states.
struct PngReadLimits {
  uint32_t max_dimension = 16384;
  uint64_t max_pixels = uint64_t{1} << 26;
};

// The ancillary-chunk allocation libpng may make (text, ICC profiles): a
// texture needs none of them to be large.
inline constexpr uint32_t kPngChunkMallocMax = 8u << 20;
// Any one allocation libpng makes for itself (its rows are at most 16,384 x 8
// bytes, zlib's window 32 KiB, a chunk at most kPngChunkMallocMax): larger is
// refused.
inline constexpr uint64_t kPngLibraryAllocationMax = 16u << 20;

struct PngDecodeResult {
  std::optional<RgbaPicture> picture;
  std::string error;  // why not: not a PNG, too large, or what libpng found wrong
  uint64_t largest_library_allocation = 0;  // the largest one libpng asked for (a refused one too)
};

// True when `bytes` begin with the 8-byte PNG signature.
[[nodiscard]] bool looks_like_png(Bytes bytes);

[[nodiscard]] PngDecodeResult decode_png(Bytes png, const PngReadLimits& limits = {});

}  // namespace meshgate
