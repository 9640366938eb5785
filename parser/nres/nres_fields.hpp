// NRes container field tables (docs/spec/nres-msh.md §1.2, §1.3).
// Confidence [H] (decoded from Ngi32 code by FP/PP/OP and checked on the
// retail corpora) maps to EXE_AND_CORPUS_CONFIRMED (provenance.md); the
// type-dependent attribute words are STRUCTURAL_CONFIRMED: layout proven,
// meaning decided per stream type.
#pragma once

#include <array>

#include "parser/core/field_table.hpp"

namespace meshgate::nres {

using enum FieldType;
using S = Status;

// The first four bytes of every NRes archive: read by the parser, written by the layout builder.
inline constexpr std::array<std::byte, 4> kMagic = {std::byte{'N'}, std::byte{'R'}, std::byte{'e'}, std::byte{'s'}};

inline constexpr RecordSpec<4> kHeaderSpec{"nres_header", 16, {{
    {0x00, 4, bytes, "magic", S::exe_and_corpus_confirmed, "\"NRes\" = 4E 52 65 73 [H]"},
    {0x04, 4, u32, "version", S::exe_and_corpus_confirmed, "must be 0x100; Ngi32 rejects any other value [H]"},
    {0x08, 4, i32, "entry_count", S::exe_and_corpus_confirmed, "read as signed, >= 0 [H]"},
    {0x0C, 4, u32, "total_size", S::exe_and_corpus_confirmed,
     "equals the file size; Ngi32 compares it with GetFileSize [H]", FieldRole::layout},
}}};

inline constexpr RecordSpec<8> kEntrySpec{"nres_entry", 64, {{
    {0x00, 4, u32, "type_id", S::exe_and_corpus_confirmed,
     "FourCC (Texm, MAT0, ...) or, inside .msh, a stream type 1..21 [H]"},
    {0x04, 4, u32, "attr1", S::structural_confirmed, "type-dependent; element count in model streams [H]"},
    {0x08, 4, u32, "attr2", S::structural_confirmed, "type-dependent; Res19 frame count, MAT0 version [H]"},
    {0x0C, 4, u32, "size", S::exe_and_corpus_confirmed, "payload length in bytes [H]", FieldRole::layout},
    {0x10, 4, u32, "attr3", S::structural_confirmed, "type-dependent; element stride in model streams [H]"},
    {0x14, 36, bytes, "name", S::exe_and_corpus_confirmed,
     "C string <= 35 chars + NUL; bytes after the NUL are not always zero and are kept [H]"},
    {0x38, 4, u32, "data_offset", S::exe_and_corpus_confirmed, "absolute file offset of the payload [H]", FieldRole::layout},
    {0x3C, 4, u32, "sort_index", S::exe_and_corpus_confirmed,
     "entries[i].sort_index = i-th entry in case-folded name order (_strcmpi), not the own position [H]", FieldRole::layout},
}}};

inline constexpr uint32_t kVersion = 0x100;
inline constexpr uint64_t kPayloadAlignment = 8;
// FP's allocation limits (spec §1.7 item 12).
inline constexpr uint64_t kMaxInputBytes = 256ull << 20;
inline constexpr uint64_t kMaxEntries = 1u << 20;

namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t version = field_index<kHeaderSpec>("version");
inline constexpr size_t entry_count = field_index<kHeaderSpec>("entry_count");
inline constexpr size_t total_size = field_index<kHeaderSpec>("total_size");
}  // namespace hdr

namespace entry {
inline constexpr size_t type_id = field_index<kEntrySpec>("type_id");
inline constexpr size_t attr1 = field_index<kEntrySpec>("attr1");
inline constexpr size_t attr2 = field_index<kEntrySpec>("attr2");
inline constexpr size_t size = field_index<kEntrySpec>("size");
inline constexpr size_t attr3 = field_index<kEntrySpec>("attr3");
inline constexpr size_t name = field_index<kEntrySpec>("name");
inline constexpr size_t data_offset = field_index<kEntrySpec>("data_offset");
inline constexpr size_t sort_index = field_index<kEntrySpec>("sort_index");
}  // namespace entry

}  // namespace meshgate::nres
