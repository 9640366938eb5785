// The conventions meshgate's own export records (`export --scale F`,
// `--y-up`, `--winding`), read back by `import`: the scale and the rotation
// sit on one root node the export appends last, so the vertices stay as
// stored and removing that node gives the model back exactly.
#pragma once

#include <optional>
#include <string>

#include <tiny_gltf.h>

namespace meshgate::gltf {

// The name of the root node (the export's and the import's contract).
inline constexpr const char* kConventionRootName = "meshgate_conventions";
// -90 degrees about X as a glTF quaternion (x, y, z, w): Z-up becomes Y-up.
inline constexpr double kHalfSqrt2 = 0.70710678118654752440;

struct ExportConventions {
  std::string winding;  // "normals", "strip", or empty (not recorded)
  double scale = 1;
  bool y_up = false;
  bool root_removed = false;  // the root node was there and is gone
};

// Reads asset.extras.meshgate.conventions. When it names a root node, that
// node must be the last one, named kConventionRootName, hold no mesh, skin or
// camera, be nobody's child, no joint and no animation target, and carry
// exactly the recorded scale and rotation; it is then removed and each scene
// that held it holds its children in its place. nullopt with `error` naming
// the field when the asset says it has such a node and it is not one.
[[nodiscard]] std::optional<ExportConventions> undo_export_conventions(tinygltf::Model& asset, std::string& error);

}  // namespace meshgate::gltf
