// The NRes layout builder: an archive from a plain description (header,
// 8-aligned payloads with zero padding, an optional unindexed region, the
// directory at EOF with its sort table). Used by the canonical rebuild, the
// MSH exporter and the synthetic-corpus generator alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace meshgate::nres {

struct EntryDescription {
  uint32_t type_id = 0;
  uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  std::string name;                   // <= 35 bytes, no NUL
  std::vector<uint8_t> name_tail;     // bytes after the NUL (kept by a lossless writer)
  std::vector<std::byte> payload;
};

struct ArchiveDescription {
  std::vector<EntryDescription> entries;   // directory order
  std::vector<size_t> data_order;          // order payloads are laid out in (default: directory order)
  size_t unindexed_after = SIZE_MAX;       // insert an unindexed region after this many payloads
  std::vector<std::byte> unindexed_bytes;
  bool uppercase_sort = false;             // build the sort table with uppercase folding
};

// Lays out header, 8-aligned payloads with zero padding, the optional
// unindexed region, and the directory at EOF with a _strcmpi sort table.
[[nodiscard]] std::vector<std::byte> build_nres(const ArchiveDescription& description);

}  // namespace meshgate::nres
