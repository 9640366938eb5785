// The parsed MOD document: everything needed to re-create the file and
// nothing borrowed from the source buffer. Typed records hold their fields;
// streams hold decoded elements (floats as exact bit patterns); workspaces and
// gaps hold their exact bytes. Derived views (skin, topology, world matrices)
// are computed from this model by the functions in mod_skin/topology/nodes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/core/pod_vector.hpp"
#include "parser/mod/mod_fields.hpp"

namespace meshgate::mod {

using HeaderRecord = Record<kHeaderSpec>;
using ObjectRecord = Record<kObjectSpec>;
using MeshRecord = Record<kMeshSpec>;
using NodeHeaderRecord = Record<kNodeHeaderSpec>;
using TransformRecord = Record<kTransformSpec>;

using F32x3Bits = std::array<uint32_t, 3>;  // IEEE-754 bit patterns, so every NaN survives
using I16x2 = std::array<int16_t, 2>;
using U8x4 = std::array<uint8_t, 4>;

// The element types are the streams' exact layouts (decoded and encoded in one
// bulk little-endian copy): the field table's strides are checked against them.
static_assert(sizeof(F32x3Bits) == kStreamSpecs[stream::positions].stride &&
              sizeof(F32x3Bits) == kStreamSpecs[stream::normals].stride &&
              sizeof(I16x2) == kStreamSpecs[stream::uv].stride &&
              sizeof(U8x4) == kStreamSpecs[stream::blend_indices].stride &&
              sizeof(uint16_t) == kStreamSpecs[stream::control].stride);

struct Mesh {
  MeshRecord record;
  PodVector<F32x3Bits> positions;
  PodVector<F32x3Bits> normals;
  PodVector<I16x2> uv;
  PodVector<U8x4> blend_indices;
  PodVector<uint16_t> control;
  std::vector<std::byte> workspace;  // align16(6(n-2)) bytes at the +0x40 target

  friend bool operator==(const Mesh&, const Mesh&) = default;
};

struct Object {
  ObjectRecord record;
  std::vector<Mesh> meshes;

  friend bool operator==(const Object&, const Object&) = default;
};

struct NodeBlock {
  NodeHeaderRecord header;
  std::vector<uint8_t> parents;        // by order position; node index or 0xFF
  std::vector<uint8_t> order;          // node evaluated at each position
  std::vector<uint8_t> motion_groups;  // by order position as laid out in the file
  std::vector<TransformRecord> transforms;  // by node index

  friend bool operator==(const NodeBlock&, const NodeBlock&) = default;
};

struct Model {
  uint64_t file_size = 0;
  HeaderRecord header;
  std::vector<Object> objects;
  NodeBlock nodes;
  std::vector<Gap> gaps;

  friend bool operator==(const Model&, const Model&) = default;
};

}  // namespace meshgate::mod
