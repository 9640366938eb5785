#include "analysis/format_observations.hpp"

#include "pipeline/format_rows.hpp"

namespace meshgate {

void observe_model(Format format, const ParsedView& parsed, ObservedFile into) {
  const FormatRow& row = row_of(format);
  if (row.observe) {
    FileObservation file{into.corpus, into.file.uv_range, into.path};
    row.observe(parsed, file);
  }
  into.tallies.tally(row, parsed, into.path);
}

std::string declared_version(Format format, const ParsedView& parsed) {
  const FormatRow& row = row_of(format);
  return row.declared_version ? row.declared_version(parsed) : std::string();
}

}  // namespace meshgate
