// Every synthetic corpus `meshgate synth` makes, one row per generator: its
// name on the command line, its valid files, its malformed variants (one per
// diagnostic code) and the models that break one semantic invariant each. A
// format's generators are its own (format_generators, defined in its synth
// folder); the command, the tests and the fuzz seed script read the joined
// table, never a list of their own.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "parser/detect/format_detect.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate {

struct SynthGenerator {
  std::string_view name;  // "mod", "nbz", ...
  // The valid corpus: `count` files from `seed`, one at a time into `sink`.
  // `fold` is the NRes sort fold, for the generators that take it.
  void (*corpus)(uint64_t seed, uint64_t count, SortFold fold, const SynthSink& sink);
  std::vector<MalformedCase> (*malformed)(uint64_t seed);
  std::vector<ViolationCase> (*violations)(uint64_t seed);  // nullptr: none
  std::vector<SynthFile> (*nested)(uint64_t seed);          // --nested; nullptr: not offered
  SynthFile (*chain)(uint64_t seed, uint64_t nodes);        // --chain N; nullptr: not offered
  uint64_t max_chain_nodes = 0;                             // N at most this
  bool takes_sort_fold;                                     // --sort-fold applies
  // --records N: one file of N of the format's smallest records, N at most
  // max_records (its record-count limit); nullptr: not offered.
  SynthFile (*records)(uint64_t seed, uint64_t records) = nullptr;
  uint64_t max_records = 0;
  // --slots N / --batches N: one model at its slot or batch record limit,
  // N at most max_slot_records; nullptr: not offered.
  SynthFile (*slots)(uint64_t seed, uint64_t slots) = nullptr;
  SynthFile (*batches)(uint64_t seed, uint64_t batches) = nullptr;
  uint64_t max_slot_records = 0;
};

// A generator whose corpus takes no sort fold, in the table's one signature.
template <void (*Corpus)(uint64_t, uint64_t, const SynthSink&)>
void corpus_without_fold(uint64_t seed, uint64_t count, SortFold, const SynthSink& sink) {
  Corpus(seed, count, sink);
}

// The generators of format F (most formats one, a container kind of PAC
// another, none yet for some), defined in the format's own synth folder
// (synth/<format>/<format>_generators.cpp): every line of formats.def needs
// one, or the program does not link.
template <Format F>
[[nodiscard]] std::span<const SynthGenerator> format_generators();

// Every format's generators in formats.def's order, then those of no one
// format (the DMC3 actor: a model, its motions and companion in a PAC).
[[nodiscard]] std::span<const SynthGenerator> synth_generators();
// The row named `name`, or nullptr.
[[nodiscard]] const SynthGenerator* synth_generator(std::string_view name);

}  // namespace meshgate
