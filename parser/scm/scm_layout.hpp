// Where an SCM's parts lie: the stored offsets a record names, and the
// canonical placement every retail file follows (spec §6: streams grouped by
// kind across an object's meshes, 16-aligned; the scene block; then the
// workspaces packed back to back to the end). The parser compares the two
// (scm.layout-noncanonical); rebuild --canonical lays a model out by it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/scm/scm_fields.hpp"

namespace meshgate::scm {

[[nodiscard]] constexpr uint64_t align16(uint64_t v) { return (v + 15) & ~uint64_t{15}; }
[[nodiscard]] constexpr uint64_t align4(uint64_t v) { return (v + 3) & ~uint64_t{3}; }

[[nodiscard]] constexpr uint64_t object_record_offset(uint64_t i) { return kObjectTableOffset + i * kObjectSpec.size; }

// Bytes of the index workspace of an n-vertex mesh: 0 for n <= 2, else align16(6(n-2)).
[[nodiscard]] constexpr uint64_t workspace_capacity(uint64_t n) { return n <= 2 ? 0 : align16(6 * (n - 2)); }

// The scene header's canonical relatives for N nodes (spec §7).
struct SceneRelatives {
  uint64_t parent = 0, order = 0, binding = 0, transform = 0;
  friend bool operator==(const SceneRelatives&, const SceneRelatives&) = default;
};
[[nodiscard]] constexpr SceneRelatives canonical_scene_relatives(uint64_t n) {
  return {kSceneHeaderSpec.size, kSceneHeaderSpec.size + align4(n), kSceneHeaderSpec.size + 2 * align4(n),
          align16(kSceneHeaderSpec.size + 3 * align4(n))};
}

// The canonical placement of a model with these objects' vertex counts and N nodes.
struct CanonicalMesh {
  uint64_t record = 0;
  std::array<uint64_t, 4> streams{};  // kStreamSpecs order
  uint64_t workspace = 0;             // absolute
};
struct CanonicalObject {
  uint64_t mesh_table = 0;
  std::vector<CanonicalMesh> meshes;
};
struct CanonicalPlacement {
  std::vector<CanonicalObject> objects;
  uint64_t scene_block = 0;
  SceneRelatives scene;
  uint64_t end = 0;  // end of file
};
// vertex_counts[o][m]: the vertex count of mesh m of object o.
[[nodiscard]] CanonicalPlacement canonical_placement(const std::vector<std::vector<uint64_t>>& vertex_counts,
                                                     uint64_t node_count);

}  // namespace meshgate::scm
