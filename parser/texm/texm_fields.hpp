// The Nikita engine's texture resource, Texm (NRes type 0x6D786554;
// docs/spec/nikita-materials-textures.md §4): a 32-byte header, a 1,024-byte
// palette for format 0, each mip level as an array of pixels (rows top
// first), and an optional Page chunk of level-0 rectangles. The header and
// the Page records are field tables; the palette and the levels are arrays of
// the pixel format's width, sized by the header.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "parser/core/field_table.hpp"

namespace meshgate::texm {

using enum FieldType;
using S = Status;

inline constexpr uint32_t kTexmTypeId = 0x6D786554;  // "Texm" as the NRes directory's u32

inline constexpr RecordSpec<8> kHeaderSpec{"texm_header", 32, {{
    {0x00, 4, bytes, "magic", S::structural_confirmed, "\"Texm\" [H]"},
    {0x04, 4, u32, "width", S::structural_confirmed, "level-0 width in pixels [H]; meshgate refuses 0 and > 8,192"},
    {0x08, 4, u32, "height", S::structural_confirmed, "level-0 height in pixels [H]; meshgate refuses 0 and > 8,192"},
    {0x0C, 4, u32, "mip_count", S::structural_confirmed,
     "levels stored; level i is max(1, w >> i) x max(1, h >> i) [H]; OP stops at the first missing level, FP "
     "rejects a short payload: meshgate reports missing levels here as an error"},
    {0x10, 4, u32, "flags_a", S::preserved_undecoded, "kept raw; neither project decodes it"},
    {0x14, 4, u32, "flags_b", S::semantic_candidate,
     "OP: 0x01000000 alpha surface, 0x02000000 faded palette [M]; other bits kept raw"},
    {0x18, 4, u32, "unknown_18", S::preserved_undecoded, "unknown, kept raw [H]"},
    {0x1C, 4, u32, "pixel_format", S::structural_confirmed,
     "0, 2, 565, 556, 4444, 88, 888 or 8888 [H except 2 (OP) and 556, 88 (FP)]. The byte order of 888, 8888 "
     "and the palette is a [CONFLICT]: meshgate decodes B,G,R,A memory order (OP, Direct3D A8R8G8B8) by "
     "default and A,R,G,B (FP) with --texm-order argb"},
}}};

inline constexpr std::array<std::byte, 4> kMagic = {std::byte{'T'}, std::byte{'e'}, std::byte{'x'}, std::byte{'m'}};
inline constexpr std::array<std::byte, 4> kPageMagic = {std::byte{'P'}, std::byte{'a'}, std::byte{'g'}, std::byte{'e'}};

// Format 0's palette: 256 entries of 4 bytes after the header.
inline constexpr uint32_t kPaletteBytes = 256 * 4;

inline constexpr RecordSpec<2> kPageHeaderSpec{"texm_page", 8, {{
    {0x00, 4, bytes, "magic", S::structural_confirmed, "\"Page\" [H]"},
    {0x04, 4, u32, "rect_count", S::structural_confirmed, "rectangles R; the chunk is 8 + 8 R bytes [H]"},
}}};

inline constexpr RecordSpec<4> kPageRectSpec{"texm_page_rect", 8, {{
    {0x00, 2, i16, "x", S::structural_confirmed, "left, level-0 pixels [H]"},
    {0x02, 2, i16, "w", S::structural_confirmed, "width [H]"},
    {0x04, 2, i16, "y", S::structural_confirmed, "top, level-0 pixels [H]"},
    {0x06, 2, i16, "h", S::structural_confirmed, "height [H]"},
}}};

// Tool limits (not the engine's): checked before anything is sized by them.
// 8,192 px is twice the largest texture either project reports and keeps a
// decoded level (8,192^2 x 4 bytes = 256 MiB) inside the stated memory bound;
// 14 levels is a full chain of 8,192 (log2 8,192 + 1); 4,096 rectangles is far
// past a font atlas's glyph count.
inline constexpr uint32_t kMaxDimension = 8192;
inline constexpr uint32_t kMaxMipCount = 14;
inline constexpr uint32_t kMaxPageRects = 4096;
// A Textures.lib entry; 8,192^2 x 4 bytes with its chain is ~342 MiB.
inline constexpr uint64_t kMaxInputBytes = 384ull << 20;

namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t width = field_index<kHeaderSpec>("width");
inline constexpr size_t height = field_index<kHeaderSpec>("height");
inline constexpr size_t mip_count = field_index<kHeaderSpec>("mip_count");
inline constexpr size_t flags_a = field_index<kHeaderSpec>("flags_a");
inline constexpr size_t flags_b = field_index<kHeaderSpec>("flags_b");
inline constexpr size_t unknown_18 = field_index<kHeaderSpec>("unknown_18");
inline constexpr size_t pixel_format = field_index<kHeaderSpec>("pixel_format");
}  // namespace hdr

namespace page {
inline constexpr size_t magic = field_index<kPageHeaderSpec>("magic");
inline constexpr size_t rect_count = field_index<kPageHeaderSpec>("rect_count");
}  // namespace page

namespace rect {
inline constexpr size_t x = field_index<kPageRectSpec>("x");
inline constexpr size_t w = field_index<kPageRectSpec>("w");
inline constexpr size_t y = field_index<kPageRectSpec>("y");
inline constexpr size_t h = field_index<kPageRectSpec>("h");
}  // namespace rect

}  // namespace meshgate::texm
