// One glTF import, as `meshgate import` runs it and as `replace` runs it for
// a glTF put in place of a model or motion member (change/gltf_conversion.hpp):
// the asset read through gltf_reader.hpp's checks (a .gltf's uris through the
// caller's UriSource), the export's conventions root undone, then the
// format's importer (a GltfImporter in import/<format>/, which its format's
// row points to: FormatRow::gltf_import) with the --like file. One path for
// both, so the two commands cannot drift apart, and neither names a format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "import/import_settings.hpp"
#include "parser/core/byte_reader.hpp"
#include "parser/gltf/gltf_conventions.hpp"
#include "parser/gltf/gltf_uri.hpp"

namespace meshgate {

// The asset, or why not: `unreadable` (not a glTF 2.0 file meshgate reads:
// gltf_reader's refusal) or a conventions root that is not the export's.
struct ImportAsset {
  std::optional<tinygltf::Model> model;
  gltf::ExportConventions conventions;
  std::string error;
  bool unreadable = false;
};
// `max_bytes`: the buffers together (import --max-size, as the file itself is).
[[nodiscard]] ImportAsset read_import_asset(Bytes bytes, gltf::UriSource* uris, uint64_t max_bytes);

struct ImportRequest {
  unsigned lod = 0;                       // a format with levels of detail: the one the meshes go to (--lod)
  std::optional<Bytes> like;              // --like's bytes; none: no like file
  bool like_is_container_member = false;  // a PAC slot's MOD may run into the slot's padding
  ImportSettings settings = {};           // the format's own options, by their type (import_settings.hpp)
};

// What the format's importer made of the asset: the file, or the errors that
// stop it, and the losses (warnings) either way. `like_refused`: the like
// file is not a file of the format that parses (nothing was built).
struct ImportBuild {
  std::vector<std::string> warnings, errors;
  std::vector<std::byte> bytes;
  bool like_refused = false;
  // A measured accuracy (a MOT's, an SCM's) and its summary line; null / empty for a format that measures none.
  nlohmann::json accuracy = nullptr;
  std::string accuracy_text = {};
  [[nodiscard]] bool ok() const { return !like_refused && errors.empty(); }
};

// What `import` and `replace` ask of a format a glTF is imported as. A
// format's row points to its importer (FormatRow::gltf_import); the commands
// find it there and never name the format (FormatRegistry checks each is whole).
struct GltfImporter {
  const char* as;    // import --as's name: "mod"
  const char* text;  // what a message calls the file built: "a MOD", "an MSH model"
  // Why --like is required, after "--as NAME needs --like ": "A.mot: the masks, ... come from it";
  // nullptr: the like file is optional (without it the format's defaults).
  const char* like_required;
  // The asset built, like request.like when given (its like-file parse, build and accuracy).
  ImportBuild (*build)(const tinygltf::Model& asset, const ImportRequest& request);
};

// The like file refused (not the format, or does not parse): nothing built.
[[nodiscard]] ImportBuild refused_like();

}  // namespace meshgate
