// A glTF put in place of a member by `meshgate replace` (issue 49's
// conversion on the way in): a member whose format row names a glTF import
// (a MOD, an MSH, a MOT, an SCM: FormatRow::gltf_import) is built from the glTF
// by the same import `meshgate import --as NAME --like MEMBER` runs
// (import/gltf_import.hpp), the member's own bytes as the like file, so every
// field glTF cannot express comes from the member it replaces. A .gltf's uris
// are read through the caller's GltfFolderFiles, by import's rules (below
// the glTF's folder, regular files, only the byteLength declared). The model
// built is parsed again as import's is: one with an error diagnostic is refused.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "change/member_path.hpp"
#include "import/gltf_import.hpp"

namespace meshgate {

struct GltfConversionOptions {
  unsigned lod = 0;                          // a member with levels of detail (an MSH): import --lod
  uint64_t max_bytes = uint64_t{256} << 20;  // the glTF's buffers together (import --max-size)
  ImportSettings settings = {};              // the format's own import options (a MOT's --animation, --mot-mask, ...)
};

struct GltfConversion {
  bool applies = false;  // the member's format is one a glTF is imported as (its row's gltf_import)
  Format format = Format::unknown;
  std::string like;                   // the member's address, the like file
  std::optional<unsigned> lod;        // the level of detail the meshes went to (an MSH's slot column); none without levels
  std::string error;                  // why the glTF was refused: the import's cause; empty when built
  gltf::ExportConventions conventions;
  std::vector<std::string> warnings;  // the import's losses, as `import` prints them
  std::vector<std::byte> bytes;       // the model built
  nlohmann::json accuracy = nullptr;  // a MOT's measured error (import's "accuracy"); null for a model
  std::string accuracy_text = {};
  [[nodiscard]] bool ok() const { return applies && error.empty(); }
};

// True when `path` names a glTF by its extension (.glb, .gltf, any case) or
// `bytes` start with the GLB magic.
[[nodiscard]] bool is_gltf(const std::string& path, Bytes bytes);

// The glTF `gltf` imported as the last level of `path` (its format, its bytes
// the like file); applies is false when that member's row names no glTF import.
[[nodiscard]] GltfConversion convert_gltf(const AddressPath& path, Bytes gltf, gltf::UriSource& uris,
                                          const GltfConversionOptions& options);

// {from, format, importer, like, lod (an MSH's, else null), root_removed, warnings, accuracy (a MOT's, else null)}
[[nodiscard]] nlohmann::json gltf_conversion_json(const std::string& from, const GltfConversion& c);
// "imported edited.glb as a dmc3-mod like pl_0000.pac!slot_0000 (import --as mod --like): 1234 bytes, 0 losses"
[[nodiscard]] std::string gltf_conversion_summary(const std::string& from, const GltfConversion& c);

}  // namespace meshgate
