// PAC's and PNST's rows of `meshgate synth` (synth/generators.hpp): one
// generator, a container of each kind.
#include "synth/generators.hpp"
#include "synth/pac/pac_synth.hpp"

namespace meshgate {

namespace {

template <pac::Kind K>
void pac_corpus(uint64_t seed, uint64_t count, SortFold, const SynthSink& sink) {
  pac::synth_pac_corpus(K, seed, count, sink);
}

template <pac::Kind K>
constexpr SynthGenerator pac_generator(std::string_view name) {
  return {.name = name,
          .corpus = pac_corpus<K>,
          .malformed = pac::malformed_pac_cases,
          .violations = nullptr,
          .nested = nullptr,
          .chain = nullptr,
          .takes_sort_fold = false};
}

}  // namespace

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_pac>() {
  static const SynthGenerator kPac = pac_generator<pac::Kind::pac>("pac");
  return {&kPac, 1};
}

template <>
std::span<const SynthGenerator> format_generators<Format::dmc3_pnst>() {
  static const SynthGenerator kPnst = pac_generator<pac::Kind::pnst>("pnst");
  return {&kPnst, 1};
}

}  // namespace meshgate
