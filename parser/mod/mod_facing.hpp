// Which way each triangle of a MOD mesh faces. A MOD mesh is a run
// of triangle strips, restarted by the break bit (spec §3 "Topology"); inside
// a strip the winding alternates, but each strip's starting orientation is
// arbitrary in retail files (the game draws them double-sided). The stored
// vertex normals say which side is out: a triangle agrees with them when its
// winding's normal points the way the sum of its three vertex normals does.
//
// This is one job, on the parsed model: orient every triangle by a rule and
// count what the rule did. It is a view of the model like the skin and the
// topology beside it: the export (export/mod_gltf.cpp) writes the triangles,
// the sweep (analysis/semantic_invariants.cpp) tallies the strips.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

// `normals` (the default): each triangle wound to agree with the sum of its
// vertex normals. `strip`: strict alternation inside each strip, starting
// with (i-2, i-1, i) as stored.
enum class Winding { normals, strip };
[[nodiscard]] std::string_view winding_name(Winding rule);
[[nodiscard]] std::optional<Winding> winding_from_name(std::string_view name);

// A triangle's side against its normals: the sign of dot((b-a) x (c-a),
// n_a + n_b + n_c), each normal as the export writes it (to_unit_normal,
// parser/core/unit_normal.hpp; one with no direction adds nothing). `undecided` when that is exactly zero or
// not finite: the normals give no side.
enum class Side : int8_t { disagrees = -1, undecided = 0, agrees = 1 };

// A strip (a run of consecutive words whose bit 15 is clear, from i = 2 on),
// by the sides of its decided triangles wound by strict alternation.
enum class StripFacing : uint8_t {
  agrees,        // every decided triangle agrees
  reversed,      // every decided triangle disagrees: the strip starts the other way
  inconsistent,  // some agree, some disagree
  undecided,     // no decided triangle (all zero-area or without a side)
};

struct StripSummary {
  StripFacing facing = StripFacing::undecided;
  uint32_t first_word = 0;                // the word whose triangle starts the strip
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

// `keep_triangles` false: the counts and strips only (the sweep's use).
[[nodiscard]] MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles = true);

}  // namespace meshgate::mod
