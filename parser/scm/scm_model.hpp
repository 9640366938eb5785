// The parsed SCM document: everything needed to re-create the file and
// nothing borrowed from the source buffer. Records hold their fields; streams
// hold their elements (floats as exact bit patterns); workspaces and gaps
// hold their exact bytes. Views (triangles, facing, world matrices) are
// computed from this model by scm_views.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/scm/scm_fields.hpp"

namespace meshgate::scm {

using HeaderRecord = Record<kHeaderSpec>;
using ObjectRecord = Record<kObjectSpec>;
using MeshRecord = Record<kMeshSpec>;
using SceneHeaderRecord = Record<kSceneHeaderSpec>;
using TransformRecord = Record<kTransformSpec>;

using F32x3Bits = std::array<uint32_t, 3>;  // IEEE-754 bit patterns, so every NaN survives
using I16x2 = std::array<int16_t, 2>;
using U8x4 = std::array<uint8_t, 4>;  // R, G, B, T

static_assert(sizeof(F32x3Bits) == kStreamSpecs[stream::positions].stride &&
              sizeof(F32x3Bits) == kStreamSpecs[stream::normals].stride &&
              sizeof(I16x2) == kStreamSpecs[stream::uv].stride && sizeof(U8x4) == kStreamSpecs[stream::colour].stride);

struct Mesh {
  MeshRecord record;
  std::vector<F32x3Bits> positions;
  std::vector<F32x3Bits> normals;
  std::vector<I16x2> uv;
  std::vector<U8x4> colour;
  std::vector<std::byte> workspace;  // align16(6(n-2)) bytes at record + workspace_rel

  [[nodiscard]] size_t vertex_count() const { return positions.size(); }
  friend bool operator==(const Mesh&, const Mesh&) = default;
};

struct Object {
  ObjectRecord record;
  std::vector<Mesh> meshes;
  friend bool operator==(const Object&, const Object&) = default;
};

// The scene-node block (spec §7), its arrays as stored.
struct Scene {
  SceneHeaderRecord header;
  std::vector<int8_t> parents;    // by order position: a node index, -1 a root
  std::vector<uint8_t> order;     // the node evaluated at each order position
  std::vector<int8_t> bindings;   // by node index: an object index, -1 a helper node
  std::vector<TransformRecord> transforms;  // by node index
  friend bool operator==(const Scene&, const Scene&) = default;
};

struct Model {
  uint64_t file_size = 0;
  HeaderRecord header;
  std::vector<Object> objects;
  Scene scene;
  std::vector<Gap> gaps;  // every byte no field explains, exactly
  friend bool operator==(const Model&, const Model&) = default;
};

}  // namespace meshgate::scm
