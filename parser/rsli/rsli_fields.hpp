// RsLi ("NL") library field tables (docs/spec/nikita-rsli.md §2, §3.2). The
// entry table is stored encrypted (§3.1): these fields describe each row
// after decryption, at the file offsets of its encrypted bytes.
#pragma once

#include <array>
#include <cstdint>

#include "parser/core/field_table.hpp"

namespace meshgate::rsli {

using enum FieldType;
using S = Status;

// The first four bytes: "NL", reserved 0, version 1 (§1, §2).
inline constexpr std::array<std::byte, 4> kMagic = {std::byte{'N'}, std::byte{'L'}, std::byte{0}, std::byte{1}};

inline constexpr RecordSpec<11> kHeaderSpec{"rsli_header", 32, {{
    {0x00, 2, bytes, "magic", S::exe_and_corpus_confirmed, "\"NL\"; checked by every reader and the loader (OP, MR)"},
    {0x02, 1, u8, "reserved_02", S::exe_and_corpus_confirmed, "0; the loader requires [2]==0 (MR asm, OP)"},
    {0x03, 1, u8, "version", S::exe_and_corpus_confirmed, "1; the loader requires [3]==1 (MR asm, OP, FP, PP)"},
    {0x04, 2, i16, "entry_count", S::exe_and_corpus_confirmed, "n, read signed, >= 0 (FP, OP, PP); retail 2 and 24",
     FieldRole::layout},
    {0x06, 2, i16, "entry_count_copy", S::exe_and_corpus_confirmed,
     "equals n; Parkan's loader checks it (OP), FP ignores it [CONFLICT C7]", FieldRole::layout},
    {0x08, 4, bytes, "raw_08", S::reserved_observed_zero, "0 in both retail files (OP nl.py); kept raw"},
    {0x0C, 2, u16, "raw_0c", S::reserved_observed_zero, "0 in Parkan; MR: 0/5/6 \"predominant method\" in Robinson"},
    {0x0E, 2, u16, "presorted", S::exe_and_corpus_confirmed,
     "0xABBA: +0x12 used as stored; else the loader re-sorts by strcmp (FP-old)", FieldRole::layout},
    {0x10, 4, u32, "total_unpacked", S::corpus_confirmed, "sum of unpacked_size on both retail files (OP); no EXE reader",
     FieldRole::layout},
    {0x14, 4, u32, "seed", S::exe_and_corpus_confirmed,
     "table cipher key, low 16 bits (FP, OP, MR asm, PP); MR: also the payload size [CONFLICT C5]"},
    {0x18, 8, bytes, "raw_18", S::reserved_observed_zero, "0 (OP \"zero, twice\"; MR); kept raw"},
}}};

inline constexpr RecordSpec<7> kEntrySpec{"rsli_entry", 32, {{
    {0x00, 12, bytes, "name", S::exe_and_corpus_confirmed,
     "NUL-padded ASCII, upper case in retail; 12 bytes without NUL are legal (FP-old); tail kept"},
    {0x0C, 4, bytes, "service", S::preserved_undecoded, "not read by the loader (OP, FP-old); kept raw (FP rebuild zeroes it)"},
    {0x10, 2, i16, "flags", S::exe_and_corpus_confirmed, "method = flags & 0x1E0 (OP rsLoad, MR jump table)"},
    {0x12, 2, i16, "sort_to_original", S::structural_confirmed,
     "lookup permutation and XOR key; direction [CONFLICT C1], reading F default (FP)", FieldRole::layout},
    {0x14, 4, u32, "unpacked_size", S::exe_and_corpus_confirmed, "exact decoded size; rsGetInfo returns it (FP-old)"},
    {0x18, 4, u32, "data_offset", S::exe_and_corpus_confirmed, "absolute offset of the packed stream (+ AO overlay) (OP, MR)",
     FieldRole::layout},
    {0x1C, 4, u32, "packed_size", S::exe_and_corpus_confirmed, "length of the packed stream (§5.3: one retail +1)",
     FieldRole::layout},
}}};

inline constexpr uint16_t kPresorted = 0xABBA;
inline constexpr uint64_t kHeaderSize = kHeaderSpec.size;
inline constexpr uint64_t kEntrySize = kEntrySpec.size;
inline constexpr uint64_t kTrailerSize = 6;  // "AO" + u32 overlay (§5.2)

namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t reserved_02 = field_index<kHeaderSpec>("reserved_02");
inline constexpr size_t version = field_index<kHeaderSpec>("version");
inline constexpr size_t entry_count = field_index<kHeaderSpec>("entry_count");
inline constexpr size_t entry_count_copy = field_index<kHeaderSpec>("entry_count_copy");
inline constexpr size_t raw_08 = field_index<kHeaderSpec>("raw_08");
inline constexpr size_t raw_0c = field_index<kHeaderSpec>("raw_0c");
inline constexpr size_t presorted = field_index<kHeaderSpec>("presorted");
inline constexpr size_t total_unpacked = field_index<kHeaderSpec>("total_unpacked");
inline constexpr size_t seed = field_index<kHeaderSpec>("seed");
inline constexpr size_t raw_18 = field_index<kHeaderSpec>("raw_18");
}  // namespace hdr

namespace entry {
inline constexpr size_t name = field_index<kEntrySpec>("name");
inline constexpr size_t service = field_index<kEntrySpec>("service");
inline constexpr size_t flags = field_index<kEntrySpec>("flags");
inline constexpr size_t sort_to_original = field_index<kEntrySpec>("sort_to_original");
inline constexpr size_t unpacked_size = field_index<kEntrySpec>("unpacked_size");
inline constexpr size_t data_offset = field_index<kEntrySpec>("data_offset");
inline constexpr size_t packed_size = field_index<kEntrySpec>("packed_size");
}  // namespace entry

// FP's allocation limits (§7.1 item 3); a test may lower them.
struct Limits {
  uint64_t input_bytes = 256ull << 20;
  uint64_t entries = 1'000'000;
  uint64_t packed_per_entry = 64ull << 20;
  uint64_t unpacked_per_entry = 128ull << 20;
  uint64_t unpacked_per_load = 128ull << 20;
};

}  // namespace meshgate::rsli
