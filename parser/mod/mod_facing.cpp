#include "parser/mod/mod_facing.hpp"

#include <algorithm>
#include <cmath>

#include "parser/core/byte_reader.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/mod/mod_skin.hpp"

namespace meshgate::mod {

namespace {

using Vec3 = std::array<double, 3>;

Vec3 vec(const F32x3Bits& bits) { return {f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])}; }

}  // namespace

MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles) {
  const size_t n = std::min({mesh.positions.size(), mesh.normals.size(), mesh.control.size()});
  return face_strip(
      n, [&](size_t i) { return vec(mesh.positions[i]); }, [&](size_t i) { return vec(mesh.normals[i]); },
      [&](size_t i) { return (mesh.control[i] & kTopologyBreakMask) != 0; }, rule, keep_triangles);
}

}  // namespace meshgate::mod
