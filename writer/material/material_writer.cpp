#include "writer/material/material_writer.hpp"

#include "writer/core/output_image.hpp"

namespace meshgate {

WriteResult write_mat0(const mat0::Material& m, const PartObserver* observer) {
  using namespace mat0;
  OutputImage out(m.byte_size, observer);
  bool ok = true;
  if (m.raw) {
    ok = out.emit_bytes(0, *m.raw, "raw");
  } else {
    uint64_t at = 0;
    ok = out.emit(at, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { m.header.encode(dst); });
    at += kHeaderSpec.size;
    const uint64_t entries = m.entries.size() * uint64_t{kEntrySpec.size};
    if (ok)
      ok = out.emit(at, entries, "entries", [&](std::span<std::byte> dst) {
        for (size_t k = 0; k < m.entries.size(); ++k) m.entries[k].encode(dst.subspan(k * kEntrySpec.size, kEntrySpec.size));
      });
    at += entries;
    for (size_t t = 0; ok && t < m.tracks.size(); ++t) {
      const Track& track = m.tracks[t];
      const uint64_t size = kTrackSpec.size + track.keys.size() * uint64_t{kKeySpec.size};
      ok = out.emit(at, size, [&] { return "tracks[" + std::to_string(t) + "]"; }, [&](std::span<std::byte> dst) {
        track.head.encode(dst.first(kTrackSpec.size));
        for (size_t k = 0; k < track.keys.size(); ++k)
          track.keys[k].encode(dst.subspan(kTrackSpec.size + k * kKeySpec.size, kKeySpec.size));
      });
      at += size;
    }
    for (size_t g = 0; ok && g < m.gaps.size(); ++g) ok = out.emit_bytes(m.gaps[g].offset, m.gaps[g].bytes, "gap");
  }
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

WriteResult write_wear(const wear::Table& table, const PartObserver* observer) {
  OutputImage out(table.bytes.size(), observer);
  (void)out.emit_bytes(0, table.bytes, "text");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate
