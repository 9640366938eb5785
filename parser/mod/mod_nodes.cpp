#include "parser/mod/mod_nodes.hpp"

#include <bitset>
#include <cmath>

namespace meshgate::mod {

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
