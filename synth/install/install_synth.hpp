// A synthetic game install (`meshgate synth install --scale N`): a tree shaped
// like an extracted install of both games, built from the generators of
// synth/ and never from game data, for measuring what the commands cost as a
// corpus grows from 100 MB to 4 GB and for a report with failures to show.
//   dmc3/data/volNNNN.nbz|zip  volumes: MODs, a PAC of MODs and nested containers, a PNST, a blob
//   dmc3/chr/plNNNN/         actors: MOD, PTX companion, idle and turn MOTs, the PAC of the four
//   dmc3/stage/stNNNN/       SCMs, PTX companions and a PAC of them
//   dmc3/em/emNNNN/          PACs (MODs, nested containers, blobs) and a PNST
//   nikita/setNNNN/          loose NRes archives: Textures.lib, Material.lib, MSH models and WEA tables
//   misc/                    files meshgate does not read (notes, sound banks)
// Every file comes from a generator row of synth/generators.hpp, asked by
// name: the install composes them and names no format.
// Every kInstallMalformedEvery-th file is a malformed or violating variant
// from the generators' own lists (the generators in turn, each one's cases in
// turn), named "bad_NNNNN_<case>".
// The same seed and scale give the same tree, byte for byte.
#pragma once

#include <cstdint>

#include "synth/core/synth_file.hpp"

namespace meshgate::install {

// One file in this many is a malformed variant (2%): enough that the report
// has failures of every kind to show, few enough to stay an install.
inline constexpr uint64_t kInstallMalformedEvery = 50;
// The scale's range in MB (10^6 bytes): the 100 MB to 4 GB; smaller
// scales down to 1 MB serve tests.
inline constexpr uint64_t kMinInstallScale = 1, kMaxInstallScale = 4096;
// The tree stops at the first file that brings it to the target: it is at
// least N MB and at most one file (the largest, a volume, ~2 MB) over.
inline constexpr uint64_t kInstallOvershootBytes = 3'000'000;

struct InstallSummary {
  uint64_t files = 0, malformed = 0, bytes = 0;
};

// Hands the tree's files to `sink` one at a time (names relative, '/'
// separated) until they hold `target_bytes`; stops early when `sink` refuses.
InstallSummary synth_install(uint64_t seed, uint64_t target_bytes, const SynthSink& sink);

}  // namespace meshgate::install
