// Strip topology of the packed control words (spec §3 "Topology"): each mesh
// is one strip over vertex order 0..n-1; bit 15 of word i marks a break.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace meshgate::mod {

// Importer view: for i >= 2 with bit 15 of w[i] clear, (i-2, i-1, i) is a
// triangle. Winding is left as the strip gives it; the spec leaves it open
// (the Blender add-ons pick it from normals, which is not authority).
[[nodiscard]] std::vector<std::array<uint16_t, 3>> strip_triangles(std::span<const uint16_t> words);

// The game's post-load generated-word list (0x1402FE3B0, spec §3 step 3) as a
// pure function of the pre-clear words: one strip with degenerate bridges.
// [0,1,2,3,0x8004,5] -> [0,1,2,3,3,3,3,4,5]. At most 3(n-2) words.
[[nodiscard]] std::vector<uint16_t> generate_postload_words(std::span<const uint16_t> words);

// Whether the triangle has no area (its cross product is exactly zero): a
// strip's bridge or a collapsed face, which draws nothing. The export leaves
// such triangles out, so the import cannot tell whether one was there.
[[nodiscard]] bool has_no_area(const std::array<float, 3>& a, const std::array<float, 3>& b, const std::array<float, 3>& c);

}  // namespace meshgate::mod
