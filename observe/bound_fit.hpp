// The measures the semantic invariants share (a row's `invariants`,
// observe/invariant_recorder.hpp): how far a stored bounding volume is from
// the vertices it bounds (containment, and which builder hypothesis
// reproduces it: box min/max, centre at the box midpoint or at the centroid,
// radius the largest distance from the centre) and how far vectors are from
// unit length, each relation reduced in one pass over the vertices. They know
// no format: a row gathers its vertices and records what these measure. In
// a namespace of their own: their short names (Vec3, length, reduce) are
// what other rooms call their own.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "parser/core/byte_reader.hpp"

namespace meshgate::measure {

// Bounds: 1e-4 of the largest coordinate magnitude involved (at least 1e-4):
// a builder computing in f32 or f64 lands well inside it, a different
// hypothesis (centroid vs midpoint) lands far outside on any non-symmetric mesh.
inline constexpr double kBoundsRelativeTolerance = 1e-4;

// How far a stored bounding volume is from the vertices it bounds, each
// relation's deviation (a non-finite one +inf) and the tolerance they share.
// The box members are for a format that stores a box.
struct BoundFit {
  double tolerance = 0;
  double box_shortfall = 0, box_difference = 0;
  double sphere_shortfall = 0, centre_from_midpoint = 0, centre_from_centroid = 0, radius_slack = 0;
};

using Vec3 = std::array<double, 3>;
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

inline Vec3 vec_of_bits(const std::array<uint32_t, 3>& bits) {
  return {f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])};
}
inline bool finite(const Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }
// sqrt of the sum of squares in double: every f32 input squares without
// overflow, and std::hypot's care for extreme ranges cost a sweep 4x.
inline double length(double x, double y, double z) { return std::sqrt(x * x + y * y + z * z); }
inline double distance(const Vec3& a, const Vec3& b) { return length(a[0] - b[0], a[1] - b[1], a[2] - b[2]); }

// A per-element relation over n elements, reduced in one pass: how many
// deviate beyond `tolerance`, the first that does, the largest deviation
// (+inf for a non-finite one).
struct Reduced {
  uint64_t violated = 0;
  size_t first = 0;
  double max_deviation = 0;
};
// Unit length within `tolerance` over n vectors, from their squared lengths:
// no square root per vector (a sweep visits every normal of every file); the
// largest deviation follows from the extreme squared lengths.
template <typename Length2>
Reduced unit_lengths(size_t n, double tolerance, Length2&& length2_of) {
  Reduced r;
  const double lo = (1 - tolerance) * (1 - tolerance), hi = (1 + tolerance) * (1 + tolerance);
  double min2 = std::numeric_limits<double>::infinity(), max2 = 0;
  bool non_finite = false;
  for (size_t i = 0; i < n; ++i) {
    const double l2 = length2_of(i);
    min2 = std::min(min2, l2);
    max2 = std::max(max2, l2);
    non_finite = non_finite || !std::isfinite(l2);
    if (!(l2 >= lo && l2 <= hi) && r.violated++ == 0) r.first = i;
  }
  if (n > 0) r.max_deviation = non_finite ? std::numeric_limits<double>::infinity()
                                          : std::max(std::fabs(1 - std::sqrt(min2)), std::fabs(std::sqrt(max2) - 1));
  return r;
}

template <typename Deviation>
Reduced reduce(size_t n, double tolerance, Deviation&& deviation_of) {
  Reduced r;
  for (size_t i = 0; i < n; ++i) {
    double d = deviation_of(i);
    if (std::isnan(d)) d = std::numeric_limits<double>::infinity();
    r.max_deviation = std::max(r.max_deviation, d);
    if (!(d <= tolerance) && r.violated++ == 0) r.first = i;
  }
  return r;
}
// A deviation is a distance or a difference; a non-finite one is +inf, never NaN.
inline double deviation(double d) { return std::isnan(d) ? kInfinity : d; }

// The vertices a stored volume bounds, reduced in one pass: their box, their
// mean and their largest distance from the stored centre. Non-finite positions
// are left out (msh.non-finite-value / mod.non-finite-vector report them).
struct Cloud {
  explicit Cloud(const Vec3& stored_centre) : centre(stored_centre) {}
  Vec3 centre;
  Vec3 lo{kInfinity, kInfinity, kInfinity}, hi{-kInfinity, -kInfinity, -kInfinity}, sum{};
  uint64_t n = 0;
  double max_distance = 0;   // from the stored centre: sqrt(max_distance2), set by finish()
  double max_distance2 = 0;  // squared: no square root per vertex
  double magnitude = 0;      // the largest |coordinate| seen, for the tolerance

  void add(const Vec3& p) {
    if (!finite(p)) return;
    for (size_t c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], p[c]);
      hi[c] = std::max(hi[c], p[c]);
      sum[c] += p[c];
    }
    const double dx = p[0] - centre[0], dy = p[1] - centre[1], dz = p[2] - centre[2];
    max_distance2 = std::max(max_distance2, dx * dx + dy * dy + dz * dz);
    ++n;
  }
  // Call once every vertex is in.
  void finish() {
    max_distance = std::sqrt(max_distance2);
    for (size_t c = 0; c < 3; ++c) magnitude = std::max({magnitude, std::fabs(lo[c]), std::fabs(hi[c])});
  }
  [[nodiscard]] Vec3 midpoint() const { return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}; }
  [[nodiscard]] Vec3 centroid() const {
    const auto k = static_cast<double>(n);
    return {sum[0] / k, sum[1] / k, sum[2] / k};
  }
  // The tolerance of every bound relation on this cloud.
  [[nodiscard]] double tolerance(double radius = 0) const {
    double scale = std::max({1.0, magnitude, std::fabs(radius)});
    for (double c : centre) scale = std::max(scale, std::fabs(c));
    return kBoundsRelativeTolerance * (std::isfinite(scale) ? scale : 1.0);
  }
  // How far the stored box [box_lo, box_hi] falls short of containing the cloud.
  [[nodiscard]] double box_shortfall(const Vec3& box_lo, const Vec3& box_hi) const {
    double d = 0;
    for (size_t c = 0; c < 3; ++c) d = std::max({d, box_lo[c] - lo[c], hi[c] - box_hi[c]});
    return deviation(d);
  }
  // The largest difference between the stored box and the cloud's min/max.
  [[nodiscard]] double box_difference(const Vec3& box_lo, const Vec3& box_hi) const {
    double d = 0;
    for (size_t c = 0; c < 3; ++c) d = std::max({d, std::fabs(box_lo[c] - lo[c]), std::fabs(box_hi[c] - hi[c])});
    return deviation(d);
  }
};

// Squared distances to the segment a-b, the segment's terms computed once.
class Segment {
 public:
  Segment(const Vec3& a, const Vec3& b) : a_(a), ab_{b[0] - a[0], b[1] - a[1], b[2] - a[2]} {
    const double length2 = ab_[0] * ab_[0] + ab_[1] * ab_[1] + ab_[2] * ab_[2];
    inverse_length2_ = length2 > 0 ? 1 / length2 : 0;  // a point-like capsule: distances from a
  }
  [[nodiscard]] double distance2(const Vec3& p) const {
    const Vec3 ap{p[0] - a_[0], p[1] - a_[1], p[2] - a_[2]};
    const double t = std::clamp((ap[0] * ab_[0] + ap[1] * ab_[1] + ap[2] * ab_[2]) * inverse_length2_, 0.0, 1.0);
    const double dx = ap[0] - t * ab_[0], dy = ap[1] - t * ab_[1], dz = ap[2] - t * ab_[2];
    return dx * dx + dy * dy + dz * dz;
  }

 private:
  Vec3 a_, ab_;
  double inverse_length2_;
};

// The fit of a stored sphere (and a box, where one is stored) to the cloud it bounds.
inline BoundFit fit_of(Cloud& cloud, const Vec3& centre, double radius, const Vec3& box_lo = {}, const Vec3& box_hi = {}) {
  cloud.finish();
  BoundFit fit;
  fit.tolerance = cloud.tolerance(radius);
  fit.box_shortfall = cloud.box_shortfall(box_lo, box_hi);
  fit.box_difference = cloud.box_difference(box_lo, box_hi);
  fit.sphere_shortfall = deviation(std::max(0.0, cloud.max_distance - radius));
  fit.centre_from_midpoint = deviation(distance(centre, cloud.midpoint()));
  fit.centre_from_centroid = deviation(distance(centre, cloud.centroid()));
  fit.radius_slack = deviation(std::fabs(radius - cloud.max_distance));
  return fit;
}

}  // namespace meshgate::measure
