#include "export/finite_check.hpp"

#include <cstring>
#include <vector>

#include "export/gltf_document.hpp"

namespace meshgate::gltf {

namespace finite_check {

std::string first_in(const std::vector<double>& values, const std::string& path) {
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i])) return path + "[" + std::to_string(i) + "]";
  return "";
}

std::string node_number(const tinygltf::Node& n, const std::string& path) {
  for (const auto& [name, values] : {std::pair{"matrix", &n.matrix}, std::pair{"translation", &n.translation},
                                     std::pair{"rotation", &n.rotation}, std::pair{"scale", &n.scale},
                                     std::pair{"weights", &n.weights}})
    if (std::string bad = first_in(*values, path + "." + name); !bad.empty()) return bad;
  return "";
}

// A float accessor's values, read from the buffer as the client will.
std::string accessor_number(const tinygltf::Model& asset, size_t a) {
  const tinygltf::Accessor& acc = asset.accessors[a];
  const std::string path = "accessors[" + std::to_string(a) + "]";
  for (const auto& [name, bound] : {std::pair{".min", &acc.minValues}, std::pair{".max", &acc.maxValues}})
    if (std::string bad = first_in(*bound, path + name); !bad.empty()) return bad;
  // Any index, offset or stride may be hostile: the importers ask this before
  // they act on gltf::accessor_errors, which refuses what is skipped here.
  if (acc.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT || acc.bufferView < 0 ||
      static_cast<size_t>(acc.bufferView) >= asset.bufferViews.size())
    return "";
  const tinygltf::BufferView& view = asset.bufferViews[static_cast<size_t>(acc.bufferView)];
  if (view.buffer < 0 || static_cast<size_t>(view.buffer) >= asset.buffers.size()) return "";
  const std::vector<unsigned char>& data = asset.buffers[static_cast<size_t>(view.buffer)].data;
  if (view.byteOffset > data.size() || acc.byteOffset > data.size() - view.byteOffset) return "";
  const auto components = static_cast<size_t>(components_of(acc.type));
  const size_t begin = view.byteOffset + acc.byteOffset, stride = view.byteStride ? view.byteStride : 4 * components;
  const size_t room = data.size() - begin;  // bytes from the accessor's first element to the buffer's end
  for (size_t e = 0; e < acc.count; ++e)
    for (size_t c = 0; c < components; ++c) {
      if (stride != 0 && e > room / stride) return "";  // e * stride would pass the end (or overflow)
      const size_t at = e * stride + 4 * c;
      if (at > room || room - at < 4) return "";
      float v;
      std::memcpy(&v, data.data() + begin + at, 4);
      if (!std::isfinite(v)) return path + "[" + std::to_string(e * components + c) + "]";
    }
  return "";
}

std::string material_number(const tinygltf::Material& m, const std::string& path) {
  const tinygltf::PbrMetallicRoughness& pbr = m.pbrMetallicRoughness;
  if (std::string bad = first_in(pbr.baseColorFactor, path + ".pbrMetallicRoughness.baseColorFactor"); !bad.empty())
    return bad;
  if (!std::isfinite(pbr.metallicFactor)) return path + ".pbrMetallicRoughness.metallicFactor";
  if (!std::isfinite(pbr.roughnessFactor)) return path + ".pbrMetallicRoughness.roughnessFactor";
  if (!std::isfinite(m.alphaCutoff)) return path + ".alphaCutoff";
  return first_in(m.emissiveFactor, path + ".emissiveFactor");
}

}  // namespace finite_check

std::string first_non_finite_number(const tinygltf::Model& asset) {
  for (size_t n = 0; n < asset.nodes.size(); ++n)
    if (std::string bad = finite_check::node_number(asset.nodes[n], "nodes[" + std::to_string(n) + "]"); !bad.empty())
      return bad;
  for (size_t a = 0; a < asset.accessors.size(); ++a)
    if (std::string bad = finite_check::accessor_number(asset, a); !bad.empty()) return bad;
  for (size_t m = 0; m < asset.materials.size(); ++m)
    if (std::string bad = finite_check::material_number(asset.materials[m], "materials[" + std::to_string(m) + "]");
        !bad.empty())
      return bad;
  return "";
}

std::string non_finite_refusal(const std::string& path) {
  return path + " is not a finite number (NaN or infinite): a glTF asset holds finite numbers only, and a model "
                "whose positions or transforms are not finite cannot be shown";
}

Exported refuse_non_finite(Exported exported) {
  if (!exported.refused.empty()) return exported;
  const std::string bad = first_non_finite_number(exported.asset);
  if (bad.empty()) return exported;
  return {.asset = {}, .summary = {}, .refused = non_finite_refusal("the asset's " + bad), .warnings = {}};
}

}  // namespace meshgate::gltf
