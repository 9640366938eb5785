#include "writer/nres/nres_writer.hpp"

#include "writer/nres/nres_archive_writer.hpp"

namespace meshgate::nres {

WriteResult write_nres(const Archive& a, const PartObserver* observer) {
  return write_archive(
      a.file_size, a.header, a.entries.size(), [&](size_t i) -> const EntryRecord& { return a.entries[i].record; },
      a.gaps, observer, [&](OutputImage& out, size_t i, const auto& path) {
        const Entry& e = a.entries[i];
        return out.emit_bytes(e.record.get(entry::data_offset), e.payload, path);
      });
}

}  // namespace meshgate::nres
