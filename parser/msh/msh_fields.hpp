// MSH (AniMesh) stream record tables (docs/spec/nres-msh.md §3).
// Confidence tags map onto provenance as provenance.md says:
//   [H] decoded from AniMesh/Ngi32 and corpus-checked by a public project -> EXE_AND_CORPUS_CONFIRMED
//   [M] one project with engine or corpus evidence -> EXE_CONFIRMED / CORPUS_CONFIRMED as cited
//   [L] hypothesis -> SEMANTIC_CANDIDATE (bytes kept raw)
//   [CONFLICT] -> SEMANTIC_CANDIDATE, both readings named in the note
//   undecoded -> PRESERVED_UNDECODED
// Sources: FP = valentineus/fparkan, PP = sampletext32/ParkanPlayground, OP = dragonee/openparkan.
// Their corpus figures are evidence about their corpus; meshgate's sweep reports the user's.
#pragma once

#include <array>

#include "parser/core/field_table.hpp"

namespace meshgate::msh {

using enum FieldType;
using S = Status;

inline constexpr StatusSet kH = S::exe_and_corpus_confirmed;
inline constexpr StatusSet kConflict = S::semantic_candidate;

// §3.1 Res1 node, 38 bytes = 19 x u16. Slot word = node*19 + 4 + a*5 + b.
#define MESHGATE_SLOT(i)                                                                                       \
  {0x08 + 2 * (i), 2, u16, "slot_index_" #i, kH,                                                              \
   "Res2 slot or 0xFFFF; word 4 + a*5 + b [CONFLICT a/b: FP a=LOD b=group; PP a=state b=LOD; OP a=variant "  \
   "b=LOD, b=4 a fifth slot]"}
inline constexpr RecordSpec<19> kNodeSpec{"res1_node", 38, {{
    {0x00, 2, u16, "flags", kH,
     "hdr0; bits: 0x1 interior [M OP], 0x20 collision hull [M], 0x40 no shadow [M], 0x800 central [M], "
     "0x4/0x10/0x100/0x200/0x400 [L PP]"},
    {0x02, 2, u16, "parent_or_link", kH, "0xFFFF = root, else a node index; parent < child in every model (FP)"},
    {0x04, 2, u16, "anim_map_start", kH, "start word in Res19, 0xFFFF = not animated"},
    {0x06, 2, u16, "fallback_key", kH, "Res8 key index; the last key of the node's track (OP 817/817)"},
    MESHGATE_SLOT(0), MESHGATE_SLOT(1), MESHGATE_SLOT(2), MESHGATE_SLOT(3), MESHGATE_SLOT(4),
    MESHGATE_SLOT(5), MESHGATE_SLOT(6), MESHGATE_SLOT(7), MESHGATE_SLOT(8), MESHGATE_SLOT(9),
    MESHGATE_SLOT(10), MESHGATE_SLOT(11), MESHGATE_SLOT(12), MESHGATE_SLOT(13), MESHGATE_SLOT(14),
}}};

// §3.1 24-byte variant (system.rlb::MTCHECK.MSH): the 8-byte header and 8 slot words [M].
inline constexpr RecordSpec<12> kNodeShortSpec{"res1_node_24", 24, {{
    {0x00, 2, u16, "flags", kH, "as in the 38-byte node"},
    {0x02, 2, u16, "parent_or_link", kH, "as in the 38-byte node"},
    {0x04, 2, u16, "anim_map_start", kH, "as in the 38-byte node"},
    {0x06, 2, u16, "fallback_key", kH, "as in the 38-byte node"},
    {0x08, 2, u16, "slot_index_0", S::corpus_confirmed, "PP reads (stride-8)/2 slot words, the rest are 0xFFFF"},
    {0x0A, 2, u16, "slot_index_1", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x0C, 2, u16, "slot_index_2", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x0E, 2, u16, "slot_index_3", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x10, 2, u16, "slot_index_4", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x12, 2, u16, "slot_index_5", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x14, 2, u16, "slot_index_6", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
    {0x16, 2, u16, "slot_index_7", S::corpus_confirmed, "24-byte variant [M, FP/PP]"},
}}};
#undef MESHGATE_SLOT

// §3.2 Res2 model header, 0x8C bytes = 35 floats (FP sub_1000A460; PP and OP agree) [H].
#define MESHGATE_CORNER(i)                                                                  \
  {0x00 + 12 * (i), 4, f32, "corner" #i "_x", kH, "model bounding box corner (OP: posed space)"}, \
  {0x04 + 12 * (i), 4, f32, "corner" #i "_y", kH, "bounding box corner"},                          \
  {0x08 + 12 * (i), 4, f32, "corner" #i "_z", kH, "bounding box corner"}
inline constexpr RecordSpec<35> kModelHeaderSpec{"res2_header", 0x8C, {{
    MESHGATE_CORNER(0), MESHGATE_CORNER(1), MESHGATE_CORNER(2), MESHGATE_CORNER(3),
    MESHGATE_CORNER(4), MESHGATE_CORNER(5), MESHGATE_CORNER(6), MESHGATE_CORNER(7),
    {0x60, 4, f32, "sphere_center_x", kH, "bounding sphere centre"},
    {0x64, 4, f32, "sphere_center_y", kH, "bounding sphere centre"},
    {0x68, 4, f32, "sphere_center_z", kH, "bounding sphere centre"},
    {0x6C, 4, f32, "sphere_radius", kH, "bounding sphere radius"},
    {0x70, 4, f32, "capsule_a_x", kH, "capsule/cylinder point A"},
    {0x74, 4, f32, "capsule_a_y", kH, "capsule point A"},
    {0x78, 4, f32, "capsule_a_z", kH, "capsule point A"},
    {0x7C, 4, f32, "capsule_b_x", kH, "capsule point B"},
    {0x80, 4, f32, "capsule_b_y", kH, "capsule point B"},
    {0x84, 4, f32, "capsule_b_z", kH, "capsule point B"},
    {0x88, 4, f32, "capsule_radius", kH, "OP: equals the XY extent, e.g. 47.325*sqrt(2)"},
}}};
#undef MESHGATE_CORNER

// §3.2 Res2 slot, 68 bytes, after the header.
inline constexpr RecordSpec<19> kSlotSpec{"res2_slot", 68, {{
    {0x00, 2, u16, "tri_start", kH, "first Res7 record; triangle t covers Res6 indices 3t..3t+2"},
    {0x02, 2, u16, "tri_count", kH, "a count: AniMesh tests triStart <= id < triStart+triCount (FP)"},
    {0x04, 2, u16, "batch_start", kH, "first Res13 batch"},
    {0x06, 2, u16, "batch_count", kH, "Res13 batch count"},
    {0x08, 4, f32, "aabb_min_x", kH, "node-local AABB; OP: matches decoded vertices on every slot"},
    {0x0C, 4, f32, "aabb_min_y", kH, "AABB min"},
    {0x10, 4, f32, "aabb_min_z", kH, "AABB min"},
    {0x14, 4, f32, "aabb_max_x", kH, "AABB max"},
    {0x18, 4, f32, "aabb_max_y", kH, "AABB max"},
    {0x1C, 4, f32, "aabb_max_z", kH, "AABB max"},
    {0x20, 4, f32, "sphere_center_x", kH, "slot sphere centre"},
    {0x24, 4, f32, "sphere_center_y", kH, "slot sphere centre"},
    {0x28, 4, f32, "sphere_center_z", kH, "slot sphere centre"},
    {0x2C, 4, f32, "sphere_radius", kH, "scaled by max(sx,sy,sz) for culling"},
    {0x30, 4, f32, "base_area", S::exe_confirmed,
     "[M] base XY footprint (PP, OP: armour weighting); FP: opaque tail word 0"},
    {0x34, 4, f32, "base_volume", S::exe_confirmed, "[M] OP: density x volume = node mass (Control.dll)"},
    {0x38, 4, u32, "slot_38", S::preserved_undecoded, "unknown; copied through unchanged (all projects)"},
    {0x3C, 4, u32, "slot_3c", S::preserved_undecoded, "unknown; copied through unchanged"},
    {0x40, 4, u32, "slot_40", S::preserved_undecoded, "unknown; copied through unchanged"},
}}};

// §3.4 Res7 triangle descriptor, 16 bytes [H].
inline constexpr RecordSpec<8> kTriangleSpec{"res7_triangle", 16, {{
    {0x00, 2, u16, "tri_flags", kH, "require/exclude filter bits; OP observes 0, 2, 4, 16, 32, 34"},
    {0x02, 2, u16, "neighbour_0", kH, "face across edge 0, 0xFFFF = open edge"},
    {0x04, 2, u16, "neighbour_1", kH, "face across edge 1"},
    {0x06, 2, u16, "neighbour_2", kH, "face across edge 2; OP: 674,200/674,206 share two vertices"},
    {0x08, 2, i16, "normal_x", kH, "face normal / 32767"},
    {0x0A, 2, i16, "normal_y", kH, "face normal / 32767"},
    {0x0C, 2, i16, "normal_z", kH, "face normal / 32767; OP: unit length, agrees with the cross product"},
    {0x0E, 2, u16, "sel_packed", kH, "three 2-bit selectors (bits 0-1, 2-3, 4-5), 3 = none (FP sub_10013680)"},
}}};

// §3.5 Res13 batch, 20 bytes; +2..+7 and +0x0E are [CONFLICT], kept raw.
inline constexpr RecordSpec<9> kBatchSpec{"res13_batch", 20, {{
    {0x00, 2, u16, "batch_flags", kH, "PP bit names [M]: 0x1 special submit, 0x2 two-sided, 0x4 material phase, ..."},
    {0x02, 2, u16, "material_2", kConflict,
     "[CONFLICT] FP: material_index (WEAR row); PP: MaterialIndexHi (table part); OP: always 0"},
    {0x04, 1, u8, "material_4", kConflict,
     "[CONFLICT] PP/OP: WEAR row (OP reaches a texture for all 15,138 batches); FP: opaque4 low byte"},
    {0x05, 1, u8, "material_5", kConflict, "[CONFLICT] PP: LightmapIndex (OP: 0x00 lit / 0xFF none); FP: opaque"},
    {0x06, 2, u16, "batch_06", kConflict, "[CONFLICT] FP: opaque6 (node index?); PP: LocalBatchIndex; OP: 0xFFFF"},
    {0x08, 2, u16, "index_count", kH, "a multiple of 3"},
    {0x0A, 4, u32, "index_start", kH, "in elements (byte offset x2); OP: u16 + u16 0"},
    {0x0E, 2, u16, "batch_0e", kConflict, "[CONFLICT] PP/OP: VertexCount; FP: opaque14"},
    {0x10, 4, u32, "base_vertex", kH, "vertex = base_vertex + index (OP: 100% reach)"},
}}};

// §3.6 Res8 animation key, 24 bytes; quaternion order is [CONFLICT].
inline constexpr RecordSpec<8> kKeySpec{"res8_key", 24, {{
    {0x00, 4, f32, "translation_x", kH, "key translation"},
    {0x04, 4, f32, "translation_y", kH, "key translation"},
    {0x08, 4, f32, "translation_z", kH, "key translation"},
    {0x0C, 4, f32, "time", kH, "in frames, always integral (OP: 33,020 keys)"},
    {0x10, 2, i16, "rotation_0", kConflict, "/32767; [CONFLICT] FP/PP: x; OP: w (and conjugate)"},
    {0x12, 2, i16, "rotation_1", kConflict, "/32767; [CONFLICT] FP/PP: y; OP: x"},
    {0x14, 2, i16, "rotation_2", kConflict, "/32767; [CONFLICT] FP/PP: z; OP: y"},
    {0x16, 2, i16, "rotation_3", kConflict, "/32767; [CONFLICT] FP/PP: w; OP: z"},
}}};

static_assert(tiles_record_exactly(kNodeSpec) && tiles_record_exactly(kNodeShortSpec));
static_assert(tiles_record_exactly(kModelHeaderSpec) && tiles_record_exactly(kSlotSpec));
static_assert(tiles_record_exactly(kTriangleSpec) && tiles_record_exactly(kBatchSpec) && tiles_record_exactly(kKeySpec));

// Field indices by name, checked against the tables when compiled (as MOD's
// hdr / obj / mesh): every reader of a slot, batch, triangle or key uses these.
namespace slot {
inline constexpr size_t tri_start = field_index<kSlotSpec>("tri_start");
inline constexpr size_t batch_start = field_index<kSlotSpec>("batch_start");
inline constexpr size_t batch_count = field_index<kSlotSpec>("batch_count");
inline constexpr size_t aabb_min_x = field_index<kSlotSpec>("aabb_min_x");
inline constexpr size_t aabb_max_x = field_index<kSlotSpec>("aabb_max_x");
inline constexpr size_t sphere_center_x = field_index<kSlotSpec>("sphere_center_x");
inline constexpr size_t sphere_radius = field_index<kSlotSpec>("sphere_radius");
}  // namespace slot

namespace batch {
inline constexpr size_t flags = field_index<kBatchSpec>("batch_flags");
inline constexpr size_t material_2 = field_index<kBatchSpec>("material_2");
inline constexpr size_t wear_row = field_index<kBatchSpec>("material_4");
inline constexpr size_t material_5 = field_index<kBatchSpec>("material_5");
inline constexpr size_t batch_06 = field_index<kBatchSpec>("batch_06");
inline constexpr size_t index_count = field_index<kBatchSpec>("index_count");
inline constexpr size_t index_start = field_index<kBatchSpec>("index_start");
inline constexpr size_t vertex_count = field_index<kBatchSpec>("batch_0e");
inline constexpr size_t base_vertex = field_index<kBatchSpec>("base_vertex");
}  // namespace batch

namespace triangle {
inline constexpr size_t flags = field_index<kTriangleSpec>("tri_flags");
inline constexpr size_t sel_packed = field_index<kTriangleSpec>("sel_packed");
}  // namespace triangle

namespace key {
inline constexpr size_t time = field_index<kKeySpec>("time");
inline constexpr size_t rotation_0 = field_index<kKeySpec>("rotation_0");
}  // namespace key

}  // namespace meshgate::msh
