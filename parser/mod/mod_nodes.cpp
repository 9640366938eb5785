#include "parser/mod/mod_nodes.hpp"

#include <bitset>
#include <cmath>

namespace meshgate::mod {

Mat4 Mat4::identity() {
  Mat4 r;
  for (int i = 0; i < 4; ++i) r.m[static_cast<size_t>(i * 5)] = 1.0;
  return r;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a.at(i, k) * b.at(k, j);
      r.m[static_cast<size_t>(i * 4 + j)] = s;
    }
  return r;
}

Mat4 rotation_x(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[5] = c, r.m[6] = s, r.m[9] = -s, r.m[10] = c;
  return r;
}

Mat4 rotation_y(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[0] = c, r.m[2] = -s, r.m[8] = s, r.m[10] = c;
  return r;
}

Mat4 rotation_z(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[0] = c, r.m[1] = s, r.m[4] = -s, r.m[5] = c;
  return r;
}

Mat4 translation(double x, double y, double z) {
  Mat4 r = Mat4::identity();
  r.m[12] = x, r.m[13] = y, r.m[14] = z;
  return r;
}

Mat4 local_matrix(const TransformRecord& t) {
  auto f = [&](size_t i) { return static_cast<double>(t.get_f32(i)); };
  const Mat4 rotation = rotation_x(f(xf::rx)) * rotation_y(f(xf::rx + 1)) * rotation_z(f(xf::rx + 2));
  return rotation * translation(f(xf::tx), f(xf::tx + 1), f(xf::tx + 2));
}

bool order_is_permutation(const NodeBlock& nodes) {
  const size_t n = nodes.order.size();
  std::bitset<256> seen;  // node ids are bytes: on the stack, no allocation per file
  for (uint8_t node : nodes.order) {
    if (node >= n || seen[node]) return false;
    seen[node] = true;
  }
  return true;
}

std::optional<size_t> first_non_topological_position(const NodeBlock& nodes) {
  const size_t n = std::min(nodes.order.size(), nodes.parents.size());
  std::bitset<256> evaluated;  // node ids are bytes
  for (size_t k = 0; k < n; ++k) {
    const uint8_t parent = nodes.parents[k];
    if (k == 0) {
      if (parent != kRootParent) return k;
    } else if (parent != kRootParent && !evaluated[parent]) {
      return k;
    }
    evaluated[nodes.order[k]] = true;
  }
  return std::nullopt;
}

std::optional<std::vector<Mat4>> world_matrices(const NodeBlock& nodes) {
  if (!order_is_permutation(nodes) || first_non_topological_position(nodes)) return std::nullopt;
  const size_t n = nodes.order.size();
  if (nodes.transforms.size() != n || nodes.parents.size() != n) return std::nullopt;
  std::vector<Mat4> world(n, Mat4::identity());
  for (size_t k = 0; k < n; ++k) {
    const uint8_t node = nodes.order[k];
    const uint8_t parent = nodes.parents[k];
    const Mat4 local = local_matrix(nodes.transforms[node]);
    world[node] = parent == kRootParent ? local : local * world[parent];
  }
  return world;
}

}  // namespace meshgate::mod
