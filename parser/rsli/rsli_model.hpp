// A parsed RsLi library. The header and each row are kept as their exact
// plain bytes (the rows decrypted), the payload area [32 + 32n, EOF) verbatim
// (streams, gaps, overlaps, trailer), so the writer gives the file back byte
// for byte (docs/spec/nikita-rsli.md §7.3) without re-encoding any stream.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/rsli/rsli_fields.hpp"

namespace meshgate::rsli {

using HeaderRecord = Record<kHeaderSpec>;
using EntryRecord = Record<kEntrySpec>;

struct Entry {
  EntryRecord record;  // decrypted
  // +0x12 as the loader uses it (§3.3): the raw field under 0xABBA, else
  // rebuilt from strcmp order; the key of the XOR methods (§4.3).
  uint16_t effective_sort = 0;
  std::vector<std::byte> decoded;  // unpacked_size bytes, when the parse decoded

  friend bool operator==(const Entry&, const Entry&) = default;
};

struct Library {
  uint64_t file_size = 0;
  HeaderRecord header;
  std::vector<Entry> entries;  // table order
  std::vector<std::byte> payload_area;  // [32 + 32n, EOF), exact
  uint32_t overlay = 0;                 // added to data_offset (§5.2); 0 unless applied
  bool has_trailer = false;             // the last 6 bytes are "AO" + u32

  friend bool operator==(const Library&, const Library&) = default;
};

// The table key: the seed's low 16 bits (§3.1).
[[nodiscard]] inline uint16_t table_key(const HeaderRecord& h) { return static_cast<uint16_t>(h.get(hdr::seed) & 0xFFFF); }
[[nodiscard]] inline uint64_t table_end(uint64_t count) { return kHeaderSize + kEntrySize * count; }

// The name's bytes before its first NUL (all 12 without one).
[[nodiscard]] std::string_view entry_name_view(const EntryRecord& record);
// The same for reports: UTF-8 when it is, each other byte escaped.
[[nodiscard]] std::string entry_name(const EntryRecord& record);
// strcmp on the bytes before the NUL (§3.3: the engine's lookup order).
[[nodiscard]] int compare_names(std::string_view a, std::string_view b);

// The bytes of entry i's packed stream that lie in the file: [eff, eff +
// packed_size) clipped to EOF (one byte short for the §5.3 Deflate +1 entry).
[[nodiscard]] Bytes packed_bytes(const Library& library, size_t i);

}  // namespace meshgate::rsli
