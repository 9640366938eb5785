// The field listing and summary of a Texm texture (inspect --json, diff,
// set, dump read it): the header and Page records field by field; the palette
// and each mip level as one entry of their exact extent (their pixels are
// bytes the header's format describes, not fields of their own).
#include "pipeline/formats/texm/texm_field_listing.hpp"

#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

json texm_summary_json(const texm::Texture& t) {
  using namespace texm;
  json levels = json::array();
  for (uint32_t i = 0; i < t.levels.size(); ++i) {
    const LevelSize s = level_size(t.width(), t.height(), i);
    levels.push_back({{"width", s.width}, {"height", s.height}, {"bytes", t.levels[i].size()}});
  }
  const LevelSize last = level_size(t.width(), t.height(), static_cast<uint32_t>(t.levels.size() - 1));
  return {{"width", t.width()},
          {"height", t.height()},
          {"pixel_format", std::string(pixel_format_name(t.format))},
          {"bytes_per_pixel", bytes_per_pixel(t.format)},
          {"mip_count", t.levels.size()},
          {"complete_mip_chain", last.width == 1 && last.height == 1},
          {"levels", std::move(levels)},
          {"palette", !t.palette.empty()},
          {"alpha", has_alpha(t)},
          {"page_rects", t.page ? json(t.page->rects.size()) : json(nullptr)},
          {"default_byte_order", std::string(byte_order_name(ByteOrder::bgra))}};
}

json texm_inspect_json(Bytes data, const texm::ParseResult& result) {
  using namespace texm;
  json out = inspect_envelope(kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const Texture& t = *result.texture;
  json fields = json::array();
  append_record(fields, "header", 0, t.header);
  uint64_t at = kHeaderSpec.size;
  if (!t.palette.empty()) {
    fields.push_back({{"path", "palette"}, {"offset", at}, {"size", t.palette.size()}, {"type", "bytes"},
                      {"value", "256 entries"}, {"status", status_string(Status::structural_confirmed)}});
    at += t.palette.size();
  }
  for (uint32_t i = 0; i < t.levels.size(); ++i) {
    const LevelSize s = level_size(t.width(), t.height(), i);
    fields.push_back({{"path", "levels[" + std::to_string(i) + "]"},
                      {"offset", at},
                      {"size", t.levels[i].size()},
                      {"type", "pixels[" + std::string(pixel_format_name(t.format)) + "]"},
                      {"value", std::to_string(s.width) + "x" + std::to_string(s.height)},
                      {"status", status_string(Status::structural_confirmed)}});
    at += t.levels[i].size();
  }
  if (t.page) {
    append_record(fields, "page", at, t.page->header);
    at += kPageHeaderSpec.size;
    for (size_t k = 0; k < t.page->rects.size(); ++k)
      append_record(fields, "page.rects[" + std::to_string(k) + "]", at + k * kPageRectSpec.size, t.page->rects[k]);
  }
  out["summary"] = texm_summary_json(t);
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
