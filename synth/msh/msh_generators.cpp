// MSH's row of `meshgate synth` (synth/generators.hpp).
#include "synth/generators.hpp"
#include "synth/msh/msh_synth.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::nres_msh>() {
  static const SynthGenerator kMsh{.name = "msh",
                                   .corpus = msh::synth_msh_corpus,
                                   .malformed = msh::malformed_msh_cases,
                                   .violations = [](uint64_t) { return msh::semantic_violation_msh_cases(); },
                                   .nested = nullptr,
                                   .chain = msh::synth_msh_chain,
                                   .max_chain_nodes = msh::kMaxChainNodes,
                                   .takes_sort_fold = true,
                                   .records = nullptr,
                                   .max_records = 0,
                                   .slots = msh::synth_msh_slots,
                                   .batches = msh::synth_msh_batches,
                                   .max_slot_records = msh::kMaxSlotRecords};
  return {&kMsh, 1};
}

}  // namespace meshgate
