// A parsed Texm. Every byte of the payload is held: the header and the Page
// chunk as records, the palette and each mip level as their exact bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/texm/texm_fields.hpp"

namespace meshgate::texm {

using HeaderRecord = Record<kHeaderSpec>;
using PageHeaderRecord = Record<kPageHeaderSpec>;
using PageRectRecord = Record<kPageRectSpec>;

enum class PixelFormat : uint32_t {
  indexed = 0,       // 1 byte, the texture's own palette
  external_palette = 2,  // 1 byte, an external palette (font atlas; decoded as a grey ramp)
  r5g6b5 = 565,
  r5g5b6 = 556,
  a4r4g4b4 = 4444,
  l8a8 = 88,
  rgb888 = 888,      // 4 bytes: RGB + a service byte that is kept
  argb8888 = 8888,
};

// The format a header's value names; nullopt for any other value.
[[nodiscard]] std::optional<PixelFormat> pixel_format_from(uint64_t value);
[[nodiscard]] uint32_t bytes_per_pixel(PixelFormat f);
[[nodiscard]] std::string_view pixel_format_name(PixelFormat f);  // "565", "8888", ...

// Level i of a w x h texture: max(1, w >> i) x max(1, h >> i).
struct LevelSize {
  uint32_t width = 0, height = 0;
};
[[nodiscard]] inline LevelSize level_size(uint32_t width, uint32_t height, uint32_t level) {
  const uint32_t w = level < 32 ? width >> level : 0, h = level < 32 ? height >> level : 0;
  return {w == 0 ? 1u : w, h == 0 ? 1u : h};
}

struct Page {
  PageHeaderRecord header;
  std::vector<PageRectRecord> rects;

  friend bool operator==(const Page&, const Page&) = default;
};

struct Texture {
  HeaderRecord header;
  PixelFormat format = PixelFormat::argb8888;
  std::vector<std::byte> palette;              // format 0 only: 1,024 bytes
  std::vector<std::vector<std::byte>> levels;  // mip_count levels, each w x h x bytes_per_pixel
  std::optional<Page> page;

  [[nodiscard]] uint32_t width() const { return static_cast<uint32_t>(header.get(hdr::width)); }
  [[nodiscard]] uint32_t height() const { return static_cast<uint32_t>(header.get(hdr::height)); }
  [[nodiscard]] uint64_t byte_size() const;  // the payload this model writes

  friend bool operator==(const Texture&, const Texture&) = default;
};

}  // namespace meshgate::texm
