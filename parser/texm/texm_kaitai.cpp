#include "parser/texm/texm_kaitai.hpp"

#include <array>

#include "parser/texm/texm_fields.hpp"
#include "parser/texm/texm_model.hpp"

namespace meshgate::texm {

namespace {

using ksy::Attr;
using ksy::attr;

constexpr std::array kFormats = {PixelFormat::indexed, PixelFormat::external_palette, PixelFormat::r5g6b5,
                                 PixelFormat::r5g5b6,  PixelFormat::a4r4g4b4,        PixelFormat::l8a8,
                                 PixelFormat::rgb888,  PixelFormat::argb8888};

// bytes_per_pixel() as a Kaitai expression over the header's pixel_format
// (0 for a value that names no format: meshgate rejects it, texm.unknown-format).
std::string bytes_per_pixel_expression() {
  std::string e = "0";
  for (auto it = kFormats.rbegin(); it != kFormats.rend(); ++it)
    e = "header.pixel_format == " + std::to_string(static_cast<uint32_t>(*it)) + " ? " +
        std::to_string(bytes_per_pixel(*it)) + " : (" + e + ")";
  return e;
}

// level_size(): max(1, d >> i) for the level's index.
std::string level_side(const char* field) {
  const std::string shifted = std::string("(header.") + field + " >> _index)";
  return "(" + shifted + " < 1 ? 1 : " + shifted + ")";
}


ksy::Type root_type() {
  ksy::Type root{"nikita_texm", "", {}, {}};
  root.seq.push_back(attr("header", std::string(kHeaderSpec.name), "the 32-byte header"));
  Attr palette = attr("palette", "", "format 0 only: 256 entries of 4 bytes");
  palette.size = std::to_string(kPaletteBytes);
  palette.if_expr = "header.pixel_format == 0";
  palette.status = status_string(Status::structural_confirmed);
  root.seq.push_back(std::move(palette));
  Attr levels = attr("levels", "", "the mip chain: level i is max(1, w >> i) x max(1, h >> i) pixels");
  levels.size = level_side("width") + " * " + level_side("height") + " * bytes_per_pixel";
  levels.repeat_expr = "header.mip_count";
  levels.status = status_string(Status::structural_confirmed);
  root.seq.push_back(std::move(levels));
  Attr page = attr("page", std::string(kPageHeaderSpec.name), "an optional Page chunk of atlas rectangles, to the end");
  page.if_expr = "not _io.eof";
  root.seq.push_back(std::move(page));
  Attr bpp = attr("bytes_per_pixel", "", "bytes per pixel of the header's pixel format");
  bpp.value = bytes_per_pixel_expression();
  root.instances.push_back(std::move(bpp));
  return root;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named(
      "nikita_texm", "Nikita engine Texm texture", "nikita-texm", "texm",
      "Nikita engine (AniMesh.dll) texture, alone or an entry of Textures.lib: a header, a palette for format 0, "
      "the mip chain and an optional Page chunk (docs/spec/nikita-materials-textures.md).");
  s.root = root_type();
  ksy::Type page = ksy::record_type(kPageHeaderSpec, "The Page chunk: atlas rectangles in level-0 pixels.");
  page.seq.push_back(attr("rects", std::string(kPageRectSpec.name), "rect_count rectangles", "rect_count"));
  s.types = {ksy::record_type(kHeaderSpec, "The texture header."), std::move(page),
             ksy::record_type(kPageRectSpec, "One atlas rectangle.")};
  s.not_expressed = {
      "the magic is \"Texm\", the pixel format one of 0, 2, 565, 556, 4444, 88, 888, 8888 (texm.unknown-format), "
      "the sides and mip count within meshgate's limits",
      "what follows the mip chain is nothing or exactly one Page chunk (texm.trailing-bytes, texm.page-size)",
      "how pixels decode: each format's channel layout and the byte-order [CONFLICT] of 888, 8888 and the palette "
      "(--texm-order)",
  };
  return s;
}

}  // namespace meshgate::texm
