// An NRes archive's sweep observations: its header and entry records,
// counts (archives, entries) and version histogram.
#pragma once

#include <string>

#include "parser/nres/nres_parser.hpp"
#include "pipeline/formats/observing.hpp"

namespace meshgate::nres_row {

void observe_archive(const nres::Archive& archive, FieldObserver& o);
void observe(const ParsedView& v, FileObservation& into);
// The header's version as the evidence prints it ("" when the archive did not parse).
[[nodiscard]] std::string archive_version(const nres::ParseResult& r);
[[nodiscard]] std::string declared_version(const ParsedView& v);

}  // namespace meshgate::nres_row
