// The one rule for a stored normal that is not of unit length: one whose
// length is 1 within kUnitNormalTolerance is used as stored, any other with a
// direction is scaled to unit length, and one with none (zero or not finite
// length) has no direction to keep. The export writes MOD and MSH normals by
// it, the MOD facing decode weighs triangles by it, and the sweep's
// mod.normal-unit-length counts the stored normals it would not keep.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace meshgate {

inline constexpr double kUnitNormalTolerance = 1e-3;

// |n|^2 within the tolerance: no square root for the usual case (the sweep
// and the facing decode visit every vertex of a corpus).
[[nodiscard]] constexpr bool unit_length2(double length2) {
  constexpr double lo = (1 - kUnitNormalTolerance) * (1 - kUnitNormalTolerance);
  constexpr double hi = (1 + kUnitNormalTolerance) * (1 + kUnitNormalTolerance);
  return length2 >= lo && length2 <= hi;
}

struct UnitNormal {
  enum class Fix : uint8_t { kept, scaled, no_direction };
  std::array<double, 3> n{};  // kept: as stored; scaled: n / |n|; no_direction: zero
  Fix fix = Fix::kept;
};

[[nodiscard]] inline UnitNormal to_unit_normal(const std::array<double, 3>& n) {
  const double length2 = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
  if (unit_length2(length2)) return {n, UnitNormal::Fix::kept};
  if (!std::isfinite(length2) || length2 == 0) return {{0, 0, 0}, UnitNormal::Fix::no_direction};
  const double length = std::sqrt(length2);
  return {{n[0] / length, n[1] / length, n[2] / length}, UnitNormal::Fix::scaled};
}

}  // namespace meshgate
