#include "pipeline/formats/texm/texm_observations.hpp"

#include <array>
#include <utility>

#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "pipeline/formats/material/material_observations.hpp"

namespace meshgate::texm_row {

namespace {

void observe_texture(const texm::Texture& t, FieldObserver& o) {
  using namespace texm;
  static constexpr std::array<std::pair<PixelFormat, std::string_view>, 8> kFormatKeys{{
      {PixelFormat::indexed, "pixel_format=0"},      {PixelFormat::external_palette, "pixel_format=2"},
      {PixelFormat::r5g6b5, "pixel_format=565"},     {PixelFormat::r5g5b6, "pixel_format=556"},
      {PixelFormat::a4r4g4b4, "pixel_format=4444"},  {PixelFormat::l8a8, "pixel_format=88"},
      {PixelFormat::rgb888, "pixel_format=888"},     {PixelFormat::argb8888, "pixel_format=8888"},
  }};
  o.observe(t.header);
  o.count(kFormatName, "textures", 1);
  o.count(kFormatName, "levels", t.levels.size());
  for (const auto& [format, key] : kFormatKeys)
    if (format == t.format) o.count(kFormatName, key, 1);
  const LevelSize last = level_size(t.width(), t.height(), static_cast<uint32_t>(t.levels.size() - 1));
  o.count(kFormatName, "complete_mip_chains", last.width == 1 && last.height == 1 ? 1 : 0);
  o.count(kFormatName, "alpha", has_alpha(t) ? 1 : 0);
  if (t.page) {
    o.observe(t.page->header);
    o.observe_all(std::span<const PageRectRecord>(t.page->rects));
    o.count(kFormatName, "page_chunks", 1);
  }
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  const auto* r = v.as<texm::ParseResult>();
  if (!r || !r->ok()) return;
  observe_texture(*r->texture, into.corpus);
  const size_t bang = into.path.rfind('!');
  if (bang != std::string::npos)
    into.corpus.name_present(material_row::texture_names_format(), material_row::kTextureNames,
                             std::string_view(into.path).substr(bang + 1));
}

}  // namespace meshgate::texm_row
