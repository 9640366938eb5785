// MOT's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/mot/mot_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_mot>() {
  static const SynthGenerator kMot{.name = "mot",
                                   .corpus = corpus_without_fold<mot::synth_mot_corpus>,
                                   .malformed = mot::malformed_mot_cases,
                                   .violations = nullptr,
                                   .nested = nullptr,
                                   .chain = nullptr,
                                   .takes_sort_fold = false,
                                   .records = mot::synth_mot_records,
                                   .max_records = mot::kMaxTracks};
  return {&kMot, 1};
}

}  // namespace meshgate
