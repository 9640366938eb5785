// Semantic invariants: relations between decoded values, not between bytes.
// A stored bounding volume against the vertices it bounds (containment, and
// which builder hypothesis reproduces it: box min/max, centre at the box
// midpoint or at the centroid, radius the largest distance from the centre),
// normals of unit length, skin indices that name real nodes. MSH batch, index
// and node references are spec §4 items (msh.4.*): a model whose references do
// not resolve is rejected, so they are tallied there, not here. They are
// tallied per instance like the structural invariants (InvariantTallies), plus
// the largest deviation seen, so a report says "centre is the box midpoint in
// 180/180 objects, largest deviation 0".
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "observe/uv_range.hpp"
#include "parser/core/unit_normal.hpp"

namespace meshgate {

namespace mod {
struct Model;
}
namespace msh {
struct Model;
}

struct SemanticInvariant {
  std::string_view id, description;
};

// Tolerances, stated once: the figures the descriptions quote.
// Bounds: 1e-4 of the largest coordinate magnitude involved (at least 1e-4):
// a builder computing in f32 or f64 lands well inside it, a different
// hypothesis (centroid vs midpoint) lands far outside on any non-symmetric mesh.
inline constexpr double kBoundsRelativeTolerance = 1e-4;
// MOD normals are f32: a unit vector stored in f32 is within a few ulp of 1.
// The export's rule (parser/core/unit_normal.hpp): a normal it would scale
// is a violation.
inline constexpr double kModNormalTolerance = kUnitNormalTolerance;
// MSH normals are s8/127: each component is off by at most 0.5/127, so the
// length by at most sqrt(3) * 0.5/127 = 0.0068; 0.01 leaves room for the
// builder's own rounding and nothing more.
inline constexpr double kMshNormalTolerance = 0.01;

inline constexpr std::array kSemanticInvariants{
    SemanticInvariant{"mod.bound-sphere-contains",
                      "every position of an object's meshes lies inside its bounding sphere (tolerance 1e-4 relative)"},
    SemanticInvariant{"mod.bound-centre-is-box-midpoint", "object bounding centre == midpoint of its positions' min/max box"},
    SemanticInvariant{"mod.bound-centre-is-centroid", "object bounding centre == mean of its positions"},
    SemanticInvariant{"mod.bound-radius-is-max-distance",
                      "object bounding radius == largest distance of its positions from the stored centre"},
    SemanticInvariant{"mod.normal-unit-length", "every normal is finite and |n| == 1 within 1e-3 (f32)"},
    SemanticInvariant{"mod.skin-index-resolves", "every active blend index (q > 0) names an existing node (byte/4 < node count)"},
    // Facing (parser/mod/mod_facing.hpp): per strip, a run of
    // triangles between break bits wound by strict alternation. Together the
    // two tallies split the strips into agreeing, reversed and inconsistent.
    SemanticInvariant{"mod.strip-faces-one-way",
                      "a strip's triangles (strict alternation) all agree or all disagree with the sum of their vertex "
                      "normals; deviation: the triangles on the minority side"},
    SemanticInvariant{"mod.strip-start-agrees-with-normals",
                      "a strip that faces one way agrees with its normals (violated: the strip starts reversed); "
                      "deviation: its triangles"},
    SemanticInvariant{"msh.model-box-contains", "Res2 corner box contains every vertex the batches reach"},
    SemanticInvariant{"msh.model-box-is-min-max", "Res2 corner box == min/max of the vertices the batches reach"},
    SemanticInvariant{"msh.model-sphere-contains", "Res2 bounding sphere contains every vertex the batches reach"},
    SemanticInvariant{"msh.model-sphere-centre-is-box-midpoint", "Res2 sphere centre == midpoint of the vertices' min/max box"},
    SemanticInvariant{"msh.model-sphere-centre-is-centroid", "Res2 sphere centre == mean of the vertices the batches reach"},
    SemanticInvariant{"msh.model-sphere-radius-is-max-distance",
                      "Res2 sphere radius == largest distance of those vertices from the stored centre"},
    SemanticInvariant{"msh.model-capsule-contains", "every reached vertex lies within capsule_radius of segment A-B"},
    SemanticInvariant{"msh.slot-aabb-contains", "a slot's AABB contains every vertex its batches reach"},
    SemanticInvariant{"msh.slot-aabb-is-min-max", "a slot's AABB == min/max of the vertices its batches reach"},
    SemanticInvariant{"msh.slot-sphere-contains", "a slot's sphere contains every vertex its batches reach"},
    SemanticInvariant{"msh.slot-sphere-centre-is-box-midpoint", "a slot's sphere centre == midpoint of its AABB of vertices"},
    SemanticInvariant{"msh.slot-sphere-centre-is-centroid", "a slot's sphere centre == mean of the vertices it reaches"},
    SemanticInvariant{"msh.slot-sphere-radius-is-max-distance",
                      "a slot's sphere radius == largest distance of its vertices from the stored centre"},
    SemanticInvariant{"msh.normal-unit-length", "every Res4 normal (s8/127, 3 lanes) has |n| == 1 within 0.01"},
};

// The position of `id` in kSemanticInvariants, at compile time (an unknown id
// does not compile).
consteval size_t semantic_invariant(std::string_view id) {
  for (size_t i = 0; i < kSemanticInvariants.size(); ++i)
    if (kSemanticInvariants[i].id == id) return i;
  throw "an undeclared semantic invariant";
}

}  // namespace meshgate
