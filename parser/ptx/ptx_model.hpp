// A parsed PTX companion. Every byte of the file is held: the header and the
// count table as records, the header rest, each entry (its head as a record,
// the bytes between head and DDS, the DDS header as a record and its payload
// whole, the padding to the end of its blocks) and the bytes after the last
// entry. The writer needs nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/ptx/dds_fields.hpp"
#include "parser/ptx/ptx_fields.hpp"

namespace meshgate::ptx {

using HeaderRecord = Record<kHeaderSpec>;
using BlockCountRecord = Record<kBlockCountSpec>;
using ObjectHeadRecord = Record<kObjectHeadSpec>;
using Tm2HeadRecord = Record<kTm2HeadSpec>;
using DdsHeaderRecord = Record<kDdsHeaderSpec>;

// How an entry is framed (§3): chosen by its first four bytes.
enum class Framing : uint8_t { texture_object, tm2 };
[[nodiscard]] std::string_view framing_name(Framing f);

// The pixel layouts meshgate decodes (§4: DXT1 and DXT5 in game data; the
// uncompressed masks of a plain DDS as unprofiled extras).
enum class PixelLayout : uint8_t { dxt1, dxt5, uncompressed, other };
[[nodiscard]] std::string_view pixel_layout_name(PixelLayout l);

struct Dds {
  DdsHeaderRecord header;
  std::vector<std::byte> payload;  // everything after the 0x80-byte header, as stored

  [[nodiscard]] uint32_t width() const { return static_cast<uint32_t>(header.get(dds::width)); }
  [[nodiscard]] uint32_t height() const { return static_cast<uint32_t>(header.get(dds::height)); }
  // The stored mip count, 0 read as 1.
  [[nodiscard]] uint32_t mip_count() const;
  [[nodiscard]] PixelLayout layout() const;
  [[nodiscard]] std::string fourcc_text() const;  // "DXT1", or the hex of an unprintable code
  [[nodiscard]] uint64_t byte_size() const { return kDdsHeaderSpec.size + payload.size(); }

  friend bool operator==(const Dds&, const Dds&) = default;
};

struct Entry {
  Framing framing = Framing::texture_object;
  ObjectHeadRecord object;          // §3.1 only
  Tm2HeadRecord tm2;                // §3.2 only
  std::vector<std::byte> pre_dds;   // between the head and the DDS (a non-canonical delta, a TM2 offset)
  std::optional<Dds> dds;           // a TM2 entry of DDS size 0 has none
  std::vector<std::byte> padding;   // after the image to the end of the entry's blocks

  [[nodiscard]] uint32_t head_size() const { return framing == Framing::tm2 ? kTm2HeadSpec.size : kObjectHeadSize; }
  [[nodiscard]] uint64_t byte_size() const {
    return head_size() + pre_dds.size() + (dds ? dds->byte_size() : 0) + padding.size();
  }

  friend bool operator==(const Entry&, const Entry&) = default;
};

struct Companion {
  HeaderRecord header;
  std::vector<BlockCountRecord> block_counts;
  std::vector<std::byte> header_rest;  // after the table up to 0x800 (or the end of a short K = 0 file)
  std::vector<Entry> entries;
  std::vector<std::byte> trailing;     // after the last entry

  [[nodiscard]] uint64_t byte_size() const;

  friend bool operator==(const Companion&, const Companion&) = default;
};

// Level i of a w x h image: max(1, w >> i) x max(1, h >> i).
struct LevelSize {
  uint32_t width = 0, height = 0;
};
[[nodiscard]] LevelSize level_size(uint32_t width, uint32_t height, uint32_t level);
// floor(log2(max(w, h))) + 1: the levels down to 1 x 1.
[[nodiscard]] uint32_t full_chain_length(uint32_t width, uint32_t height);
// The bytes of one level in `layout` (bits per pixel for uncompressed);
// 8 or 16 per 4x4 block for DXT1 / DXT5, each level max(1, ceil(w/4)) x max(1, ceil(h/4)) blocks.
[[nodiscard]] uint64_t level_bytes(PixelLayout layout, uint32_t bits_per_pixel, LevelSize size);

}  // namespace meshgate::ptx
