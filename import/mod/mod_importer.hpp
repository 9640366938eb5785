// The MOD import as `import` and `replace` ask it (import/gltf_import.hpp's
// GltfImporter), which the MOD row points to (FormatRow::gltf_import).
#pragma once

#include "import/gltf_import.hpp"

namespace meshgate::mod {

extern const GltfImporter kGltfImporter;

}  // namespace meshgate::mod
