// What a sweep learns from one parsed file beyond its round trip: the
// corpus's observations (value histograms) and the file's UV range, from its
// format's row (FormatRow::observe), its invariant tallies (FormatRow::invariants), and its version
// (FormatRow::declared_version). A format without them contributes its round
// trip and coverage only.
#pragma once

#include <string>

#include "analysis/invariant_tally.hpp"
#include "analysis/observations.hpp"
#include "analysis/sweep.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct ObservedFile {
  Observations& corpus;
  InvariantTallies& tallies;
  SweptFile& file;
  const std::string& path;
};

// Observations, tallies and UV range of one file of `format`.
void observe_model(Format format, const ParsedView& parsed, ObservedFile into);
// The version a file declares, as the evidence prints it ("" when none).
[[nodiscard]] std::string declared_version(Format format, const ParsedView& parsed);

}  // namespace meshgate
