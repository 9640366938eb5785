// Reading glTF 2.0 (through tinygltf): the asset, and its accessors as plain
// arrays. The export's tests read their own output back with it; the import
// path (a later issue) starts here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/core/byte_reader.hpp"

namespace meshgate::gltf {

// A .glb (binary) or .gltf (JSON, buffers embedded) from memory; nullopt with
// `error` set when tinygltf refuses it.
[[nodiscard]] std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error);

// An accessor's elements as floats (FLOAT components, no sparse storage),
// components interleaved; nullopt when it is not such an accessor.
[[nodiscard]] std::optional<std::vector<float>> accessor_floats(const tinygltf::Model& model, int accessor);
// An accessor of unsigned integers (UNSIGNED_BYTE/SHORT/INT) widened to u32.
[[nodiscard]] std::optional<std::vector<uint32_t>> accessor_uints(const tinygltf::Model& model, int accessor);

}  // namespace meshgate::gltf
