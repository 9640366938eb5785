// MOD's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_mod>() {
  static const SynthGenerator kMod{.name = "mod",
                                   .corpus = corpus_without_fold<mod::synth_mod_corpus>,
                                   .malformed = mod::malformed_mod_cases,
                                   .violations = mod::semantic_violation_mod_cases,
                                   .nested = nullptr,
                                   .chain = nullptr,
                                   .takes_sort_fold = false,
                                   .records = mod::synth_mod_records,
                                   .max_records = mod::kMaxMeshes};
  return {&kMod, 1};
}

}  // namespace meshgate
