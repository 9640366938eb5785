#include "analysis/format_observations.hpp"

#include "pipeline/format_rows.hpp"
#include "pipeline/formats/msh_file.hpp"

namespace meshgate {

namespace {

// The invariant tallies of the formats that declare invariants.
void tally(const ParsedView& parsed, ObservedFile into) {
  if (const auto* mod = parsed.as<mod::ParseResult>(); mod && mod->ok()) into.tallies.tally_mod(into.path, *mod);
  if (const msh::ParseResult* msh = msh_model(parsed)) into.tallies.tally_msh(into.path, *msh);
  if (const auto* pac = parsed.as<pac::ParseResult>()) into.tallies.tally_pac(into.path, *pac);
}

}  // namespace

void observe_model(Format format, const ParsedView& parsed, ObservedFile into) {
  const FormatRow& row = row_of(format);
  if (row.observe) {
    FileObservation file{into.corpus, into.file.uv_range, into.path};
    row.observe(parsed, file);
  }
  tally(parsed, into);
}

std::string declared_version(Format format, const ParsedView& parsed) {
  const FormatRow& row = row_of(format);
  return row.declared_version ? row.declared_version(parsed) : std::string();
}

}  // namespace meshgate
