// A synthetic game folder for the material chain (`meshgate synth materials`):
// Textures.lib (every pixel format), Material.lib (DEFAULT first, single and
// animated materials, empty and missing texture names, Page cells) and model
// archives whose WEAR rows hit, miss (rows past the table) and fall back (a
// name Material.lib lacks), so a test knows how every batch must resolve.
// Also one malformed Material.lib or model archive per MAT0/WEAR code.
// Deterministic for the seed; never derived from game data.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "synth/core/synth_file.hpp"

namespace meshgate::material {

// Rows a generated WEAR table has: models' batches use rows 0..12
// (synth/msh/msh_synth.cpp), so rows 10..12 miss.
inline constexpr uint64_t kSynthWearRows = 10;
// The row names no material has (they fall back to DEFAULT).
inline constexpr const char* kUnknownMaterial = "NO_SUCH_MATERIAL";
// A texture name Textures.lib lacks (a missing texture).
inline constexpr const char* kMissingTexture = "NO_SUCH_TEXTURE";

// The WEAR text of model `index` of an archive: kSynthWearRows rows, CRLF.
[[nodiscard]] std::string synth_wear_text(uint64_t seed, uint64_t index, uint64_t materials);

// Textures.lib, Material.lib, `count` model archives models_NNNN.rlb (two
// models with their .WEA each), a loose pair loose_model.msh / .wea and a
// cube of six textured faces, showcase.msh / .wea (a texture of six formats).
void synth_materials_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_materials_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_material_cases(uint64_t seed);

}  // namespace meshgate::material
