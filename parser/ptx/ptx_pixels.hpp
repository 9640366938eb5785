// A PTX entry's DDS level as RGBA8, rows top first (docs/spec/dmc3-textures.md
// §8): DXT1 and DXT5 through libsquish (the named reference decoder: BC1's
// three-colour mode keeps its transparent black; interpolated colours are
// libsquish's integer rounding), uncompressed images through their masks.
// What the exporter calls: decode_entry(companion, texture_index).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/ptx/ptx_model.hpp"

namespace meshgate::ptx {

inline constexpr std::string_view kReferenceDecoder = "libsquish";

struct Rgba8Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width x height x 4, rows top first
};

// An entry's image, or why there is none (an entry without a DDS, a format
// meshgate does not decode, a level that is not stored).
struct EntryImage {
  std::optional<Rgba8Image> image;
  std::string error;
};

// Level `level` of a DDS the parser accepted.
[[nodiscard]] EntryImage decode_dds_level(const Dds& dds, uint32_t level);
// Entry `index` (0-based, table order: the number a mesh's texture_index
// names) of a parsed companion, level `level` (0: full size).
[[nodiscard]] EntryImage decode_entry(const Companion& companion, size_t index, uint32_t level = 0);

}  // namespace meshgate::ptx
