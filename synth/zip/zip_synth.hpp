// Synthetic NBZ/ZIP volumes (never game data): generated MODs, PAC and PNST
// containers and opaque blobs under game-like member names, stored and
// deflated, written by libzip with a fixed timestamp so a seed always gives
// the same bytes. The malformed variants patch one header field each (both
// the local and the central copy, so libzip's consistency check passes and
// the reader's own check is what must fire).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "synth/core/synth_file.hpp"

namespace meshgate::zip {

struct VolumeEntry {
  std::string name;
  std::vector<std::byte> bytes;
  bool deflate = true;  // else stored
  bool bzip2 = false;   // bzip2 instead (whatever `deflate` says): a peek decodes a whole block
};

// A classic ZIP of `entries` in order (a name ending in "/" is a directory).
[[nodiscard]] std::vector<std::byte> write_volume(const std::vector<VolumeEntry>& entries);

// volume_NNNN.nbz (every third one .zip): each holds a directory, two MODs,
// a PAC, a PNST (some volumes a nested volume too) and an opaque blob.
void synth_volume_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_volume_corpus(uint64_t seed, uint64_t count);
// Small volumes and containers nested as an extracted corpus zipped again
// would nest them (`synth nbz --nested`, under nested/; seeds of the volume
// and container fuzzers, each well under 64 KiB): a volume holding a volume
// holding a PAC holding a MOD, a volume of three volumes (deflated, stored,
// bzip2), bzip2 members of every kind, and a PAC holding a PNST holding a PAC
// with MODs at each level, alone and inside a volume.
[[nodiscard]] std::vector<SynthFile> nested_volume_files(uint64_t seed);
// One per zip.* code but zip.member-limit (a million members is a 76 MB file;
// the limit is checked from the directory's count, tested on the reader).
[[nodiscard]] std::vector<MalformedCase> malformed_volume_cases(uint64_t seed);

}  // namespace meshgate::zip
