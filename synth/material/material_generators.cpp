// MAT0's and WEAR's rows of `meshgate synth` (synth/generators.hpp): one
// generator writes the game folder both are read from.
#include "synth/generators.hpp"
#include "synth/material/material_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::nikita_mat0>() {
  static const SynthGenerator kMaterials{.name = "materials",
                                         .corpus = corpus_without_fold<material::synth_materials_corpus>,
                                         .malformed = material::malformed_material_cases,
                                         .violations = nullptr,
                                         .nested = nullptr,
                                         .chain = nullptr,
                                         .takes_sort_fold = false};
  return {&kMaterials, 1};
}

// Written with the materials above (the WEAR tables of their game folder).
template <>
std::span<const SynthGenerator> format_generators<Format::nikita_wear>() {
  return {};
}

}  // namespace meshgate
