#include "parser/texm/texm_parser.hpp"

#include <algorithm>

#include "parser/core/record_reader.hpp"
#include "parser/texm/texm_diagnostic_codes.hpp"

namespace meshgate::texm {

namespace {

uint64_t field_offset(size_t i) { return kHeaderSpec.fields[i].offset; }

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_palette() && parse_levels() && parse_tail()) {
      result.coverage = cov_.summarize(in_.size());
    }
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.texture = std::move(texture_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }

  bool parse_header() {
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "payload is " + std::to_string(in_.size()) + " bytes, shorter than the 32-byte Texm header");
    HeaderRecord& h = texture_.header;
    (void)read_record(in_, 0, cov_.add_owner("header"), cov_, h);  // size checked above
    const Bytes magic = h.raw(hdr::magic);
    if (!std::equal(kMagic.begin(), kMagic.end(), magic.begin()))
      return fail(codes::bad_magic, "header.magic", 0, "the first four bytes are not \"Texm\"");
    const uint64_t format = h.get(hdr::pixel_format);
    const auto known = pixel_format_from(format);
    if (!known)
      return fail(codes::unknown_format, "header.pixel_format", field_offset(hdr::pixel_format),
                  "pixel format " + std::to_string(format) + " is none of 0, 2, 565, 556, 4444, 88, 888, 8888");
    texture_.format = *known;
    for (const size_t f : {hdr::width, hdr::height}) {
      const uint64_t v = h.get(f);
      const std::string path = std::string("header.") + std::string(kHeaderSpec.fields[f].name);
      if (v == 0) return fail(codes::zero_dimension, path, field_offset(f), path + " is 0");
      if (v > kMaxDimension)
        return fail(codes::oversize, path, field_offset(f),
                    path + " " + std::to_string(v) + " exceeds the tool limit of " + std::to_string(kMaxDimension) +
                        " pixels");
    }
    const uint64_t mips = h.get(hdr::mip_count);
    if (mips == 0 || mips > kMaxMipCount)
      return fail(codes::mip_count, "header.mip_count", field_offset(hdr::mip_count),
                  "mip count " + std::to_string(mips) + " is outside 1.." + std::to_string(kMaxMipCount) +
                      " (the tool limit: a full chain of " + std::to_string(kMaxDimension) + " pixels)");
    at_ = kHeaderSpec.size;
    return true;
  }

  bool parse_palette() {
    if (texture_.format != PixelFormat::indexed) return true;
    const auto bytes = in_.slice(at_, kPaletteBytes);
    if (!bytes)
      return fail(codes::truncated_palette, "palette", at_,
                  "format 0 needs a 1,024-byte palette after the header; " + std::to_string(in_.size() - at_) +
                      " bytes follow it");
    texture_.palette.assign(bytes->begin(), bytes->end());
    cov_.mark(at_, kPaletteBytes, cov_.add_owner("palette"), "entries");
    at_ += kPaletteBytes;
    return true;
  }

  // Every level's size is summed before anything is copied (FP's rule): a
  // short payload is one error at the mip count, naming the first missing level.
  bool parse_levels() {
    const uint32_t mips = static_cast<uint32_t>(texture_.header.get(hdr::mip_count));
    const uint32_t bpp = bytes_per_pixel(texture_.format);
    uint64_t end = at_;
    for (uint32_t i = 0; i < mips; ++i) {
      const LevelSize s = level_size(texture_.width(), texture_.height(), i);
      const uint64_t size = uint64_t{s.width} * s.height * bpp;  // <= 8192^2 x 4: no overflow
      if (end + size > in_.size())
        return fail(codes::mip_past_payload, "header.mip_count", field_offset(hdr::mip_count),
                    std::to_string(mips) + " levels declared; level " + std::to_string(i) + " (" +
                        std::to_string(s.width) + "x" + std::to_string(s.height) + ", " + std::to_string(size) +
                        " bytes at " + hex_offset(end) + ") runs past the " + std::to_string(in_.size()) +
                        "-byte payload");
      end += size;
    }
    texture_.levels.reserve(mips);
    for (uint32_t i = 0; i < mips; ++i) {
      const LevelSize s = level_size(texture_.width(), texture_.height(), i);
      const uint64_t size = uint64_t{s.width} * s.height * bpp;
      const Bytes level = *in_.slice(at_, size);  // inside: summed above
      texture_.levels.emplace_back(level.begin(), level.end());
      cov_.mark(at_, size, cov_.add_owner({"levels[", std::to_string(i), "]"}), "pixels");
      at_ += size;
    }
    return true;
  }

  // Nothing, or exactly one Page chunk to the end.
  bool parse_tail() {
    const uint64_t left = in_.size() - at_;
    if (left == 0) return true;
    const bool page_magic =
        left >= kPageHeaderSpec.size && std::equal(kPageMagic.begin(), kPageMagic.end(), in_.slice(at_, 4)->begin());
    if (!page_magic)
      return fail(codes::trailing_bytes, "trailing", at_,
                  std::to_string(left) + " bytes after the mip chain at " + hex_offset(at_) +
                      " are not a Page chunk (\"Page\", u32 count, 8-byte rectangles)");
    Page page;
    (void)read_record(in_, at_, cov_.add_owner("page"), cov_, page.header);  // size checked above
    const uint64_t count = page.header.get(page::rect_count);
    const uint64_t count_at = at_ + kPageHeaderSpec.fields[page::rect_count].offset;
    if (count > kMaxPageRects)
      return fail(codes::page_size, "page.rect_count", count_at,
                  std::to_string(count) + " rectangles exceed the tool limit of " + std::to_string(kMaxPageRects));
    const uint64_t want = kPageHeaderSpec.size + count * kPageRectSpec.size;
    if (want != left)
      return fail(codes::page_size, "page.rect_count", count_at,
                  "a Page chunk of " + std::to_string(count) + " rectangles is " + std::to_string(want) +
                      " bytes; " + std::to_string(left) + " bytes follow the mip chain");
    const uint64_t base = at_ + kPageHeaderSpec.size;
    const uint32_t owner =
        cov_.add_record_table_owner("page.rects", base, kPageRectSpec.size, kPageRectSpec.fields);
    cov_.mark_records(base, count, owner);
    page.rects.reserve(static_cast<size_t>(count));
    const int64_t w = texture_.width(), h = texture_.height();
    bool warned = false;
    for (uint64_t k = 0; k < count; ++k) {
      const PageRectRecord& r = page.rects.emplace_back(*in_.slice(base + k * kPageRectSpec.size, kPageRectSpec.size));
      const int64_t x = r.get_signed(rect::x), rw = r.get_signed(rect::w), y = r.get_signed(rect::y),
                    rh = r.get_signed(rect::h);
      if (warned || (x >= 0 && y >= 0 && rw > 0 && rh > 0 && x + rw <= w && y + rh <= h)) continue;
      warned = true;
      if (!diags_.warn(codes::page_rect_outside, "page.rects[" + std::to_string(k) + "]",
                       base + k * kPageRectSpec.size,
                       "rectangle " + std::to_string(k) + " (x " + std::to_string(x) + ", w " + std::to_string(rw) +
                           ", y " + std::to_string(y) + ", h " + std::to_string(rh) + ") is empty or leaves the " +
                           std::to_string(w) + "x" + std::to_string(h) + " level 0; kept"))
        return false;
    }
    texture_.page = std::move(page);
    at_ = in_.size();
    return true;
  }

  ByteReader in_;
  Diagnostics diags_;
  CoverageMap cov_;
  Texture texture_;
  uint64_t at_ = 0;
};

}  // namespace

std::optional<PixelFormat> pixel_format_from(uint64_t value) {
  switch (value) {
    case 0: case 2: case 565: case 556: case 4444: case 88: case 888: case 8888:
      return static_cast<PixelFormat>(value);
    default: return std::nullopt;
  }
}

uint32_t bytes_per_pixel(PixelFormat f) {
  switch (f) {
    case PixelFormat::indexed: case PixelFormat::external_palette: return 1;
    case PixelFormat::r5g6b5: case PixelFormat::r5g5b6: case PixelFormat::a4r4g4b4: case PixelFormat::l8a8: return 2;
    case PixelFormat::rgb888: case PixelFormat::argb8888: return 4;
  }
  return 4;
}

std::string_view pixel_format_name(PixelFormat f) {
  switch (f) {
    case PixelFormat::indexed: return "0";
    case PixelFormat::external_palette: return "2";
    case PixelFormat::r5g6b5: return "565";
    case PixelFormat::r5g5b6: return "556";
    case PixelFormat::a4r4g4b4: return "4444";
    case PixelFormat::l8a8: return "88";
    case PixelFormat::rgb888: return "888";
    case PixelFormat::argb8888: return "8888";
  }
  return "?";
}

uint64_t Texture::byte_size() const {
  uint64_t n = kHeaderSpec.size + palette.size();
  for (const auto& level : levels) n += level.size();
  if (page) n += kPageHeaderSpec.size + page->rects.size() * uint64_t{kPageRectSpec.size};
  return n;
}

bool looks_like_texm(Bytes prefix) { return has_magic(prefix, kMagics[0]); }

ParseResult parse_texm(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::texm
