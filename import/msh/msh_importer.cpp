#include "import/msh/msh_importer.hpp"

#include "import/msh/msh_from_gltf.hpp"
#include "parser/msh/msh_parser.hpp"

namespace meshgate::msh {

namespace {

ImportBuild build(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<ParseResult> like;
  if (request.like && !(like = parse_msh(*request.like))->ok()) return refused_like();
  ImportedMsh imported = msh_from_gltf(asset, request.lod, like ? &*like->model : nullptr);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), {}};
  std::string export_error;
  if (built.errors.empty()) built.bytes = export_msh(imported.model, &export_error);
  if (built.errors.empty() && built.bytes.empty()) built.errors.push_back(export_error);
  return built;
}

}  // namespace

const GltfImporter kGltfImporter{.as = "msh", .text = "an MSH model", .like_required = nullptr, .build = build};

}  // namespace meshgate::msh
