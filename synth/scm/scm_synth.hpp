// Deterministic synthetic DMC3 SCM stage models (never game data): objects
// of strip meshes with vertex colours and break flags, a scene of nodes with
// helper nodes, multi-axis rotations and instanced objects, laid out by the
// canonical placement (docs/spec/dmc3-scm.md §6); and one malformed variant
// per diagnostic code.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/scm/scm_model.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate::scm {

// A valid model of the corpus: file `index` of `seed`, canonically laid out.
[[nodiscard]] Model random_scm_model(uint64_t seed, uint64_t index);
[[nodiscard]] std::vector<std::byte> build_scm(const Model& model);  // canonical layout, written

void synth_scm_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);

// The record-count limit: 255 objects (a u8 count) of 255 meshes (a u8 count).
inline constexpr uint64_t kMaxMeshes = 255 * 255;
// One stage of `meshes` (1..kMaxMeshes) three-vertex meshes, 255 to an object,
// records_NNNNN.scm (`synth scm --records N`): the cheapest record of the
// format, many times over, for measuring what each record costs a command.
[[nodiscard]] Model records_scm_model(uint64_t seed, uint64_t meshes);
[[nodiscard]] SynthFile synth_scm_records(uint64_t seed, uint64_t meshes);
[[nodiscard]] std::vector<SynthFile> synth_scm_corpus(uint64_t seed, uint64_t count);

// One variant per code of codes::kAll a file alone can raise (the
// companion-only codes are raised by check_companion; their variants are a
// model and a companion count, see scm_companion_cases).
[[nodiscard]] std::vector<MalformedCase> malformed_scm_cases(uint64_t seed);

struct CompanionCase {
  std::string_view expected_code;
  std::vector<std::byte> file;
  uint64_t companion_textures;
};
[[nodiscard]] std::vector<CompanionCase> scm_companion_cases(uint64_t seed);

}  // namespace meshgate::scm
