// A parsed NRes archive. Payloads are kept as exact bytes. A payload that is
// itself an NRes archive (a .msh inside a .rlb) is parsed and round-tripped
// on its own by the tools, reported as "outer.rlb!MODEL.MSH".
#pragma once

#include <string>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/nres/nres_fields.hpp"

namespace meshgate::nres {

using HeaderRecord = Record<kHeaderSpec>;
using EntryRecord = Record<kEntrySpec>;

struct Entry {
  EntryRecord record;
  std::vector<std::byte> payload;

  friend bool operator==(const Entry&, const Entry&) = default;
};

struct Archive {
  uint64_t file_size = 0;
  HeaderRecord header;
  std::vector<Entry> entries;  // directory order
  std::vector<Gap> gaps;       // padding and unindexed regions, exact

  friend bool operator==(const Archive&, const Archive&) = default;
};

// The entry's name for reports: the bytes before the first NUL of the 36-byte
// field, as UTF-8 when they are, else with each other byte escaped ("\x9A").
[[nodiscard]] std::string entry_name(const EntryRecord& record);
// The name's raw bytes, viewed in the record (valid while the record lives):
// what a writer writes back.
[[nodiscard]] std::string_view entry_name_view(const EntryRecord& record);

// Offset of the directory, from the header: total_size - 64 * entry_count.
[[nodiscard]] inline uint64_t directory_offset(const HeaderRecord& h) {
  return h.get(hdr::total_size) - h.get(hdr::entry_count) * uint64_t{kEntrySpec.size};
}

}  // namespace meshgate::nres
