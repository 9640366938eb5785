// One glTF import, as `meshgate import` runs it and as `replace` runs it for
// a glTF put in place of a MOD or MSH member (change/gltf_conversion.hpp):
// the asset read through gltf_reader.hpp's checks (a .gltf's uris through the
// caller's UriSource), the export's conventions root undone, then the
// format's builder (import/<format>/: mod_from_gltf.hpp, msh_from_gltf.hpp, mot_from_gltf.hpp, scm_from_gltf.hpp)
// with the --like file. One path for both, so the two commands cannot drift apart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "import/mot/mot_from_gltf.hpp"
#include "import/scm/scm_from_gltf.hpp"
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

enum class ImportFormat { mod, msh, mot, scm };

// "mod", "msh", "mot", "scm": import --as's name of a format (a format row's gltf_import_as); nullopt for another name.
[[nodiscard]] std::optional<ImportFormat> import_format_named(std::string_view name);
[[nodiscard]] const char* import_format_name(ImportFormat as);

struct ImportRequest {
  ImportFormat as = ImportFormat::mod;
  unsigned lod = 0;                       // msh: the slot column (LOD) the meshes go to (--lod)
  std::optional<Bytes> like;              // --like's bytes; none: no like file
  bool like_is_container_member = false;  // a PAC slot's MOD may run into the slot's padding
  mot::MotImportOptions mot = {};         // mot: --animation, --mot-mask, --mot-fps, --max-error
  scm::ScmImportOptions scm = {};         // scm: --scm-euler
};

// What the format's builder made of the asset: the file, or the errors that
// stop it, and the losses (warnings) either way. `like_refused`: the like
// file is not a file of the format that parses (nothing was built).
struct ImportBuild {
  std::vector<std::string> warnings, errors;
  std::vector<std::byte> bytes;
  bool like_refused = false;
  // A MOT's or an SCM's measured accuracy (mot_accuracy_json, scm_accuracy_json) and its summary line; null / empty otherwise.
  nlohmann::json accuracy = nullptr;
  std::string accuracy_text = {};
  [[nodiscard]] bool ok() const { return !like_refused && errors.empty(); }
};
[[nodiscard]] ImportBuild build_imported(const tinygltf::Model& asset, const ImportRequest& request);

// "a MOD" / "an MSH model" / "a MOT" / "an SCM stage": what a message calls the format built.
[[nodiscard]] const char* import_format_text(ImportFormat as);

}  // namespace meshgate
