#include "import/gltf_animation_curves.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace meshgate::gltf {

namespace {

using Quat = std::array<double, 4>;

double curve_dot(const Quat& a, const Quat& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }

// What a client does between two LINEAR rotation keys (glTF 2.0 Appendix: slerp on the shorter arc).
Quat curve_slerp(Quat a, const Quat& b, double u) {
  double d = curve_dot(a, b);
  if (d < 0) {
    for (double& x : a) x = -x;
    d = -d;
  }
  d = std::min(d, 1.0);
  const double theta = std::acos(d);
  if (theta < 1e-9) return a;
  const double wa = std::sin((1 - u) * theta) / std::sin(theta), wb = std::sin(u * theta) / std::sin(theta);
  return {wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2], wa * a[3] + wb * b[3]};
}

std::vector<double> normalised(std::vector<double> q) {
  double n = 0;
  for (double x : q) n += x * x;
  n = std::sqrt(n);
  if (n > 0)
    for (double& x : q) x /= n;
  return q;
}

double wrap_near(double angle, double near) {
  const double turn = 2 * std::numbers::pi;
  return angle + std::round((near - angle) / turn) * turn;
}

std::string sampler_name(const tinygltf::Animation& animation, size_t s) {
  return "animation '" + animation.name + "' samplers[" + std::to_string(s) + "]";
}

}  // namespace

double AnimationCurve::value(size_t key, size_t c) const {
  return interpolation == Interpolation::cubic ? values[(3 * key + 1) * width + c] : values[key * width + c];
}

double AnimationCurve::in_tangent(size_t key, size_t c) const {
  return interpolation == Interpolation::cubic ? values[3 * key * width + c] : 0;
}

double AnimationCurve::out_tangent(size_t key, size_t c) const {
  return interpolation == Interpolation::cubic ? values[(3 * key + 2) * width + c] : 0;
}

std::vector<double> AnimationCurve::at(double units) const {
  std::vector<double> out(width);
  const auto key_value = [&](size_t k) {
    for (size_t c = 0; c < width; ++c) out[c] = value(k, c);
    return out;
  };
  if (units <= times.front()) return key_value(0);
  if (units >= times.back()) return key_value(keys() - 1);
  const size_t k = static_cast<size_t>(std::upper_bound(times.begin(), times.end(), units) - times.begin()) - 1;
  if (interpolation == Interpolation::step) return key_value(k);
  const double d = times[k + 1] - times[k], u = (units - times[k]) / d;
  if (interpolation == Interpolation::linear && width == 4) {
    const Quat q = curve_slerp({value(k, 0), value(k, 1), value(k, 2), value(k, 3)},
                               {value(k + 1, 0), value(k + 1, 1), value(k + 1, 2), value(k + 1, 3)}, u);
    return {q.begin(), q.end()};
  }
  for (size_t c = 0; c < width; ++c) {
    if (interpolation == Interpolation::linear) {
      out[c] = (1 - u) * value(k, c) + u * value(k + 1, c);
      continue;
    }
    const double u2 = u * u, u3 = u2 * u;
    out[c] = (2 * u3 - 3 * u2 + 1) * value(k, c) + d * (u3 - 2 * u2 + u) * out_tangent(k, c) +
             (3 * u2 - 2 * u3) * value(k + 1, c) + d * (u3 - u2) * in_tangent(k + 1, c);
  }
  return width == 4 ? normalised(out) : out;
}

std::optional<AnimationCurve> read_animation_curve(const tinygltf::Model& model, const tinygltf::Animation& animation,
                                                   size_t s, size_t width, double units_per_second, ReadBudget& budget,
                                                   std::string& error) {
  const tinygltf::AnimationSampler& sampler = animation.samplers[s];
  AnimationCurve curve;
  curve.width = width;
  if (sampler.interpolation == "STEP") curve.interpolation = Interpolation::step;
  else if (sampler.interpolation == "CUBICSPLINE") curve.interpolation = Interpolation::cubic;
  const std::optional<std::vector<float>> input = accessor_floats(model, sampler.input, &budget);
  const std::optional<std::vector<float>> output = accessor_floats(model, sampler.output, &budget);
  if (!input || !output) {
    error = sampler_name(animation, s) + ": its input or output is not a FLOAT accessor meshgate reads";
    return std::nullopt;
  }
  const size_t per_key = width * (curve.interpolation == Interpolation::cubic ? 3 : 1);
  if (input->empty() || output->size() != input->size() * per_key) {
    error = sampler_name(animation, s) + ": " + std::to_string(input->size()) + " key times and " +
            std::to_string(output->size()) + " output numbers (" + std::to_string(per_key) + " per key expected)";
    return std::nullopt;
  }
  for (size_t k = 0; k < input->size(); ++k) {
    const double t = (*input)[k];
    if (!std::isfinite(t) || t < 0) {
      error = sampler_name(animation, s) + ": key time " + std::to_string(k) + " is " + std::to_string(t) +
              " (a MOT time is finite and not negative)";
      return std::nullopt;
    }
    if (k > 0 && !(t > (*input)[k - 1])) {
      error = sampler_name(animation, s) + ": key times do not increase at key " + std::to_string(k) + " (" +
              std::to_string((*input)[k - 1]) + " then " + std::to_string(t) + ")";
      return std::nullopt;
    }
    curve.times.push_back(t * units_per_second);
  }
  for (size_t i = 0; i < output->size(); ++i) {
    const double v = (*output)[i];
    if (!std::isfinite(v)) {
      error = sampler_name(animation, s) + ": output value " + std::to_string(i) + " is not finite (NaN key)";
      return std::nullopt;
    }
    // Tangents are per second in glTF, slopes per time unit in a MOT.
    const bool tangent = curve.interpolation == Interpolation::cubic && (i / width) % 3 != 1;
    curve.values.push_back(tangent ? v / units_per_second : v);
  }
  return curve;
}

std::array<double, 3> quaternion_euler(const std::array<double, 4>& q, const std::array<double, 3>& near) {
  // A float quaternion is a hair off unit length: unnormalised, |R20| passes 1
  // near the lock and the angles read there depart from the pose by degrees.
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
  // R = Rz Ry Rx (column vectors): R20 = -sin ry, R21 = cos ry sin rx, R22 = cos ry cos rx, R10 = sin rz cos ry,
  // R00 = cos rz cos ry.
  const double r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + z * w), r20 = 2 * (x * z - y * w);
  const double r21 = 2 * (y * z + x * w), r22 = 1 - 2 * (x * x + y * y);
  const double r01 = 2 * (x * y - z * w), r11 = 1 - 2 * (x * x + z * z);
  std::array<std::array<double, 3>, 2> branches;
  if (std::fabs(r20) > 1 - 1e-12) {
    // Gimbal lock: only rx - rz (ry = +90 degrees) or rx + rz (-90) is fixed; rx stays where it was.
    const double ry = r20 < 0 ? std::numbers::pi / 2 : -std::numbers::pi / 2;
    const double rx = near[0];
    const double rz = r20 < 0 ? rx - std::atan2(r01, r11) : std::atan2(-r01, r11) - rx;
    branches = {{{rx, ry, rz}, {rx, ry, rz}}};
  } else {
    const double ry = std::atan2(-r20, std::hypot(r21, r22));  // asin loses half the digits near the lock
    const double rx = std::atan2(r21, r22), rz = std::atan2(r10, r00);
    branches = {{{rx, ry, rz}, {rx + std::numbers::pi, std::numbers::pi - ry, rz + std::numbers::pi}}};
  }
  std::array<double, 3> best{};
  double best_distance = std::numeric_limits<double>::infinity();
  for (std::array<double, 3>& b : branches) {
    double distance = 0;
    for (size_t i = 0; i < 3; ++i) {
      b[i] = wrap_near(b[i], near[i]);
      distance += std::fabs(b[i] - near[i]);
    }
    if (distance < best_distance) best = b, best_distance = distance;
  }
  return best;
}

}  // namespace meshgate::gltf
