#include "writer/gltf/strip_facing.hpp"

#include <algorithm>
#include <cmath>

#include "parser/core/byte_reader.hpp"
#include "parser/mod/mod_skin.hpp"

namespace meshgate::gltf {

namespace {

using Vec3 = std::array<double, 3>;

Vec3 vec(const mod::F32x3Bits& bits) { return {f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])}; }

// The stored normal at unit length; zero for one with no direction.
Vec3 unit(const mod::F32x3Bits& bits) {
  const Vec3 n = vec(bits);
  const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (!std::isfinite(length) || length == 0) return {0, 0, 0};
  return {n[0] / length, n[1] / length, n[2] / length};
}

}  // namespace

std::string_view winding_name(Winding rule) { return rule == Winding::normals ? "normals" : "strip"; }

std::optional<Winding> winding_from_name(std::string_view name) {
  if (name == "normals") return Winding::normals;
  if (name == "strip") return Winding::strip;
  return std::nullopt;
}

MeshFacing face_mesh(const mod::Mesh& mesh, Winding rule, bool keep_triangles) {
  MeshFacing out;
  const size_t n = std::min({mesh.positions.size(), mesh.normals.size(), mesh.control.size()});
  std::vector<Vec3> normals(n);
  for (size_t v = 0; v < n; ++v) normals[v] = unit(mesh.normals[v]);
  if (keep_triangles) out.triangles.reserve(n);
  StripSummary* strip = nullptr;
  size_t run_start = 0;
  for (size_t i = 2; i < n; ++i) {
    if (mesh.control[i] & mod::kTopologyBreakMask) {
      strip = nullptr;  // no triangle ends here: the strip ends
      continue;
    }
    if (!strip) {
      run_start = i;
      out.strips.push_back({StripFacing::undecided, static_cast<uint32_t>(i), 0, 0});
      strip = &out.strips.back();
    }
    // Strict alternation: every second triangle of a strip has its first two corners swapped.
    std::array<uint16_t, 3> t{static_cast<uint16_t>(i - 2), static_cast<uint16_t>(i - 1), static_cast<uint16_t>(i)};
    if ((i - run_start) % 2 == 1) std::swap(t[0], t[1]);
    const Vec3 a = vec(mesh.positions[t[0]]), b = vec(mesh.positions[t[1]]), c = vec(mesh.positions[t[2]]);
    const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const Vec3 cross{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    if (cross[0] == 0 && cross[1] == 0 && cross[2] == 0) {  // no area: draws nothing, left out
      ++out.dropped_degenerates;
      continue;
    }
    double dot = 0;
    for (size_t k = 0; k < 3; ++k) dot += cross[k] * (normals[t[0]][k] + normals[t[1]][k] + normals[t[2]][k]);
    const Side side = !std::isfinite(dot) || dot == 0 ? Side::undecided : dot > 0 ? Side::agrees : Side::disagrees;
    if (side == Side::agrees) ++strip->agreeing;
    else if (side == Side::disagrees) ++strip->disagreeing;
    else ++out.undecided;
    if (side == Side::disagrees) {
      if (rule == Winding::normals) {
        std::swap(t[0], t[1]);
        ++out.flipped;
      } else {
        ++out.against_normals;
      }
    }
    if (keep_triangles) out.triangles.push_back(t);
  }
  for (StripSummary& s : out.strips)
    s.facing = s.agreeing > 0 && s.disagreeing > 0 ? StripFacing::inconsistent
               : s.agreeing > 0                    ? StripFacing::agrees
               : s.disagreeing > 0                 ? StripFacing::reversed
                                                   : StripFacing::undecided;
  return out;
}

}  // namespace meshgate::gltf
