// A mesh's triangles (spec §8): the strip over its vertices, broken where
// bit 0x02 of the colour word's T byte is set, wound by the shared facing
// rule (parser/core/strip_facing.hpp: the spec's normal-agreement choice, or
// strict alternation as a view); and the runtime generator's index list.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/core/strip_facing.hpp"
#include "parser/scm/scm_model.hpp"

namespace meshgate::scm {

[[nodiscard]] inline bool breaks_strip(const U8x4& colour) { return (colour[3] & kTopologyBreakBit) != 0; }

// `keep_triangles` false: the counts and strips only (the sweep's use).
[[nodiscard]] MeshFacing face_mesh(const Mesh& mesh, Winding rule, bool keep_triangles = true);

// The index list post-load writes into the workspace (0x1403051B0 as DR
// reconstructs it): at most 3(n-2) words, so it fits the capacity.
[[nodiscard]] std::vector<uint16_t> generated_index_list(const Mesh& mesh);

}  // namespace meshgate::scm
