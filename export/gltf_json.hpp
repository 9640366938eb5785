// The glTF JSON of an asset, written one element at a time: tinygltf's own
// writer builds the whole document as one JSON DOM first (about 10 KB per
// tiny primitive with its five accessors and views: an SCM of 65,025
// three-vertex meshes took export to 1 GB), then copies the text and the
// binary buffer. Each element here is made with the same keys, values and
// number types as tinygltf 2.7 writes them (keys sorted, as its DOM sorts
// them), so the bytes are tinygltf's (GltfJson.* compares them), and only one
// element's JSON is held at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

namespace meshgate::gltf {

// How buffer 0 is written: as the GLB's BIN chunk (no uri), or as a file the
// .gltf names by `bin_uri`.
struct JsonLayout {
  std::string bin_uri;  // empty: GLB
  int indent = -1;      // -1: compact (GLB); 2: the .gltf's layout
};

// Empty if the writer covers every part of `asset` meshgate's exporters
// fill; else what it does not write (cameras, lights, sparse accessors,
// buffers other than buffer 0), so nothing is dropped silently.
[[nodiscard]] std::string unwritable_part(const tinygltf::Model& asset);

// The asset's JSON text (no trailing newline), handed to `sink` in pieces of
// about 1 MiB, in order, each piece made after the previous one's sink call
// returned: a writer streams them and only one piece is held.
using JsonSink = std::function<void(const std::string&)>;
void write_gltf_json(const tinygltf::Model& asset, const JsonLayout& layout, const JsonSink& sink);
// The length of that text, made and dropped a piece at a time (a GLB's
// header precedes its JSON).
[[nodiscard]] uint64_t gltf_json_size(const tinygltf::Model& asset, const JsonLayout& layout);
// The pieces as a list, and as one string (tests, small assets).
[[nodiscard]] std::vector<std::string> gltf_json_pieces(const tinygltf::Model& asset, const JsonLayout& layout);
[[nodiscard]] std::string gltf_json(const tinygltf::Model& asset, const JsonLayout& layout);

}  // namespace meshgate::gltf
