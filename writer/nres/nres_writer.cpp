#include "writer/nres/nres_writer.hpp"

#include <optional>
#include <string>

#include "parser/core/checked_math.hpp"
#include "writer/core/output_image.hpp"

namespace meshgate::nres {

namespace {

// What every archive shares: header, directory records, payloads (through
// `emit_payload(out, i, path)`) and gaps. Paths are formatted only for an error.
template <typename EmitPayload>
WriteResult write_archive(uint64_t file_size, const HeaderRecord& header, size_t entry_count,
                          const std::function<const EntryRecord&(size_t)>& entry, const std::vector<Gap>& gaps,
                          const PartObserver* observer, EmitPayload&& emit_payload) {
  OutputImage out(file_size, observer);
  bool ok = out.emit(0, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { header.encode(dst); });
  // The directory's records are back to back: one part, so an archive pays
  // one placement and one comparison for it, not one per entry.
  const uint64_t dir = directory_offset(header);
  const std::optional<uint64_t> dir_bytes = checked_mul(entry_count, kEntrySpec.size);
  if (ok && !dir_bytes) ok = out.reject_unplaceable("entries");
  if (ok)
    ok = out.emit(dir, *dir_bytes, "entries", [&](std::span<std::byte> dst) {
      for (size_t i = 0; i < entry_count; ++i) entry(i).encode(dst.subspan(i * kEntrySpec.size, kEntrySpec.size));
    });
  for (size_t i = 0; ok && i < entry_count; ++i)
    ok = emit_payload(out, i, [i] { return "entries[" + std::to_string(i) + "].payload"; });
  for (size_t g = 0; ok && g < gaps.size(); ++g) ok = out.emit_bytes(gaps[g].offset, gaps[g].bytes, "gap");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace

WriteResult write_nres(const Archive& a, const PartObserver* observer) {
  return write_archive(
      a.file_size, a.header, a.entries.size(), [&](size_t i) -> const EntryRecord& { return a.entries[i].record; },
      a.gaps, observer, [&](OutputImage& out, size_t i, const auto& path) {
        const Entry& e = a.entries[i];
        return out.emit_bytes(e.record.get(entry::data_offset), e.payload, path);
      });
}

WriteResult write_nres_frame(const ArchiveFrame& f, const std::function<void(size_t, std::span<std::byte>)>& payload,
                             const PartObserver* observer) {
  return write_archive(f.file_size, f.header, f.entry_count, f.entry, f.gaps, observer,
                       [&](OutputImage& out, size_t i, const auto& path) {
                         const EntryRecord& r = f.entry(i);
                         if (f.held)
                           if (const std::optional<Bytes> held = f.held(i); held && held->size() == r.get(entry::size))
                             return out.emit_bytes(r.get(entry::data_offset), *held, path);
                         return out.emit(r.get(entry::data_offset), r.get(entry::size), path,
                                         [&](std::span<std::byte> dst) { payload(i, dst); });
                       });
}

}  // namespace meshgate::nres
