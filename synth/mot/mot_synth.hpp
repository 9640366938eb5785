// Synthetic motions (`meshgate synth mot`): a deterministic generator of MOT
// files (masks wholly and partly set, compression 2 and 3 tracks, linear and
// Hermite keys, time offsets), each a model written by the writer, so a test
// knows every decoded value; one malformed variant per diagnostic code.
// Never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/mot/mot_model.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate::mot {

// One key as the generator plans it: the raw u16s of the key record
// (q_in and q_out are ignored for compression 2).
struct PlannedKey {
  uint16_t time_control = 0, q_value = 0, q_in = 0, q_out = 0;
};

// A compression 2 or 3 track from its planned keys: span and key count are
// computed; the floats are min, range (and the slope pairs for 3).
[[nodiscard]] Track make_track2(const std::vector<PlannedKey>& keys, float min, float range, int16_t time_offset = 0);
[[nodiscard]] Track make_track3(const std::vector<PlannedKey>& keys, std::array<float, 6> mins_and_ranges,
                                int16_t time_offset = 0);
// A motion from its masks and tracks: H, the header tail, the count and the
// zero tail to a multiple of 16 are laid out; +0x0C and +0x14 are `end`.
[[nodiscard]] Motion make_motion(std::vector<uint16_t> masks, std::vector<Track> tracks, float end);

// Motion `index` of the corpus.
[[nodiscard]] Motion random_motion(uint64_t seed, uint64_t index);
// `count` files motion_NNNN.mot.
void synth_mot_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_mot_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_mot_cases(uint64_t seed);

// One motion of `tracks` (1..kMaxTracks) of the format's smallest tracks,
// records_NNNNN.mot (`synth mot --records N`): every even track a bare
// 8-byte prefix (compression 4, kept raw, a warning each), every odd one a
// compression-2 track of one key; masks of 9 bits (the last one the rest).
// For measuring what each record costs a command.
[[nodiscard]] Motion records_motion(uint64_t seed, uint64_t tracks);
[[nodiscard]] SynthFile synth_mot_records(uint64_t seed, uint64_t tracks);

}  // namespace meshgate::mot
