// glTF 2.0 export of decoded models (`meshgate export`): what meshgate's
// model says a file means — triangles, skin, hierarchy, animation — as a
// standard asset a validator, Blender or a browser can check. Every decoded
// meaning the export relies on is named in the asset's extras with its field
// path and provenance status; where the spec records a [CONFLICT], the reading
// chosen is named too.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "parser/core/byte_reader.hpp"
#include "parser/mod/mod_facing.hpp"
#include "parser/mod/mod_model.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_model.hpp"
#include "parser/msh/msh_model.hpp"
#include "parser/scm/scm_model.hpp"
#include "parser/scm/scm_scene.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::gltf {

// The facing rule MOD triangles are wound by (parser/mod/mod_facing.hpp), by
// the names an export's options give it.
using mod::Winding;
using mod::winding_from_name;
using mod::winding_name;

struct ExportSummary {
  uint64_t meshes = 0, primitives = 0, triangles = 0, vertices = 0, joints = 0, animations = 0;
  uint64_t dropped_degenerates = 0;    // zero-area triangles left out (a strip's bridges, collapsed faces)
  uint64_t renormalised_normals = 0;   // normals not of unit length (within 1e-3), scaled to it
  uint64_t skin_fallbacks = 0;         // MOD vertices whose skin word fails a rule: bound to the default joint
  // MOD facing (parser/mod/mod_facing.hpp): the rule used and what it did.
  std::string winding = "indices as stored";  // MOD: "normals" or "strip"
  uint64_t strips = 0;                // runs of triangles between break bits
  uint64_t flipped_triangles = 0;     // wound against strict alternation (rule normals)
  uint64_t reversed_strips = 0;       // strips whose every decided triangle winds against its normals
  uint64_t inconsistent_strips = 0;   // strips whose triangles disagree among themselves
  uint64_t undecided_triangles = 0;   // normals give no side: strip winding kept
  uint64_t against_normals = 0;       // as written, wound against their normals (rule strip)
  double scale = 1;                   // the root node's scale (--scale)
  bool y_up = false;                  // MSH under a root node rotated -90 degrees about X (--y-up)
  // MSH with a material chain (--game-dir): per distinct WEAR row a batch uses.
  bool textured = false;
  uint64_t materials_resolved = 0;    // the row's material found by name in Material.lib
  uint64_t materials_fallback = 0;    // no WEAR, no such row or no such material: DEFAULT, else entry 0
  uint64_t textures_missing = 0;      // the phase names a texture Textures.lib lacks (or that does not parse)
  uint64_t textures = 0;              // distinct textures embedded
  // MOD with motions (--motion; `motions` set): how closely the animations follow the EXE's evaluation.
  bool motions = false;
  double motion_curve_max_error = 0;          // translation/scale CUBICSPLINE vs MotionSampler, stored units
  double motion_rotation_max_error_deg = 0;   // LINEAR slerp vs the Euler pose halfway between samples
  uint64_t motion_jumps = 0;                  // runs of equal key times whose values differ (not representable)
  [[nodiscard]] nlohmann::json to_json() const;
};

struct Exported {
  tinygltf::Model asset;
  ExportSummary summary;
  // Non-empty: the model cannot be exported, and why (an SCM whose scene
  // hierarchy is not topological fails closed); the asset is empty.
  std::string refused;
  // What the command prints as warnings (a texture slot the companion lacks, an entry that does not decode).
  std::vector<std::string> warnings;
};

// How one Res13 WEAR row looks, resolved through the material chain
// (looks/material/material_chain.hpp): the exporter only places what it is given.
struct TextureLook {
  std::string name;                // the Texm's entry name
  std::vector<std::byte> png;      // level 0, as a PNG
  bool alpha = false;              // the engine blends it (4444, 8888, a flags_b alpha bit)
};
struct MaterialLook {
  enum class Resolution : uint8_t { resolved, fallback };
  Resolution resolution = Resolution::resolved;
  bool texture_missing = false;
  std::string name;                       // the MAT0 entry's name (or "material_N" when nothing resolved)
  std::array<double, 4> base_color{1, 1, 1, 1};  // the phase's diffuse, /255 and alpha /100
  std::shared_ptr<const TextureLook> texture;   // null: untextured
  // KHR_texture_transform of a MAT0 cell: the Page rectangle in level-0 UV space.
  std::optional<std::array<double, 4>> uv_rect;  // offset u, v, scale u, v
  nlohmann::json extras;                  // how the row resolved (names, reading, fallbacks, frames)
};
// A DMC3 PTX companion bound to MOD and SCM exports (--textures FILE.ptx,
// docs/spec/dmc3-textures.md §5): a mesh's texture index selects entry
// `index` (0-based, table order). Filled by the command; the exporter only
// asks for entries.
struct CompanionTextures {
  std::string name;  // the companion's report name (asset extras)
  size_t count = 0;  // its entries: authoritative, the model's mirror is only compared
  // Entry `index`'s level 0 as a PNG (decoded once per entry), or null with `why` set.
  std::function<std::shared_ptr<const TextureLook>(size_t index, std::string& why)> entry;
};
// DMC3 motions bound to a MOD export (--motion FILE.mot, docs/spec/dmc3-mot.md
// §7-§9): one glTF animation each, on the MOD's joints.
struct MotionInput {
  std::string name;  // its report name: the animation's name, and what errors call it
  std::shared_ptr<const mot::Motion> motion;
};
struct MotionOptions {
  std::vector<MotionInput> motions;
  mot::MaskReading mask = mot::MaskReading::exe;  // the mask-bit [CONFLICT] (--mot-mask)
  double units_per_second = 60;                   // §9: key time units per second (--mot-fps)
};
// The look of a row, or null for "as today" (a plain named material).
using MaterialLookup = std::function<const MaterialLook*(uint8_t wear_row)>;
// The URI an asset names a texture's PNG by, when something else holds it.
using ImageUri = std::function<std::string(const std::shared_ptr<const TextureLook>& texture)>;

struct ExportOptions {
  std::string source_name;  // the report path of the file (asset extras)
  unsigned lod = 0;         // MSH: the slot group (LOD) per node
  Winding winding = Winding::normals;  // MOD: how each triangle is wound
  // Stored units -> glTF units (metres): a uniform scale on a root node that
  // holds the scene; 1 adds no node. Finite and > 0 (the command checks).
  double scale = 1;
  // MSH: the Z-up model under a root node rotated -90 degrees about X, so a
  // Y-up consumer stands it up; vertices untouched, import removes the node.
  bool y_up = false;
  // MSH: each batch's look through its WEAR row (--game-dir, --materials, --textures); empty: untextured.
  MaterialLookup materials = nullptr;
  nlohmann::json materials_extras = nullptr;  // asset.extras.meshgate.materials: the files and readings of the chain
  // MSH: unset, each texture's PNG is embedded in the binary buffer (export);
  // set, the image names the URI it returns and holds no byte (view: the page
  // holds each PNG once, whatever number of LODs use it).
  ImageUri image_uri = nullptr;
  // MOD, SCM: the PTX companion mesh texture indices select images from; null: untextured.
  std::shared_ptr<const CompanionTextures> companion = nullptr;
  // MOD: the motions to animate its joints with; null or empty: none. Other models refuse them.
  std::shared_ptr<const MotionOptions> motions = nullptr;
  // SCM: the reading of the Euler [CONFLICT] node matrices are built by (--scm-euler).
  scm::EulerReading euler = scm::EulerReading::xyz;
};

// `source`: the file's bytes, for its xxh3_64 in the asset's extras.
[[nodiscard]] Exported export_mod(const mod::Model& model, Bytes source, const ExportOptions& options);
[[nodiscard]] Exported export_msh(const msh::Model& model, Bytes source, const ExportOptions& options);
[[nodiscard]] Exported export_scm(const scm::Model& model, Bytes source, const ExportOptions& options);

// The axis convention every export states (docs/USAGE.md, asset extras).
inline constexpr const char* kAxisConvention =
    "coordinates as stored in the file, unconverted: meshgate applies no axis flip, handedness change or scale";
// With --scale or --y-up the vertices are still as stored; a root node (its
// name: kConventionRootName, parser/gltf/gltf_conventions.hpp), the last node
// of the asset, carries the scale and the rotation, and
// asset.extras.meshgate.conventions says so (import removes the node).

// The asset as binary glTF (.glb) in memory, as tinygltf 2.7 writes it
// (export/gltf_json.hpp); empty if the writer cannot write a part of it.
[[nodiscard]] std::string glb_bytes(const tinygltf::Model& asset);
[[nodiscard]] std::vector<unsigned char> glb_byte_vector(const tinygltf::Model& asset);

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
