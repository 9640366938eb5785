// `meshgate import MODEL.glb --as mod [--like ORIGINAL]`: the layout
// builder's description of a MOD made from a glTF 2.0 asset.
// - Each glTF mesh becomes an object, each primitive a MOD mesh. A MOD mesh
//   has no index buffer: its vertices are one strip, bit 15 of a control word
//   marks where no triangle ends (spec §3). A primitive whose triangles are
//   exactly windows (i-2, i-1, i) of its own vertex order (what `export`
//   writes, with each window in either orientation: `--winding normals` or
//   `strip`) keeps that order; any other is cut into strips, vertices copied
//   along them.
// - Skin weights are quantised to 5-bit weights summing to 31, at most three
//   influences, heaviest first (lanes y, z, w hold bone * 4).
// - UVs are stored as i16 * 4096, positions and normals as f32 (exactly as
//   given), bounds computed from the vertices as a builder does.
// - The skin's joints become the node block (joint j = node j), their local
//   matrices the transforms (Rx * Ry * Rz, then translation).
// - `like`, an existing MOD of the same model, gives every field glTF cannot
//   express: header and reserved fields, mesh record fields, motion groups,
//   the evaluation order, blend lane x, a transform's own Euler angles when
//   they give the glTF's matrix, the break bit of a window with no area.
// Every loss is a named warning; what the format cannot hold is an error.
#pragma once

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/mod/mod_model.hpp"
#include "writer/mod/mod_layout_builder.hpp"

namespace meshgate::mod {

struct ImportedMod {
  ModDescription description;
  std::vector<std::string> warnings;  // each loss: what, how many times, the first place
  std::vector<std::string> errors;    // what a MOD cannot hold: no description is usable
  [[nodiscard]] bool ok() const { return errors.empty(); }
};

[[nodiscard]] ImportedMod mod_from_gltf(const tinygltf::Model& asset, const Model* like);

}  // namespace meshgate::mod
