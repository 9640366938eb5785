// NRes's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::nres>() {
  static const SynthGenerator kNres{.name = "nres",
                                    .corpus = nres::synth_nres_corpus,
                                    .malformed = nres::malformed_nres_cases,
                                    .violations = nullptr,
                                    .nested = nullptr,
                                    .chain = nullptr,
                                    .takes_sort_fold = true};
  return {&kNres, 1};
}

}  // namespace meshgate
