// Synthetic RsLi libraries (`meshgate synth rsli`): every storage method,
// upper-case names, a Texm texture as an entry (a nested file the walk
// descends into), an "AO" trailer kept as it is and one whose overlay the
// offsets need (docs/spec/nikita-rsli.md §5.2); every stream made by
// meshgate's own encoders (writer/rsli/); one malformed variant per §7.2
// error code. Never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "synth/core/synth_file.hpp"
#include "writer/rsli/rsli_writer.hpp"

namespace meshgate::rsli {

// The entries of library `index`: seven or more, every method in turn,
// the first a Texm texture.
[[nodiscard]] std::vector<NewEntry> synth_library_entries(uint64_t seed, uint64_t index);
// `count` libraries "lib_NNNN.rlb": the second ends with an AO trailer of
// overlay 0, the third with one whose overlay its offsets are stored without.
void synth_rsli_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<MalformedCase> malformed_rsli_cases(uint64_t seed);

}  // namespace meshgate::rsli
