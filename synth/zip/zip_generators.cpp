// The NBZ/ZIP volume's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::zip_volume>() {
  static const SynthGenerator kNbz{.name = "nbz",
                                   .corpus = corpus_without_fold<zip::synth_volume_corpus>,
                                   .malformed = zip::malformed_volume_cases,
                                   .violations = nullptr,
                                   .nested = zip::nested_volume_files,
                                   .chain = nullptr,
                                   .takes_sort_fold = false};
  return {&kNbz, 1};
}

}  // namespace meshgate
