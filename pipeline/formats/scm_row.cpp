// DMC3 SCM: a stage model, loose or a member of a PAC/PNST container.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "export/gltf_export.hpp"
#include "import/scm/scm_importer.hpp"
#include "parser/scm/scm_fields.hpp"
#include "parser/scm/scm_kaitai.hpp"
#include "pipeline/formats/scm/scm_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/scm/scm_observations.hpp"
#include "writer/scm/scm_writer.hpp"

namespace meshgate {

namespace scm_row {

void parse(ParsedFile& f, ParseContext& c) { f.model.put(scm::parse_scm(f.data, {.strict = c.options.strict})); }

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const scm::Model& model = *f.as<scm::ParseResult>()->model;
  compare_written(out, f.data, [&](const PartObserver* o) { return scm::write_scm(model, o); });
}

nlohmann::json inspect(const ParsedFile& f) { return scm_inspect_head(f.data, *f.as<scm::ParseResult>()); }

FieldListing fields(const ParsedFile& f, bool outlives_file) {
  return listing_of(*f.as<scm::ParseResult>()->model, outlives_file, scm_field_listing);
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  version " << s["version"] << ", " << s["objects"] << " objects, " << s["meshes"] << " meshes, "
      << s["vertices"] << " vertices, " << s["nodes"] << " scene nodes (" << s["helper_nodes"] << " helpers), "
      << s["texture_slot_mirror"] << " texture slots mirrored, resource code " << s["legacy_resource_code"]["raw"]
      << (s["canonical_layout"].get<bool>() ? ", canonical layout" : ", non-canonical layout") << "\n";
  return out.str();
}

CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild&) {
  scm::CanonicalModel c = scm::canonical_model(*f.as<scm::ParseResult>()->model);
  CanonicalLayout out = written_layout(f.path, scm::write_scm(c.model));
  for (const std::string& note : c.notes) out.notes.push_back(f.path + ": " + note);
  return out;
}

gltf::Exported export_gltf(const ParsedFile& f, const gltf::ExportOptions& options) {
  return gltf::export_scm(*f.as<scm::ParseResult>()->model, f.data, options);
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  for (const scm::ArraySpec& a : scm::kStreamSpecs)
    if (a.name == leaf) return LeafInfo{a.status, a.note, a.element_type, a.stride, nullptr};
  for (const scm::ArraySpec* a : {&scm::kParentArraySpec, &scm::kOrderArraySpec, &scm::kBindingArraySpec,
                                  &scm::kWorkspaceSpec})
    if (a->name == leaf) return LeafInfo{a->status, a->note, a->element_type, a->stride, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() {
  std::vector<MarkLeaf> out;
  for (const scm::ArraySpec& a : scm::kStreamSpecs) out.push_back({"", a.name});
  for (const scm::ArraySpec* a : {&scm::kParentArraySpec, &scm::kOrderArraySpec, &scm::kBindingArraySpec,
                                  &scm::kWorkspaceSpec})
    out.push_back({"", a->name});
  return out;
}

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<scm::kHeaderSpec>(scm::kFormatName),       table_ref<scm::kObjectSpec>(scm::kFormatName),
    table_ref<scm::kMeshSpec>(scm::kFormatName),         table_ref<scm::kSceneHeaderSpec>(scm::kFormatName),
    table_ref<scm::kTransformSpec>(scm::kFormatName),
};

}  // namespace scm_row

const FormatRow kScmRow{.format = Format::dmc3_scm,
                        .parse = scm_row::parse,
                        .inflate_child = nullptr,
                        .write_back = scm_row::write_back,
                        .read_only_reason = nullptr,
                        .inspect = scm_row::inspect,
                        .fields = scm_row::fields,
                        .summary_text = scm_row::summary_text,
                        .rebuild = scm_row::rebuild,
                        .describe_mark = scm_row::describe_mark,
                        .export_gltf = scm_row::export_gltf,
                        .lods = 1,
                        .reads_looks = false,
                        .is_look = false,
                        .kaitai = scm::kaitai_spec,
                        .mark_leaves = scm_row::mark_leaves,
                        .gltf_import = &scm::kGltfImporter,
                        .field_tables = scm_row::kTables,
                        .catalogue_order = 9,
                        .observe = scm_row::observe};

}  // namespace meshgate
