// What several rows share: the canonical layout of a format with one
// builder, the layout of a format without layout freedom, and a report's
// summary lines.
#pragma once

#include <memory>
#include <sstream>
#include <string>

#include "pipeline/format_rows.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

// A builder's result, "path: what" for each line it could not place or noted.
template <typename Canonical>
CanonicalLayout canonical_of(const std::string& path, Canonical&& canonical) {
  CanonicalLayout out;
  out.bytes = std::move(canonical.bytes);
  for (const std::string& line : canonical.not_placed) out.not_placed.push_back(path + ": " + line);
  if constexpr (requires { canonical.notes; })
    for (const std::string& line : canonical.notes) out.notes.push_back(path + ": " + line);
  return out;
}

// Texm, MAT0 and WEAR have no layout freedom: their parts lie back to back,
// so their canonical layout is what their writer writes.
CanonicalLayout written_layout(const std::string& path, const WriteResult& written);

// A row's `fields`: the listing `make` makes of `model`, reading it where it
// lies, or (`outlives_file`) from a copy of it kept with the listing.
template <typename Model>
FieldListing listing_of(const Model& model, bool outlives_file, FieldListing (*make)(const Model&)) {
  if (!outlives_file) return make(model);
  const auto copy = std::make_shared<const Model>(model);
  FieldListing fields = make(*copy);
  fields.keep_alive(copy);
  return fields;
}

// A row without a part: what the registry test tells from a forgotten one.
inline std::string no_summary(const nlohmann::json&) { return {}; }

}  // namespace meshgate
