#include "parser/scm/scm_scene.hpp"

#include <cmath>

namespace meshgate::scm {

namespace {

std::array<double, 3> angles(const TransformRecord& t) {
  return {t.get_f32(xf::rx), t.get_f32(xf::rx + 1), t.get_f32(xf::rx + 2)};
}

using Quat = std::array<double, 4>;  // x, y, z, w

Quat multiply(const Quat& a, const Quat& b) {
  return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
          a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

Quat about(size_t axis, double radians) {
  Quat q{0, 0, 0, std::cos(radians / 2)};
  q[axis] = std::sin(radians / 2);
  return q;
}

}  // namespace

std::string_view euler_reading_name(EulerReading r) { return r == EulerReading::xyz ? "xyz (B)" : "zyx (A)"; }

std::optional<EulerReading> euler_reading_from_name(std::string_view name) {
  if (name == "xyz") return EulerReading::xyz;
  if (name == "zyx") return EulerReading::zyx;
  return std::nullopt;
}

Mat4 local_matrix(const TransformRecord& t, EulerReading reading) {
  const auto a = angles(t);
  const Mat4 rotation = reading == EulerReading::xyz ? rotation_x(a[0]) * rotation_y(a[1]) * rotation_z(a[2])
                                                     : rotation_z(a[2]) * rotation_y(a[1]) * rotation_x(a[0]);
  return rotation * translation(t.get_f32(xf::tx), t.get_f32(xf::tx + 1), t.get_f32(xf::tx + 2));
}

// Row-vector Rx*Ry*Rz applies X first; as column-vector quaternions that is qz*qy*qx (spec §12).
std::array<double, 4> rotation_quaternion(const TransformRecord& t, EulerReading reading) {
  const auto a = angles(t);
  const Quat qx = about(0, a[0]), qy = about(1, a[1]), qz = about(2, a[2]);
  return reading == EulerReading::xyz ? multiply(multiply(qz, qy), qx) : multiply(multiply(qx, qy), qz);
}

std::optional<size_t> first_non_topological_position(const Scene& scene) {
  const size_t n = scene.order.size();
  std::vector<bool> evaluated(n, false);
  for (size_t k = 0; k < n; ++k) {
    const int parent = scene.parents[k];
    if (k == 0 ? parent != -1 : parent >= 0 && !evaluated[static_cast<size_t>(parent)]) return k;
    evaluated[scene.order[k]] = true;
  }
  return std::nullopt;
}

std::optional<std::vector<Mat4>> world_matrices(const Scene& scene, EulerReading reading) {
  if (first_non_topological_position(scene)) return std::nullopt;
  std::vector<Mat4> world(scene.order.size(), Mat4::identity());
  for (size_t k = 0; k < scene.order.size(); ++k) {
    const size_t node = scene.order[k];
    const Mat4 local = local_matrix(scene.transforms[node], reading);
    world[node] = scene.parents[k] < 0 ? local : local * world[static_cast<size_t>(scene.parents[k])];
  }
  return world;
}

RotationReach rotation_reach(const Scene& scene) {
  RotationReach r;
  for (const TransformRecord& t : scene.transforms) {
    const auto a = angles(t);
    const int axes = (a[0] != 0) + (a[1] != 0) + (a[2] != 0);
    (axes == 0 ? r.zero : axes == 1 ? r.single_axis : r.multi_axis) += 1;
  }
  return r;
}

}  // namespace meshgate::scm
