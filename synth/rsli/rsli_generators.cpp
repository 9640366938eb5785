// RsLi's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/rsli/rsli_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::rsli>() {
  static const SynthGenerator kRsli{.name = "rsli",
                                    .corpus = corpus_without_fold<rsli::synth_rsli_corpus>,
                                    .malformed = rsli::malformed_rsli_cases,
                                    .violations = nullptr,
                                    .nested = nullptr,
                                    .chain = nullptr,
                                    .takes_sort_fold = false};
  return {&kRsli, 1};
}

}  // namespace meshgate
