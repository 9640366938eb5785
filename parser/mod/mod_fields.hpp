// DMC3 MOD field tables (docs/spec/dmc3-mod.md §1, §2.2, §2.3, §3, §4).
// Names are the spec's; statuses and notes are its evidence, cited by
// executable address (dmc3.exe, image base 0x140000000) or corpus figure of the
// DMC Rengine 38-file retail corpus. Offsets appear here and nowhere else.
#pragma once

#include <array>

#include "parser/core/field_table.hpp"

namespace meshgate::mod {

using enum FieldType;
using S = Status;

inline constexpr StatusSet kDormantPreserved =
    S::exe_confirmed | S::reserved_observed_zero | S::preserved_undecoded;

// §1 Document header, 0x40 bytes at file offset 0.
// The largest MOD meshgate reads: retail models are under 1 MiB, and every
// offset the header and records hold is a u32, but a larger file is not a model.
inline constexpr uint64_t kMaxInputBytes = uint64_t{64} << 20;

// The first four bytes of every MOD file: read by the parser, written by the layout builder.
inline constexpr std::array<std::byte, 4> kMagic = {std::byte{'M'}, std::byte{'O'}, std::byte{'D'}, std::byte{' '}};

inline constexpr RecordSpec<11> kHeaderSpec{"header", 0x40, {{
    {0x00, 4, bytes, "magic", S::exe_confirmed,
     "\"MOD \" = 4D 4F 44 20; family classifier 0x1402FD650 maps MOD to 0x10000000"},
    {0x04, 4, f32, "version", S::corpus_confirmed,
     "0.80/0.82/0.84/1.00/1.01 share one grammar (spec §6.1); compared with epsilon 1e-4"},
    {0x08, 8, bytes, "header_08_0f", kDormantPreserved,
     "no model-manager read or write in the image; zero 38/38"},
    {0x10, 1, u8, "outer_record_count", S::exe_confirmed,
     "object count; manager init 0x1402F9570 copies it to manager +0xE8; post-load 0x1402FE3B0"},
    {0x11, 1, u8, "transform_domain_count", S::exe_confirmed,
     "node count; manager +0xEA; length of node tables and bound for skin bone indices"},
    {0x12, 1, u8, "texture_slot_count", S::exe_confirmed,
     "mirror only; the live count comes from the external texture companion (spec §6.2)"},
    {0x13, 1, u8, "default_joint_index", S::exe_confirmed,
     "stored as word at manager +0xFA (0x1402F960E); JntNo fallback 0x14030B01B; not the root (REJECTED)"},
    {0x14, 4, u32, "runtime_metadata_u32",
     S::exe_confirmed | S::corpus_confirmed | S::preserved_undecoded,
     "copied to manager +0xE4 (0x1402F95C2) with no consumer; decimal split hi/mid/lo REJECTED (pl000=217)"},
    {0x18, 8, bytes, "header_18_1f", kDormantPreserved, "dormant like 0x08..0x0F; zero 38/38"},
    {0x20, 8, u64, "document_offset", S::exe_confirmed,
     "file-relative node-domain block offset; binder 0x1402F1DB0 (\"skeletonOffset\" in ImHex)", FieldRole::layout},
    {0x28, 24, bytes, "header_28_3f", kDormantPreserved, "dormant like 0x08..0x0F; zero 38/38"},
}}};

// §2.2 Object record, 0x40 bytes, table at 0x40 with 0x40 stride (0x140302A78).
inline constexpr RecordSpec<14> kObjectSpec{"object", 0x40, {{
    {0x00, 1, u8, "inner_record_count", S::exe_confirmed, "mesh count; used by post-load"},
    {0x01, 1, u8, "alpha_control", S::exe_confirmed,
     "object init 0x1403029E0 copies it to runtime +0x07; <=0x80/>0x80 branch; 0x80 in 166/166"},
    {0x02, 2, u16, "aggregate_element_count", S::exe_and_corpus_confirmed,
     "equals the sum of child mesh vertex counts in 38/38 files (error otherwise)"},
    {0x04, 4, bytes, "object_04_07", kDormantPreserved, "dormant; zero 166/166"},
    {0x08, 8, u64, "inner_table_offset", S::exe_confirmed, "file-relative offset of the 0x50-stride mesh array", FieldRole::layout},
    {0x10, 4, u32, "source_flags", S::exe_confirmed,
     "read 0x140302AB2, copied to runtime +0x10/+0x14; low nibble blend mode, 0x600 params, 0x4000 "
     "nearest filter, 0x100000 GS alpha-test/depth selector, 0x200000 undecoded"},
    {0x14, 4, bytes, "object_14_17", kDormantPreserved, "dormant; zero 166/166"},
    {0x18, 4, f32, "conditional_param_18", S::exe_and_corpus_confirmed,
     "copied to runtime +0x16C (0x140302D22) only when flags & 0x600; em000_033 objects 1,2 hold 1.25"},
    {0x1C, 4, u32, "conditional_param_1c", S::exe_and_corpus_confirmed,
     "copied to runtime +0x170 (0x140302D37) when flags & 0x600; em000_033 objects 1,2 hold 2"},
    {0x20, 16, bytes, "object_20_2f", kDormantPreserved, "dormant; zero 166/166"},
    {0x30, 4, f32, "bounding_center_x", S::exe_confirmed, "bounding sphere centre, carried to the runtime object"},
    {0x34, 4, f32, "bounding_center_y", S::exe_confirmed, "bounding sphere centre"},
    {0x38, 4, f32, "bounding_center_z", S::exe_confirmed, "bounding sphere centre"},
    {0x3C, 4, f32, "bounding_radius", S::exe_confirmed,
     "bounding sphere radius (em000_021 object 0 = 0.6208532452583313 at [124,128))"},
}}};

// §2.3 Mesh record, 0x50 bytes, at object +0x08 with 0x50 stride.
inline constexpr RecordSpec<16> kMeshSpec{"mesh", 0x50, {{
    {0x00, 2, u16, "element_count", S::exe_confirmed, "vertex count n; 3..773 in the corpus; +0x00 read x6"},
    {0x02, 2, u16, "texture_slot", S::exe_confirmed,
     "material consumer 0x1402F9890 selects descriptor slot*0x40; must be below the companion count"},
    {0x04, 2, u16, "gs_clamp_minu", S::exe_confirmed, "legacy GS CLAMP region-repeat field, 10-bit; zero 147/147 em000"},
    {0x06, 2, u16, "gs_clamp_maxu", S::exe_confirmed, "legacy GS CLAMP, see +0x04"},
    {0x08, 2, u16, "gs_clamp_minv", S::exe_confirmed, "legacy GS CLAMP, see +0x04"},
    {0x0A, 2, u16, "gs_clamp_maxv", S::exe_confirmed, "legacy GS CLAMP, see +0x04"},
    {0x0C, 4, u32, "preserved0c", S::exe_confirmed | S::corpus_confirmed | S::preserved_undecoded,
     "no consumer in 6 derivation functions and 34 runtime-mesh roots; zero 180/180"},
    {0x10, 8, u64, "positions_offset", S::exe_confirmed, "file-relative, relocated by post-load", FieldRole::layout},
    {0x18, 8, u64, "normals_offset", S::exe_confirmed, "file-relative, relocated by post-load", FieldRole::layout},
    {0x20, 8, u64, "uv_offset", S::exe_confirmed, "file-relative, relocated by post-load", FieldRole::layout},
    {0x28, 8, u64, "blend_indices_offset", S::exe_confirmed,
     "file-relative, relocated; runtime +0x140 -> draw descriptor +0x30", FieldRole::layout},
    {0x30, 8, u64, "control_offset", S::exe_confirmed, "file-relative packed weight/topology u16 stream", FieldRole::layout},
    {0x38, 8, u64, "reserved38", S::exe_and_corpus_confirmed,
     "aux slot, not relocated for MOD; builder 0x1402FE6A0 zeroes the runtime aux; zero 180/180; "
     "padding or MOD COLOR0 readings REJECTED (EFM COLOR0, SCM RGB)"},
    {0x40, 8, u64, "generated_workspace_relative_offset", S::exe_confirmed,
     "relative to the mesh record itself, not the file (spec §9.1)", FieldRole::layout},
    {0x48, 4, u32, "generated_topology_count", S::exe_confirmed,
     "post-load writes the generated word count here; serialized 0 in 180/180; not the capacity"},
    {0x4C, 4, u32, "reserved4c", S::exe_confirmed | S::corpus_confirmed | S::preserved_undecoded,
     "no consumer; +0x48 next to it is the positive control; zero 180/180"},
}}};

// §4 Node-domain block header, 0x20 bytes at header +0x20. Offsets are
// relative to the block start.
inline constexpr RecordSpec<5> kNodeHeaderSpec{"node_header", 0x20, {{
    {0x00, 4, u32, "parent_array_rel", S::exe_and_corpus_confirmed,
     "binder 0x1402F1DB0 -> manager +0x08; 0x20 in 38/38", FieldRole::layout},
    {0x04, 4, u32, "order_array_rel", S::exe_and_corpus_confirmed,
     "manager +0x10; 0x20 + align4(N) in 38/38", FieldRole::layout},
    {0x08, 4, u32, "motion_group_array_rel", S::exe_and_corpus_confirmed,
     "manager +0x18; 0x20 + 2*align4(N) in 38/38", FieldRole::layout},
    {0x0C, 4, u32, "transform_table_rel", S::exe_and_corpus_confirmed,
     "manager +0x20; align16(0x20 + 3*align4(N)) in 38/38", FieldRole::layout},
    {0x10, 16, bytes, "secondary_shell_10_1f", kDormantPreserved,
     "+0x10 dead read by 0x1402FD9C0 (0x1402FDA0C), +0x11..0x1F no consumer; zero 38/38"},
}}};

// §4 Local transform record, 0x20 bytes, indexed by node index.
inline constexpr RecordSpec<8> kTransformSpec{"transform", 0x20, {{
    {0x00, 4, f32, "translation_x", S::exe_confirmed, "local translation (0x140031200)"},
    {0x04, 4, f32, "translation_y", S::exe_confirmed, "local translation"},
    {0x08, 4, f32, "translation_z", S::exe_confirmed, "local translation"},
    {0x0C, 4, f32, "translation_length", S::exe_and_corpus_confirmed,
     "|t| within 1e-5 in 285/285; not a homogeneous w or a scale"},
    {0x10, 4, f32, "rotation_x", S::exe_confirmed, "radians; Euler order Rx*Ry*Rz, X first (0x140330450)"},
    {0x14, 4, f32, "rotation_y", S::exe_confirmed, "radians"},
    {0x18, 4, f32, "rotation_z", S::exe_confirmed, "radians"},
    {0x1C, 4, f32, "reserved1c", S::exe_confirmed | S::corpus_confirmed | S::preserved_undecoded,
     "moved as a 4th rotation lane by 0x1402FA080, never consumed; zero 285/285; kept bit-exact"},
}}};

// Arrays of identical leaf elements (vertex streams, node arrays, workspaces).
using meshgate::ArraySpec;

// §3 Vertex streams, field-major, n elements each. Order matches the mesh
// pointer fields positions_offset..control_offset.
inline constexpr std::array<ArraySpec, 5> kStreamSpecs{{
    {"positions", "f32x3", 12, S::exe_confirmed, "finite in the corpus"},
    {"normals", "f32x3", 12, S::exe_confirmed, "close to unit length in the corpus"},
    {"uv", "i16x2", 4, S::exe_confirmed, "fixed point /4096; U 0..4096, V -180..4096 in the corpus"},
    {"blend_indices", "u8x4", 4, S::exe_confirmed | S::preserved_undecoded,
     "lanes y/z/w are matrix-row starts (bone = byte/4, 0x1402F3D0F); lane x undecoded, zero 20,976/20,976"},
    {"control", "u16", 2, S::exe_confirmed,
     "bit 15 strip break; q0|q1<<5|q2<<10 weights summing to 31 (DMC3_MOD.hlsl PSIZE)"},
}};

namespace stream {
inline constexpr size_t positions = 0, normals = 1, uv = 2, blend_indices = 3, control = 4;
static_assert(kStreamSpecs[blend_indices].name == "blend_indices" && kStreamSpecs[control].name == "control");
}  // namespace stream

// The uv stream's fixed point: i16 / 4096 (exporter, importer and invariants read it here).
inline constexpr float kUvScale = 4096.0f;
[[nodiscard]] constexpr float decode_uv(int16_t raw) { return static_cast<float>(raw) / kUvScale; }

inline constexpr ArraySpec kParentArraySpec{"parents", "u8", 1, S::exe_confirmed,
                                            "by order position; node index, 0xFF = root (0x1402FA080)"};
inline constexpr ArraySpec kOrderArraySpec{"order", "u8", 1, S::exe_confirmed,
                                           "node evaluated at each order position; a permutation of 0..N-1"};
inline constexpr ArraySpec kMotionGroupArraySpec{"motion_groups", "u8", 1, S::exe_confirmed,
                                                 "selector feeding CMotionJoint+0xF8; values {0,1,2} seen"};
inline constexpr ArraySpec kWorkspaceSpec{
    "workspace", "u8", 1, S::corpus_confirmed | S::structural_confirmed | S::preserved_undecoded,
    "generated-topology workspace, capacity align16(6(n-2)); 0x12 fill, final word 00 00 in 38/38",
    FieldRole::layout};  // scratch the post-load step writes its generated words into (spec §3 step 3)

// Field indices resolved at compile time from the tables above.
namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t version = field_index<kHeaderSpec>("version");
inline constexpr size_t object_count = field_index<kHeaderSpec>("outer_record_count");
inline constexpr size_t node_count = field_index<kHeaderSpec>("transform_domain_count");
inline constexpr size_t texture_slot_count = field_index<kHeaderSpec>("texture_slot_count");
inline constexpr size_t default_joint = field_index<kHeaderSpec>("default_joint_index");
inline constexpr size_t runtime_metadata = field_index<kHeaderSpec>("runtime_metadata_u32");
inline constexpr size_t document_offset = field_index<kHeaderSpec>("document_offset");
inline constexpr size_t reserved_08 = field_index<kHeaderSpec>("header_08_0f");
inline constexpr size_t reserved_18 = field_index<kHeaderSpec>("header_18_1f");
inline constexpr size_t reserved_28 = field_index<kHeaderSpec>("header_28_3f");
}  // namespace hdr

namespace obj {
inline constexpr size_t mesh_count = field_index<kObjectSpec>("inner_record_count");
inline constexpr size_t alpha = field_index<kObjectSpec>("alpha_control");
inline constexpr size_t aggregate_count = field_index<kObjectSpec>("aggregate_element_count");
inline constexpr size_t reserved_04 = field_index<kObjectSpec>("object_04_07");
inline constexpr size_t mesh_table_offset = field_index<kObjectSpec>("inner_table_offset");
inline constexpr size_t flags = field_index<kObjectSpec>("source_flags");
inline constexpr size_t reserved_14 = field_index<kObjectSpec>("object_14_17");
inline constexpr size_t param_18 = field_index<kObjectSpec>("conditional_param_18");
inline constexpr size_t param_1c = field_index<kObjectSpec>("conditional_param_1c");
inline constexpr size_t reserved_20 = field_index<kObjectSpec>("object_20_2f");
inline constexpr size_t center_x = field_index<kObjectSpec>("bounding_center_x");
inline constexpr size_t center_y = field_index<kObjectSpec>("bounding_center_y");
inline constexpr size_t center_z = field_index<kObjectSpec>("bounding_center_z");
inline constexpr size_t radius = field_index<kObjectSpec>("bounding_radius");
}  // namespace obj

namespace mesh {
inline constexpr size_t vertex_count = field_index<kMeshSpec>("element_count");
inline constexpr size_t texture_slot = field_index<kMeshSpec>("texture_slot");
inline constexpr size_t clamp_first = field_index<kMeshSpec>("gs_clamp_minu");
inline constexpr size_t clamp_last = field_index<kMeshSpec>("gs_clamp_maxv");
inline constexpr size_t preserved0c = field_index<kMeshSpec>("preserved0c");
inline constexpr size_t positions_offset = field_index<kMeshSpec>("positions_offset");
inline constexpr size_t control_offset = field_index<kMeshSpec>("control_offset");
inline constexpr size_t reserved38 = field_index<kMeshSpec>("reserved38");
inline constexpr size_t workspace_rel = field_index<kMeshSpec>("generated_workspace_relative_offset");
inline constexpr size_t generated_count = field_index<kMeshSpec>("generated_topology_count");
inline constexpr size_t reserved4c = field_index<kMeshSpec>("reserved4c");
// The five stream pointers are consecutive fields, in kStreamSpecs order.
inline constexpr size_t stream_offset(size_t stream) { return positions_offset + stream; }
static_assert(control_offset == positions_offset + 4);
}  // namespace mesh

namespace node {
inline constexpr size_t parent_rel = field_index<kNodeHeaderSpec>("parent_array_rel");
inline constexpr size_t order_rel = field_index<kNodeHeaderSpec>("order_array_rel");
inline constexpr size_t group_rel = field_index<kNodeHeaderSpec>("motion_group_array_rel");
inline constexpr size_t transform_rel = field_index<kNodeHeaderSpec>("transform_table_rel");
inline constexpr size_t shell = field_index<kNodeHeaderSpec>("secondary_shell_10_1f");
}  // namespace node

namespace xf {
inline constexpr size_t tx = field_index<kTransformSpec>("translation_x");
inline constexpr size_t length = field_index<kTransformSpec>("translation_length");
inline constexpr size_t rx = field_index<kTransformSpec>("rotation_x");
inline constexpr size_t reserved1c = field_index<kTransformSpec>("reserved1c");
}  // namespace xf

// Format constants that are not field offsets.
inline constexpr uint64_t kObjectTableOffset = kHeaderSpec.size;  // table follows the header (0x140302A78)
inline constexpr uint64_t kStreamAlignment = 16;
inline constexpr uint8_t kRootParent = 0xFF;
inline constexpr std::array<float, 5> kKnownVersions{0.80f, 0.82f, 0.84f, 1.00f, 1.01f};
inline constexpr float kVersionEpsilon = 1e-4f;

}  // namespace meshgate::mod
