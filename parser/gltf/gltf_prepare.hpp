// The glTF JSON tinygltf is given, checked and emptied of what it must not
// touch. Before tinygltf sees a byte, meshgate reads the JSON itself
// (nlohmann, nesting at most kMaxDepth deep), refuses a GLB that is not
// version 2 and an asset that is not glTF 2.x, bounds every top-level array,
// and loads every buffer by the rules of gltf_uri.hpp: a data: URI decoded up
// to its byteLength, a file read through the caller's UriSource (only its
// byteLength bytes), a GLB's BIN chunk cut to its byteLength; the buffers
// together within `max_bytes`. Each buffer's uri is then replaced by a name
// only meshgate's own file callbacks answer, and each image by a uri nothing
// answers: tinygltf never opens a file, never decodes a data: URI and never
// decodes an image (pixels are of no use to import).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/gltf/gltf_uri.hpp"

namespace meshgate::gltf {

inline constexpr size_t kMaxJsonDepth = 64;
// Entries in one top-level array (nodes, accessors, ...) and primitives or
// animation channels over all meshes or animations: an MSH holds at most
// 65,534 nodes, a MOD fewer. Bounds what tinygltf's structures cost per byte.
inline constexpr size_t kMaxEntries = 65536;

struct PreparedAsset {
  std::string json;                                 // for tinygltf: every uri replaced
  std::vector<std::vector<unsigned char>> buffers;  // by buffer index, exactly byteLength bytes each
  uint64_t buffer_bytes = 0;                        // their total
};

// The sentinel uri of buffer `index` (what the file callbacks answer).
[[nodiscard]] std::string buffer_sentinel(size_t index);

// nullopt with `error` naming the field or uri (buffers[2].uri '../x': ...).
[[nodiscard]] std::optional<PreparedAsset> prepare_asset(Bytes bytes, UriSource* uris, uint64_t max_bytes, std::string& error);

}  // namespace meshgate::gltf
