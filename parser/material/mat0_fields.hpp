// MAT0 materials (NRes type 0x3054414D, docs/spec/nikita-materials-textures.md
// §3): a 14-byte header, E phases (entries) of 34 bytes, then K animation
// tracks, each a 6-byte head and its 6-byte keys. The payload version is the
// entry's attr2 (6 in every shipped file); other versions keep their bytes raw.
#pragma once

#include <cstdint>

#include "parser/core/field_table.hpp"

namespace meshgate::mat0 {

using enum FieldType;
using S = Status;

inline constexpr uint32_t kMat0TypeId = 0x3054414D;  // "MAT0"
inline constexpr uint32_t kKnownVersion = 6;

inline constexpr RecordSpec<6> kHeaderSpec{"mat0_header", 14, {{
    {0x00, 2, u16, "entry_count", S::structural_confirmed, "phases E [H]"},
    {0x02, 2, u16, "track_count", S::structural_confirmed, "animation tracks K [H]"},
    {0x04, 1, u8, "surface_id", S::semantic_candidate, "0..10, 0xFF unset [H]; FP metadata_a"},
    {0x05, 1, u8, "metadata_b", S::preserved_undecoded, "second metadata byte, kept raw [H]"},
    {0x06, 4, f32, "speed_factor", S::semantic_candidate, "OP's name [M]; FP metadata_c_raw"},
    {0x0A, 4, f32, "damage_rate", S::semantic_candidate, "OP's name [M]; FP metadata_d_raw"},
}}};

inline constexpr RecordSpec<7> kEntrySpec{"mat0_entry", 34, {{
    {0x00, 4, bytes, "ambient", S::structural_confirmed, "R, G, B, alpha 0..100 [H]"},
    {0x04, 4, bytes, "diffuse", S::structural_confirmed, "R, G, B, alpha 0..100 [H]: the export's baseColorFactor"},
    {0x08, 4, bytes, "specular", S::structural_confirmed, "R, G, B, alpha [H]"},
    {0x0C, 4, bytes, "emissive", S::structural_confirmed, "R, G, B, alpha [H]"},
    {0x10, 1, u8, "power", S::structural_confirmed, "specular power [H]"},
    {0x11, 1, u8, "cell", S::structural_confirmed,
     "i8: -1 (0xFF) = the whole texture, else a rectangle of the texture's Page chunk [H]"},
    {0x12, 16, bytes, "texture_name", S::structural_confirmed,
     "NUL-padded; empty = an intentionally untextured surface [H]; looked up case-insensitively in Textures.lib"},
}}};

inline constexpr RecordSpec<2> kTrackSpec{"mat0_track", 6, {{
    {0x00, 4, u32, "word", S::preserved_undecoded, "kept raw [H]"},
    {0x04, 2, u16, "key_count", S::structural_confirmed, "keys that follow [H]"},
}}};

inline constexpr RecordSpec<3> kKeySpec{"mat0_key", 6, {{
    {0x00, 2, u16, "entry", S::structural_confirmed, "the phase shown [H]; track 0's first key picks the static phase"},
    {0x02, 2, u16, "time", S::structural_confirmed, "when [H]"},
    {0x04, 2, u16, "unused", S::preserved_undecoded, "unread by OP, kept raw"},
}}};

// A Material.lib entry: E x 34 + K x (6 + 65,535 x 6) is far below this.
inline constexpr uint64_t kMaxInputBytes = 64ull << 20;

namespace hdr {
inline constexpr size_t entry_count = field_index<kHeaderSpec>("entry_count");
inline constexpr size_t track_count = field_index<kHeaderSpec>("track_count");
}  // namespace hdr
namespace entry {
inline constexpr size_t diffuse = field_index<kEntrySpec>("diffuse");
inline constexpr size_t cell = field_index<kEntrySpec>("cell");
inline constexpr size_t texture_name = field_index<kEntrySpec>("texture_name");
}  // namespace entry
namespace track {
inline constexpr size_t key_count = field_index<kTrackSpec>("key_count");
}  // namespace track
namespace key {
inline constexpr size_t entry = field_index<kKeySpec>("entry");
inline constexpr size_t time = field_index<kKeySpec>("time");
}  // namespace key

}  // namespace meshgate::mat0
