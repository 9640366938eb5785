// PTX's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/ptx/ptx_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_ptx>() {
  static const SynthGenerator kPtx{.name = "ptx",
                                   .corpus = corpus_without_fold<ptx::synth_ptx_corpus>,
                                   .malformed = ptx::malformed_ptx_cases,
                                   .violations = nullptr,
                                   .nested = nullptr,
                                   .chain = nullptr,
                                   .takes_sort_fold = false};
  return {&kPtx, 1};
}

}  // namespace meshgate
