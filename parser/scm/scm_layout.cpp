#include "parser/scm/scm_layout.hpp"

namespace meshgate::scm {

CanonicalPlacement canonical_placement(const std::vector<std::vector<uint64_t>>& vertex_counts, uint64_t node_count) {
  CanonicalPlacement p;
  uint64_t cursor = object_record_offset(vertex_counts.size());
  p.objects.resize(vertex_counts.size());
  for (size_t o = 0; o < vertex_counts.size(); ++o) {
    const std::vector<uint64_t>& counts = vertex_counts[o];
    CanonicalObject& object = p.objects[o];
    object.mesh_table = cursor;
    object.meshes.resize(counts.size());
    for (size_t m = 0; m < counts.size(); ++m) object.meshes[m].record = cursor + m * kMeshSpec.size;
    cursor = align16(cursor + counts.size() * kMeshSpec.size);
    // Grouped by kind: every mesh's positions, then every mesh's normals, ...
    for (size_t s = 0; s < kStreamSpecs.size(); ++s)
      for (size_t m = 0; m < counts.size(); ++m) {
        object.meshes[m].streams[s] = cursor;
        cursor = align16(cursor + kStreamSpecs[s].stride * counts[m]);
      }
  }
  p.scene_block = cursor;
  p.scene = canonical_scene_relatives(node_count);
  cursor = align16(p.scene_block + p.scene.transform + kTransformSpec.size * node_count);
  for (size_t o = 0; o < vertex_counts.size(); ++o)
    for (size_t m = 0; m < vertex_counts[o].size(); ++m) {
      p.objects[o].meshes[m].workspace = cursor;
      cursor += workspace_capacity(vertex_counts[o][m]);
    }
  p.end = cursor;
  return p;
}

}  // namespace meshgate::scm
