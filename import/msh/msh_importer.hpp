// The MSH import as `import` and `replace` ask it (import/gltf_import.hpp's
// GltfImporter), which the MSH row points to (FormatRow::gltf_import).
#pragma once

#include "import/gltf_import.hpp"

namespace meshgate::msh {

extern const GltfImporter kGltfImporter;

}  // namespace meshgate::msh
