#include "import/scm/scm_importer.hpp"

#include "import/scm/scm_from_gltf.hpp"
#include "parser/scm/scm_parser.hpp"

namespace meshgate::scm {

namespace {

// An SCM, like a MOT, starts from its like file: header words and record fields glTF does not carry.
ImportBuild build(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<ParseResult> like;
  if (!request.like || !(like = parse_scm(*request.like))->ok()) return refused_like();
  const ScmImportOptions options = request.settings.get<ScmImportOptions>();
  ImportedScm imported = scm_from_gltf(asset, *like->model, options);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), std::move(imported.bytes)};
  built.accuracy = scm_accuracy_json(imported, options);
  if (imported.accuracy) built.accuracy_text = scm_accuracy_text(*imported.accuracy);
  return built;
}

}  // namespace

const GltfImporter kGltfImporter{
    .as = "scm",
    .text = "an SCM stage",
    .like_required = "A.scm: the header words and the record fields glTF does not carry come from it",
    .build = build};

}  // namespace meshgate::scm
