// One MOT track fitted to keys a glTF animation gives (import --as mot):
// the like track's compression (docs/spec/dmc3-mot.md §4, §5) keeps its
// quantisation (min and range) whenever the new values lie inside it, so an
// unedited export -> import gives back the same q values; otherwise min and
// range are the keys' own. Compression 3 keys are Hermite (bit 15 set) where
// `cubic` says a piece is curved, linear (bit 15 clear, slopes ignored by the
// EXE) elsewhere; compression 2 has only linear pieces. A rotation's values
// are chosen so that the game's 16-bit angle (§8) is the one nearest the
// value asked for, so a re-import does not move an angle by one step.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

// One key to write: its whole time unit, value, and slopes per time unit.
struct FitKey {
  int32_t time = 0;
  double value = 0, in_slope = 0, out_slope = 0;
  bool cubic = false;  // the piece that starts here is a Hermite cubic (compression 3: bit 15)
};

// The most keys a track of the compression holds: its span is a u16.
[[nodiscard]] uint64_t max_track_keys(uint16_t compression);
// The latest time a key holds: 15 bits of time_control, time_offset 0.
inline constexpr int32_t kLatestFitTime = 0x7FFF;

struct FitResult {
  std::optional<Track> track;
  std::string error;  // why not: times out of order or range, a value not finite, too many keys
};

// `keys` (ascending times; equal times make a jump) as a track of `like`'s
// compression (2 or 3), time_offset 0. `angle`: the values are rotations.
[[nodiscard]] FitResult fit_track(const std::vector<FitKey>& keys, const Track& like, bool angle);

}  // namespace meshgate::mot
