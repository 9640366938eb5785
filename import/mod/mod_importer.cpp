#include "import/mod/mod_importer.hpp"

#include "import/mod/mod_from_gltf.hpp"
#include "parser/mod/mod_parser.hpp"

namespace meshgate::mod {

namespace {

ImportBuild build(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<ParseResult> like;
  if (request.like && !(like = parse_mod(*request.like, {.container_member = request.like_is_container_member}))->ok())
    return refused_like();
  ImportedMod imported = mod_from_gltf(asset, like ? &*like->model : nullptr);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), {}};
  if (built.errors.empty()) built.bytes = build_mod(imported.description).bytes;
  return built;
}

}  // namespace

const GltfImporter kGltfImporter{.as = "mod", .text = "a MOD", .like_required = nullptr, .build = build};

}  // namespace meshgate::mod
