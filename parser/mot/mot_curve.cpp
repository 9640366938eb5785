#include "parser/mot/mot_curve.hpp"

#include <algorithm>
#include <variant>

#include "parser/mot/mot_keys.hpp"

namespace meshgate::mot {

namespace {

// Between two keys at different times the EXE's search settles on the last
// key of the left run and the first of the right one (§6 step 2, forward or
// backward); bit 15 of that left key chooses Hermite on compression 3 (§5).
CurvePiece piece_between(const Key& left, const Key& right, bool hermite) {
  CurvePiece p{left.time, right.time, left.value, right.value, 0, 0};
  if (hermite) {
    p.m0 = left.out_slope;
    p.m1 = right.in_slope;
  } else {
    const float d = static_cast<float>(right.time - left.time);
    p.m0 = p.m1 = (right.value - left.value) / d;
  }
  return p;
}

}  // namespace

TrackCurve::TrackCurve(const Track& track) {
  const std::vector<Key> keys = decode_keys(track);
  const bool hermite_track = std::holds_alternative<Track3>(track);
  for (size_t k = 0; k < keys.size(); ++k) {
    if (times_.empty() || keys[k].time != times_.back()) {
      if (!times_.empty())
        pieces_.push_back(piece_between(keys[k - 1], keys[k], hermite_track && keys[k - 1].bit15));
      times_.push_back(keys[k].time);
      first_.push_back(keys[k].value);
      last_.push_back(keys[k].value);
    } else {
      last_.back() = keys[k].value;
    }
  }
}

int64_t TrackCurve::piece_after(double t) const {
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);  // first breakpoint past t
  const auto i = static_cast<int64_t>(it - times_.begin()) - 1;       // the breakpoint at or before t
  return i >= 0 && static_cast<size_t>(i) < pieces_.size() ? i : -1;
}

int64_t TrackCurve::piece_before(double t) const {
  const auto it = std::lower_bound(times_.begin(), times_.end(), t);  // first breakpoint at or past t
  const auto i = static_cast<int64_t>(it - times_.begin()) - 1;       // the breakpoint before t
  return i >= 0 && static_cast<size_t>(i) < pieces_.size() ? i : -1;
}

double TrackCurve::value_after(double t) const {
  if (const int64_t i = piece_after(t); i >= 0) return piece_value(pieces_[static_cast<size_t>(i)], t);
  return t < times_.front() ? first_.front() : last_.back();  // held before the first key and after the last
}

double TrackCurve::value_before(double t) const {
  if (const int64_t i = piece_before(t); i >= 0) return piece_value(pieces_[static_cast<size_t>(i)], t);
  return t <= times_.front() ? first_.front() : last_.back();
}

double TrackCurve::slope_after(double t) const {
  const int64_t i = piece_after(t);
  return i >= 0 ? piece_slope(pieces_[static_cast<size_t>(i)], t) : 0.0;
}

double TrackCurve::slope_before(double t) const {
  const int64_t i = piece_before(t);
  return i >= 0 ? piece_slope(pieces_[static_cast<size_t>(i)], t) : 0.0;
}

double piece_value(const CurvePiece& p, double t) {
  const double d = p.t1 - p.t0, u = (t - p.t0) / d, u2 = u * u, u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * p.v0 + (3 * u2 - 2 * u3) * p.v1 + (u3 - 2 * u2 + u) * d * p.m0 + (u3 - u2) * d * p.m1;
}

double piece_slope(const CurvePiece& p, double t) {
  const double d = p.t1 - p.t0, u = (t - p.t0) / d, u2 = u * u;
  return (6 * u2 - 6 * u) * (p.v0 - p.v1) / d + (3 * u2 - 4 * u + 1) * p.m0 + (3 * u2 - 2 * u) * p.m1;
}

}  // namespace meshgate::mot
