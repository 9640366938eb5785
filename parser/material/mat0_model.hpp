// A parsed MAT0 material: header, phases, tracks with their keys, and the
// bytes after the last track (a gap, kept exactly). A payload of another
// version than 6 is kept as its bytes only (`raw`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/material/mat0_fields.hpp"

namespace meshgate::mat0 {

using HeaderRecord = Record<kHeaderSpec>;
using EntryRecord = Record<kEntrySpec>;
using TrackRecord = Record<kTrackSpec>;
using KeyRecord = Record<kKeySpec>;

struct Track {
  TrackRecord head;
  std::vector<KeyRecord> keys;
  friend bool operator==(const Track&, const Track&) = default;
};

struct Material {
  uint32_t version = kKnownVersion;  // the entry's attr2
  uint64_t byte_size = 0;
  std::optional<std::vector<std::byte>> raw;  // another version: the payload as it is, nothing decoded
  HeaderRecord header;
  std::vector<EntryRecord> entries;  // the phases
  std::vector<Track> tracks;
  std::vector<Gap> gaps;             // bytes after the last track

  friend bool operator==(const Material&, const Material&) = default;
};

// The texture name of a phase: the bytes before the first NUL (at most 16).
[[nodiscard]] std::string texture_name(const EntryRecord& entry);
// The phase a static look uses: track 0's first key's entry when it names
// one, else entry 0 (the spec's rule).
[[nodiscard]] size_t static_phase(const Material& material);

}  // namespace meshgate::mat0
