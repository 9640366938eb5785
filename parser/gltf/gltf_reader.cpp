#include "parser/gltf/gltf_reader.hpp"

#include <cstring>

namespace meshgate::gltf {

namespace {

// The accessor's bytes: view, offset, stride, each checked against the buffer.
struct Elements {
  const unsigned char* base;
  size_t stride, count, element_bytes;
};

std::optional<Elements> elements(const tinygltf::Model& m, int index, size_t component_bytes) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size()) return std::nullopt;
  const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(index)];
  if (a.sparse.isSparse || a.bufferView < 0 || static_cast<size_t>(a.bufferView) >= m.bufferViews.size()) return std::nullopt;
  const tinygltf::BufferView& v = m.bufferViews[static_cast<size_t>(a.bufferView)];
  if (v.buffer < 0 || static_cast<size_t>(v.buffer) >= m.buffers.size()) return std::nullopt;
  const std::vector<unsigned char>& data = m.buffers[static_cast<size_t>(v.buffer)].data;
  const int components = tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type));
  if (components <= 0) return std::nullopt;
  const size_t element = component_bytes * static_cast<size_t>(components);
  const size_t stride = v.byteStride ? v.byteStride : element;
  const size_t start = v.byteOffset + a.byteOffset;
  if (a.count > 0 && (start + (a.count - 1) * stride + element > v.byteOffset + v.byteLength ||
                      v.byteOffset + v.byteLength > data.size()))
    return std::nullopt;
  return Elements{data.data() + start, stride, a.count, element};
}

}  // namespace

std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model model;
  std::string warning;
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const bool binary = bytes.size() >= 4 && std::memcmp(data, "glTF", 4) == 0;
  const bool ok = binary ? loader.LoadBinaryFromMemory(&model, &error, &warning, data, static_cast<unsigned>(bytes.size()))
                         : loader.LoadASCIIFromString(&model, &error, &warning, reinterpret_cast<const char*>(data),
                                                      static_cast<unsigned>(bytes.size()), "");
  if (!ok) return std::nullopt;
  return model;
}

std::optional<std::vector<float>> accessor_floats(const tinygltf::Model& m, int index) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size() ||
      m.accessors[static_cast<size_t>(index)].componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
    return std::nullopt;
  const std::optional<Elements> e = elements(m, index, sizeof(float));
  if (!e) return std::nullopt;
  std::vector<float> out(e->count * e->element_bytes / sizeof(float));
  for (size_t i = 0; i < e->count; ++i)
    std::memcpy(out.data() + i * e->element_bytes / sizeof(float), e->base + i * e->stride, e->element_bytes);
  return out;
}

std::optional<std::vector<uint32_t>> accessor_uints(const tinygltf::Model& m, int index) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size()) return std::nullopt;
  const int type = m.accessors[static_cast<size_t>(index)].componentType;
  const size_t bytes = type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE    ? 1
                       : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 2
                       : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT   ? 4
                                                                        : 0;
  if (bytes == 0) return std::nullopt;
  const std::optional<Elements> e = elements(m, index, bytes);
  if (!e) return std::nullopt;
  std::vector<uint32_t> out;
  out.reserve(e->count * e->element_bytes / bytes);
  for (size_t i = 0; i < e->count; ++i)
    for (size_t c = 0; c < e->element_bytes; c += bytes) {
      uint32_t v = 0;
      std::memcpy(&v, e->base + i * e->stride + c, bytes);  // little-endian host, as glTF is
      out.push_back(v);
    }
  return out;
}

}  // namespace meshgate::gltf
