// MAT0 materials' and WEAR tables' sweep observations. A MAT0 phase names
// its texture: the names the corpus's materials ask for are counted under
// nikita-mat0 with how many of them a Texm entry of the corpus holds
// (texture_names, texture_names_resolved; the Texm row reports its names).
#pragma once

#include <string>
#include <string_view>

#include "pipeline/formats/observing.hpp"

namespace meshgate::material_row {

// The name set the materials' textures are counted in: (format, what).
[[nodiscard]] std::string_view texture_names_format();
inline constexpr std::string_view kTextureNames = "texture_names";

void observe_mat0(const ParsedView& v, FileObservation& into);
void observe_wear(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::material_row
