// A glTF animation sampler as the MOT import reads it (import --as mot):
// its key times in MOT time units (seconds x --mot-fps) and its values, and
// the curve a glTF client draws from them (glTF 2.0 §3.11: LINEAR, STEP,
// CUBICSPLINE; rotations slerped, as clients do). The import fits MOT tracks
// to these curves and measures the written MOT against them.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/gltf/gltf_reader.hpp"

namespace meshgate::gltf {

enum class Interpolation { linear, step, cubic };

struct AnimationCurve {
  Interpolation interpolation = Interpolation::linear;
  size_t width = 3;            // 3: translation, scale; 4: rotation (x, y, z, w)
  std::vector<double> times;   // MOT time units, strictly increasing
  // Per key: `width` values; CUBICSPLINE: in-tangent, value, out-tangent
  // (tangents per time unit, as MOT slopes are).
  std::vector<double> values;

  [[nodiscard]] size_t keys() const { return times.size(); }
  [[nodiscard]] double value(size_t key, size_t c) const;
  [[nodiscard]] double in_tangent(size_t key, size_t c) const;   // per time unit; 0 unless cubic
  [[nodiscard]] double out_tangent(size_t key, size_t c) const;
  // The curve at `units`, as a client evaluates it (held before the first key and after the last).
  [[nodiscard]] std::vector<double> at(double units) const;
};

// Sampler `s` of `animation` read: nullopt with `error` naming the sampler
// and the cause (not FLOAT, counts that disagree, a NaN, times that do not
// increase or are negative, past `budget`).
[[nodiscard]] std::optional<AnimationCurve> read_animation_curve(const tinygltf::Model& model,
                                                                 const tinygltf::Animation& animation, size_t s,
                                                                 size_t width, double units_per_second,
                                                                 ReadBudget& budget, std::string& error);

// The MOD's Euler angles (X applied first, q = qz qy qx) of a unit
// quaternion, the branch (of the two, each angle plus any turn) nearest `near`.
[[nodiscard]] std::array<double, 3> quaternion_euler(const std::array<double, 4>& q, const std::array<double, 3>& near);

}  // namespace meshgate::gltf
