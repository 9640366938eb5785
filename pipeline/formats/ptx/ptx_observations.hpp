// A PTX companion's sweep observations: its header, count table, heads and
// DDS headers (width, height, mip count, FourCC, flags, pitch histograms),
// and counts (companions, textures, framing=texture-object|tm2,
// pixel_format=DXT1|DXT5|uncompressed|other, levels, complete_mip_chains,
// non_power_of_two, nonzero_padding, trailing_bytes).
#pragma once

#include "pipeline/formats/observing.hpp"

namespace meshgate::ptx_row {

void observe(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::ptx_row
