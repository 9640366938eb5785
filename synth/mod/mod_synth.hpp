// The synthetic MOD corpus (`meshgate synth mod`): deterministic for a seed,
// varied across the whole grammar, never derived from game data. See
// corpus_tests/README.md for what the generator covers and why.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "synth/core/synth_file.hpp"
#include "writer/mod/mod_layout_builder.hpp"

namespace meshgate::mod {

// File `index` of the corpus for `seed` (independent of the corpus size).
[[nodiscard]] ModDescription random_mod_description(uint64_t seed, uint64_t index);
// What the generator planned for the facing of file `index`'s strips (runs
// of triangles between break bits, wound by strict alternation): how many
// agree with their normals, start reversed, or disagree among themselves, and
// how many triangles wind against their normals (what `export --winding
// normals` flips). Computed from the plan's arithmetic, not from the geometry.
struct FacingPlan {
  uint64_t strips = 0, agreeing = 0, reversed = 0, inconsistent = 0;
  uint64_t triangles = 0, flipped = 0;
};
[[nodiscard]] FacingPlan planned_facing(uint64_t seed, uint64_t index);
// Files synth_NNNN.mod, one at a time into `sink`.
void synth_mod_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_mod_corpus(uint64_t seed, uint64_t count);

// The most meshes a MOD holds: 255 objects (a u8 count) of 255 meshes (a u8 each).
inline constexpr uint64_t kMaxMeshes = 255 * 255;
// One model of `meshes` (1..kMaxMeshes) three-vertex meshes, 255 to an object,
// one node: the format's smallest records, records_NNNNN.mod (`synth mod
// --records N`), for measuring memory at the record-count limit.
[[nodiscard]] ModDescription records_mod_description(uint64_t seed, uint64_t meshes);
[[nodiscard]] SynthFile synth_mod_records(uint64_t seed, uint64_t meshes);

// One corrupted variant per diagnostic code in codes::kAll, each from a valid
// base file of the seed with a single field (or the length) changed.
[[nodiscard]] std::vector<MalformedCase> malformed_mod_cases(uint64_t seed);
// One file per semantic invariant that holds on the generated corpus, with a
// stored value changed so that it does not (its id in ViolationCase::invariant).
[[nodiscard]] std::vector<ViolationCase> semantic_violation_mod_cases(uint64_t seed);

}  // namespace meshgate::mod
