// The field listings of MAT0 materials and WEAR tables (diff, set, dump and
// the sweep's pages read them).
#include "pipeline/formats/material/material_field_listing.hpp"

#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

json mat0_inspect_json(Bytes data, const mat0::ParseResult& result) {
  using namespace mat0;
  json out = inspect_envelope(kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const Material& m = *result.material;
  json fields = json::array();
  if (m.raw) {
    fields.push_back({{"path", "raw"}, {"offset", 0}, {"size", m.raw->size()}, {"type", "bytes"},
                      {"value", "version " + std::to_string(m.version)},
                      {"status", status_string(Status::preserved_undecoded)}});
  } else {
    append_record(fields, "header", 0, m.header);
    uint64_t at = kHeaderSpec.size;
    for (size_t k = 0; k < m.entries.size(); ++k, at += kEntrySpec.size)
      append_record(fields, "entries[" + std::to_string(k) + "]", at, m.entries[k]);
    for (size_t t = 0; t < m.tracks.size(); ++t) {
      const std::string track = "tracks[" + std::to_string(t) + "]";
      append_record(fields, track, at, m.tracks[t].head);
      at += kTrackSpec.size;
      for (size_t k = 0; k < m.tracks[t].keys.size(); ++k, at += kKeySpec.size)
        append_record(fields, track + ".keys[" + std::to_string(k) + "]", at, m.tracks[t].keys[k]);
    }
  }
  json phases = json::array();
  for (const EntryRecord& e : m.entries) {
    const Bytes d = e.raw(entry::diffuse);
    phases.push_back({{"texture", texture_name(e)},
                      {"cell", static_cast<int8_t>(e.get(entry::cell))},
                      {"diffuse", {std::to_integer<int>(d[0]), std::to_integer<int>(d[1]), std::to_integer<int>(d[2]),
                                   std::to_integer<int>(d[3])}}});
  }
  out["summary"] = {{"version", m.version},
                    {"decoded", !m.raw.has_value()},
                    {"phases", std::move(phases)},
                    {"tracks", m.tracks.size()},
                    {"static_phase", m.raw ? json(nullptr) : json(static_phase(m))}};
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

json wear_inspect_json(Bytes data, const wear::ParseResult& result) {
  using namespace wear;
  json out = inspect_envelope(kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const Table& t = *result.table;
  json fields = json::array(), rows = json::array();
  for (size_t k = 0; k < t.rows.size(); ++k) {
    const Row& r = t.rows[k];
    fields.push_back({{"path", "rows[" + std::to_string(k) + "]"}, {"offset", r.offset}, {"size", 0}, {"type", "text"},
                      {"value", std::to_string(r.id) + " " + r.name}, {"status", status_string(Status::structural_confirmed)}});
    rows.push_back({{"id", r.id}, {"name", r.name}, {"line", r.line}});
  }
  json lightmaps = nullptr;
  if (t.lightmaps) {
    lightmaps = json::array();
    for (const Row& r : *t.lightmaps) lightmaps.push_back({{"id", r.id}, {"name", r.name}, {"line", r.line}});
  }
  out["summary"] = {{"declared_rows", t.declared_rows},
                    {"rows", std::move(rows)},
                    {"lightmaps", std::move(lightmaps)},
                    {"default_row_reading", std::string(row_reading_name(RowReading::by_id))}};
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
