// Texm's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/texm/texm_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::nikita_texm>() {
  static const SynthGenerator kTexm{.name = "texm",
                                    .corpus = corpus_without_fold<texm::synth_texm_corpus>,
                                    .malformed = texm::malformed_texm_cases,
                                    .violations = nullptr,
                                    .nested = nullptr,
                                    .chain = nullptr,
                                    .takes_sort_fold = false};
  return {&kTexm, 1};
}

}  // namespace meshgate
