// A parsed MOT. Every byte of the file is held: the header and each track's
// prefix and keys as records, the masks as values, the header tail, an
// unsupported track's body and the end tail as their exact bytes.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/mot/mot_fields.hpp"

namespace meshgate::mot {

using HeaderRecord = Record<kHeaderSpec>;
using CountRecord = Record<kCountSpec>;
using TrackHeadRecord = Record<kTrackHeadSpec>;
using Track2Prefix = Record<kTrack2PrefixSpec>;
using Track3Prefix = Record<kTrack3PrefixSpec>;
using Key2Record = Record<kKey2Spec>;
using Key3Record = Record<kKey3Spec>;

// Compression 2: linear keys of time and value.
struct Track2 {
  Track2Prefix prefix;
  std::vector<Key2Record> keys;
  friend bool operator==(const Track2&, const Track2&) = default;
};

// Compression 3: keys of time, value and both slopes; Hermite by bit 15.
struct Track3 {
  Track3Prefix prefix;
  std::vector<Key3Record> keys;
  friend bool operator==(const Track3&, const Track3&) = default;
};

// Any other compression: its head and the rest of its span as bytes.
struct RawTrack {
  TrackHeadRecord head;
  std::vector<std::byte> body;  // span - 8 bytes
  friend bool operator==(const RawTrack&, const RawTrack&) = default;
};

using Track = std::variant<Track2, Track3, RawTrack>;

// The head fields (span, key count, compression, time offset) of any track.
[[nodiscard]] TrackHeadRecord track_head(const Track& t);
[[nodiscard]] uint64_t track_size(const Track& t);

struct Motion {
  HeaderRecord header;
  std::vector<uint16_t> masks;           // C of them, joint i's at 0x1E + 2 i
  std::vector<std::byte> header_tail;    // 0x1E + 2 C .. H
  CountRecord count;
  std::vector<Track> tracks;
  std::vector<std::byte> tail;           // after the last track

  [[nodiscard]] uint64_t header_size() const { return header.get(hdr::header_size); }
  [[nodiscard]] uint64_t byte_size() const;  // the file this model writes

  friend bool operator==(const Motion&, const Motion&) = default;
};

}  // namespace meshgate::mot
