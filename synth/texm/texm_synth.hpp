// Synthetic textures (`meshgate synth texm`): a deterministic generator of
// Texm payloads in every pixel format (1..n mips, Page chunks, sizes that are
// and are not powers of two), painted with texels planned as RGBA8 and
// encoded in the chosen byte order, so a test knows every decoded value; the
// Textures.lib archive that holds them; one malformed variant per code.
// Never derived from game data.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "parser/texm/texm_model.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate::texm {

// A texture as the builder lays it out: every level's texels as RGBA8 (what
// the decoder must give back), the header's raw words, the Page rectangles.
struct TextureDescription {
  PixelFormat format = PixelFormat::argb8888;
  uint32_t width = 1, height = 1, mip_count = 1;
  uint32_t flags_a = 0, flags_b = 0, unknown_18 = 0;
  std::vector<std::array<uint8_t, 4>> palette;  // format 0: 256 colours (RGBA; alpha 255)
  std::vector<std::vector<uint8_t>> texels;     // per level: RGBA8, or the index for formats 0 and 2 (one byte)
  std::vector<std::array<int16_t, 4>> page;     // x, w, y, h
  bool with_page = false;
  uint8_t service_byte = 0x5A;                  // 888's fourth byte: kept, never decoded
};

// The RGBA8 value as this format stores it (channels narrowed), encoded in
// `order`: the bytes of one texel (1, 2 or 4 of them; formats 0 and 2 take
// the index in rgba[0]).
[[nodiscard]] std::vector<std::byte> encode_texel(PixelFormat format, ByteOrder order, std::array<uint8_t, 4> rgba,
                                                  uint8_t service_byte = 0);
// What decoding that texel gives: the channels the format keeps, widened.
[[nodiscard]] std::array<uint8_t, 4> representable(PixelFormat format, std::array<uint8_t, 4> rgba);

[[nodiscard]] std::vector<std::byte> build_texm(const TextureDescription& d, ByteOrder order = ByteOrder::bgra);

// Texture `index` of the corpus: format cycles through all eight.
[[nodiscard]] TextureDescription random_texture_description(uint64_t seed, uint64_t index);
// The NRes entry name of texture `index` in Textures.lib: "TEX_0007".
[[nodiscard]] std::string texture_entry_name(uint64_t index);
// `count` loose `tex_NNNN.texm` files, then `Textures.lib` holding the same textures.
void synth_texm_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_texm_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_texm_cases(uint64_t seed);

}  // namespace meshgate::texm
