// DMC3 HD `.mot` motions (docs/spec/dmc3-mot.md): a header of fixed fields,
// C u16 channel masks and a zero tail to H; at H a u32 track count, then the
// tracks back to back, each a prefix and its keys; a zero tail to a multiple
// of 16. Every record is a field table with the spec's status and evidence;
// the masks, the header tail, unsupported tracks and the end tail are arrays
// of bytes sized by the tables' fields.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "parser/core/field_table.hpp"

namespace meshgate::mot {

using enum FieldType;
using S = Status;

inline constexpr RecordSpec<9> kHeaderSpec{"mot_header", 0x1E, {{
    {0x00, 4, u32, "header_size", S::structural_confirmed | S::corpus_confirmed,
     "H, the offset of the body; align16(0x1E + 2 C) in every corpus (ST: C 24, H 0x50) [DR, Blender]",
     FieldRole::layout},
    {0x04, 4, bytes, "marker", S::corpus_confirmed,
     "\"MOT\\0\" in every corpus; compared nowhere in the EXE (DR census), so a mismatch is a warning"},
    {0x08, 4, bytes, "raw_08", S::preserved_undecoded | S::semantic_candidate,
     "DR keeps a raw u32; Blender reads an f32 \"start frame\" (one project)"},
    {0x0C, 4, f32, "raw_0C", S::corpus_confirmed | S::semantic_candidate,
     "650.0 in ST where all 69 tracks span 650; EM 4,915/5,118 tracks span it; \"end frame\" (DR note, Native "
     "Reader, Blender) is a candidate"},
    {0x10, 4, bytes, "raw_10", S::preserved_undecoded | S::semantic_candidate,
     "Blender \"start frame 2\"; Native Reader: loop start when non-zero and below +0x0C (community reading)"},
    {0x14, 4, f32, "raw_14", S::corpus_confirmed, "650.0 in ST, reported equal to +0x0C (Native Reader); meaning unknown"},
    {0x18, 2, u16, "raw_18", S::preserved_undecoded,
     "0 in ST; DR ABI name raw_flag [unsure]; a header flag 0x2 takes the alternate binding 0x140310CBF"},
    {0x1A, 2, u16, "raw_1A", S::preserved_undecoded, "24 in ST (equal to C, one sample); DR ABI name raw_selector"},
    {0x1C, 2, u16, "channel_domain_count", S::exe_confirmed,
     "C, the number of masks: joint i's mask is read at MOT+0x1E+2i (0x140310A61)", FieldRole::layout},
}}};

// The channel masks at 0x1E: u16 each, one per joint in MOD node order.
inline constexpr uint32_t kMasksOffset = 0x1E;
inline constexpr uint16_t kKnownMaskBits = 0x1FF;

inline constexpr RecordSpec<1> kCountSpec{"mot_track_count", 4, {{
    {0x00, 4, u32, "track_count", S::structural_confirmed | S::exe_confirmed,
     "sum of the masks' popcounts (DR's modular parser; R3); one track ordinal per set bit (EXE)", FieldRole::layout},
}}};

// The prefix every track starts with.
inline constexpr RecordSpec<4> kTrackHeadSpec{"mot_track_head", 8, {{
    {0x00, 2, u16, "span", S::exe_and_corpus_confirmed,
     "bytes of the whole track; prefix + keys x key size on 5,118/5,118 EM tracks (walk 0x1402E9AA0)",
     FieldRole::layout},
    {0x02, 2, u16, "key_count", S::exe_confirmed, "sign-extended by the runtime (0x1402E8CCA)"},
    {0x04, 2, u16, "compression", S::exe_confirmed,
     "evaluator jump table 0x1402E962C: 3 Hermite-i16, 2 linear-i16, 0/1/6/7 other strides, 4/5 zero; EM holds "
     "2 and 3 only"},
    {0x06, 2, i16, "time_offset", S::exe_confirmed, "signed track-level time shift (sec. 5); 0 on every ST track"},
}}};

// Compression 2: the head, the value's min and range, 4-byte keys.
inline constexpr RecordSpec<6> kTrack2PrefixSpec{"mot_track2_prefix", 0x10, {{
    kTrackHeadSpec.fields[0], kTrackHeadSpec.fields[1], kTrackHeadSpec.fields[2], kTrackHeadSpec.fields[3],
    {0x08, 4, f32, "value_min", S::exe_confirmed, "key decode 0x1402E9650; Blender's min"},
    {0x0C, 4, f32, "value_range", S::exe_confirmed, "key decode 0x1402E9650; Blender's range"},
}}};

// Compression 3: the head, value and slope quantisation pairs, 8-byte keys.
inline constexpr RecordSpec<10> kTrack3PrefixSpec{"mot_track3_prefix", 0x20, {{
    kTrackHeadSpec.fields[0], kTrackHeadSpec.fields[1], kTrackHeadSpec.fields[2], kTrackHeadSpec.fields[3],
    {0x08, 4, f32, "value_min", S::exe_confirmed, "key decode 0x1402E9650; Blender's min"},
    {0x0C, 4, f32, "value_range", S::exe_confirmed, "key decode 0x1402E9650; Blender's range"},
    {0x10, 4, f32, "in_slope_min", S::exe_confirmed, "key decode 0x1402E9650; Blender's inTMin"},
    {0x14, 4, f32, "in_slope_range", S::exe_confirmed, "key decode 0x1402E9650; Blender's inRange"},
    {0x18, 4, f32, "out_slope_min", S::exe_confirmed, "key decode 0x1402E9650; Blender's outTMin"},
    {0x1C, 4, f32, "out_slope_range", S::exe_confirmed, "key decode 0x1402E9650; Blender's outRange"},
}}};

inline constexpr RecordSpec<2> kKey2Spec{"mot_key2", 4, {{
    {0x00, 2, u16, "time_control", S::exe_confirmed, "time = bits 0-14 + time_offset; bit 15 reported, never Hermite"},
    {0x02, 2, u16, "q_value", S::exe_confirmed, "value = q x range / 65535 + min (0x1402E9650)"},
}}};

inline constexpr RecordSpec<4> kKey3Spec{"mot_key3", 8, {{
    {0x00, 2, u16, "time_control", S::exe_confirmed,
     "time = bits 0-14 + time_offset; bit 15 of a segment's left key selects Hermite (0x1402E9261)"},
    {0x02, 2, u16, "q_value", S::exe_confirmed, "value = q x range / 65535 + min (0x1402E9650)"},
    {0x04, 2, u16, "q_in_slope", S::exe_confirmed, "in_slope = q x in_range / 65535 + in_min"},
    {0x06, 2, u16, "q_out_slope", S::exe_confirmed, "out_slope = q x out_range / 65535 + out_min"},
}}};

inline constexpr std::array<std::byte, 4> kMarker = {std::byte{'M'}, std::byte{'O'}, std::byte{'T'}, std::byte{0}};

// Tool bounds, not format limits: DR's modular parser refuses more than
// 65,536 tracks (its older parser 4,096; ST has 69). A MOT's size is bounded
// by its u16 mask count and u16 spans: 65,536 tracks of 65,535 bytes, 4 GiB;
// retail motions are under 1 MiB, so 64 MiB is far past any of them.
inline constexpr uint64_t kMaxTracks = 65536;
inline constexpr uint64_t kMaxInputBytes = uint64_t{64} << 20;
inline constexpr uint64_t kTailAlignment = 16;

// H for C masks: align16(0x1E + 2 C).
[[nodiscard]] constexpr uint64_t expected_header_size(uint64_t mask_count) {
  return (kMasksOffset + 2 * mask_count + 15) / 16 * 16;
}

namespace hdr {
inline constexpr size_t header_size = field_index<kHeaderSpec>("header_size");
inline constexpr size_t marker = field_index<kHeaderSpec>("marker");
inline constexpr size_t raw_08 = field_index<kHeaderSpec>("raw_08");
inline constexpr size_t raw_0C = field_index<kHeaderSpec>("raw_0C");
inline constexpr size_t raw_10 = field_index<kHeaderSpec>("raw_10");
inline constexpr size_t raw_14 = field_index<kHeaderSpec>("raw_14");
inline constexpr size_t raw_18 = field_index<kHeaderSpec>("raw_18");
inline constexpr size_t raw_1A = field_index<kHeaderSpec>("raw_1A");
inline constexpr size_t channel_domain_count = field_index<kHeaderSpec>("channel_domain_count");
}  // namespace hdr

namespace track {
inline constexpr size_t span = field_index<kTrackHeadSpec>("span");
inline constexpr size_t key_count = field_index<kTrackHeadSpec>("key_count");
inline constexpr size_t compression = field_index<kTrackHeadSpec>("compression");
inline constexpr size_t time_offset = field_index<kTrackHeadSpec>("time_offset");
// The same four fields lie at the same indices of both quantised prefixes.
inline constexpr size_t value_min = field_index<kTrack3PrefixSpec>("value_min");
inline constexpr size_t value_range = field_index<kTrack3PrefixSpec>("value_range");
inline constexpr size_t in_slope_min = field_index<kTrack3PrefixSpec>("in_slope_min");
inline constexpr size_t in_slope_range = field_index<kTrack3PrefixSpec>("in_slope_range");
inline constexpr size_t out_slope_min = field_index<kTrack3PrefixSpec>("out_slope_min");
inline constexpr size_t out_slope_range = field_index<kTrack3PrefixSpec>("out_slope_range");
static_assert(field_index<kTrack2PrefixSpec>("value_min") == value_min &&
              field_index<kTrack2PrefixSpec>("value_range") == value_range);
}  // namespace track

namespace key {
inline constexpr size_t time_control = field_index<kKey3Spec>("time_control");
inline constexpr size_t q_value = field_index<kKey3Spec>("q_value");
inline constexpr size_t q_in_slope = field_index<kKey3Spec>("q_in_slope");
inline constexpr size_t q_out_slope = field_index<kKey3Spec>("q_out_slope");
static_assert(field_index<kKey2Spec>("time_control") == time_control && field_index<kKey2Spec>("q_value") == q_value);
}  // namespace key

}  // namespace meshgate::mot
