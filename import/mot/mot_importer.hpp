// The MOT import as `import` and `replace` ask it (import/gltf_import.hpp's
// GltfImporter), which the MOT row points to (FormatRow::gltf_import).
#pragma once

#include "import/gltf_import.hpp"

namespace meshgate::mot {

extern const GltfImporter kGltfImporter;

}  // namespace meshgate::mot
