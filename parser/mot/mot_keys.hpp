// A track's keys decoded (docs/spec/dmc3-mot.md §5) and evaluated at a time
// (§6, DR's static recovery of the EXE: the cached search, linear and
// Hermite segments). Pure functions of the model; exporters sample tracks
// through these, never through the records.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

// `q · range / 65535 + min` in f32, in DR's order of operations (the divisor
// is the f32 65535.0 at 0x140507398): q 0 gives min, q 65535 min + range.
[[nodiscard]] float dequantize(uint16_t q, float min, float range);

struct Key {
  int32_t time = 0;          // (time_control & 0x7FFF) + time_offset
  uint16_t masked_time = 0;  // time_control & 0x7FFF
  bool bit15 = false;        // compression 3: Hermite from this key on
  float value = 0, in_slope = 0, out_slope = 0;  // slopes per time unit; 0 for compression 2
};

// The keys of a compression 2 or 3 track; empty for any other.
[[nodiscard]] std::vector<Key> decode_keys(const Track& track);
[[nodiscard]] Key decode_key(const Track2& track, size_t i);
[[nodiscard]] Key decode_key(const Track3& track, size_t i);

// The keys the cached search chose: a segment [left, left + 1], or one key.
struct KeyChoice {
  size_t left = 0;
  bool segment = false;
};
// §6 step 2 over masked key times `times` (not empty) at `local` (motion
// time minus the track's time_offset), starting from `cache`, which becomes
// the left index. Runs of equal times select by the incoming cache, as the
// EXE does.
[[nodiscard]] KeyChoice cached_search(const std::vector<uint16_t>& times, float local, size_t& cache);

// A track's masked key times (time_control & 0x7FFF), in key order: what the
// cached search reads. Empty for a track of another compression.
[[nodiscard]] std::vector<uint16_t> masked_key_times(const Track& track);

// The track's value at motion time `time`; nullopt for a track with no keys
// or of an unsupported compression (the channel keeps its rest value).
// `cache` is the track's search cache (0 for a fresh one).
[[nodiscard]] std::optional<float> evaluate_track(const Track& track, float time, size_t& cache);
// The same over `times`, the track's masked_key_times read once by a caller
// that samples it many times (MotionSampler): read per sample, they made an
// export quadratic in a track's keys (a 5.5 MB motion took 157 s).
[[nodiscard]] std::optional<float> evaluate_track(const Track& track, const std::vector<uint16_t>& times, float time,
                                                  size_t& cache);

// §8: a rotation quantised to 16 bits, int16(trunc(a · 10430.377)) · 9.587381e-5;
// NaN or a product outside the int32 range gives 0, so angles wrap modulo 2π.
[[nodiscard]] float quantize_angle(float radians);

}  // namespace meshgate::mot
