// Which way each triangle of a MOD mesh faces. A MOD mesh is a run
// of triangle strips, restarted by the break bit (spec §3 "Topology"); inside
// a strip the winding alternates, but each strip's starting orientation is
// arbitrary in retail files (the game draws them double-sided). The stored
// vertex normals say which side is out: a triangle agrees with them when its
// winding's normal points the way the sum of its three vertex normals does.
//
// This is one job, on the parsed model: orient every triangle by a rule and
// count what the rule did. It is a view of the model like the skin and the
// topology beside it: the export (export/mod/mod_gltf.cpp) writes the triangles,
// the sweep (analysis/semantic_invariants.cpp) tallies the strips.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/strip_facing.hpp"
#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

// The facing machinery is shared with SCM (parser/core/strip_facing.hpp);
// MOD's break flag is bit 15 of the control word.
using meshgate::MeshFacing;
using meshgate::Side;
using meshgate::StripFacing;
using meshgate::StripSummary;
using meshgate::Winding;
using meshgate::winding_from_name;
using meshgate::winding_name;

// `keep_triangles` false: the counts and strips only (the sweep's use).
[[nodiscard]] MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles = true);

}  // namespace meshgate::mod
