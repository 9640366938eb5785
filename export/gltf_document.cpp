#include "export/gltf_document.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace meshgate::gltf {

tinygltf::Value to_value(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      tinygltf::Value::Object o;
      for (const auto& [k, v] : j.items()) o[k] = to_value(v);
      return tinygltf::Value(std::move(o));
    }
    case nlohmann::json::value_t::array: {
      tinygltf::Value::Array a;
      for (const auto& v : j) a.push_back(to_value(v));
      return tinygltf::Value(std::move(a));
    }
    case nlohmann::json::value_t::string: return tinygltf::Value(j.get<std::string>());
    case nlohmann::json::value_t::boolean: return tinygltf::Value(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: {
      const double d = j.get<double>();
      if (d >= std::numeric_limits<int>::min() && d <= std::numeric_limits<int>::max()) return tinygltf::Value(j.get<int>());
      return tinygltf::Value(d);
    }
    case nlohmann::json::value_t::number_float: return tinygltf::Value(j.get<double>());
    default: return tinygltf::Value();
  }
}

int components_of(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR: return 1;
    case TINYGLTF_TYPE_VEC2: return 2;
    case TINYGLTF_TYPE_VEC3: return 3;
    case TINYGLTF_TYPE_VEC4: return 4;
    case TINYGLTF_TYPE_MAT4: return 16;
    default: return 1;
  }
}

DocumentBuilder::DocumentBuilder() {
  model_.asset.version = "2.0";
  model_.buffers.emplace_back();
}

int DocumentBuilder::add_png_texture(std::span<const std::byte> png, const std::string& name) {
  std::vector<unsigned char>& buffer = model_.buffers[0].data;
  buffer.resize((buffer.size() + 3) / 4 * 4, 0);
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = buffer.size();
  view.byteLength = png.size();
  const auto* bytes = reinterpret_cast<const unsigned char*>(png.data());
  buffer.insert(buffer.end(), bytes, bytes + png.size());
  model_.bufferViews.push_back(view);
  tinygltf::Image image;
  image.name = name;
  image.mimeType = "image/png";
  image.bufferView = static_cast<int>(model_.bufferViews.size() - 1);
  return add_texture(std::move(image));
}

int DocumentBuilder::add_png_texture_at(const std::string& uri, const std::string& name) {
  tinygltf::Image image;
  image.name = name;
  image.uri = uri;  // tinygltf writes a uri in place of mimeType and bufferView
  return add_texture(std::move(image));
}

int DocumentBuilder::add_texture(tinygltf::Image image) {
  model_.images.push_back(std::move(image));
  if (model_.samplers.empty()) {
    tinygltf::Sampler sampler;  // the engine tiles its UVs (Res5 values past 1 are common)
    sampler.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    sampler.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    sampler.wrapS = sampler.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
    model_.samplers.push_back(sampler);
  }
  tinygltf::Texture texture;
  texture.name = model_.images.back().name;
  texture.source = static_cast<int>(model_.images.size() - 1);
  texture.sampler = 0;
  model_.textures.push_back(std::move(texture));
  return static_cast<int>(model_.textures.size() - 1);
}

// Vertex data shares a view by element size when that size is a stride glTF
// allows (a multiple of 4: every float attribute, u8 VEC4 joints), indices by
// their width; animation data (target 0) keeps a view per accessor.
DocumentBuilder::Lane* DocumentBuilder::lane_for(int target, size_t element) {
  const bool vertex = target == TINYGLTF_TARGET_ARRAY_BUFFER && element % 4 == 0 && element <= 252;
  if (element == 0 || (!vertex && target != TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER)) return nullptr;
  Lane& lane = lanes_[{target, element}];
  if (lane.view < 0) {
    tinygltf::BufferView view;
    view.buffer = 0;
    view.target = target;
    if (vertex) view.byteStride = element;
    model_.bufferViews.push_back(view);
    lane.view = static_cast<int>(model_.bufferViews.size() - 1);
  }
  return &lane;
}

int DocumentBuilder::add(const void* data, size_t bytes, size_t count, int component, int type, int target) {
  const auto* first = static_cast<const unsigned char*>(data);
  if (Lane* lane = count ? lane_for(target, bytes / count) : nullptr) {
    const size_t offset = lane->bytes.size();  // a multiple of the element size, so of the component's
    lane->bytes.insert(lane->bytes.end(), first, first + bytes);
    return add_accessor(lane->view, offset, count, component, type);
  }
  std::vector<unsigned char>& buffer = model_.buffers[0].data;
  buffer.resize((buffer.size() + 3) / 4 * 4, 0);  // every view 4-aligned: any component type may follow
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = buffer.size();
  view.byteLength = bytes;
  view.target = target;
  buffer.insert(buffer.end(), first, first + bytes);
  model_.bufferViews.push_back(view);
  return add_accessor(static_cast<int>(model_.bufferViews.size() - 1), 0, count, component, type);
}

int DocumentBuilder::add_accessor(int view, size_t offset, size_t count, int component, int type) {
  tinygltf::Accessor accessor;
  accessor.bufferView = view;
  accessor.byteOffset = offset;
  accessor.componentType = component;
  accessor.type = type;
  accessor.count = count;
  model_.accessors.push_back(std::move(accessor));
  return static_cast<int>(model_.accessors.size() - 1);
}

int DocumentBuilder::add_floats(std::span<const float> values, int type, int target, bool min_max) {
  const size_t n = static_cast<size_t>(components_of(type));
  const int index = add(values.data(), values.size_bytes(), values.size() / n, TINYGLTF_COMPONENT_TYPE_FLOAT, type, target);
  if (min_max && !values.empty()) {
    std::vector<double> lo(n, std::numeric_limits<double>::infinity()), hi(n, -std::numeric_limits<double>::infinity());
    for (size_t e = 0; e + n <= values.size(); e += n)
      for (size_t c = 0; c < n; ++c) {
        lo[c] = std::min(lo[c], static_cast<double>(values[e + c]));
        hi[c] = std::max(hi[c], static_cast<double>(values[e + c]));
      }
    model_.accessors[static_cast<size_t>(index)].minValues = lo;
    model_.accessors[static_cast<size_t>(index)].maxValues = hi;
  }
  return index;
}

int DocumentBuilder::add_u8(std::span<const uint8_t> values, int type, int target) {
  return add(values.data(), values.size_bytes(), values.size() / static_cast<size_t>(components_of(type)),
             TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, type, target);
}

int DocumentBuilder::add_u16(std::span<const uint16_t> values, int type, int target) {
  return add(values.data(), values.size_bytes(), values.size() / static_cast<size_t>(components_of(type)),
             TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, type, target);
}

int DocumentBuilder::add_u32(std::span<const uint32_t> values, int type, int target) {
  return add(values.data(), values.size_bytes(), values.size() / static_cast<size_t>(components_of(type)),
             TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, type, target);
}

tinygltf::Model DocumentBuilder::take() {
  std::vector<unsigned char>& buffer = model_.buffers[0].data;
  size_t total = buffer.size();
  for (const auto& [key, lane] : lanes_) total += lane.bytes.size() + 3;
  buffer.reserve(total + 3);  // exporters reserve it all up front: no copy of what is in place
  for (auto& [key, lane] : lanes_) {  // each lane placed, then freed: its bytes are held once
    buffer.resize((buffer.size() + 3) / 4 * 4, 0);
    tinygltf::BufferView& view = model_.bufferViews[static_cast<size_t>(lane.view)];
    view.byteOffset = buffer.size();
    view.byteLength = lane.bytes.size();
    buffer.insert(buffer.end(), lane.bytes.begin(), lane.bytes.end());
    std::vector<unsigned char>().swap(lane.bytes);
  }
  lanes_.clear();
  buffer.resize((buffer.size() + 3) / 4 * 4, 0);
  if (buffer.empty()) model_.buffers.clear();  // a model with nothing to draw: glTF forbids an empty buffer
  return std::move(model_);
}

}  // namespace meshgate::gltf
