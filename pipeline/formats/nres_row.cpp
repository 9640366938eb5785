// Nikita NRes archives, and the MSH
// models that are NRes archives of model streams.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "pipeline/field_listing.hpp"
#include "pipeline/formats/msh/msh_field_listing.hpp"
#include "pipeline/formats/nres/nres_field_listing.hpp"
#include "parser/msh/msh_kaitai.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_kaitai.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/msh/msh_stream_pool.hpp"
#include "pipeline/formats/msh_file.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/msh/msh_invariant_tally.hpp"
#include "pipeline/formats/msh/msh_observations.hpp"
#include "pipeline/formats/nres/nres_observations.hpp"
#include "parser/msh/msh_fields.hpp"
#include "import/msh/msh_importer.hpp"
#include "export/gltf_export.hpp"
#include "writer/msh/msh_canonical.hpp"
#include "writer/msh/msh_writer.hpp"
#include "writer/nres/nres_canonical.hpp"
#include "writer/nres/nres_layout_builder.hpp"
#include "writer/nres/nres_member_edit.hpp"
#include "writer/nres/nres_writer.hpp"

namespace meshgate {

namespace nres_row {

// What an NRes entry's directory says of its payload: resources without a
// magic (MAT0, WEAR) are known by their type, and MAT0's version is attr2.
Origin entry_origin(const nres::Entry& e) {
  return {.nres_type_id = static_cast<uint32_t>(e.record.get(nres::entry::type_id)),
          .nres_attr2 = static_cast<uint32_t>(e.record.get(nres::entry::attr2))};
}

bool is_typed_resource(const Origin& o) {
  return o.nres_type_id && format_of_entry_type(*o.nres_type_id).has_value();
}

// Offsets and sizes were validated by the parse.
Bytes payload(Bytes data, const nres::Entry& e) {
  return data.subspan(static_cast<size_t>(e.record.get(nres::entry::data_offset)),
                      static_cast<size_t>(e.record.get(nres::entry::size)));
}

// Entries whose payload is an archive or a texture, or whose type is MAT0
// or WEAR: the files nested in a plain archive. Payloads are not copied:
// every reader takes them where they lie.
void list_entries(ParsedFile& f, const nres::Archive& archive, ParseContext& c) {
  for (size_t i = 0; i < archive.entries.size(); ++i) {
    const nres::Entry& e = archive.entries[i];
    const Bytes p = payload(f.data, e);
    const Origin origin = entry_origin(e);
    if (nres::looks_like_nres(p) || texm::looks_like_texm(p) || is_typed_resource(origin))
      f.children.push_back({.name = std::string(nres::entry_name_view(e.record)), .bytes = p, .origin = origin, .index = i});
  }
  admit_children(f, c.depth, "entries", c.budget);
}

// The stream buffers of the models parsed before (a sweep parses model
// after model), in the MSH row's scratch: the parse makes the file a model.
struct ModelScratch final : RowScratch {
  msh::StreamPool pool;
  void recycle(ParsedFile& f) override {
    if (auto* m = f.as<MshFile>(); m && m->model && m->model->model) pool.harvest(*m->model->model);
  }
  [[nodiscard]] size_t held() const override { return pool.held(); }
};

std::unique_ptr<RowScratch> model_scratch() { return std::make_unique<ModelScratch>(); }

// The engine looks entries up with _strcmpi: a name in any case names one.
bool names_alike(std::string_view name, std::string_view asked) {
  return name.size() == asked.size() && nres::compare_names_lowercase(name, asked) == 0;
}

void parse(ParsedFile& f, ParseContext& c) {
  const ParseTreeOptions& o = c.options;
  nres::ParseResult archive = nres::parse_nres(f.data, {.profile = o.profile, .strict = o.strict, .copy_payloads = false});
  // A model its container's profile (or --strict) rejected is still a model.
  const bool model = archive.ok() ? msh::is_model_archive(*archive.archive) : is_rejected_model(f.data);
  if (!model) {
    const nres::ParseResult& kept = f.model.emplace<nres::ParseResult>(std::move(archive));
    if (kept.ok()) list_entries(f, *kept.archive, c);
    return;
  }
  f.format = Format::nres_msh;
  MshFile& m = f.model.emplace<MshFile>();
  m.container = std::move(archive);
  if (m.container.ok()) {
    ModelScratch* scratch = scratch_of<ModelScratch>(c, Format::nres_msh);
    m.model = msh::parse_msh_archive(f.data, m.container, {.profile = o.profile, .strict = o.strict,
                                                           .pool = scratch ? &scratch->pool : nullptr});
  }
}

void write_archive(ParsedFile& f, RoundTripOutcome& out) {
  nres::Archive& archive = *f.as<nres::ParseResult>()->archive;
  nres::attach_payloads(archive, f.data);
  compare_written(out, f.data, [&](const PartObserver* o) { return nres::write_nres(archive, o); });
}

void write_model(ParsedFile& f, RoundTripOutcome& out) {
  const msh::Model& model = *f.as<MshFile>()->model->model;
  compare_written(out, f.data, [&](const PartObserver* o) { return msh::write_msh(model, o); });
}

nlohmann::json inspect_archive(const ParsedFile& f) { return nres_inspect_head(f.data, *f.as<nres::ParseResult>()); }

FieldListing archive_fields(const ParsedFile& f, bool outlives_file) {
  const nres::Archive& archive = *f.as<nres::ParseResult>()->archive;
  if (!outlives_file) return nres_field_listing(f.data, archive);
  const auto copy = std::make_shared<const nres::Archive>(archive);  // the bytes are read while it is made
  FieldListing fields = nres_field_listing(f.data, *copy);
  fields.keep_alive(copy);
  return fields;
}

nlohmann::json inspect_model(const ParsedFile& f) {
  const MshFile& m = *f.as<MshFile>();
  if (m.model) return msh_inspect_head(f.data, *m.model);  // the fields come from `fields`
  nlohmann::json report = nres_inspect_json(f.data, m.container);
  report["format"] = std::string(msh::kFormatName);
  return report;
}

FieldListing model_fields(const ParsedFile& f, bool outlives_file) {
  const msh::Model& model = *f.as<MshFile>()->model->model;
  if (!outlives_file) return msh_field_listing(model);
  // The fields are made a group at a time from a copy of the parsed streams, kept with the listing.
  const auto copy = std::make_shared<const msh::Model>(model);
  FieldListing fields = msh_field_listing(*copy);
  fields.keep_alive(copy);
  return fields;
}

std::string archive_summary(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["entries"] << " entries, " << s["nested_archives"] << " nested archives, " << s["textures"]
      << " textures\n";
  return out.str();
}

std::string model_summary(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["entries"] << " streams, " << s["nodes"] << " nodes, " << s["slots"] << " slots, " << s["batches"]
      << " batches, " << s["vertices"] << " vertices, " << s["indices"] << " indices, " << s["triangles"]
      << " triangles, " << s["keys"] << " keys, " << s["frames"] << " frames\n";
  return out.str();
}

// A plain archive laid out afresh, each nested archive or model replaced by
// its own rebuild (made before this one).
CanonicalLayout rebuild_archive(const ParsedFile& f, const ChildRebuild& child) {
  CanonicalLayout out;
  const nres::Archive& archive = *f.as<nres::ParseResult>()->archive;
  nres::ArchiveDescription d;
  std::vector<const nres::EntryRecord*> records;
  size_t next_child = 0;  // children are listed in entry order
  for (size_t i = 0; i < archive.entries.size(); ++i) {
    const Bytes bytes = payload(f.data, archive.entries[i]);
    std::vector<std::byte> placed;
    if (next_child < f.children.size() && f.children[next_child].index == i)
      placed = child(f.children[next_child++], out);
    else
      placed.assign(bytes.begin(), bytes.end());
    d.entries.push_back(nres::describe_entry(archive.entries[i].record, std::move(placed)));
    records.push_back(&archive.entries[i].record);
  }
  d.uppercase_sort = nres::sorted_uppercase(records);
  out.bytes = nres::build_nres(d);
  for (const std::string& line : nres::unplaced_gaps(archive.gaps)) out.not_placed.push_back(f.path + ": " + line);
  return out;
}

CanonicalLayout rebuild_model(const ParsedFile& f, const ChildRebuild&) {
  return canonical_of(f.path, msh::rebuild_canonical(*f.as<MshFile>()->model->model));
}

gltf::Exported export_gltf(const ParsedFile& f, const gltf::ExportOptions& options) {
  return gltf::export_msh(*f.as<MshFile>()->model->model, f.data, options);
}

// MSH element layouts by stream name, for showing a value: the stream table
// holds strides (checked against these below), not element types.
struct MshElement {
  std::string_view stream, type;
  uint32_t stride;
};
constexpr std::array kMshElements{
    MshElement{"positions", "f32x3", 12}, MshElement{"normals", "s8x4", 4}, MshElement{"uv0", "i16x2", 4},
    MshElement{"indices", "u16", 2},      MshElement{"frame_map", "u16", 2}, MshElement{"res18", "u16x2", 4},
};
consteval bool elements_match_stream_table() {
  for (const MshElement& e : kMshElements) {
    bool found = false;
    for (const msh::StreamType& t : msh::kStreamTypes) found = found || (t.name == e.stream && t.stride == e.stride);
    if (!found) return false;
  }
  return true;
}
static_assert(elements_match_stream_table(), "an MSH element layout disagrees with kStreamTypes");

std::optional<LeafInfo> describe_archive_mark(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(nres::kHeaderSpec.fields, leaf)) return of_field(*f);
  if (leaf == "payload")
    return LeafInfo{Status::structural_confirmed, "an entry's payload: its extent is the directory's; its content is the nested file's own map",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> describe_model_stream(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(nres::kHeaderSpec.fields, leaf)) return of_field(*f);
  // Res10 records: "res10[k]" owns "length" and "text".
  if (owner.starts_with("res10[") && (leaf == "length" || leaf == "text")) {
    const msh::StreamType& strings = *msh::find_stream_type(msh::stream_type::strings);
    return LeafInfo{strings.status, strings.note, leaf == "length" ? "u32" : "bytes", leaf == "length" ? 4u : 1u, nullptr};
  }
  for (const msh::StreamType& t : msh::kStreamTypes) {
    if (t.name != leaf) continue;
    LeafInfo info{t.status, t.note, "bytes", 1, nullptr};
    for (const MshElement& e : kMshElements)
      if (e.stream == leaf) info.element_type = e.type, info.stride = e.stride;
    return info;
  }
  if (leaf == "raw") return LeafInfo{Status::preserved_undecoded, "a stream type meshgate does not catalogue: kept exactly", "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> archive_leaves() { return {{"entries[0]", "payload"}}; }

// Res10's strings, every catalogued stream by its type's name, a stream of
// another type kept raw, and the container's leaves (a rejected model's map).
std::vector<MarkLeaf> model_leaves() {
  std::vector<MarkLeaf> out{{"res10[0]", "length"}, {"res10[0]", "text"}, {"res", "raw"}};
  for (const msh::StreamType& t : msh::kStreamTypes) out.push_back({"res", t.name});
  for (const MarkLeaf& l : archive_leaves()) out.push_back(l);
  return out;
}

// A rejected model's map is its container's.
std::optional<LeafInfo> describe_model_mark(std::string_view owner, std::string_view leaf) {
  if (auto info = describe_model_stream(owner, leaf)) return info;
  return describe_archive_mark(owner, leaf);
}

// Every entry by its name, in directory order, with the origin its type gives it.
std::vector<ContainerMember> members(const ParsedFile& f) {
  std::vector<ContainerMember> out;
  const nres::Archive& archive = *f.as<nres::ParseResult>()->archive;
  for (size_t i = 0; i < archive.entries.size(); ++i) {
    const nres::Entry& e = archive.entries[i];
    const Bytes p = payload(f.data, e);
    out.push_back({.name = std::string(nres::entry_name_view(e.record)), .bytes = p, .origin = entry_origin(e), .index = i,
                   .size = p.size()});
  }
  return out;
}

EditedContainer edit_member(const ParsedFile& f, const MemberEdit& edit) {
  return nres::edit_nres(f.data, *f.as<nres::ParseResult>()->archive, edit);
}

// The tables the parsers read (field_tables): an archive's, and a model's
// streams' (whose container records are the archive's).
constexpr std::array kArchiveTables = {
    table_ref<nres::kHeaderSpec>(nres::kFormatName),
    table_ref<nres::kEntrySpec>(nres::kFormatName),
};
constexpr std::array kModelTables = {
    table_ref<msh::kNodeSpec>(msh::kFormatName),        table_ref<msh::kNodeShortSpec>(msh::kFormatName),
    table_ref<msh::kModelHeaderSpec>(msh::kFormatName), table_ref<msh::kSlotSpec>(msh::kFormatName),
    table_ref<msh::kTriangleSpec>(msh::kFormatName),    table_ref<msh::kBatchSpec>(msh::kFormatName),
    table_ref<msh::kKeySpec>(msh::kFormatName),
};
constexpr std::array kModelContainer = {Format::nres};

}  // namespace nres_row

const FormatRow kNresRow{.format = Format::nres,
                         .parse = nres_row::parse,
                         .inflate_child = nullptr,
                         .write_back = nres_row::write_archive,
                         .read_only_reason = nullptr,
                         .inspect = nres_row::inspect_archive,
                         .fields = nres_row::archive_fields,
                         .summary_text = nres_row::archive_summary,
                         .rebuild = nres_row::rebuild_archive,
                         .describe_mark = nres_row::describe_archive_mark,
                         .export_gltf = nullptr,
                         .lods = 0,
                         .reads_looks = false,
                         .is_look = false,
                         .kaitai = nres::kaitai_spec,
                         .mark_leaves = nres_row::archive_leaves,
                         .members = nres_row::members,
                         .edit_member = nres_row::edit_member,
                         .field_tables = nres_row::kArchiveTables,
                         .catalogue_order = 2,
                         .observe = nres_row::observe,
                         .declared_version = nres_row::declared_version,
                         .names_alike = nres_row::names_alike};
const FormatRow kMshRow{.format = Format::nres_msh,
                        .parse = nres_row::parse,
                        .inflate_child = nullptr,
                        .write_back = nres_row::write_model,
                        .read_only_reason = nullptr,
                        .inspect = nres_row::inspect_model,
                        .fields = nres_row::model_fields,
                        .summary_text = nres_row::model_summary,
                        .rebuild = nres_row::rebuild_model,
                        .describe_mark = nres_row::describe_model_mark,
                        .export_gltf = nres_row::export_gltf,
                        .lods = 5,  // slot groups 0-4
                        .reads_looks = true,
                        .is_look = false,
                        .kaitai = msh::kaitai_spec,
                        .mark_leaves = nres_row::model_leaves,
                        .gltf_import = &msh::kGltfImporter,
                        .field_tables = nres_row::kModelTables,
                        .catalogue_order = 3,
                        .fills_tables_of = nres_row::kModelContainer,
                        .observe = msh_row::observe,
                        .declared_version = msh_row::declared_version,
                        .invariants = &msh_row::kInvariants,
                        .scratch = nres_row::model_scratch};

}  // namespace meshgate
