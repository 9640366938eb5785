// Binding a DMC3 model's materials to its PTX companion's images
// (docs/spec/dmc3-textures.md §5, §8): entry `index` becomes one image in the
// asset, embedded once however many materials sample it, and each material
// that names it gets a baseColorTexture with the filter its object asks for.
// Shared by the MOD and SCM exporters.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"

namespace meshgate::gltf {

class CompanionBinding {
 public:
  CompanionBinding(DocumentBuilder& doc, const CompanionTextures& companion, ExportSummary& summary)
      : doc_(doc), companion_(companion), summary_(summary) {
    summary_.textured = true;
  }

  // Gives `material` entry `index`'s image (NEAREST when `nearest`, else
  // LINEAR; wrap REPEAT) and says which in `extras` (the material's, set by
  // the caller). False, with `extras` flagged "untextured" and `why` set, when
  // the companion has no such entry or it does not decode.
  bool bind(tinygltf::Material& material, size_t index, bool nearest, nlohmann::json& extras, std::string& why);

  // asset.extras.meshgate.textures: the companion and the decoder its PNGs rest on.
  [[nodiscard]] nlohmann::json extras() const;

 private:
  int image_of(size_t index, std::string& why);  // -1: none
  int sampler_of(bool nearest);

  DocumentBuilder& doc_;
  const CompanionTextures& companion_;
  ExportSummary& summary_;
  std::map<size_t, int> images_;                   // entry -> image
  std::map<std::pair<size_t, bool>, int> textures_;  // (entry, nearest) -> texture
  std::map<bool, int> samplers_;
};

}  // namespace meshgate::gltf
