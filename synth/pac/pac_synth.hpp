// Synthetic PAC/PNST containers (`meshgate synth pac|pnst`): a deterministic
// random generator of descriptions for the layout builder
// (pac_layout_builder.hpp), and one malformed variant per diagnostic code.
// Members are generated MODs (synth/mod/mod_synth.hpp), nested containers and
// opaque blobs; never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "synth/core/synth_file.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate::pac {

// Container `index` of the corpus: sparse tables (empty slots), members 16- or
// 8-mod-16-aligned, MOD members with a trailing gap (the padding before the
// next member), nested containers (up to two levels), opaque blobs; every
// seventh one has zero slots.
[[nodiscard]] ContainerDescription random_container_description(Kind kind, uint64_t seed, uint64_t index);
void synth_pac_corpus(Kind kind, uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_pac_corpus(Kind kind, uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_pac_cases(uint64_t seed);

}  // namespace meshgate::pac
