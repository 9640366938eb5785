#include "pipeline/formats/material/material_observations.hpp"

#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"

namespace meshgate::material_row {

namespace {

// Its records, the version histogram (the entry's attr2), counts (materials,
// phases, animated, untextured_phases, cells) and the textures it names.
void observe_material(const mat0::Material& m, FieldObserver& o) {
  using namespace mat0;
  o.count(kFormatName, "materials", 1);
  o.version(kFormatName, std::to_string(m.version));
  if (m.raw) return;  // another version: nothing decoded
  o.observe(m.header);
  o.observe_all(std::span<const EntryRecord>(m.entries));
  o.count(kFormatName, "phases", m.entries.size());
  o.count(kFormatName, "animated", m.tracks.empty() ? 0 : 1);
  for (const EntryRecord& e : m.entries) {
    std::string name = texture_name(e);
    o.count(kFormatName, "untextured_phases", name.empty() ? 1 : 0);
    if (!name.empty()) o.name_wanted(kFormatName, kTextureNames, std::move(name));
    o.count(kFormatName, "cells", e.get(entry::cell) != 0xFF ? 1 : 0);
  }
  for (const Track& t : m.tracks) {
    o.observe(t.head);
    o.observe_all(std::span<const KeyRecord>(t.keys));
  }
}

}  // namespace

std::string_view texture_names_format() { return mat0::kFormatName; }

void observe_mat0(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<mat0::ParseResult>(); r && r->ok()) observe_material(*r->material, into.corpus);
}

// Counts: tables, rows, lightmap_sections.
void observe_wear(const ParsedView& v, FileObservation& into) {
  const auto* r = v.as<wear::ParseResult>();
  if (!r || !r->ok()) return;
  const wear::Table& t = *r->table;
  into.corpus.count(wear::kFormatName, "tables", 1);
  into.corpus.count(wear::kFormatName, "rows", t.rows.size());
  into.corpus.count(wear::kFormatName, "lightmap_sections", t.lightmaps ? 1 : 0);
}

}  // namespace meshgate::material_row
