// An SCM stage's sweep observations (docs/spec/dmc3-scm.md §11): its records
// and counts (stages, objects, meshes, vertices, nodes, helper_nodes,
// nodes_minus_objects=K, flag_bit=0xB, alpha_control=0x80|other,
// break_flagged_vertices, topology_bits_other, runs, generated_words,
// workspace_bytes, nonzero_workspace_fill, rotation=zero|single_axis|multi_axis,
// roots=K, objects_bound_by=0|1|2+, texture_index_at_or_past_mirror,
// zero_area_triangles, translation_magnitude_off, noncanonical,
// nonzero_gaps) and the version histogram.
#pragma once

#include "pipeline/formats/observing.hpp"

namespace meshgate::scm_row {

void observe(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::scm_row
