// Node-domain views (spec §4): hierarchy checks and world matrices.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

// Row-major 4x4, row-vector convention (v' = v * M), as dmc3.exe builds them.
struct Mat4 {
  std::array<double, 16> m{};
  [[nodiscard]] double at(int row, int col) const { return m[static_cast<size_t>(row * 4 + col)]; }
  [[nodiscard]] static Mat4 identity();
  friend Mat4 operator*(const Mat4& a, const Mat4& b);
};

[[nodiscard]] Mat4 rotation_x(double radians);  // 0x140030F10
[[nodiscard]] Mat4 rotation_y(double radians);  // 0x140030FC0
[[nodiscard]] Mat4 rotation_z(double radians);  // 0x140031080
[[nodiscard]] Mat4 translation(double x, double y, double z);

// Local matrix of a transform record: Rx * Ry * Rz (X applied first, the
// 2026-09-23 correction; Rz*Ry*Rx is the old bug) then translation in row 3.
[[nodiscard]] Mat4 local_matrix(const TransformRecord& t);

// The order array is a complete permutation of 0..N-1.
[[nodiscard]] bool order_is_permutation(const NodeBlock& nodes);

// Position 0 is a root (0xFF) and every later position's parent was
// evaluated at an earlier position. Parents are node indices (the inverse-
// permutation reading is REJECTED, spec §9.3). Returns the first failing
// order position, or nullopt when the hierarchy is topological.
[[nodiscard]] std::optional<size_t> first_non_topological_position(const NodeBlock& nodes);

// World matrices by node index, built in order (0x1402F9700): world[order[k]]
// = local[order[k]] * world[parent[k]]. Nullopt when the order is not a
// permutation or the hierarchy is not topological.
[[nodiscard]] std::optional<std::vector<Mat4>> world_matrices(const NodeBlock& nodes);

}  // namespace meshgate::mod
