#include "parser/gltf/gltf_conventions.hpp"

#include "parser/gltf/gltf_reader.hpp"

#include <algorithm>
#include <cmath>

namespace meshgate::gltf {

namespace {

constexpr double kSameValue = 1e-12;  // the export writes these numbers itself

bool near(double a, double b) { return std::abs(a - b) <= kSameValue * std::max(1.0, std::abs(b)); }

}  // namespace

std::optional<ExportConventions> undo_export_conventions(tinygltf::Model& g, std::string& error) {
  ExportConventions out;
  const tinygltf::Value& conventions = member(member(g.asset.extras, "meshgate"), "conventions");
  if (!conventions.IsObject()) return out;  // not meshgate's, or from before conventions were recorded
  const std::string where = "asset.extras.meshgate.conventions";
  if (const tinygltf::Value& w = member(conventions, "winding"); w.IsString()) out.winding = w.Get<std::string>();
  if (const tinygltf::Value& s = member(conventions, "scale"); s.IsNumber()) {
    out.scale = s.GetNumberAsDouble();
    if (!std::isfinite(out.scale) || out.scale <= 0) {
      error = where + ".scale: not a finite number above 0";
      return std::nullopt;
    }
  }
  if (const tinygltf::Value& y = member(conventions, "y_up"); y.IsBool()) out.y_up = y.Get<bool>();
  const tinygltf::Value& root = member(conventions, "root_node");
  if (!root.IsNumber()) {
    if (out.scale != 1 || out.y_up) {
      error = where + ": a scale or y_up without the root_node that carries it";
      return std::nullopt;
    }
    return out;
  }
  const double index = root.GetNumberAsDouble();
  if (g.nodes.empty() || index != static_cast<double>(g.nodes.size() - 1)) {
    error = where + ".root_node: not the asset's last node";
    return std::nullopt;
  }
  const int r = static_cast<int>(g.nodes.size() - 1);
  const tinygltf::Node& node = g.nodes.back();
  const auto refuse = [&](const std::string& why) {
    error = where + ".root_node (nodes[" + std::to_string(r) + "]): " + why;
    return std::nullopt;
  };
  if (node.name != kConventionRootName) return refuse("not named " + std::string(kConventionRootName));
  if (node.mesh >= 0 || node.skin >= 0 || node.camera >= 0 || !node.matrix.empty() || !node.translation.empty() ||
      !node.weights.empty())
    return refuse("holds more than a scale and a rotation");
  for (const tinygltf::Node& n : g.nodes)
    if (std::ranges::find(n.children, r) != n.children.end()) return refuse("a child of another node");
  for (const tinygltf::Skin& s : g.skins)
    if (std::ranges::find(s.joints, r) != s.joints.end() || s.skeleton == r) return refuse("a joint of a skin");
  for (const tinygltf::Animation& a : g.animations)
    for (const tinygltf::AnimationChannel& c : a.channels)
      if (c.target_node == r) return refuse("an animation target");
  const std::vector<double> scale = node.scale.empty() ? std::vector<double>{1, 1, 1} : node.scale;
  const std::vector<double> rotation = node.rotation.empty() ? std::vector<double>{0, 0, 0, 1} : node.rotation;
  const std::vector<double> expected_rotation =
      out.y_up ? std::vector<double>{-kHalfSqrt2, 0, 0, kHalfSqrt2} : std::vector<double>{0, 0, 0, 1};
  if (scale.size() != 3 || !std::ranges::all_of(scale, [&](double s) { return near(s, out.scale); }))
    return refuse("its scale is not the recorded " + std::to_string(out.scale));
  if (rotation.size() != 4 || !std::ranges::equal(rotation, expected_rotation, near))
    return refuse(out.y_up ? "its rotation is not -90 degrees about X (y_up)" : "it is rotated but y_up is not recorded");
  for (const int child : node.children)
    if (child < 0 || child >= r) return refuse("a child that is no other node");
  const std::vector<int> children = node.children;
  for (tinygltf::Scene& scene : g.scenes) {
    std::vector<int> roots;
    for (const int n : scene.nodes) {
      if (n == r) roots.insert(roots.end(), children.begin(), children.end());
      else roots.push_back(n);
    }
    scene.nodes = std::move(roots);
  }
  g.nodes.pop_back();
  out.root_removed = true;
  return out;
}

}  // namespace meshgate::gltf
