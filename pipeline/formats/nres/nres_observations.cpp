#include "pipeline/formats/nres/nres_observations.hpp"

#include "parser/nres/nres_fields.hpp"

namespace meshgate::nres_row {

void observe_archive(const nres::Archive& a, FieldObserver& o) {
  o.observe(a.header);
  for (const nres::Entry& e : a.entries) o.observe(e.record);
  o.count(nres::kFormatName, "archives", 1);
  o.count(nres::kFormatName, "entries", a.entries.size());
  o.version(nres::kFormatName, value_text(nres::kHeaderSpec.fields[nres::hdr::version], a.header.get(nres::hdr::version), {}));
}

void observe(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<nres::ParseResult>(); r && r->ok()) observe_archive(*r->archive, into.corpus);
}

std::string archive_version(const nres::ParseResult& r) {
  if (!r.ok()) return {};
  return value_text(nres::kHeaderSpec.fields[nres::hdr::version], r.archive->header.get(nres::hdr::version), {});
}

std::string declared_version(const ParsedView& v) {
  const auto* r = v.as<nres::ParseResult>();
  return r ? archive_version(*r) : std::string();
}

}  // namespace meshgate::nres_row
