// Builds a well-formed MOD from a plain description, laying it out the way the
// retail files are laid out (spec §2.1): header, object table, then per object
// its mesh table and the five 16-aligned streams of each mesh, the node block
// (16-aligned, retail node layout), and the workspace trailer (0x12 fill,
// final word 00 00) tiling to EOF. Used by `meshgate synth mod`; it is not the
// round-trip writer, which places parts from a parsed model instead.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

struct MeshDescription {
  uint16_t texture_slot = 0;
  std::array<uint16_t, 4> gs_clamp{};
  uint32_t preserved0c = 0;
  uint64_t reserved38 = 0;
  uint32_t generated_topology_count = 0;
  uint32_t reserved4c = 0;
  std::vector<std::array<float, 3>> positions;  // n = positions.size(); all streams have n entries
  std::vector<std::array<float, 3>> normals;
  std::vector<I16x2> uv;
  std::vector<U8x4> blend_indices;
  std::vector<uint16_t> control;
  // The workspace's exact bytes, carried by a rebuild (capacity bytes,
  // align16(6(n-2))); empty: the retail content, 0x12 fill and a final 00 00.
  std::vector<std::byte> workspace;
};

struct ObjectDescription {
  uint8_t alpha_control = 0x80;
  uint32_t source_flags = 0;
  float conditional_param_18 = 0;
  uint32_t conditional_param_1c = 0;
  std::array<uint8_t, 4> reserved_04{};
  std::array<uint8_t, 4> reserved_14{};
  std::array<uint8_t, 16> reserved_20{};
  std::array<float, 3> bounding_center{};
  float bounding_radius = 0;
  std::vector<MeshDescription> meshes;
};

struct NodeDescription {  // one per order position
  uint8_t parent = kRootParent;  // node index or 0xFF
  uint8_t node = 0;              // node evaluated at this position
  uint8_t motion_group = 0;
};

struct TransformDescription {  // one per node index
  std::array<float, 3> translation{};
  float translation_length = 0;
  std::array<float, 3> rotation{};
  uint32_t reserved1c_bits = 0;
};

struct ModDescription {
  float version = 1.01f;
  uint8_t texture_slot_count = 1;
  uint8_t default_joint_index = 0;
  uint32_t runtime_metadata = 0;
  std::array<uint8_t, 8> reserved_08{};
  std::array<uint8_t, 8> reserved_18{};
  std::array<uint8_t, 24> reserved_28{};
  std::array<uint8_t, 16> node_shell{};
  std::vector<ObjectDescription> objects;
  std::vector<NodeDescription> nodes;
  std::vector<TransformDescription> transforms;
  uint8_t padding_fill = 0;  // value of alignment padding bytes (non-zero exercises gap preservation)
};

// An object's bounding sphere as a builder computes it (the hypotheses the
// semantic invariants test): the centre of the box of its meshes' positions,
// and the largest distance from there to one of them, in f32.
void compute_bounds(ObjectDescription& object);

// Where the builder put things, for tests and malformed variants.
struct BuiltMod {
  std::vector<std::byte> bytes;
  std::vector<uint64_t> mesh_record_offsets;  // all meshes, object-major
  uint64_t node_block_offset = 0;
};

[[nodiscard]] BuiltMod build_mod(const ModDescription& description);

}  // namespace meshgate::mod
