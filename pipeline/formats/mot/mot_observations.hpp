// A MOT motion's sweep observations (docs/spec/dmc3-mot.md §11): its header,
// count, track prefixes and keys, and counts (motions, tracks, keys,
// compression=2|3|other, hermite_keys, time_offset_nonzero,
// tracks_ending_at_end_frame, end_frame_mirror_equal, partly_set_triplets:
// where the §7 mask readings differ).
#pragma once

#include "pipeline/formats/observing.hpp"

namespace meshgate::mot_row {

void observe(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::mot_row
