// SCM's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/scm/scm_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_scm>() {
  static const SynthGenerator kScm{.name = "scm",
                                   .corpus = corpus_without_fold<scm::synth_scm_corpus>,
                                   .malformed = scm::malformed_scm_cases,
                                   .violations = nullptr,
                                   .nested = nullptr,
                                   .chain = nullptr,
                                   .takes_sort_fold = false,
                                   .records = scm::synth_scm_records,
                                   .max_records = scm::kMaxMeshes};
  return {&kScm, 1};
}

}  // namespace meshgate
