#include "import/gltf_import.hpp"

#include "import/mod/mod_from_gltf.hpp"
#include "import/msh/msh_from_gltf.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mot/mot_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/scm/scm_parser.hpp"

namespace meshgate {

namespace {

ImportBuild refused_like() {
  ImportBuild built;
  built.like_refused = true;
  return built;
}

ImportBuild build_mod(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<mod::ParseResult> like;
  if (request.like && !(like = mod::parse_mod(*request.like, {.container_member = request.like_is_container_member}))->ok())
    return refused_like();
  mod::ImportedMod imported = mod::mod_from_gltf(asset, like ? &*like->model : nullptr);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), {}};
  if (built.errors.empty()) built.bytes = mod::build_mod(imported.description).bytes;
  return built;
}

ImportBuild build_msh(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<msh::ParseResult> like;
  if (request.like && !(like = msh::parse_msh(*request.like))->ok()) return refused_like();
  msh::ImportedMsh imported = msh::msh_from_gltf(asset, request.lod, like ? &*like->model : nullptr);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), {}};
  std::string export_error;
  if (built.errors.empty()) built.bytes = msh::export_msh(imported.model, &export_error);
  if (built.errors.empty() && built.bytes.empty()) built.errors.push_back(export_error);
  return built;
}

// A MOT has no layout of its own to start from: the like file is required (its masks, header words, compressions).
ImportBuild build_mot(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<mot::ParseResult> like;
  if (!request.like || !(like = mot::parse_mot(*request.like))->ok()) return refused_like();
  mot::ImportedMot imported = mot::mot_from_gltf(asset, *like->motion, request.mot);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), std::move(imported.bytes)};
  built.accuracy = mot::mot_accuracy_json(imported, request.mot);
  if (imported.accuracy) built.accuracy_text = mot::mot_accuracy_text(*imported.accuracy);
  return built;
}

// An SCM, like a MOT, starts from its like file: header words and record fields glTF does not carry.
ImportBuild build_scm(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<scm::ParseResult> like;
  if (!request.like || !(like = scm::parse_scm(*request.like))->ok()) return refused_like();
  scm::ImportedScm imported = scm::scm_from_gltf(asset, *like->model, request.scm);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), std::move(imported.bytes)};
  built.accuracy = scm::scm_accuracy_json(imported, request.scm);
  if (imported.accuracy) built.accuracy_text = scm::scm_accuracy_text(*imported.accuracy);
  return built;
}

}  // namespace

ImportAsset read_import_asset(Bytes bytes, gltf::UriSource* uris, uint64_t max_bytes) {
  ImportAsset out;
  out.model = gltf::read_asset(bytes, out.error, {uris, max_bytes});
  if (!out.model) {
    out.unreadable = true;
    return out;
  }
  // export --scale / --y-up's root node removed, so the vertices and nodes are the model's own again.
  const std::optional<gltf::ExportConventions> conventions = gltf::undo_export_conventions(*out.model, out.error);
  if (!conventions) {
    out.model.reset();
    return out;
  }
  out.conventions = *conventions;
  return out;
}

ImportBuild build_imported(const tinygltf::Model& asset, const ImportRequest& request) {
  switch (request.as) {
    case ImportFormat::mod: return build_mod(asset, request);
    case ImportFormat::msh: return build_msh(asset, request);
    case ImportFormat::mot: return build_mot(asset, request);
    case ImportFormat::scm: return build_scm(asset, request);
  }
  return {};
}

const char* import_format_text(ImportFormat as) {
  switch (as) {
    case ImportFormat::mod: return "a MOD";
    case ImportFormat::msh: return "an MSH model";
    case ImportFormat::mot: return "a MOT";
    case ImportFormat::scm: return "an SCM stage";
  }
  return "";
}

std::optional<ImportFormat> import_format_named(std::string_view name) {
  for (ImportFormat as : {ImportFormat::mod, ImportFormat::msh, ImportFormat::mot, ImportFormat::scm})
    if (name == import_format_name(as)) return as;
  return std::nullopt;
}

const char* import_format_name(ImportFormat as) {
  switch (as) {
    case ImportFormat::mod: return "mod";
    case ImportFormat::msh: return "msh";
    case ImportFormat::mot: return "mot";
    case ImportFormat::scm: return "scm";
  }
  return "";
}

}  // namespace meshgate
