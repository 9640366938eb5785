#include "synth/generators.hpp"

#include <vector>

#include "synth/mot/actor_synth.hpp"

namespace meshgate {

// Each format's generators, defined in its own synth folder.
#define FORMAT(id, ...) \
  template <>           \
  std::span<const SynthGenerator> format_generators<Format::id>();
#include "parser/detect/formats.def"

// A file no format claims is never generated.
template <>
std::span<const SynthGenerator> format_generators<Format::unknown>() {
  return {};
}

namespace {

// Files of several formats at once: one actor's model, motions and companion.
const SynthGenerator kActor{.name = "dmc3",
                            .corpus = corpus_without_fold<dmc3::synth_actor_corpus>,
                            .malformed = dmc3::malformed_actor_cases,
                            .violations = nullptr,
                            .nested = nullptr,
                            .chain = nullptr,
                            .takes_sort_fold = false};

std::vector<SynthGenerator> joined_generators() {
  std::vector<SynthGenerator> all;
#define FORMAT(id, ...) \
  for (const SynthGenerator& g : format_generators<Format::id>()) all.push_back(g);
#include "parser/detect/formats.def"
  all.push_back(kActor);
  return all;
}

}  // namespace

std::span<const SynthGenerator> synth_generators() {
  static const std::vector<SynthGenerator> kGenerators = joined_generators();
  return kGenerators;
}

const SynthGenerator* synth_generator(std::string_view name) {
  for (const SynthGenerator& g : synth_generators())
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace meshgate
