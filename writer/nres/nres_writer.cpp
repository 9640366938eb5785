#include "writer/nres/nres_writer.hpp"

#include <string>

#include "writer/core/output_image.hpp"

namespace meshgate::nres {

WriteResult write_nres(const Archive& a) {
  OutputImage out(a.file_size);
  bool ok = out.emit(0, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { a.header.encode(dst); });
  const uint64_t dir = directory_offset(a.header);
  for (size_t i = 0; ok && i < a.entries.size(); ++i) {
    const Entry& e = a.entries[i];
    // Paths are formatted only for an error (OutputImage::emit).
    const auto path = [i] { return "entries[" + std::to_string(i) + "]"; };
    ok = out.emit(dir + i * kEntrySpec.size, kEntrySpec.size, path,
                  [&](std::span<std::byte> dst) { e.record.encode(dst); }) &&
         out.emit_bytes(e.record.get(entry::data_offset), e.payload, [&] { return path() + ".payload"; });
  }
  for (size_t g = 0; ok && g < a.gaps.size(); ++g) ok = out.emit_bytes(a.gaps[g].offset, a.gaps[g].bytes, "gap");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::nres
