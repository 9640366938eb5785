// Synthetic NRes archives (`meshgate synth nres`): a deterministic random
// generator of descriptions for the layout builder (nres_layout_builder.hpp)
// and one malformed variant per diagnostic code. Never derived from game data.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "synth/core/synth_file.hpp"
#include "writer/nres/nres_layout_builder.hpp"

namespace meshgate::nres {

// How a generated archive's sort table folds names (synth/core/synth_file.hpp);
// the generator's names hold the characters where the two folds differ.
using SortFold = meshgate::SortFold;

[[nodiscard]] ArchiveDescription random_archive_description(uint64_t seed, uint64_t index,
                                                            SortFold fold = SortFold::lower);
// `count` outer .rlb archives; some entries are nested NRes models (".msh").
void synth_nres_corpus(uint64_t seed, uint64_t count, SortFold fold, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_nres_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_nres_cases(uint64_t seed);

}  // namespace meshgate::nres
