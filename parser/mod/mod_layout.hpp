// Where each part of a MOD lives, derived from typed fields. Parser, writer and
// reports all place records through these functions, so the coordinate bases
// of spec §2.1 (file-relative pointers, record-relative +0x40, block-relative
// node offsets) are encoded once.
#pragma once

#include <optional>

#include "parser/core/checked_math.hpp"
#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

[[nodiscard]] inline uint64_t object_record_offset(size_t index) {
  return kObjectTableOffset + index * uint64_t{kObjectSpec.size};
}

[[nodiscard]] inline std::optional<uint64_t> mesh_record_offset(const ObjectRecord& object, size_t index) {
  auto rel = checked_mul(index, kMeshSpec.size);
  if (!rel) return std::nullopt;
  return checked_add(object.get(obj::mesh_table_offset), *rel);
}

[[nodiscard]] inline uint64_t stream_offset(const MeshRecord& mesh, size_t stream) {
  return mesh.get(mesh::stream_offset(stream));
}

[[nodiscard]] inline uint64_t stream_length(const MeshRecord& mesh, size_t stream) {
  return mesh.get(mesh::vertex_count) * uint64_t{kStreamSpecs[stream].stride};
}

// Spec §5: align16(6(n-2)) for n > 2, else 0.
[[nodiscard]] constexpr uint64_t workspace_capacity(uint64_t vertex_count) {
  return vertex_count > 2 ? align_up(6 * (vertex_count - 2), 16) : 0;
}

// Spec §2.1 / §9.1: +0x40 is relative to the mesh record, not the file.
[[nodiscard]] inline std::optional<uint64_t> workspace_offset(uint64_t mesh_record_offset, const MeshRecord& mesh) {
  return checked_add(mesh_record_offset, mesh.get(mesh::workspace_rel));
}

// Spec §4 retail layout formula for N nodes (block-relative offsets).
struct NodeLayout {
  uint64_t parent, order, motion_group, transforms;
  friend bool operator==(const NodeLayout&, const NodeLayout&) = default;
};
[[nodiscard]] constexpr NodeLayout retail_node_layout(uint64_t n) {
  const uint64_t a = align_up(n, 4);
  return {0x20, 0x20 + a, 0x20 + 2 * a, align_up(0x20 + 3 * a, 16)};
}
static_assert(retail_node_layout(1) == NodeLayout{0x20, 0x24, 0x28, 0x30});
static_assert(retail_node_layout(24) == NodeLayout{0x20, 0x38, 0x50, 0x70});
static_assert(retail_node_layout(33) == NodeLayout{0x20, 0x44, 0x68, 0x90});

}  // namespace meshgate::mod
