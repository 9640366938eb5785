// Synthetic MSH models (`meshgate synth msh`): random plain meshes turned into
// models by the canonical exporter, standalone .msh files and outer .rlb
// archives holding several models, plus one malformed variant per MSH
// diagnostic code. Deterministic for (seed, index); never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "synth/core/synth_file.hpp"
#include "synth/nres/nres_synth.hpp"
#include "writer/msh/msh_exporter.hpp"

namespace meshgate::msh {

[[nodiscard]] ExportModel random_export_model(uint64_t seed, uint64_t index);

// The model's container description with the corpus's container variations
// applied (name tails, shuffled payload order) for some indices.
[[nodiscard]] nres::ArchiveDescription random_model_archive(uint64_t seed, uint64_t index,
                                                          nres::SortFold fold = nres::SortFold::lower);

// `count` standalone models (synth_msh_NNNN.msh) and max(1, count / 10) outer
// archives (synth_pack_NNNN.rlb) of 2..6 further models each, some with
// unindexed regions and name tails.
void synth_msh_corpus(uint64_t seed, uint64_t count, nres::SortFold fold, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_msh_corpus(uint64_t seed, uint64_t count);

// A model of `nodes` chained nodes (each node's parent is the one before it,
// so the hierarchy is `nodes` deep), for measuring how memory and time grow
// with node count: every 4th node shows a 4-vertex strip, every 8th has a
// track of 2-6 keys (Res8 keys, Res19 words), every node a name; deterministic for
// (seed, nodes). `nodes` is at most kMaxChainNodes (parents are u16, 0xFFFF = none).
inline constexpr uint64_t kMaxChainNodes = 0xFFFF;
[[nodiscard]] ExportModel chain_export_model(uint64_t seed, uint64_t nodes);
[[nodiscard]] SynthFile synth_msh_chain(uint64_t seed, uint64_t nodes);

// Models at the slot and batch record limits, of the smallest records (a
// batch of one triangle over three vertices), for measuring what each record
// costs a command: `slots` slots of one batch each, every one of a node's 15
// slot words used (slots_NNNNN.msh, ceil(slots / 15) nodes), or one node whose
// one slot holds `batches` batches (batches_NNNNN.msh). Both at most
// kMaxSlotRecords: Res13 and Res7 hold at most 65,534 records (the writer's
// u16 limits), and a slot needs a triangle for its bounds, so 65,534 slots
// are the most that carry one (the 65,535th slot index could only be empty).
inline constexpr uint64_t kMaxSlotRecords = 0xFFFE;
[[nodiscard]] ExportModel slots_export_model(uint64_t seed, uint64_t slots);
[[nodiscard]] ExportModel batches_export_model(uint64_t seed, uint64_t batches);
[[nodiscard]] SynthFile synth_msh_slots(uint64_t seed, uint64_t slots);
[[nodiscard]] SynthFile synth_msh_batches(uint64_t seed, uint64_t batches);

// The warning-free base model of the malformed variants.
[[nodiscard]] ExportModel malformed_base_model();
[[nodiscard]] std::vector<MalformedCase> malformed_msh_cases(uint64_t seed);
// One model per semantic invariant that holds on the generated corpus, with a
// stored bound or normal changed so that it does not.
[[nodiscard]] std::vector<ViolationCase> semantic_violation_msh_cases();

}  // namespace meshgate::msh
