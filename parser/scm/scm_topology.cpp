#include "parser/scm/scm_topology.hpp"

#include <algorithm>

#include "parser/core/byte_reader.hpp"

namespace meshgate::scm {

namespace {

FacingVec3 vec(const F32x3Bits& bits) { return {f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])}; }

}  // namespace

MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles) {
  const size_t n = std::min({mesh.positions.size(), mesh.normals.size(), mesh.colour.size()});
  return face_strip(
      n, [&](size_t i) { return vec(mesh.positions[i]); }, [&](size_t i) { return vec(mesh.normals[i]); },
      [&](size_t i) { return breaks_strip(mesh.colour[i]); }, rule, keep_triangles);
}

// Index i continues a run when i >= 2 and its break bit is clear. A run's
// first continuing index bridges from the previous run (its last index, then
// i-2: a degenerate pair) and opens with i-2, i-1; every continuing index
// then adds i.
std::vector<uint16_t> generated_index_list(const Mesh& mesh) {
  std::vector<uint16_t> list;
  const size_t n = mesh.colour.size();
  bool in_run = false, had_run = false;
  uint16_t last = 0;
  for (size_t i = 2; i < n; ++i) {
    if (breaks_strip(mesh.colour[i])) {
      in_run = false;
      continue;
    }
    const auto v = [](size_t k) { return static_cast<uint16_t>(k); };
    if (!in_run) {
      if (had_run) list.insert(list.end(), {last, v(i - 2)});
      list.insert(list.end(), {v(i - 2), v(i - 1)});
      in_run = had_run = true;
    }
    list.push_back(v(i));
    last = v(i);
  }
  return list;
}

}  // namespace meshgate::scm
