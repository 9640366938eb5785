// Synthetic MSH models (`meshgate synth msh`): random plain meshes turned into
// models by the canonical exporter, standalone .msh files and outer .rlb
// archives holding several models, plus one malformed variant per MSH
// diagnostic code. Deterministic for (seed, index); never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "writer/core/synth_file.hpp"
#include "writer/msh/msh_exporter.hpp"
#include "writer/nres/nres_synth.hpp"

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

// The warning-free base model of the malformed variants.
[[nodiscard]] ExportModel malformed_base_model();
[[nodiscard]] std::vector<MalformedCase> malformed_msh_cases(uint64_t seed);
// One model per semantic invariant that holds on the generated corpus, with a
// stored bound or normal changed so that it does not.
[[nodiscard]] std::vector<ViolationCase> semantic_violation_msh_cases();

}  // namespace meshgate::msh
