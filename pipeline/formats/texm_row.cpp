// Nikita Texm textures: loose, or entries of Textures.lib.
#include "pipeline/formats/rows.hpp"

#include <array>

#include "pipeline/field_listing.hpp"
#include "pipeline/formats/texm/texm_field_listing.hpp"
#include "parser/texm/texm_kaitai.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/texm/texm_observations.hpp"
#include "parser/texm/texm_fields.hpp"
#include "writer/texm/texm_encode.hpp"
#include "writer/texm/texm_writer.hpp"

namespace meshgate {

namespace texm_row {

void parse(ParsedFile& f, ParseContext& c) { f.model.put(texm::parse_texm(f.data, {.strict = c.options.strict})); }

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const texm::Texture& texture = *f.as<texm::ParseResult>()->texture;
  compare_written(out, f.data, [&](const PartObserver* o) { return texm::write_texm(texture, o); });
}

nlohmann::json inspect(const ParsedFile& f) { return texm_inspect_json(f.data, *f.as<texm::ParseResult>()); }

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["width"] << "x" << s["height"] << ", pixel format " << s["pixel_format"].get<std::string>() << ", "
      << s["mip_count"] << " levels" << (s["complete_mip_chain"].get<bool>() ? " (complete chain)" : "")
      << (s["palette"].get<bool>() ? ", palette" : "") << (s["alpha"].get<bool>() ? ", alpha" : "")
      << (s["page_rects"].is_null() ? "" : ", Page chunk of " + s["page_rects"].dump() + " rectangles") << "\n";
  return out.str();
}

CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild&) {
  return written_layout(f.path, texm::write_texm(*f.as<texm::ParseResult>()->texture));
}

std::optional<LeafInfo> describe_mark(std::string_view, std::string_view leaf) {
  if (leaf == "entries")
    return LeafInfo{Status::structural_confirmed,
                    "format 0's palette, 256 entries of 4 bytes (their byte order is the spec's [CONFLICT])", "bytes",
                    4, nullptr};
  if (leaf == "pixels")
    return LeafInfo{Status::structural_confirmed, "a mip level's pixels, rows top first, in the header's pixel format",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() { return {{"palette", "entries"}, {"levels[0]", "pixels"}}; }

// A Texm is one image, named by the file's own address.
std::vector<std::string> image_names(const ParsedFile&) { return {""}; }

DecodedImage decode_image(const ParsedFile& f, std::string_view, const ImageRequest& request) {
  const texm::Texture& texture = *f.as<texm::ParseResult>()->texture;  // the command decodes parsed files only
  DecodedImage out;
  if (request.mip >= texture.levels.size()) {
    out.error = "has " + std::to_string(texture.levels.size()) + " mip level(s); --mip " + std::to_string(request.mip) +
                " is not one of them";
    out.request_error = true;
    return out;
  }
  texm::Rgba8Image image = texm::decode_level(texture, request.mip, request.texm_order);
  out.width = image.width, out.height = image.height;
  out.rgba = std::move(image.rgba);
  out.description = "level " + std::to_string(request.mip) + " of " + std::to_string(texture.levels.size()) + ", " +
                    std::to_string(out.width) + "x" + std::to_string(out.height) + ", pixel format " +
                    std::string(texm::pixel_format_name(texture.format)) + ", byte order " +
                    std::string(texm::byte_order_name(request.texm_order));
  return out;
}

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<texm::kHeaderSpec>(texm::kFormatName),
    table_ref<texm::kPageHeaderSpec>(texm::kFormatName),
    table_ref<texm::kPageRectSpec>(texm::kFormatName),
};

}  // namespace texm_row

const FormatRow kTexmRow{.format = Format::nikita_texm,
                         .parse = texm_row::parse,
                         .inflate_child = nullptr,
                         .write_back = texm_row::write_back,
                         .read_only_reason = nullptr,
                         .inspect = texm_row::inspect,
                         .fields = nullptr,
                         .summary_text = texm_row::summary_text,
                         .rebuild = texm_row::rebuild,
                         .describe_mark = texm_row::describe_mark,
                         .export_gltf = nullptr,
                         .lods = 0,
                         .reads_looks = false,
                         .is_look = true,
                         .image_names = texm_row::image_names,
                         .decode_image = texm_row::decode_image,
                         .kaitai = texm::kaitai_spec,
                         .mark_leaves = texm_row::mark_leaves,
                         .field_tables = texm_row::kTables,
                         .catalogue_order = 5,
                         .observe = texm_row::observe,
                         .encode_png = encode_png_as_texm};

}  // namespace meshgate
