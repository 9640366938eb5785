// glTF 2.0 export of decoded models (`meshgate export`): what meshgate's
// model says a file means — triangles, skin, hierarchy, animation — as a
// standard asset a validator, Blender or a browser can check. Every decoded
// meaning the export relies on is named in the asset's extras with its field
// path and provenance status; where the spec records a [CONFLICT], the reading
// chosen is named too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "parser/core/byte_reader.hpp"
#include "parser/mod/mod_model.hpp"
#include "parser/msh/msh_model.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::gltf {

struct ExportSummary {
  uint64_t meshes = 0, primitives = 0, triangles = 0, vertices = 0, joints = 0, animations = 0;
  uint64_t dropped_degenerates = 0;    // zero-area triangles left out (a strip's bridges, collapsed faces)
  uint64_t renormalised_normals = 0;   // normals not of unit length (within 1e-3), scaled to it
  uint64_t skin_fallbacks = 0;         // MOD vertices whose skin word fails a rule: bound to the default joint
  [[nodiscard]] nlohmann::json to_json() const;
};

struct Exported {
  tinygltf::Model asset;
  ExportSummary summary;
};

struct ExportOptions {
  std::string source_name;  // the report path of the file (asset extras)
  unsigned lod = 0;         // MSH: the slot group (LOD) per node
};

// `source`: the file's bytes, for its xxh3_64 in the asset's extras.
[[nodiscard]] Exported export_mod(const mod::Model& model, Bytes source, const ExportOptions& options);
[[nodiscard]] Exported export_msh(const msh::Model& model, Bytes source, const ExportOptions& options);

// The axis convention every export states (README, asset extras).
inline constexpr const char* kAxisConvention =
    "coordinates as stored in the file, unconverted: meshgate applies no axis flip, handedness change or scale";

// The asset as binary glTF (.glb) in memory; empty if tinygltf refuses it.
[[nodiscard]] std::string glb_bytes(const tinygltf::Model& asset);

enum class FileKind { glb, gltf };
// Every file write_asset(asset, path, kind) makes, in the order they are
// renamed into place: the .glb; or the .bin (the .gltf's stem + ".bin", in its
// folder) then the .gltf. A command checks them all before it starts.
[[nodiscard]] std::vector<std::string> asset_files(const std::string& path, FileKind kind);
// Writes the asset through the atomic writer: .glb as one file; .gltf beside
// a .bin, both staged and flushed before either is renamed, so a failed write
// (a full disk) leaves the previous pair as it was. Empty on success, else why.
[[nodiscard]] std::string write_asset(const tinygltf::Model& asset, const std::string& path, FileKind kind,
                                      Overwrite overwrite, Symlink symlink = Symlink::follow);

}  // namespace meshgate::gltf
