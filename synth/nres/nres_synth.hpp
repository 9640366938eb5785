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

// How a generated archive's sort table folds names: as _strcmpi does (lower,
// what the engine and the compatible profile expect) or to upper case (what
// another reader of these archives does). They differ only for names holding
// one of [ \ ] ^ _ ` (the generator's names do).
enum class SortFold { lower, upper };

[[nodiscard]] ArchiveDescription random_archive_description(uint64_t seed, uint64_t index,
                                                            SortFold fold = SortFold::lower);
// `count` outer .rlb archives; some entries are nested NRes models (".msh").
void synth_nres_corpus(uint64_t seed, uint64_t count, SortFold fold, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_nres_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_nres_cases(uint64_t seed);

}  // namespace meshgate::nres
