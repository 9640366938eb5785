// An MSH model's sweep observations: its streams' records, counts (models,
// nodes, slots, batches, vertices, triangles, keys, animated_models) and UV
// range; its version is its container's.
#pragma once

#include <string>

#include "pipeline/formats/observing.hpp"

namespace meshgate::msh_row {

void observe(const ParsedView& v, FileObservation& into);
[[nodiscard]] std::string declared_version(const ParsedView& v);

}  // namespace meshgate::msh_row
