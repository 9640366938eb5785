// Node-domain views (spec §4): hierarchy checks and world matrices.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "parser/core/row_matrix.hpp"
#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

// The matrices are dmc3.exe's row-vector ones (parser/core/row_matrix.hpp).
using meshgate::Mat4;
using meshgate::rotation_x;
using meshgate::rotation_y;
using meshgate::rotation_z;
using meshgate::translation;

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
