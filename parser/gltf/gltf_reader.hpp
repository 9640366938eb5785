// Reading glTF 2.0 (through tinygltf): the asset, and its accessors as plain
// arrays. The export's tests read their own output back with it; `import`
// starts here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/core/byte_reader.hpp"

namespace meshgate::gltf {

// A .glb (binary) or .gltf (JSON) from memory; nullopt with `error` set when
// tinygltf refuses it. A .gltf's external buffers are read from `base_dir`
// (none: only embedded buffers load).
[[nodiscard]] std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error, const std::string& base_dir = "");

// An accessor's elements as floats (FLOAT components, no sparse storage),
// components interleaved; nullopt when it is not such an accessor.
[[nodiscard]] std::optional<std::vector<float>> accessor_floats(const tinygltf::Model& model, int accessor);
// An accessor of unsigned integers (UNSIGNED_BYTE/SHORT/INT) widened to u32.
[[nodiscard]] std::optional<std::vector<uint32_t>> accessor_uints(const tinygltf::Model& model, int accessor);

// Weights or other unit values: FLOAT, or normalized UNSIGNED_BYTE/SHORT
// divided by 255/65535 (what Blender writes for WEIGHTS_0).
[[nodiscard]] std::optional<std::vector<float>> accessor_unit_floats(const tinygltf::Model& model, int accessor);

// A number in an object's extras (meshgate's export names decoded fields
// there: `alpha_control`, `material_4`, ...); nullopt when absent or not a number.
[[nodiscard]] std::optional<double> extra_number(const tinygltf::Value& extras, const char* key);

// A node's local matrix as glTF stores it (column-major, column vectors):
// its `matrix`, or translation * rotation * scale.
[[nodiscard]] std::array<double, 16> node_local_matrix(const tinygltf::Node& node);

// A primitive's triangles as vertex index triples (TRIANGLES, TRIANGLE_STRIP
// and TRIANGLE_FAN, indexed or not); nullopt for another mode or bad indices.
[[nodiscard]] std::optional<std::vector<std::array<uint32_t, 3>>> primitive_triangles(const tinygltf::Model& model,
                                                                                      const tinygltf::Primitive& p,
                                                                                      size_t vertex_count);

}  // namespace meshgate::gltf
