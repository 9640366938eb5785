// Synthetic PTX companions (`meshgate synth ptx`): a deterministic generator
// of texture objects + DDS (§3.1) in DXT1, DXT5 and uncompressed layouts with
// full or partial mip chains, the odd "TM2\0" entry (§3.2), the PAC that holds
// a companion beside nothing else, and one malformed variant per code. The
// DXT blocks are drawn (endpoints, indices) rather than encoded, so no
// encoder's choices enter the corpus. Never derived from game data.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "parser/ptx/ptx_model.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate::ptx {

// The uncompressed layouts the generator writes: A8R8G8B8, R8G8B8, R5G6B5
// (Direct3D's masks; pixels in memory B, G, R[, A] / a LE u16).
enum class RgbLayout : uint8_t { a8r8g8b8, r8g8b8, r5g6b5 };

struct ImageDescription {
  PixelLayout layout = PixelLayout::dxt1;  // dxt1, dxt5 or uncompressed
  RgbLayout rgb = RgbLayout::a8r8g8b8;     // for uncompressed
  uint32_t width = 4, height = 4, mip_count = 1;
  std::vector<std::vector<std::byte>> levels;  // each level's stored bytes (blocks, or pixels)
};

struct EntryDescription {
  Framing framing = Framing::texture_object;
  ImageDescription image;
  uint32_t aux_mode = 0, aux_value = 0;  // DXT5 only (V6)
  bool half_secondary = false;           // secondary size half the image (V6: 104 of 154)
};

struct PtxDescription {
  std::vector<EntryDescription> entries;
  bool final_count_zero = false;  // the last block count 0 and no padding after its image (V6)
};

// An image's DDS: the V6 profile's header (uncompressed: RGB flags and masks)
// and the levels.
[[nodiscard]] std::vector<std::byte> build_dds(const ImageDescription& image);
// The 0x70-byte texture object that V6 pairs with that DDS.
[[nodiscard]] std::vector<std::byte> build_object_head(const EntryDescription& entry, uint64_t dds_size);
[[nodiscard]] std::vector<std::byte> build_ptx(const PtxDescription& description);

// The stored bytes of an uncompressed pixel (RGBA8 in).
[[nodiscard]] std::vector<std::byte> encode_rgb_pixel(RgbLayout layout, std::array<uint8_t, 4> rgba);

// Companion `index` of the corpus.
[[nodiscard]] PtxDescription random_ptx_description(uint64_t seed, uint64_t index);
// `count` files `tex_NNNN.ptx`, then `st_textures.pac` holding the first of them.
void synth_ptx_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_ptx_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_ptx_cases(uint64_t seed);

}  // namespace meshgate::ptx
