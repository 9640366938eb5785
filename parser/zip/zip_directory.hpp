// A ZIP's framing read by hand: the end records, the central directory and
// each member's local record extent (docs/spec/dmc3-containers.md §2.1).
// libzip reads members but does not expose where a member's local header
// starts or how long its data descriptor is, which is what the volume writer
// (writer/zip/) needs to copy an untouched member verbatim. Every count,
// size and offset is checked before anything is allocated or read by it: the
// volume is hostile.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/byte_source.hpp"
#include "parser/core/diagnostics.hpp"
#include "platform/read_only_file.hpp"

namespace meshgate::zip {

// Positioned reads over a volume (parser/core/byte_source.hpp), by the
// names the volume's reader and writer use.
using VolumeSource = ByteSource;
using BytesSource = meshgate::BytesSource;
using FileSource = meshgate::FileSource;
using OwnedFileSource = meshgate::OwnedFileSource;

// The format's own markers: a 32-bit field holding this means "see the ZIP64 extra".
inline constexpr uint32_t kZip64Size = 0xFFFF'FFFF;
inline constexpr uint16_t kZip64Count = 0xFFFF;
inline constexpr uint16_t kZip64ExtraId = 0x0001;
inline constexpr uint16_t kFlagEncrypted = 0x0001;
inline constexpr uint16_t kFlagDescriptor = 0x0008;
inline constexpr uint16_t kFlagStrongEncryption = 0x0040;
inline constexpr uint16_t kFlagUtf8 = 0x0800;
inline constexpr size_t kLocalFixed = 30;    // local file header before its name
inline constexpr size_t kCentralFixed = 46;  // central directory record before its name
inline constexpr size_t kEndFixed = 22;      // end of central directory record before its comment
inline constexpr size_t kZip64EndFixed = 56;
inline constexpr size_t kZip64LocatorSize = 20;

// One central directory record and the local record it points at.
struct CentralEntry {
  std::vector<std::byte> record;  // the central record as stored: fixed part, name, extra, comment
  std::string name;
  uint16_t flags = 0;
  uint16_t method = 0;
  uint32_t crc32 = 0;
  uint64_t compressed_size = 0;  // ZIP64 values where the record defers to them
  uint64_t size = 0;
  uint64_t local_offset = 0;
  uint64_t local_header_size = 0;  // 30 + name + local extra
  uint64_t descriptor_size = 0;    // 0, or 12/16/20/24 (with or without its signature, 4- or 8-byte sizes)

  [[nodiscard]] uint64_t data_offset() const { return local_offset + local_header_size; }
  [[nodiscard]] uint64_t record_end() const {
    return local_offset + local_header_size + compressed_size + descriptor_size;
  }
  [[nodiscard]] bool encrypted() const { return (flags & (kFlagEncrypted | kFlagStrongEncryption)) != 0; }
  [[nodiscard]] bool directory() const { return !name.empty() && name.back() == '/'; }
  [[nodiscard]] uint16_t u16_at(size_t at) const { return static_cast<uint16_t>(load_uint_le(Bytes(record).subspan(at), 2)); }
  [[nodiscard]] uint32_t u32_at(size_t at) const { return static_cast<uint32_t>(load_uint_le(Bytes(record).subspan(at), 4)); }
  // The record's extra field and comment (after the fixed part and the name).
  [[nodiscard]] Bytes extra() const;
  [[nodiscard]] Bytes comment() const;
};

struct Directory {
  std::vector<CentralEntry> entries;  // central directory order
  uint64_t directory_offset = 0;      // where the central directory starts
  uint64_t directory_size = 0;
  bool zip64_end = false;             // the volume has a ZIP64 end record and locator
  std::vector<std::byte> comment;     // the archive comment, as stored
};

struct DirectoryRead {
  std::optional<Directory> directory;
  std::optional<Diagnostic> problem;  // zip.rewrite-unreadable, when directory is absent
};

[[nodiscard]] DirectoryRead read_directory(VolumeSource& source, uint64_t max_members);

// The fields of a ZIP64 extra (id 1) in the order the format gives them,
// each present iff its fixed field holds the marker.
struct Zip64Fields {
  std::optional<uint64_t> size;
  std::optional<uint64_t> compressed_size;
  std::optional<uint64_t> local_offset;
  std::optional<uint32_t> disk;
};

// Walks the extra fields (id, length, data); a last field that runs past
// the area is left unread (some writers pad), so it stops there.
struct ExtraField {
  uint16_t id = 0;
  size_t at = 0;  // offset of its 4-byte header within the area
  Bytes data;
};
[[nodiscard]] std::vector<ExtraField> extra_fields(Bytes area);

}  // namespace meshgate::zip
