#include "import/gltf_joint_order.hpp"

#include <optional>
#include <string>

namespace meshgate::gltf {

namespace {

// N of a node named `node_N` as export spells it (decimal, no sign or leading zero).
std::optional<size_t> export_joint_number(const tinygltf::Model& g, int node) {
  if (node < 0 || static_cast<size_t>(node) >= g.nodes.size()) return std::nullopt;
  const std::string& name = g.nodes[static_cast<size_t>(node)].name;
  constexpr std::string_view kPrefix = "node_";
  if (name.size() <= kPrefix.size() || name.size() > kPrefix.size() + 3 || !name.starts_with(kPrefix)) return std::nullopt;
  size_t n = 0;
  for (size_t k = kPrefix.size(); k < name.size(); ++k) {
    if (name[k] < '0' || name[k] > '9') return std::nullopt;
    n = n * 10 + static_cast<size_t>(name[k] - '0');
  }
  if (name != std::string(kPrefix) + std::to_string(n)) return std::nullopt;
  return n;
}

JointOrder skin_order(const std::vector<int>& skin_joints) {
  JointOrder order{skin_joints, {}, false};
  for (size_t k = 0; k < skin_joints.size(); ++k) order.node_of_skin.push_back(static_cast<uint32_t>(k));
  return order;
}

}  // namespace

JointOrder joints_in_node_order(const tinygltf::Model& g, const std::vector<int>& skin_joints) {
  const size_t n = skin_joints.size();
  JointOrder order{std::vector<int>(n, -1), std::vector<uint32_t>(n, 0), true};
  for (size_t k = 0; k < n; ++k) {
    const std::optional<size_t> number = export_joint_number(g, skin_joints[k]);
    if (!number || *number >= n || order.nodes[*number] != -1) return skin_order(skin_joints);
    order.nodes[*number] = skin_joints[k];
    order.node_of_skin[k] = static_cast<uint32_t>(*number);
  }
  return order;
}

}  // namespace meshgate::gltf
