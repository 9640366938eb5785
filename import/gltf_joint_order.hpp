// A skin's joints in the MOD's node order. meshgate's export names joint j of
// its skin `node_j` (export/mod/mod_gltf.cpp); a client may list the joints in
// another order when it writes the glTF back: Blender's glTF exporter lists
// them depth first down the bone hierarchy, so a MOD whose node block is not
// in that order came back with its nodes permuted (and its MOT import
// refused: a channel the mask does not carry on the wrong joint). When every
// joint carries such a name and the numbers are 0..n-1, each once, joint
// `node_j` is MOD node j whatever its place in the skin; otherwise the skin's
// own order is the node order.
#pragma once

#include <cstdint>
#include <vector>

#include <tiny_gltf.h>

namespace meshgate::gltf {

struct JointOrder {
  std::vector<int> nodes;              // the glTF node of MOD node j
  std::vector<uint32_t> node_of_skin;  // the MOD node of skins[..].joints[k] (what JOINTS_0 values name)
  bool by_name = false;                // the export's names decided the order
};

JointOrder joints_in_node_order(const tinygltf::Model& g, const std::vector<int>& skin_joints);

}  // namespace meshgate::gltf
