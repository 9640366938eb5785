// DMC3 MOT motions: loose (pl000.mot, .mot1..6) or members of a PAC, known by
// the marker at +4 and the header arithmetic closing (spec §1). Written back
// and rebuilt from the model; not a model of its own (a motion drives a
// MOD's nodes), so it has no export.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "parser/mot/mot_kaitai.hpp"
#include "pipeline/formats/mot/mot_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/mot/mot_observations.hpp"
#include "parser/mot/mot_fields.hpp"
#include "parser/mot/mot_parser.hpp"
#include "import/mot/mot_importer.hpp"
#include "writer/mot/mot_writer.hpp"

namespace meshgate {

namespace mot_row {

void parse(ParsedFile& f, ParseContext& c) { f.model.put(mot::parse_mot(f.data, {.strict = c.options.strict})); }

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const mot::Motion& motion = *f.as<mot::ParseResult>()->motion;
  compare_written(out, f.data, [&](const PartObserver* o) { return mot::write_mot(motion, o); });
}

nlohmann::json inspect(const ParsedFile& f) { return mot_inspect_head(f.data, *f.as<mot::ParseResult>()); }

FieldListing fields(const ParsedFile& f, bool outlives_file) {
  return listing_of(*f.as<mot::ParseResult>()->motion, outlives_file, mot_field_listing);
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  const auto& c = s["compression"];
  std::ostringstream out;
  out << "  " << s["masks"] << " joints, " << s["tracks"] << " tracks (" << c["3"] << " Hermite-i16, " << c["2"]
      << " linear-i16, " << c["other"] << " unsupported), " << s["keys"] << " keys, end frame "
      << s["end_frame"].dump() << "; " << s["partly_set_triplets"]
      << " partly set mask triplets (mask bits read as " << s["mask_reading"].get<std::string>() << ")\n";
  return out.str();
}

CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild&) {
  return written_layout(f.path, mot::write_mot(*f.as<mot::ParseResult>()->motion));
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  if (leaf == "masks")
    return LeafInfo{Status::exe_confirmed,
                    "channel masks, u16 per joint in MOD node order; each set bit takes the next track (what each bit "
                    "means is the spec's [CONFLICT]: reading E by default)",
                    "u16", 2, nullptr};
  if (leaf == "raw")
    return LeafInfo{Status::preserved_undecoded,
                    "the body of a track of an unsupported compression (0, 1, 4-7): kept as bytes, not animated",
                    "bytes", 1, nullptr};
  if (leaf == "header_padding")
    return LeafInfo{Status::reserved_observed_zero | Status::preserved_undecoded,
                    "zero padding from the masks to H (align16)", "bytes", 1, nullptr};
  if (leaf == "padding")
    return LeafInfo{Status::structural_confirmed | Status::reserved_observed_zero,
                    "zero padding after the last track to a multiple of 16", "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() { return {{"channel_masks", "masks"}, {"tracks[0].body", "raw"}, {"header_tail", "header_padding"}, {"tail", "padding"}}; }

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<mot::kHeaderSpec>(mot::kFormatName),       table_ref<mot::kCountSpec>(mot::kFormatName),
    table_ref<mot::kTrackHeadSpec>(mot::kFormatName),    table_ref<mot::kTrack2PrefixSpec>(mot::kFormatName),
    table_ref<mot::kTrack3PrefixSpec>(mot::kFormatName), table_ref<mot::kKey2Spec>(mot::kFormatName),
    table_ref<mot::kKey3Spec>(mot::kFormatName),
};

}  // namespace mot_row

const FormatRow kMotRow{.format = Format::dmc3_mot,
                        .parse = mot_row::parse,
                        .inflate_child = nullptr,
                        .write_back = mot_row::write_back,
                        .read_only_reason = nullptr,
                        .inspect = mot_row::inspect,
                        .fields = mot_row::fields,
                        .summary_text = mot_row::summary_text,
                        .rebuild = mot_row::rebuild,
                        .describe_mark = mot_row::describe_mark,
                        .export_gltf = nullptr,
                        .lods = 0,
                        .reads_looks = false,
                        .is_look = false,
                        .kaitai = mot::kaitai_spec,
                        .mark_leaves = mot_row::mark_leaves,
                        .gltf_import = &mot::kGltfImporter,
                        .field_tables = mot_row::kTables,
                        .catalogue_order = 6,
                        .observe = mot_row::observe};

}  // namespace meshgate
