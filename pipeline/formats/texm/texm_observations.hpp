// A Texm texture's sweep observations: its header and Page records, counts
// (textures, levels, pixel_format=N, complete_mip_chains: every level down
// to 1 x 1, page_chunks, alpha: the engine gives it an alpha channel), and
// its entry's name (the last component of its report path,
// "Textures.lib!TEX_0001") as one the materials' textures may name.
#pragma once

#include "pipeline/formats/observing.hpp"

namespace meshgate::texm_row {

void observe(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::texm_row
