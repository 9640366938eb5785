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

// The normal as the export writes it (to_unit_normal); zero for one with no
// direction (the export writes a placeholder there).
Vec3 unit(const F32x3Bits& bits) { return to_unit_normal(vec(bits)).n; }

}  // namespace

std::string_view winding_name(Winding rule) { return rule == Winding::normals ? "normals" : "strip"; }

std::optional<Winding> winding_from_name(std::string_view name) {
  if (name == "normals") return Winding::normals;
  if (name == "strip") return Winding::strip;
  return std::nullopt;
}

MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles) {
  MeshFacing out;
  const size_t n = std::min({mesh.positions.size(), mesh.normals.size(), mesh.control.size()});
  if (keep_triangles) out.triangles.reserve(n);
  // The window's three vertices, each read and converted once (the sweep
  // runs this over every vertex of a corpus): a, b, c are i-2, i-1, i.
  Vec3 a{}, b{}, c{}, na{}, nb{}, nc{};
  StripSummary* strip = nullptr;
  size_t run_start = 0;
  for (size_t i = 0; i < n; ++i) {
    a = b, b = c, c = vec(mesh.positions[i]);
    na = nb, nb = nc, nc = unit(mesh.normals[i]);
    if (i < 2) continue;
    if (mesh.control[i] & kTopologyBreakMask) {
      strip = nullptr;  // no triangle ends here: the strip ends
      continue;
    }
    if (!strip) {
      run_start = i;
      out.strips.push_back({StripFacing::undecided, static_cast<uint32_t>(i), 0, 0});
      strip = &out.strips.back();
    }
    // The window (i-2, i-1, i) as stored; strict alternation swaps the first
    // two corners of every second triangle of a strip, which turns its normal.
    const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const Vec3 cross{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    if (cross[0] == 0 && cross[1] == 0 && cross[2] == 0) {  // no area: draws nothing, left out
      ++out.dropped_degenerates;
      continue;
    }
    const bool swapped = (i - run_start) % 2 == 1;
    double dot = 0;
    for (size_t k = 0; k < 3; ++k) dot += cross[k] * (na[k] + nb[k] + nc[k]);
    if (swapped) dot = -dot;
    const Side side = !std::isfinite(dot) || dot == 0 ? Side::undecided : dot > 0 ? Side::agrees : Side::disagrees;
    if (side == Side::agrees) ++strip->agreeing;
    else if (side == Side::disagrees) ++strip->disagreeing;
    else ++out.undecided;
    bool flip = swapped;
    if (side == Side::disagrees) {
      if (rule == Winding::normals) {
        flip = !flip;
        ++out.flipped;
      } else {
        ++out.against_normals;
      }
    }
    if (keep_triangles) {
      const auto v = [](size_t k) { return static_cast<uint16_t>(k); };
      out.triangles.push_back(flip ? std::array<uint16_t, 3>{v(i - 1), v(i - 2), v(i)} : std::array<uint16_t, 3>{v(i - 2), v(i - 1), v(i)});
    }
  }
  for (StripSummary& s : out.strips)
    s.facing = s.agreeing > 0 && s.disagreeing > 0 ? StripFacing::inconsistent
               : s.agreeing > 0                    ? StripFacing::agrees
               : s.disagreeing > 0                 ? StripFacing::reversed
                                                   : StripFacing::undecided;
  return out;
}

}  // namespace meshgate::mod
