// A DMC3 MOD's sweep observations: its records, counts (files, objects,
// meshes, vertices, transforms), version histogram and UV range.
#pragma once

#include <string>

#include "pipeline/formats/observing.hpp"

namespace meshgate::mod_row {

void observe(const ParsedView& v, FileObservation& into);
// Its header's version as "%.2f" prints it ("1.01").
[[nodiscard]] std::string declared_version(const ParsedView& v);

}  // namespace meshgate::mod_row
