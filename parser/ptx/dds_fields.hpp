// The DDS header embedded in a PTX entry (docs/spec/dmc3-textures.md §4):
// what the game's D3D11 loader checks (0x1400499C0 -> 0x140049BA0) and the
// profile every analysed image follows (V6, 243/243). The payload after the
// header is carried whole, never re-encoded.
#pragma once

#include <cstdint>

#include "parser/ptx/ptx_fields.hpp"

namespace meshgate::ptx {

inline constexpr RecordSpec<22> kDdsHeaderSpec{"dds_header", 0x80, {{
    {0x00, 4, u32, "magic", S::exe_confirmed, "\"DDS \" (0x20534444), checked by the loader"},
    {0x04, 4, u32, "header_size", S::exe_confirmed, "0x7C, checked by the loader"},
    {0x08, 4, u32, "flags", S::corpus_confirmed, "0x000A1007 in V6 (caps, height, width, pixel format, mips, linear size)"},
    {0x0C, 4, u32, "height", S::exe_confirmed, "level-0 height; the loader refuses > 16,384 for a 2D texture"},
    {0x10, 4, u32, "width", S::exe_confirmed, "level-0 width; the loader refuses > 16,384 for a 2D texture"},
    {0x14, 4, u32, "pitch_or_linear_size", S::corpus_confirmed | S::preserved_undecoded,
     "0x10000 (DXT1) or 0x20000 (DXT5) in 242/243 V6 images whatever the size: kept, never recomputed"},
    {0x18, 4, u32, "depth", S::corpus_confirmed, "0 in 242/243 V6 images"},
    {0x1C, 4, u32, "mip_count", S::exe_confirmed, "levels stored (0 reads as 1); the loader refuses > 15"},
    {0x20, 44, bytes, "reserved1", S::reserved_observed_zero, "0 in V6"},
    {0x4C, 4, u32, "pf_size", S::exe_confirmed, "pixel format size 0x20, checked by the loader"},
    {0x50, 4, u32, "pf_flags", S::corpus_confirmed, "0x4 (FourCC) in V6; 0x40 (RGB) | 0x1 (alpha) for uncompressed"},
    {0x54, 4, bytes, "fourcc", S::corpus_confirmed, "\"DXT1\" or \"DXT5\" in every source; \"DX10\" adds a 20-byte header"},
    {0x58, 4, u32, "rgb_bit_count", S::corpus_confirmed, "0 in V6; bits per pixel of an uncompressed image"},
    {0x5C, 4, u32, "r_mask", S::corpus_confirmed, "0 in V6; an uncompressed image's red mask"},
    {0x60, 4, u32, "g_mask", S::corpus_confirmed, "0 in V6; green mask"},
    {0x64, 4, u32, "b_mask", S::corpus_confirmed, "0 in V6; blue mask"},
    {0x68, 4, u32, "a_mask", S::corpus_confirmed, "0 in V6; alpha mask"},
    {0x6C, 4, u32, "caps", S::corpus_confirmed, "0x00401008 (complex, texture, mip map) in V6"},
    {0x70, 4, u32, "caps2", S::corpus_confirmed, "0 in V6 (no cube map or volume)"},
    {0x74, 4, u32, "caps3", S::reserved_observed_zero, "0 in V6"},
    {0x78, 4, u32, "caps4", S::reserved_observed_zero, "0 in V6"},
    {0x7C, 4, u32, "reserved2", S::reserved_observed_zero, "0 in V6"},
}}};

inline constexpr uint32_t kDdsMagic = 0x20534444;  // "DDS "
inline constexpr uint32_t kDdsHeaderSize = 0x7C;
inline constexpr uint32_t kDdsPixelFormatSize = 0x20;
inline constexpr uint32_t kDx10HeaderBytes = 20;
// The loader's limits (§4).
inline constexpr uint32_t kDdsMaxMipCount = 15;
inline constexpr uint32_t kDdsMaxDimension = 0x4000;
// The profile of every V6 image (§4).
inline constexpr uint32_t kProfileFlags = 0x000A1007;
inline constexpr uint32_t kProfilePitchDxt1 = 0x00010000;
inline constexpr uint32_t kProfilePitchDxt5 = 0x00020000;
inline constexpr uint32_t kProfileCaps = 0x00401008;
inline constexpr uint32_t kPfFourcc = 0x4, kPfRgb = 0x40, kPfAlphaPixels = 0x1;

namespace dds {
inline constexpr size_t magic = field_index<kDdsHeaderSpec>("magic");
inline constexpr size_t header_size = field_index<kDdsHeaderSpec>("header_size");
inline constexpr size_t flags = field_index<kDdsHeaderSpec>("flags");
inline constexpr size_t height = field_index<kDdsHeaderSpec>("height");
inline constexpr size_t width = field_index<kDdsHeaderSpec>("width");
inline constexpr size_t pitch_or_linear_size = field_index<kDdsHeaderSpec>("pitch_or_linear_size");
inline constexpr size_t depth = field_index<kDdsHeaderSpec>("depth");
inline constexpr size_t mip_count = field_index<kDdsHeaderSpec>("mip_count");
inline constexpr size_t reserved1 = field_index<kDdsHeaderSpec>("reserved1");
inline constexpr size_t pf_size = field_index<kDdsHeaderSpec>("pf_size");
inline constexpr size_t pf_flags = field_index<kDdsHeaderSpec>("pf_flags");
inline constexpr size_t fourcc = field_index<kDdsHeaderSpec>("fourcc");
inline constexpr size_t rgb_bit_count = field_index<kDdsHeaderSpec>("rgb_bit_count");
inline constexpr size_t r_mask = field_index<kDdsHeaderSpec>("r_mask");
inline constexpr size_t g_mask = field_index<kDdsHeaderSpec>("g_mask");
inline constexpr size_t b_mask = field_index<kDdsHeaderSpec>("b_mask");
inline constexpr size_t a_mask = field_index<kDdsHeaderSpec>("a_mask");
inline constexpr size_t caps = field_index<kDdsHeaderSpec>("caps");
inline constexpr size_t caps2 = field_index<kDdsHeaderSpec>("caps2");
inline constexpr size_t caps3 = field_index<kDdsHeaderSpec>("caps3");
inline constexpr size_t caps4 = field_index<kDdsHeaderSpec>("caps4");
inline constexpr size_t reserved2 = field_index<kDdsHeaderSpec>("reserved2");
}  // namespace dds

}  // namespace meshgate::ptx
