#include "export/export_conventions.hpp"

#include <algorithm>

#include "parser/gltf/gltf_conventions.hpp"

namespace meshgate::gltf {

int add_convention_root(tinygltf::Model& g, double scale, bool y_up, const std::vector<int>& stay_at_root) {
  if (scale == 1 && !y_up) return -1;
  if (g.scenes.empty()) g.scenes.emplace_back();
  tinygltf::Scene& scene = g.scenes[static_cast<size_t>(std::max(g.defaultScene, 0))];
  tinygltf::Node root;
  root.name = kConventionRootName;
  if (scale != 1) root.scale = {scale, scale, scale};
  if (y_up) root.rotation = {-kHalfSqrt2, 0, 0, kHalfSqrt2};
  std::vector<int> roots;
  for (const int n : scene.nodes) {
    if (std::ranges::find(stay_at_root, n) != stay_at_root.end()) roots.push_back(n);
    else root.children.push_back(n);
  }
  g.nodes.push_back(std::move(root));
  const int index = static_cast<int>(g.nodes.size() - 1);
  roots.insert(roots.begin(), index);
  scene.nodes = std::move(roots);
  return index;
}

nlohmann::json conventions_extras(std::string_view winding, double scale, bool y_up, int root_node) {
  nlohmann::json j = {{"winding", winding}, {"scale", scale}, {"y_up", y_up}};
  if (root_node >= 0) j["root_node"] = root_node;
  return j;
}

Exported refuse_motions(const ExportOptions& options) {
  Exported out;
  if (options.motions && !options.motions->motions.empty())
    out.refused = "--motion animates DMC3 MOD models only (their joints are what a MOT's masks name)";
  return out;
}

}  // namespace meshgate::gltf
