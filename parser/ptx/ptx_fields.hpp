// The DMC3 HD texture companion, PTX (docs/spec/dmc3-textures.md §2-§3): a
// texture count, a table of entry lengths in 0x800-byte blocks, an opaque
// header rest up to 0x800, then the entries back to back. An entry is either
// a 0x70-byte serialized texture object followed by a DDS (§3.1, every known
// specimen) or a "TM2\0" head (§3.2, known only from the executable). The
// DDS header's table is in dds_fields.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "parser/core/field_table.hpp"

namespace meshgate::ptx {

using enum FieldType;
using S = Status;

inline constexpr uint32_t kBlockSize = 0x800;     // entries start at 0x800 and span whole blocks (§2)
inline constexpr uint32_t kEntriesStart = 0x800;
// The count table must end at or before 0x800: 4 + 4 K <= 0x800 (§2).
inline constexpr uint32_t kMaxTextureCount = (kEntriesStart - 4) / 4;  // 511
// The runtime payload holds 64 record pointers (§2, a derived capacity).
inline constexpr uint32_t kRuntimeCapacity = 64;
inline constexpr uint32_t kTm2Magic = 0x00324D54;  // "TM2\0" as a LE u32 (§3)

inline constexpr RecordSpec<1> kHeaderSpec{"ptx_header", 4, {{
    {0x00, 4, u32, "texture_count", S::exe_confirmed,
     "K; loops at 0x140336A70 and 0x140336BB0 read it; the model manager's live texture count (0x1402F9570)"},
}}};

inline constexpr RecordSpec<1> kBlockCountSpec{"ptx_block_count", 4, {{
    {0x00, 4, u32, "block_count", S::exe_confirmed,
     "entry i's length in 0x800-byte blocks; the loops advance by block_count << 11; a final 0 extends the entry "
     "to the end (V6, a [CONFLICT]: warning)", FieldRole::layout},
}}};

// §3.1: the serialized texture object the engine materialises in place
// (0x140046510). "V6" is DR's analysis corpus (154 heads, pass 80).
inline constexpr RecordSpec<21> kObjectHeadSpec{"ptx_texture_object", 0x70, {{
    {0x00, 8, u64, "vtable_slot", S::exe_confirmed | S::reserved_observed_zero,
     "0 in the file; the vtable 0x1404C5388 is written over it at load"},
    {0x08, 4, u32, "format_word", S::corpus_confirmed | S::preserved_undecoded,
     "V6: 0x20000 | mip_count << 8 | code, code 0x86 DXT1, 0x88 DXT5; the parts' meaning unknown"},
    {0x0C, 4, u32, "unknown_0c", S::preserved_undecoded, "0xAAE4 in V6"},
    {0x10, 2, u16, "width", S::exe_and_corpus_confirmed, "the object's width = the DDS width (V6; 0x140046F90)"},
    {0x12, 2, u16, "height", S::exe_and_corpus_confirmed, "the object's height = the DDS height (V6)"},
    {0x14, 4, u32, "unknown_14", S::preserved_undecoded, "1 in V6"},
    {0x18, 4, u32, "block_row_bytes", S::corpus_confirmed | S::preserved_undecoded,
     "width x 2 (DXT1) or x 4 (DXT5) in V6: the bytes of a row of 4x4 blocks; meaning not claimed"},
    {0x1C, 4, u32, "reserved_1c", S::reserved_observed_zero, "0 in V6"},
    {0x20, 8, u64, "descriptor_delta", S::exe_and_corpus_confirmed,
     "delta from this field to the payload descriptor (0x40 -> +0x60); turned into a pointer at load",
     FieldRole::layout},
    {0x28, 16, bytes, "reserved_28", S::reserved_observed_zero, "0 in V6"},
    {0x38, 4, u32, "payload_size", S::corpus_confirmed | S::preserved_undecoded,
     "DDS size - 128 in V6, the full chain's BC payload (the TM2 path stores w x h x 4 in the runtime lane)"},
    {0x3C, 4, u32, "aux_mode", S::preserved_undecoded, "V6: 0 (112), 1 (33), 2 (9); non-zero only on DXT5"},
    {0x40, 4, u32, "aux_value", S::preserved_undecoded, "V6: zero exactly when aux_mode is zero"},
    {0x44, 2, u16, "secondary_width", S::preserved_undecoded, "V6: the DDS width (50) or half of it (104)"},
    {0x46, 2, u16, "secondary_height", S::preserved_undecoded, "V6: the DDS height or half of it, with the width"},
    {0x48, 4, f32, "inv_secondary_width", S::corpus_confirmed, "exactly 1 / secondary_width in V6"},
    {0x4C, 4, f32, "inv_secondary_height", S::corpus_confirmed, "exactly 1 / secondary_height in V6"},
    {0x50, 16, bytes, "reserved_50", S::reserved_observed_zero, "0 in V6"},
    {0x60, 4, u32, "payload_kind", S::preserved_undecoded, "payload descriptor +0x00: 0 (DXT1) or 4 (DXT5) in V6"},
    {0x64, 4, u32, "dds_size", S::exe_and_corpus_confirmed,
     "payload descriptor +0x04: the DDS byte size handed to the DDS loader", FieldRole::layout},
    {0x68, 8, u64, "dds_delta", S::exe_and_corpus_confirmed,
     "payload descriptor +0x08: delta from this field to the DDS (8 -> +0x70)", FieldRole::layout},
}}};
inline constexpr uint32_t kObjectHeadSize = kObjectHeadSpec.size;

// §3.2: a "TM2\0" head (EXE only, entry parser 0x1403365B0; no specimen).
// Its last field read ends at +0x67.
inline constexpr RecordSpec<11> kTm2HeadSpec{"ptx_tm2_head", 0x68, {{
    {0x00, 4, u32, "magic", S::exe_confirmed, "\"TM2\\0\" (0x00324D54) selects this branch"},
    {0x04, 2, u16, "record_count", S::exe_confirmed,
     "copied into the materialisation descriptor +0x3C: the runtime records built for the texture"},
    {0x06, 2, bytes, "unknown_06", S::preserved_undecoded, "unknown"},
    {0x08, 4, u32, "dds_offset", S::exe_confirmed, "the DDS's offset from the entry start", FieldRole::layout},
    {0x0C, 0x30, bytes, "unknown_0c", S::preserved_undecoded, "unknown"},
    {0x3C, 4, u32, "dds_size", S::exe_confirmed, "the DDS byte size; 0: no DDS attached", FieldRole::layout},
    {0x40, 0x10, bytes, "unknown_40", S::preserved_undecoded, "unknown"},
    {0x50, 8, bytes, "object_lanes_08", S::preserved_undecoded,
     "copied verbatim into texture object +0x08..+0x0F (the §3.1 head's lanes)"},
    {0x58, 2, u16, "width", S::exe_confirmed, "copied to texture object +0x10, the width"},
    {0x5A, 2, u16, "height", S::exe_confirmed, "copied to texture object +0x12, the height"},
    {0x5C, 0x0C, bytes, "object_lanes_14", S::preserved_undecoded, "copied into texture object +0x14..+0x1F"},
}}};
inline constexpr uint32_t kMinObjectEntry = 0xF0;  // the head and a minimal DDS (§6)
inline constexpr uint32_t kMinTm2Entry = 0x68;

// The largest PTX read: retail sets hold at most 17 images of a few hundred
// KB; 511 entries of a 16,384^2 DXT5 chain would be far past it.
inline constexpr uint64_t kMaxInputBytes = 512ull << 20;

namespace hdr {
inline constexpr size_t texture_count = field_index<kHeaderSpec>("texture_count");
}
inline constexpr size_t block_count = field_index<kBlockCountSpec>("block_count");

namespace obj {
inline constexpr size_t vtable_slot = field_index<kObjectHeadSpec>("vtable_slot");
inline constexpr size_t format_word = field_index<kObjectHeadSpec>("format_word");
inline constexpr size_t unknown_0c = field_index<kObjectHeadSpec>("unknown_0c");
inline constexpr size_t width = field_index<kObjectHeadSpec>("width");
inline constexpr size_t height = field_index<kObjectHeadSpec>("height");
inline constexpr size_t unknown_14 = field_index<kObjectHeadSpec>("unknown_14");
inline constexpr size_t block_row_bytes = field_index<kObjectHeadSpec>("block_row_bytes");
inline constexpr size_t reserved_1c = field_index<kObjectHeadSpec>("reserved_1c");
inline constexpr size_t descriptor_delta = field_index<kObjectHeadSpec>("descriptor_delta");
inline constexpr size_t reserved_28 = field_index<kObjectHeadSpec>("reserved_28");
inline constexpr size_t payload_size = field_index<kObjectHeadSpec>("payload_size");
inline constexpr size_t aux_mode = field_index<kObjectHeadSpec>("aux_mode");
inline constexpr size_t aux_value = field_index<kObjectHeadSpec>("aux_value");
inline constexpr size_t secondary_width = field_index<kObjectHeadSpec>("secondary_width");
inline constexpr size_t secondary_height = field_index<kObjectHeadSpec>("secondary_height");
inline constexpr size_t inv_secondary_width = field_index<kObjectHeadSpec>("inv_secondary_width");
inline constexpr size_t inv_secondary_height = field_index<kObjectHeadSpec>("inv_secondary_height");
inline constexpr size_t reserved_50 = field_index<kObjectHeadSpec>("reserved_50");
inline constexpr size_t payload_kind = field_index<kObjectHeadSpec>("payload_kind");
inline constexpr size_t dds_size = field_index<kObjectHeadSpec>("dds_size");
inline constexpr size_t dds_delta = field_index<kObjectHeadSpec>("dds_delta");
}  // namespace obj

namespace tm2 {
inline constexpr size_t magic = field_index<kTm2HeadSpec>("magic");
inline constexpr size_t record_count = field_index<kTm2HeadSpec>("record_count");
inline constexpr size_t dds_offset = field_index<kTm2HeadSpec>("dds_offset");
inline constexpr size_t dds_size = field_index<kTm2HeadSpec>("dds_size");
inline constexpr size_t width = field_index<kTm2HeadSpec>("width");
inline constexpr size_t height = field_index<kTm2HeadSpec>("height");
}  // namespace tm2

}  // namespace meshgate::ptx
