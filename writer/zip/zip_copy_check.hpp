// The read-back check of a volume rewritten from its file (replace / add /
// remove with the outer volume streamed): both central directories read
// again, and every member the rewrite left alone found in the written
// volume, in its place in the directory, with the same name, CRC-32, sizes
// and method, its whole local record (header, data, descriptor) equal byte
// for byte to the range of the source it was copied from, compared a chunk
// at a time, and the bytes no record claims before the directory (a
// prefix, gaps) compared in order with those of the source (memory: two
// chunks, whatever the volume's size).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "parser/zip/zip_directory.hpp"

namespace meshgate::zip {

// What the rewrite did to the source's central entry `index` (the others are copied).
struct EditedEntry {
  std::optional<size_t> index;  // absent: nothing was replaced or removed (an addition)
  bool removed = false;
  bool added = false;           // one member was added after the others
};

// Why `written` does not hold the source's untouched records as they were; none when it does.
[[nodiscard]] std::optional<std::string> check_copied_records(VolumeSource& source, VolumeSource& written,
                                                              const EditedEntry& edited, uint64_t max_members);

}  // namespace meshgate::zip
