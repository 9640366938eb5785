#include "export/companion_binding.hpp"

#include "parser/ptx/ptx_pixels.hpp"

namespace meshgate::gltf {

using nlohmann::json;

int CompanionBinding::sampler_of(bool nearest) {
  if (const auto it = samplers_.find(nearest); it != samplers_.end()) return it->second;
  tinygltf::Sampler sampler;  // object flag 0x4000: the GS's TEX1 nearest (0) or linear (0x60)
  sampler.magFilter = nearest ? TINYGLTF_TEXTURE_FILTER_NEAREST : TINYGLTF_TEXTURE_FILTER_LINEAR;
  sampler.minFilter = nearest ? TINYGLTF_TEXTURE_FILTER_NEAREST : TINYGLTF_TEXTURE_FILTER_LINEAR;
  sampler.wrapS = sampler.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
  doc_.model().samplers.push_back(sampler);
  const int index = static_cast<int>(doc_.model().samplers.size() - 1);
  samplers_.emplace(nearest, index);
  return index;
}

int CompanionBinding::image_of(size_t index, std::string& why) {
  if (const auto it = images_.find(index); it != images_.end()) return it->second;
  if (index >= companion_.count) {
    why = "texture index " + std::to_string(index) + " is not below the companion's " +
          std::to_string(companion_.count) + " textures";
    return -1;
  }
  const std::shared_ptr<const TextureLook> look = companion_.entry(index, why);
  if (!look) return -1;
  // add_png_texture makes the image and a texture on the shared sampler; the
  // textures this binding makes name their own samplers.
  const int texture = doc_.add_png_texture(look->png, look->name);
  const int image = doc_.model().textures[static_cast<size_t>(texture)].source;
  doc_.model().textures.pop_back();
  images_.emplace(index, image);
  summary_.textures += 1;
  return image;
}

bool CompanionBinding::bind(tinygltf::Material& material, size_t index, bool nearest, json& extras, std::string& why) {
  const auto key = std::make_pair(index, nearest);
  int texture = -1;
  if (const auto it = textures_.find(key); it != textures_.end()) {
    texture = it->second;
  } else if (const int image = image_of(index, why); image >= 0) {
    tinygltf::Texture t;
    t.name = doc_.model().images[static_cast<size_t>(image)].name;
    t.source = image;
    t.sampler = sampler_of(nearest);
    doc_.model().textures.push_back(std::move(t));
    texture = static_cast<int>(doc_.model().textures.size() - 1);
    textures_.emplace(key, texture);
  }
  material.alphaMode = "OPAQUE";  // meshgate choice (§8): the object's blend state is in the mesh's extras
  if (texture < 0) {
    summary_.materials_fallback += 1;
    summary_.textures_missing += 1;
    extras["untextured"] = why;
    extras["companion_entry"] = index;
    return false;
  }
  material.pbrMetallicRoughness.baseColorTexture.index = texture;
  extras["companion_entry"] = index;
  extras["filter"] = nearest ? "nearest" : "linear";
  summary_.materials_resolved += 1;
  return true;
}

json CompanionBinding::extras() const {
  return {{"companion", companion_.name},
          {"companion_textures", companion_.count},
          {"binding", "mesh texture index -> companion entry (0-based, table order); the companion's count is "
                      "authoritative (docs/spec/dmc3-textures.md §5)"},
          {"decoder", std::string(ptx::kReferenceDecoder)},
          {"image", "mip level 0 as RGBA8 PNG, rows top first, no V flip"},
          {"colour_space", "pixels unchanged, used as baseColor (sRGB in glTF); the game's view is not established"},
          {"alpha_mode", "OPAQUE (meshgate choice)"}};
}

}  // namespace meshgate::gltf
