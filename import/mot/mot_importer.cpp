#include "import/mot/mot_importer.hpp"

#include "import/mot/mot_from_gltf.hpp"
#include "parser/mot/mot_parser.hpp"

namespace meshgate::mot {

namespace {

// A MOT has no layout of its own to start from: the like file is required (its masks, header words, compressions).
ImportBuild build(const tinygltf::Model& asset, const ImportRequest& request) {
  std::optional<ParseResult> like;
  if (!request.like || !(like = parse_mot(*request.like))->ok()) return refused_like();
  const MotImportOptions options = request.settings.get<MotImportOptions>();
  ImportedMot imported = mot_from_gltf(asset, *like->motion, options);
  ImportBuild built{std::move(imported.warnings), std::move(imported.errors), std::move(imported.bytes)};
  built.accuracy = mot_accuracy_json(imported, options);
  if (imported.accuracy) built.accuracy_text = mot_accuracy_text(*imported.accuracy);
  return built;
}

}  // namespace

const GltfImporter kGltfImporter{.as = "mot",
                                 .text = "a MOT",
                                 .like_required = "A.mot: the masks, header words and track compressions come from it",
                                 .build = build};

}  // namespace meshgate::mot
