// Which way each triangle of a strip-encoded mesh faces. DMC3 MOD and SCM
// meshes are runs of triangle strips restarted by a break flag per vertex;
// inside a strip the winding alternates, but a strip's starting orientation
// is not given by any source (MOD draws double-sided; SCM's cull mode is not
// established). The stored vertex normals say which side is out: a triangle
// agrees with them when its winding's normal points the way the sum of its
// three vertex normals does. Each format says where its break flag lives
// (MOD: bit 15 of the control word; SCM: bit 0x02 of the colour word's T).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/unit_normal.hpp"

namespace meshgate {

// `normals` (the default): each triangle wound to agree with the sum of its
// vertex normals. `strip`: strict alternation inside each strip, starting
// with (i-2, i-1, i) as stored.
enum class Winding { normals, strip };
[[nodiscard]] inline std::string_view winding_name(Winding rule) {
  return rule == Winding::normals ? "normals" : "strip";
}
[[nodiscard]] inline std::optional<Winding> winding_from_name(std::string_view name) {
  if (name == "normals") return Winding::normals;
  if (name == "strip") return Winding::strip;
  return std::nullopt;
}

// A triangle's side against its normals: the sign of dot((b-a) x (c-a),
// n_a + n_b + n_c), each normal as the export writes it (to_unit_normal; one
// with no direction adds nothing). `undecided` when that is exactly zero or
// not finite: the normals give no side.
enum class Side : int8_t { disagrees = -1, undecided = 0, agrees = 1 };

// A strip (a run of consecutive vertices without the break flag, from i = 2
// on), by the sides of its decided triangles wound by strict alternation.
enum class StripFacing : uint8_t {
  agrees,        // every decided triangle agrees
  reversed,      // every decided triangle disagrees: the strip starts the other way
  inconsistent,  // some agree, some disagree
  undecided,     // no decided triangle (all zero-area or without a side)
};

struct StripSummary {
  StripFacing facing = StripFacing::undecided;
  uint32_t first_word = 0;                // the vertex whose triangle starts the strip
  uint32_t agreeing = 0, disagreeing = 0;  // decided triangles, by side under strict alternation
};

struct MeshFacing {
  // The triangles as the rule winds them; zero-area ones are left out.
  std::vector<std::array<uint16_t, 3>> triangles;
  uint64_t dropped_degenerates = 0;  // zero-area triangles (bridges, collapsed faces), left out
  // Rule `normals`: triangles wound against strict alternation. Rule `strip`: 0.
  uint64_t flipped = 0;
  // Triangles whose normals give no side: kept as strict alternation winds
  // them, under both rules (the degenerate rule, docs/USAGE.md "Facing").
  uint64_t undecided = 0;
  // Triangles as written that still wind against their normals (rule `strip`:
  // the reversed ones; rule `normals`: none).
  uint64_t against_normals = 0;
  std::vector<StripSummary> strips;
};

using FacingVec3 = std::array<double, 3>;

// The facing of n vertices: position(i) and normal(i) give vertex i (the
// normal as stored: it is made unit here), breaks(i) whether vertex i ends no
// triangle. `keep_triangles` false: the counts and strips only (the sweep's use).
template <typename Position, typename Normal, typename Breaks>
[[nodiscard]] MeshFacing face_strip(size_t n, Position position, Normal normal, Breaks breaks, Winding rule,
                                    bool keep_triangles = true) {
  MeshFacing out;
  if (keep_triangles) out.triangles.reserve(n);
  // The window's three vertices, each read and converted once (the sweep
  // runs this over every vertex of a corpus): a, b, c are i-2, i-1, i.
  FacingVec3 a{}, b{}, c{}, na{}, nb{}, nc{};
  StripSummary* strip = nullptr;
  size_t run_start = 0;
  for (size_t i = 0; i < n; ++i) {
    a = b, b = c, c = position(i);
    na = nb, nb = nc, nc = to_unit_normal(normal(i)).n;
    if (i < 2) continue;
    if (breaks(i)) {
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
    const FacingVec3 cross{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
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
      out.triangles.push_back(flip ? std::array<uint16_t, 3>{v(i - 1), v(i - 2), v(i)}
                                   : std::array<uint16_t, 3>{v(i - 2), v(i - 1), v(i)});
    }
  }
  for (StripSummary& s : out.strips)
    s.facing = s.agreeing > 0 && s.disagreeing > 0 ? StripFacing::inconsistent
               : s.agreeing > 0                    ? StripFacing::agrees
               : s.disagreeing > 0                 ? StripFacing::reversed
                                                   : StripFacing::undecided;
  return out;
}

}  // namespace meshgate
