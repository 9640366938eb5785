// A track as a function of motion time (docs/spec/dmc3-mot.md §5, §6)
// without the EXE's cached search: constant before the first key and after
// the last, one linear or cubic Hermite piece between keys at different
// times. An exporter that writes a track as keyframes needs its shape — the
// breakpoints and the slopes on either side of each — which the search does
// not give; the values the game computes stay MotionSampler's, and an export
// measures itself against those.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

// One piece over motion times [t0, t1], t0 < t1; slopes per time unit.
struct CurvePiece {
  int32_t t0 = 0, t1 = 0;
  float v0 = 0, v1 = 0;
  float m0 = 0, m1 = 0;  // Hermite: the left key's out_slope, the right key's in_slope; linear: the secant
};

class TrackCurve {
 public:
  // Empty for a track with no keys or of an unsupported compression.
  explicit TrackCurve(const Track& track);

  [[nodiscard]] bool empty() const { return first_.empty(); }
  // The distinct key times, ascending (a run of equal times is one breakpoint).
  [[nodiscard]] const std::vector<int32_t>& breakpoints() const { return times_; }

  // One-sided limits at `t`: `after` from the piece that starts at or
  // contains t, `before` from the piece that ends at or contains it. They
  // differ only at a run of equal key times whose values differ (a jump).
  [[nodiscard]] double value_after(double t) const;
  [[nodiscard]] double value_before(double t) const;
  [[nodiscard]] double slope_after(double t) const;   // per time unit; 0 outside the keys
  [[nodiscard]] double slope_before(double t) const;

 private:
  // The piece whose [t0, t1) holds t (after) or whose (t0, t1] does (before); -1 outside.
  [[nodiscard]] int64_t piece_after(double t) const;
  [[nodiscard]] int64_t piece_before(double t) const;

  std::vector<int32_t> times_;         // breakpoints
  std::vector<float> first_, last_;    // per breakpoint: the first and the last key's value at that time
  std::vector<CurvePiece> pieces_;     // pieces_[i] spans times_[i] .. times_[i + 1]
};

// A piece's value and slope (per time unit) at t in [t0, t1].
[[nodiscard]] double piece_value(const CurvePiece& p, double t);
[[nodiscard]] double piece_slope(const CurvePiece& p, double t);

}  // namespace meshgate::mot
