// `meshgate import MODEL.glb --as msh [--like ORIGINAL]`: the canonical
// exporter's description of an MSH model made from a glTF 2.0 asset.
// - Every glTF node is a Res1 node (parents evaluated first: the nodes are
//   put in an order where each parent comes before its children), its name
//   the Res10 text in Windows-1251.
// - A node's mesh is its slot in block 0, column `lod` (the LOD export
//   wrote); each primitive one Res13 batch with its own vertices, triangle
//   list and, from meshgate's export extras, its flags, WEAR row (`material_4`)
//   and Res7 triangle flags. The exporter derives the rest: strides, triangle
//   descriptors, slot and model bounds, the frame map.
// - A node's translation and rotation are its rest pose (the fallback key);
//   an animation's samples, on the 30 frames per second grid the export
//   uses, become the node's Res8 keys, one per frame a channel has.
// - `like`, an MSH of the same model, gives what glTF cannot express: the
//   entry-name prefix, which optional streams exist (Res9, Res15, Res17), and
//   the per-vertex Res15/Res18 and Res20 lights when the vertex count matches.
//   Where the glTF says of a node exactly what the like file's own export says
//   (its primitives; its rest pose and animation channels), the node's slots
//   (every block and LOD column) and Res8 keys are the like file's, through
//   its exporter description (msh_describe.hpp): export then import --like is
//   the same model.
// Every loss is a named warning; what the format cannot hold is an error.
#pragma once

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/msh/msh_model.hpp"
#include "writer/msh/msh_exporter.hpp"

namespace meshgate::msh {

struct ImportedMsh {
  ExportModel model;
  std::vector<std::string> warnings;
  std::vector<std::string> errors;
  [[nodiscard]] bool ok() const { return errors.empty(); }
};

[[nodiscard]] ImportedMsh msh_from_gltf(const tinygltf::Model& asset, unsigned lod, const Model* like);

}  // namespace meshgate::msh
