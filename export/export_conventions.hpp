// `export --scale F` and `--y-up`: a root node that carries them, so the
// vertices stay as stored (parser/gltf/gltf_conventions.hpp reads it back and
// removes it), and the record of them in asset.extras.meshgate.conventions.
#pragma once

#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "export/gltf_export.hpp"

namespace meshgate::gltf {

// Motions animate DMC3 MOD joints only (docs/spec/dmc3-mot.md §7): another
// model given --motion is refused, not exported still. Empty when none is given.
[[nodiscard]] Exported refuse_motions(const ExportOptions& options);

// When scale != 1 or y_up: appends a node named kConventionRootName as the
// last node, with that uniform scale and (y_up) a rotation of -90 degrees
// about X, and makes every root of the default scene its child except those
// in `stay_at_root` (a skinned mesh's node, whose parents glTF ignores).
// Returns its index, or -1 when there is nothing to carry.
int add_convention_root(tinygltf::Model& asset, double scale, bool y_up, const std::vector<int>& stay_at_root = {});

// {winding, scale, y_up, root_node (when there is one)}.
[[nodiscard]] nlohmann::json conventions_extras(std::string_view winding, double scale, bool y_up, int root_node);

}  // namespace meshgate::gltf
