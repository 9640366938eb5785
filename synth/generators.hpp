// Every synthetic corpus `meshgate synth` makes, one row per generator: its
// name on the command line, its valid files, its malformed variants (one per
// diagnostic code) and the models that break one semantic invariant each. A
// new format's generator is one row in generators.cpp; the command, the tests
// and the fuzz seed script read this table, never a list of their own.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "synth/nres/nres_synth.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate {

struct SynthGenerator {
  std::string_view name;  // "mod", "nbz", ...
  // The valid corpus: `count` files from `seed`, one at a time into `sink`.
  // `fold` is the NRes sort fold, for the generators that take it.
  void (*corpus)(uint64_t seed, uint64_t count, nres::SortFold fold, const SynthSink& sink);
  std::vector<MalformedCase> (*malformed)(uint64_t seed);
  std::vector<ViolationCase> (*violations)(uint64_t seed);  // nullptr: none
  std::vector<SynthFile> (*nested)(uint64_t seed);          // --nested; nullptr: not offered
  SynthFile (*chain)(uint64_t seed, uint64_t nodes);        // --chain N; nullptr: not offered
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

[[nodiscard]] std::span<const SynthGenerator> synth_generators();
// The row named `name`, or nullptr.
[[nodiscard]] const SynthGenerator* synth_generator(std::string_view name);

}  // namespace meshgate
