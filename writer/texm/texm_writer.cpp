#include "writer/texm/texm_writer.hpp"

#include "writer/core/output_image.hpp"

namespace meshgate::texm {

WriteResult write_texm(const Texture& t, const PartObserver* observer) {
  OutputImage out(t.byte_size(), observer);
  uint64_t at = 0;
  bool ok = out.emit(at, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { t.header.encode(dst); });
  at += kHeaderSpec.size;
  if (ok && !t.palette.empty()) ok = out.emit_bytes(at, t.palette, "palette");
  at += t.palette.size();
  for (size_t i = 0; ok && i < t.levels.size(); ++i) {
    ok = out.emit_bytes(at, t.levels[i], [&] { return "levels[" + std::to_string(i) + "]"; });
    at += t.levels[i].size();
  }
  if (ok && t.page) {
    ok = out.emit(at, kPageHeaderSpec.size, "page", [&](std::span<std::byte> dst) { t.page->header.encode(dst); });
    at += kPageHeaderSpec.size;
    const uint64_t rects = t.page->rects.size() * uint64_t{kPageRectSpec.size};
    if (ok)
      ok = out.emit(at, rects, "page.rects", [&](std::span<std::byte> dst) {
        for (size_t k = 0; k < t.page->rects.size(); ++k)
          t.page->rects[k].encode(dst.subspan(k * kPageRectSpec.size, kPageRectSpec.size));
      });
  }
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::texm
