// Nikita MAT0 materials and WEAR tables: entries of an NRes archive known by
// their type (they have no magic).
#include "pipeline/formats/rows.hpp"

#include <array>

#include "parser/material/mat0_kaitai.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/formats/material/material_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/material/material_observations.hpp"
#include "parser/material/mat0_fields.hpp"
#include "writer/material/material_writer.hpp"

namespace meshgate {

namespace material_row {

// MAT0's version is its entry's attr2; a loose one is read as the known version.
void parse_mat0(ParsedFile& f, ParseContext& c) {
  const Origin& o = f.origin;
  f.model.put(mat0::parse_mat0(f.data, {.version = o.nres_type_id ? o.nres_attr2 : mat0::kKnownVersion,
                                        .strict = c.options.strict}));
}

void parse_wear(ParsedFile& f, ParseContext& c) { f.model.put(wear::parse_wear(f.data, {.strict = c.options.strict})); }

void write_mat0_back(ParsedFile& f, RoundTripOutcome& out) {
  const mat0::Material& material = *f.as<mat0::ParseResult>()->material;
  compare_written(out, f.data, [&](const PartObserver* o) { return write_mat0(material, o); });
}

void write_wear_back(ParsedFile& f, RoundTripOutcome& out) {
  const wear::Table& table = *f.as<wear::ParseResult>()->table;
  compare_written(out, f.data, [&](const PartObserver* o) { return write_wear(table, o); });
}

nlohmann::json inspect_mat0(const ParsedFile& f) { return mat0_inspect_json(f.data, *f.as<mat0::ParseResult>()); }
nlohmann::json inspect_wear(const ParsedFile& f) { return wear_inspect_json(f.data, *f.as<wear::ParseResult>()); }

std::string mat0_summary(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  version " << s["version"] << ", " << s["phases"] << " phases, " << s["tracks"] << " tracks\n";
  return out.str();
}

std::string wear_summary(const nlohmann::json& report) {
  return "  " + std::to_string(report["summary"]["rows"].size()) + " rows\n";
}

CanonicalLayout rebuild_mat0(const ParsedFile& f, const ChildRebuild&) {
  return written_layout(f.path, write_mat0(*f.as<mat0::ParseResult>()->material));
}

CanonicalLayout rebuild_wear(const ParsedFile& f, const ChildRebuild&) {
  return written_layout(f.path, write_wear(*f.as<wear::ParseResult>()->table));
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  if (leaf == "bytes")
    return LeafInfo{Status::preserved_undecoded, "kept exactly: a MAT0 of an unknown version, or text after a WEAR table",
                    "bytes", 1, nullptr};
  if (leaf == "count" || leaf == "id" || leaf == "name" || leaf == "keyword")
    return LeafInfo{Status::structural_confirmed, "a WEAR token (count, row id, material or lightmap name, LIGHTMAPS)",
                    "bytes", 1, nullptr};
  if (leaf == "separator")
    return LeafInfo{Status::structural_confirmed, "whitespace between WEAR tokens (CRLF in real files), kept exactly",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() {
  return {{"", "bytes"}, {"", "count"}, {"", "id"}, {"", "name"}, {"", "keyword"}, {"", "separator"}};
}

// The tables MAT0's parser reads (field_tables); WEAR's are text, not records.
constexpr std::array kMat0Tables = {
    table_ref<mat0::kHeaderSpec>(mat0::kFormatName), table_ref<mat0::kEntrySpec>(mat0::kFormatName),
    table_ref<mat0::kTrackSpec>(mat0::kFormatName),  table_ref<mat0::kKeySpec>(mat0::kFormatName),
};

}  // namespace material_row

const FormatRow kMat0Row{.format = Format::nikita_mat0,
                         .parse = material_row::parse_mat0,
                         .inflate_child = nullptr,
                         .write_back = material_row::write_mat0_back,
                         .read_only_reason = nullptr,
                         .inspect = material_row::inspect_mat0,
                         .fields = nullptr,
                         .summary_text = material_row::mat0_summary,
                         .rebuild = material_row::rebuild_mat0,
                         .describe_mark = material_row::describe_mark,
                         .export_gltf = nullptr,
                         .lods = 0,
                         .reads_looks = false,
                         .is_look = true,
                         .kaitai = mat0::kaitai_spec,
                         .mark_leaves = material_row::mark_leaves,
                         .field_tables = material_row::kMat0Tables,
                         .catalogue_order = 7,
                         .observe = material_row::observe_mat0};

const FormatRow kWearRow{.format = Format::nikita_wear,
                         .parse = material_row::parse_wear,
                         .inflate_child = nullptr,
                         .write_back = material_row::write_wear_back,
                         .read_only_reason = nullptr,
                         .inspect = material_row::inspect_wear,
                         .fields = nullptr,
                         .summary_text = material_row::wear_summary,
                         .rebuild = material_row::rebuild_wear,
                         .describe_mark = material_row::describe_mark,
                         .export_gltf = nullptr,
                         .lods = 0,
                         .reads_looks = false,
                         .is_look = true,
                         .mark_leaves = material_row::mark_leaves,
                         .observe = material_row::observe_wear};

}  // namespace meshgate
