// Scene-node views of an SCM (spec §7): the hierarchy check, local and world
// matrices under the two readings of the Euler [CONFLICT], and which nodes
// place which object.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/row_matrix.hpp"
#include "parser/scm/scm_model.hpp"

namespace meshgate::scm {

// The spec's [CONFLICT] about helper 0x140330450's composition. `xyz`
// (reading B, meshgate's default): Rx*Ry*Rz with row vectors, X applied
// first; Blender's XYZ Euler. `zyx` (reading A): Rz*Ry*Rx, Z applied first.
enum class EulerReading { xyz, zyx };
[[nodiscard]] std::string_view euler_reading_name(EulerReading r);  // "xyz (B)" / "zyx (A)"
[[nodiscard]] std::optional<EulerReading> euler_reading_from_name(std::string_view name);  // "xyz", "zyx"

// Rotation then translation in row 3, row vectors.
[[nodiscard]] Mat4 local_matrix(const TransformRecord& t, EulerReading reading);

// The quaternion (x, y, z, w) of the record's rotation under `reading`
// (column-vector convention, as glTF's `rotation`).
[[nodiscard]] std::array<double, 4> rotation_quaternion(const TransformRecord& t, EulerReading reading);

// Position 0 is a root (-1) and every later position's parent was evaluated
// at an earlier one; the first position that fails, else nullopt. The order
// must be a permutation (the parser checks it first).
[[nodiscard]] std::optional<size_t> first_non_topological_position(const Scene& scene);

// World matrices by node index (world[n] = local[n] * world[parent]), walked
// in order; nullopt when the hierarchy is not topological.
[[nodiscard]] std::optional<std::vector<Mat4>> world_matrices(const Scene& scene, EulerReading reading);

// How many of the nodes' rotations turn about no axis, one, or several
// (the readings agree on the first two: the conflict's reach).
struct RotationReach {
  uint64_t zero = 0, single_axis = 0, multi_axis = 0;
};
[[nodiscard]] RotationReach rotation_reach(const Scene& scene);

}  // namespace meshgate::scm
