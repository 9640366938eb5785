// DMC3 PTX texture companions: loose, or members of a PAC found by their
// first bytes. Their entries are images the texture command names by index
// (tex.ptx!3), not nested files: an entry is no file of a format of its own.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "parser/ptx/ptx_kaitai.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/formats/ptx/ptx_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/ptx/ptx_observations.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "writer/ptx/ptx_entry_edit.hpp"
#include "writer/ptx/ptx_entry_encode.hpp"
#include "writer/ptx/ptx_writer.hpp"

namespace meshgate {

namespace ptx_row {

void parse(ParsedFile& f, ParseContext& c) { f.model.put(ptx::parse_ptx(f.data, {.strict = c.options.strict})); }

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const ptx::Companion& companion = *f.as<ptx::ParseResult>()->companion;
  compare_written(out, f.data, [&](const PartObserver* o) { return ptx::write_ptx(companion, o); });
}

nlohmann::json inspect(const ParsedFile& f) { return ptx_inspect_head(f.data, *f.as<ptx::ParseResult>()); }

FieldListing fields(const ParsedFile& f, bool outlives_file) {
  return listing_of(*f.as<ptx::ParseResult>()->companion, outlives_file, ptx_field_listing);
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["textures"] << " textures\n";
  size_t i = 0;
  for (const auto& e : s["entries"]) {
    out << "    " << i++ << ": " << e["framing"].get<std::string>();
    if (e["dds"].get<bool>())
      out << ", " << e["width"] << "x" << e["height"] << " " << e["pixel_format"].get<std::string>() << ", "
          << e["mip_count"] << " levels" << (e["complete_mip_chain"].get<bool>() ? " (complete chain)" : "");
    else
      out << ", no DDS";
    out << "\n";
  }
  return out.str();
}

// A companion has no layout freedom meshgate uses: entries are back to back
// at block boundaries as the table says, so its canonical layout is what its
// writer writes.
CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild&) {
  return written_layout(f.path, ptx::write_ptx(*f.as<ptx::ParseResult>()->companion));
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  if (leaf == "header_rest")
    return LeafInfo{Status::preserved_undecoded, "the header after the count table up to 0x800, opaque", "bytes", 1, nullptr};
  if (leaf == "pre_dds")
    return LeafInfo{Status::preserved_undecoded,
                    "bytes between an entry's head and its DDS (a non-canonical delta, a TM2 offset or body)", "bytes", 1,
                    nullptr};
  if (leaf == "payload")
    return LeafInfo{Status::exe_confirmed, "a DDS's mip chain after its header, kept whole (never re-encoded)", "bytes", 1,
                    nullptr};
  if (leaf == "padding")
    return LeafInfo{Status::reserved_observed_zero, "an entry's bytes after its image to the end of its blocks", "bytes",
                    1, nullptr};
  if (leaf == "trailing")
    return LeafInfo{Status::preserved_undecoded, "bytes after the last entry", "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() {
  return {{"header", "header_rest"}, {"entries[0]", "pre_dds"}, {"entries[0]", "payload"}, {"entries[0]", "padding"},
          {"trailing", "trailing"}};
}

const ptx::Companion* companion_of(const ParsedFile& f) {
  const ptx::ParseResult* r = f.as<ptx::ParseResult>();
  return r && r->ok() ? &*r->companion : nullptr;
}

std::vector<std::string> image_names(const ParsedFile& f) {
  std::vector<std::string> names;
  if (const ptx::Companion* c = companion_of(f))
    for (size_t i = 0; i < c->entries.size(); ++i) names.push_back(std::to_string(i));
  return names;
}

// Entry `name` ("3": its table index) of a parsed companion.
DecodedImage decode_image(const ParsedFile& f, std::string_view name, const ImageRequest& request) {
  const ptx::Companion& c = *companion_of(f);  // the command decodes parsed files only
  size_t index = 0;
  for (const char ch : name) index = index * 10 + static_cast<size_t>(ch - '0');  // one of image_names
  const ptx::Entry& e = c.entries[index];
  DecodedImage out;
  if (!e.dds) {
    out.error = "is a TM2 entry without a DDS: it holds no image";
    return out;
  }
  if (request.mip >= e.dds->mip_count()) {
    out.error = "has " + std::to_string(e.dds->mip_count()) + " mip level(s); --mip " + std::to_string(request.mip) +
                " is not one of them";
    out.request_error = true;
    return out;
  }
  ptx::EntryImage decoded = ptx::decode_entry(c, index, request.mip);
  if (!decoded.image) {
    out.error = "cannot be decoded: " + decoded.error;
    return out;
  }
  out.width = decoded.image->width, out.height = decoded.image->height;
  out.rgba = std::move(decoded.image->rgba);
  out.description = "texture " + std::string(name) + " of " + std::to_string(c.entries.size()) + ", level " +
                    std::to_string(request.mip) + " of " + std::to_string(e.dds->mip_count()) + ", " +
                    std::to_string(out.width) + "x" + std::to_string(out.height) + ", pixel format " +
                    std::string(ptx::pixel_layout_name(e.dds->layout())) + ", decoder " +
                    std::string(e.dds->layout() == ptx::PixelLayout::uncompressed ? "RGB masks" : ptx::kReferenceDecoder);
  return out;
}

// Each entry by its table index, where the writer lays it: after the header, back to back.
std::vector<FilePart> parts(const ParsedView& v) {
  std::vector<FilePart> out;
  const auto* r = v.as<ptx::ParseResult>();
  if (!r || !r->ok()) return out;
  const ptx::Companion& c = *r->companion;
  uint64_t entries = 0;
  for (const ptx::Entry& e : c.entries) entries += e.byte_size();
  uint64_t offset = c.byte_size() - c.trailing.size() - entries;
  for (size_t i = 0; i < c.entries.size(); ++i) {
    out.push_back({std::to_string(i), offset, c.entries[i].byte_size()});
    offset += c.entries[i].byte_size();
  }
  return out;
}

// Each entry's raw bytes by its table index: what extract writes and replace takes.
std::vector<ContainerMember> members(const ParsedFile& f) {
  std::vector<ContainerMember> out;
  for (const FilePart& p : parts(f.view()))
    out.push_back({.name = p.name, .bytes = f.data.subspan(static_cast<size_t>(p.offset), static_cast<size_t>(p.size)),
                   .origin = {}, .index = out.size(), .size = p.size});
  return out;
}

EditedContainer edit_member(const ParsedFile& f, const MemberEdit& edit) {
  return ptx::edit_ptx(f.data, *companion_of(f), edit);
}

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<ptx::kHeaderSpec>(ptx::kFormatName),     table_ref<ptx::kBlockCountSpec>(ptx::kFormatName),
    table_ref<ptx::kObjectHeadSpec>(ptx::kFormatName), table_ref<ptx::kTm2HeadSpec>(ptx::kFormatName),
    table_ref<ptx::kDdsHeaderSpec>(ptx::kFormatName),
};

}  // namespace ptx_row

const FormatRow kPtxRow{.format = Format::dmc3_ptx,
                        .parse = ptx_row::parse,
                        .inflate_child = nullptr,
                        .write_back = ptx_row::write_back,
                        .read_only_reason = nullptr,
                        .inspect = ptx_row::inspect,
                        .fields = ptx_row::fields,
                        .summary_text = ptx_row::summary_text,
                        .rebuild = ptx_row::rebuild,
                        .describe_mark = ptx_row::describe_mark,
                        .export_gltf = nullptr,
                        .lods = 0,
                        .reads_looks = false,
                        .is_look = true,
                        .image_names = ptx_row::image_names,
                        .decode_image = ptx_row::decode_image,
                        .parts = ptx_row::parts,
                        .kaitai = ptx::kaitai_spec,
                        .mark_leaves = ptx_row::mark_leaves,
                        .members = ptx_row::members,
                        .edit_member = ptx_row::edit_member,
                        .field_tables = ptx_row::kTables,
                        .catalogue_order = 8,
                        .observe = ptx_row::observe,
                        .encode_member_png = encode_png_as_ptx_entry};

}  // namespace meshgate
