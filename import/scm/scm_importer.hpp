// The SCM import as `import` and `replace` ask it (import/gltf_import.hpp's
// GltfImporter), which the SCM row points to (FormatRow::gltf_import).
#pragma once

#include "import/gltf_import.hpp"

namespace meshgate::scm {

extern const GltfImporter kGltfImporter;

}  // namespace meshgate::scm
