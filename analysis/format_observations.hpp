// What a sweep learns from one parsed file beyond its round trip, by its
// model's type: the corpus's observations (value histograms), the file's
// invariant tallies, its version and its decoded UV range. A format without
// an overload here contributes its round trip and coverage only.
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

// Observations, tallies and UV range of one file.
void observe_model(const ParsedModel& model, ObservedFile into);
// The version a file declares, as the evidence prints it ("" when none).
[[nodiscard]] std::string declared_version(const ParsedModel& model);

}  // namespace meshgate
