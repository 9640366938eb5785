// DMC3 SCM field tables (docs/spec/dmc3-scm.md §2-§7): stage models that keep
// MOD's record sizes but not its meanings (spec §1), so they have tables of
// their own. Names are the spec's; statuses and notes its evidence (dmc3.exe
// addresses as DMC Rengine reads them, corpus figures of its C68/S51
// corpora). Offsets appear here and nowhere else.
#pragma once

#include <array>
#include <cstdint>

#include "parser/core/field_table.hpp"

namespace meshgate::scm {

using enum FieldType;
using S = Status;

inline constexpr StatusSet kReserved = S::reserved_observed_zero | S::preserved_undecoded;

// Retail stages are under 1 MiB (st001.scm: 887,760 B); a larger file is not a stage.
inline constexpr uint64_t kMaxInputBytes = uint64_t{64} << 20;

inline constexpr std::array<std::byte, 4> kMagic = {std::byte{'S'}, std::byte{'C'}, std::byte{'M'}, std::byte{' '}};

// Versions of one grammar (spec §9), compared with DR's tolerance.
inline constexpr std::array<float, 4> kKnownVersions = {0.83f, 0.90f, 1.00f, 1.01f};
inline constexpr float kVersionEpsilon = 1e-4f;

// §2 Header, 0x40 bytes at offset 0.
inline constexpr RecordSpec<11> kHeaderSpec{"header", 0x40, {{
    {0x00, 4, bytes, "magic", S::exe_confirmed,
     "\"SCM \" = 53 43 4D 20; family classifier 0x1402FD650 maps it to 0x30000000"},
    {0x04, 4, f32, "version", S::corpus_confirmed, "0.83, 0.90, 1.00, 1.01 observed, one grammar"},
    {0x08, 8, bytes, "reserved08", kReserved, "zero; no model-source consumer in a whole-image census"},
    {0x10, 1, u8, "object_count", S::exe_confirmed, "to manager +0xE8 (0x1402F9570), read as a byte"},
    {0x11, 1, u8, "scene_node_count", S::exe_confirmed,
     "N: manager +0xEA; length of every node array and of the world-matrix array"},
    {0x12, 1, u8, "texture_slot_mirror", S::exe_and_corpus_confirmed,
     "a mirror of the companion's texture count (manager +0xEC holds the live one); 17/14/17 in ST3"},
    {0x13, 1, u8, "lighting_reference_node_index", S::exe_confirmed,
     "manager +0xFA; CDrawSCM 0x1402FD040 takes this node's world translation as the light query's input; 0..N-1"},
    {0x14, 4, u32, "legacy_resource_code", S::exe_confirmed | S::corpus_confirmed,
     "copied to manager +0xE4 (0x1402F95C2); family*100000 + model_set*100 + sub_index in every SCM "
     "(component names SEMANTIC_CANDIDATE); raw u32 kept"},
    {0x18, 8, bytes, "reserved18", kReserved, "as 0x08"},
    {0x20, 8, u64, "scene_node_block_offset", S::structural_confirmed,
     "file-relative; relocated by post-load; binder 0x1402F1DB0 reads the block", FieldRole::layout},
    {0x28, 24, bytes, "reserved28_3f", kReserved, "as 0x08"},
}}};

// §3 Object record, 0x40 bytes, object_count of them from 0x40.
inline constexpr RecordSpec<11> kObjectSpec{"object", 0x40, {{
    {0x00, 1, u8, "mesh_count", S::exe_confirmed, "read as a byte by the normalizer"},
    {0x01, 1, u8, "alpha_control", S::exe_confirmed,
     "to runtime object +0x07 (0x14030303A); <= 0x80: packet alpha value/255, > 0x80: an override code and alpha "
     "1.0; 0x80 on 237/254 C68 objects"},
    {0x02, 2, u16, "total_vertex_count", S::structural_confirmed, "the sum of the object's mesh vertex counts"},
    {0x04, 4, u32, "reserved04", kReserved, "zero"},
    {0x08, 8, u64, "mesh_table_offset", S::exe_confirmed, "file-relative, relocated against the document",
     FieldRole::layout},
    {0x10, 4, u32, "source_flags", S::exe_confirmed,
     "SCM init 0x140302F10: low nibble render mode, 0x4000 nearest filter, 0x80000 shader selector, 0x100000 "
     "alpha test, 0x200000 undecoded (spec §3)"},
    {0x14, 28, bytes, "reserved14_2f", kReserved, "zero; MOD's conditional +0x18/+0x1C copy is not known for SCM"},
    {0x30, 4, f32, "bounding_center_x", S::corpus_confirmed,
     "bounding sphere centre; the radius is the largest distance from it to the object's vertices, 254/254 in C68"},
    {0x34, 4, f32, "bounding_center_y", S::corpus_confirmed, "bounding sphere centre"},
    {0x38, 4, f32, "bounding_center_z", S::corpus_confirmed, "bounding sphere centre"},
    {0x3C, 4, f32, "bounding_radius", S::corpus_confirmed, "as above"},
}}};

// §4 Mesh record, 0x50 bytes, mesh_count of them from mesh_table_offset.
inline constexpr RecordSpec<16> kMeshSpec{"mesh", 0x50, {{
    {0x00, 2, u16, "vertex_count", S::structural_confirmed, "n; also the topology walk's count"},
    {0x02, 2, u16, "texture_index", S::exe_confirmed,
     "companion slot: runtime descriptor index*0x40 -> TEX0_1 (docs/spec/dmc3-textures.md)"},
    {0x04, 2, u16, "gs_clamp_minu", S::exe_confirmed,
     "GS CLAMP region repeat (0x1402F9890 packs MINU<<4|0xF|MAXU<<14|MINV<<24|MAXV<<34); 0 = disabled; zero in "
     "every corpus"},
    {0x06, 2, u16, "gs_clamp_maxu", S::exe_confirmed, "GS CLAMP, see +0x04"},
    {0x08, 2, u16, "gs_clamp_minv", S::exe_confirmed, "GS CLAMP, see +0x04"},
    {0x0A, 2, u16, "gs_clamp_maxv", S::exe_confirmed, "GS CLAMP, see +0x04"},
    {0x0C, 4, u32, "reserved0c", kReserved, "never read by 0x1402F9BB0, 0x140308C00, 0x1402F9890, 0x1402F9A80, "
                                            "0x1402F9F20"},
    {0x10, 8, u64, "positions_offset", S::exe_and_corpus_confirmed, "file-relative, relocated", FieldRole::layout},
    {0x18, 8, u64, "normals_offset", S::exe_and_corpus_confirmed, "file-relative, relocated", FieldRole::layout},
    {0x20, 8, u64, "uv_offset", S::exe_and_corpus_confirmed, "file-relative, relocated", FieldRole::layout},
    {0x28, 8, u64, "continuation_span", S::exe_and_corpus_confirmed,
     "0x50 on every mesh but the object's last, 0 on the last; the normalizer's step, never relocated (not a "
     "pointer, unlike MOD's +0x28)", FieldRole::layout},
    {0x30, 8, u64, "reserved30", kReserved, "same negative census as +0x0C"},
    {0x38, 8, u64, "colour_topology_offset", S::exe_and_corpus_confirmed, "file-relative, relocated; RGB + topology",
     FieldRole::layout},
    {0x40, 8, u64, "workspace_rel", S::exe_confirmed, "relative to this mesh record, not to the file",
     FieldRole::layout},
    {0x48, 4, u32, "generated_index_count", S::exe_and_corpus_confirmed,
     "written by post-load; 0 in every serialized file (non-zero smells of a post-loaded image)"},
    {0x4C, 4, u32, "reserved4c", kReserved, "as +0x0C; a runtime field at +0x4C is fed from runtime state"},
}}};

// §7 Scene-node block header, 0x20 bytes at header +0x20; relatives from the block start.
inline constexpr RecordSpec<5> kSceneHeaderSpec{"scene_header", 0x20, {{
    {0x00, 4, u32, "parent_rel", S::exe_confirmed, "0x20 (binder 0x1402F1DB0)", FieldRole::layout},
    {0x04, 4, u32, "order_rel", S::exe_confirmed, "0x20 + align4(N)", FieldRole::layout},
    {0x08, 4, u32, "object_binding_rel", S::exe_confirmed, "0x20 + 2 align4(N)", FieldRole::layout},
    {0x0C, 4, u32, "transform_rel", S::exe_confirmed, "align16(0x20 + 3 align4(N))", FieldRole::layout},
    {0x10, 16, bytes, "shell", kReserved, "zero; +0x10 read once into an unused local, +0x11..+0x1F no consumer"},
}}};

// §7 Transform record, 0x20 bytes, by node index.
inline constexpr RecordSpec<8> kTransformSpec{"transform", 0x20, {{
    {0x00, 4, f32, "translation_x", S::exe_confirmed, "local translation, row 3 (0x140031200)"},
    {0x04, 4, f32, "translation_y", S::exe_confirmed, "local translation"},
    {0x08, 4, f32, "translation_z", S::exe_confirmed, "local translation"},
    {0x0C, 4, f32, "translation_magnitude", S::corpus_confirmed | S::exe_confirmed,
     "|t| on 328/328 C68 nodes; kept out of homogeneous W by 0x140031200"},
    {0x10, 4, f32, "rotation_x", S::exe_confirmed, "radians (0x140330450); the Euler order is the spec's [CONFLICT]"},
    {0x14, 4, f32, "rotation_y", S::exe_confirmed, "radians"},
    {0x18, 4, f32, "rotation_z", S::exe_confirmed, "radians"},
    {0x1C, 4, f32, "reserved1c", kReserved, "zero; not read by the SCM local build"},
}}};

// Arrays of identical elements: the vertex streams, the node arrays, the workspaces.
using meshgate::ArraySpec;

// §5 Vertex streams, n elements each, grouped by kind across an object's
// meshes (§6). Order matches the mesh's pointer fields.
inline constexpr std::array<ArraySpec, 4> kStreamSpecs{{
    {"positions", "f32x3", 12, S::exe_and_corpus_confirmed, "object-local space"},
    {"normals", "f32x3", 12, S::exe_and_corpus_confirmed, "unit length not guaranteed by any source"},
    {"uv", "i16x2", 4, S::exe_and_corpus_confirmed, "signed fixed point / 4096"},
    {"colour", "u8x4", 4, S::exe_and_corpus_confirmed,
     "R, G, B and T: T is topology state, not alpha; bit 0x02 breaks the strip; only 0x00 and 0x02 observed"},
}};

namespace stream {
inline constexpr size_t positions = 0, normals = 1, uv = 2, colour = 3;
}  // namespace stream

inline constexpr ArraySpec kParentArraySpec{"parents", "i8", 1, S::exe_and_corpus_confirmed,
                                            "by order position: a node index, -1 (0xFF) a root"};
inline constexpr ArraySpec kOrderArraySpec{"order", "u8", 1, S::exe_and_corpus_confirmed,
                                           "the node evaluated at each order position; a permutation of 0..N-1"};
inline constexpr ArraySpec kBindingArraySpec{"object_bindings", "i8", 1, S::exe_and_corpus_confirmed,
                                             "by node index: an object index, -1 a helper node without geometry"};
inline constexpr ArraySpec kWorkspaceSpec{
    "workspace", "u8", 1, S::exe_confirmed | S::preserved_undecoded,
    "index workspace, capacity align16(6(n-2)); first u16 0x1212 (the post-load sentinel), the rest unreported"};

inline constexpr uint64_t kObjectTableOffset = 0x40;
inline constexpr uint64_t kStreamAlignment = 16;
inline constexpr uint16_t kWorkspaceSentinel = 0x1212;
inline constexpr uint8_t kTopologyBreakBit = 0x02;
inline constexpr float kUvScale = 4096.0f;

// Field indices, resolved at compile time from the tables.
namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t version = field_index<kHeaderSpec>("version");
inline constexpr size_t reserved08 = field_index<kHeaderSpec>("reserved08");
inline constexpr size_t object_count = field_index<kHeaderSpec>("object_count");
inline constexpr size_t node_count = field_index<kHeaderSpec>("scene_node_count");
inline constexpr size_t texture_mirror = field_index<kHeaderSpec>("texture_slot_mirror");
inline constexpr size_t lighting_node = field_index<kHeaderSpec>("lighting_reference_node_index");
inline constexpr size_t resource_code = field_index<kHeaderSpec>("legacy_resource_code");
inline constexpr size_t reserved18 = field_index<kHeaderSpec>("reserved18");
inline constexpr size_t scene_offset = field_index<kHeaderSpec>("scene_node_block_offset");
inline constexpr size_t reserved28 = field_index<kHeaderSpec>("reserved28_3f");
}  // namespace hdr

namespace obj {
inline constexpr size_t mesh_count = field_index<kObjectSpec>("mesh_count");
inline constexpr size_t alpha = field_index<kObjectSpec>("alpha_control");
inline constexpr size_t vertex_total = field_index<kObjectSpec>("total_vertex_count");
inline constexpr size_t reserved04 = field_index<kObjectSpec>("reserved04");
inline constexpr size_t mesh_table = field_index<kObjectSpec>("mesh_table_offset");
inline constexpr size_t flags = field_index<kObjectSpec>("source_flags");
inline constexpr size_t reserved14 = field_index<kObjectSpec>("reserved14_2f");
inline constexpr size_t center_x = field_index<kObjectSpec>("bounding_center_x");
inline constexpr size_t radius = field_index<kObjectSpec>("bounding_radius");
}  // namespace obj

namespace mesh {
inline constexpr size_t vertex_count = field_index<kMeshSpec>("vertex_count");
inline constexpr size_t texture_index = field_index<kMeshSpec>("texture_index");
inline constexpr size_t clamp_first = field_index<kMeshSpec>("gs_clamp_minu");
inline constexpr size_t clamp_last = field_index<kMeshSpec>("gs_clamp_maxv");
inline constexpr size_t reserved0c = field_index<kMeshSpec>("reserved0c");
inline constexpr size_t positions = field_index<kMeshSpec>("positions_offset");
inline constexpr size_t normals = field_index<kMeshSpec>("normals_offset");
inline constexpr size_t uv = field_index<kMeshSpec>("uv_offset");
inline constexpr size_t continuation = field_index<kMeshSpec>("continuation_span");
inline constexpr size_t reserved30 = field_index<kMeshSpec>("reserved30");
inline constexpr size_t colour = field_index<kMeshSpec>("colour_topology_offset");
inline constexpr size_t workspace_rel = field_index<kMeshSpec>("workspace_rel");
inline constexpr size_t generated_count = field_index<kMeshSpec>("generated_index_count");
inline constexpr size_t reserved4c = field_index<kMeshSpec>("reserved4c");
// The pointer field of stream s (kStreamSpecs order).
inline constexpr std::array<size_t, 4> kStreamField = {positions, normals, uv, colour};
}  // namespace mesh

namespace scene {
inline constexpr size_t parent_rel = field_index<kSceneHeaderSpec>("parent_rel");
inline constexpr size_t order_rel = field_index<kSceneHeaderSpec>("order_rel");
inline constexpr size_t binding_rel = field_index<kSceneHeaderSpec>("object_binding_rel");
inline constexpr size_t transform_rel = field_index<kSceneHeaderSpec>("transform_rel");
inline constexpr size_t shell = field_index<kSceneHeaderSpec>("shell");
}  // namespace scene

namespace xf {
inline constexpr size_t tx = field_index<kTransformSpec>("translation_x");
inline constexpr size_t magnitude = field_index<kTransformSpec>("translation_magnitude");
inline constexpr size_t rx = field_index<kTransformSpec>("rotation_x");
inline constexpr size_t reserved1c = field_index<kTransformSpec>("reserved1c");
}  // namespace xf

}  // namespace meshgate::scm
