// DMC3 MOD: a model, loose or a member of a PAC/PNST container.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "pipeline/field_listing.hpp"
#include "pipeline/formats/mod/mod_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/mod/mod_invariant_tally.hpp"
#include "pipeline/formats/mod/mod_observations.hpp"
#include "import/mod/mod_importer.hpp"
#include "parser/mod/mod_fields.hpp"
#include "parser/mod/mod_kaitai.hpp"
#include "parser/mod/mod_stream_pool.hpp"
#include "export/gltf_export.hpp"
#include "writer/mod/mod_canonical.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate {

namespace mod_row {

// The stream buffers of the models parsed before (a sweep parses one PAC's
// MODs after another).
struct Scratch final : RowScratch {
  mod::StreamPool pool;
  void recycle(ParsedFile& f) override {
    if (auto* m = f.as<mod::ParseResult>(); m && m->model) pool.harvest(*m->model);
  }
  [[nodiscard]] size_t held() const override { return pool.held(); }
};

std::unique_ptr<RowScratch> scratch() { return std::make_unique<Scratch>(); }

void parse(ParsedFile& f, ParseContext& c) {
  Scratch* scratch = scratch_of<Scratch>(c, Format::dmc3_mod);
  f.model.put(mod::parse_mod(f.data, {.strict = c.options.strict, .pool = scratch ? &scratch->pool : nullptr,
                                      .container_member = f.origin.container_member}));
}

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const mod::Model& model = *f.as<mod::ParseResult>()->model;
  compare_written(out, f.data, [&](const PartObserver* o) { return mod::write_mod(model, o); });
}

nlohmann::json inspect(const ParsedFile& f) { return mod_inspect_json(f.data, *f.as<mod::ParseResult>()); }

FieldListing fields(const ParsedFile& f, bool outlives_file) {
  return listing_of(*f.as<mod::ParseResult>()->model, outlives_file, mod_field_listing);
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  version " << s["version"] << ", " << s["objects"] << " objects, " << s["meshes"] << " meshes, "
      << s["vertices"] << " vertices, " << s["nodes"] << " nodes, " << s["texture_slots"]
      << " texture slots, default joint " << s["default_joint"] << "\n";
  return out.str();
}

CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild&) {
  return canonical_of(f.path, mod::rebuild_canonical(*f.as<mod::ParseResult>()->model));
}

gltf::Exported export_gltf(const ParsedFile& f, const gltf::ExportOptions& options) {
  return gltf::export_mod(*f.as<mod::ParseResult>()->model, f.data, options);
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  for (const mod::ArraySpec& a : mod::kStreamSpecs)
    if (a.name == leaf) return LeafInfo{a.status, a.note, a.element_type, a.stride, nullptr};
  for (const mod::ArraySpec* a : {&mod::kParentArraySpec, &mod::kOrderArraySpec, &mod::kMotionGroupArraySpec, &mod::kWorkspaceSpec})
    if (a->name == leaf) return LeafInfo{a->status, a->note, a->element_type, a->stride, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() {
  std::vector<MarkLeaf> out;
  for (const mod::ArraySpec& a : mod::kStreamSpecs) out.push_back({"", a.name});
  for (const mod::ArraySpec* a : {&mod::kParentArraySpec, &mod::kOrderArraySpec, &mod::kMotionGroupArraySpec, &mod::kWorkspaceSpec})
    out.push_back({"", a->name});
  return out;
}

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<mod::kHeaderSpec>(mod::kFormatName),    table_ref<mod::kObjectSpec>(mod::kFormatName),
    table_ref<mod::kMeshSpec>(mod::kFormatName),      table_ref<mod::kNodeHeaderSpec>(mod::kFormatName),
    table_ref<mod::kTransformSpec>(mod::kFormatName),
};

}  // namespace mod_row

const FormatRow kModRow{.format = Format::dmc3_mod,
                        .parse = mod_row::parse,
                        .inflate_child = nullptr,
                        .write_back = mod_row::write_back,
                        .read_only_reason = nullptr,
                        .inspect = mod_row::inspect,
                        .fields = mod_row::fields,
                        .summary_text = mod_row::summary_text,
                        .rebuild = mod_row::rebuild,
                        .describe_mark = mod_row::describe_mark,
                        .export_gltf = mod_row::export_gltf,
                        .lods = 1,
                        .reads_looks = false,
                        .is_look = false,
                        .kaitai = mod::kaitai_spec,
                        .mark_leaves = mod_row::mark_leaves,
                        .gltf_import = &mod::kGltfImporter,
                        .field_tables = mod_row::kTables,
                        .catalogue_order = 1,
                        .observe = mod_row::observe,
                        .declared_version = mod_row::declared_version,
                        .invariants = &mod_row::kInvariants,
                        .scratch = mod_row::scratch};

}  // namespace meshgate
