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

std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error, const std::string& base_dir) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model model;
  std::string warning;
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const bool binary = bytes.size() >= 4 && std::memcmp(data, "glTF", 4) == 0;
  const bool ok = binary ? loader.LoadBinaryFromMemory(&model, &error, &warning, data, static_cast<unsigned>(bytes.size()), base_dir)
                         : loader.LoadASCIIFromString(&model, &error, &warning, reinterpret_cast<const char*>(data),
                                                      static_cast<unsigned>(bytes.size()), base_dir);
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

std::optional<std::vector<float>> accessor_unit_floats(const tinygltf::Model& m, int index) {
  if (auto floats = accessor_floats(m, index)) return floats;
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size() || !m.accessors[static_cast<size_t>(index)].normalized)
    return std::nullopt;
  const int type = m.accessors[static_cast<size_t>(index)].componentType;
  const double scale = type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ? 255.0 : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 65535.0 : 0;
  const std::optional<std::vector<uint32_t>> raw = accessor_uints(m, index);
  if (!raw || scale == 0) return std::nullopt;
  std::vector<float> out(raw->size());
  for (size_t i = 0; i < raw->size(); ++i) out[i] = static_cast<float>((*raw)[i] / scale);
  return out;
}

std::optional<double> extra_number(const tinygltf::Value& extras, const char* key) {
  if (!extras.IsObject() || !extras.Has(key)) return std::nullopt;
  const tinygltf::Value& v = extras.Get(key);
  if (!v.IsNumber()) return std::nullopt;
  return v.GetNumberAsDouble();
}

std::array<double, 16> node_local_matrix(const tinygltf::Node& node) {
  std::array<double, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  if (node.matrix.size() == 16) {
    std::copy(node.matrix.begin(), node.matrix.end(), m.begin());
    return m;
  }
  double x = 0, y = 0, z = 0, w = 1;
  if (node.rotation.size() == 4) x = node.rotation[0], y = node.rotation[1], z = node.rotation[2], w = node.rotation[3];
  const std::array<double, 3> s = node.scale.size() == 3 ? std::array<double, 3>{node.scale[0], node.scale[1], node.scale[2]}
                                                          : std::array<double, 3>{1, 1, 1};
  // Column-major R * S: column c is the rotation's column c times s[c].
  const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                          {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                          {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
  for (size_t c = 0; c < 3; ++c)
    for (size_t row = 0; row < 3; ++row) m[c * 4 + row] = r[row][c] * s[c];
  if (node.translation.size() == 3)
    for (size_t row = 0; row < 3; ++row) m[12 + row] = node.translation[row];
  return m;
}

std::optional<std::vector<std::array<uint32_t, 3>>> primitive_triangles(const tinygltf::Model& m,
                                                                         const tinygltf::Primitive& p,
                                                                         size_t vertex_count) {
  std::vector<uint32_t> indices;
  if (p.indices >= 0) {
    auto read = accessor_uints(m, p.indices);
    if (!read) return std::nullopt;
    indices = std::move(*read);
  } else {
    indices.resize(vertex_count);
    for (size_t i = 0; i < vertex_count; ++i) indices[i] = static_cast<uint32_t>(i);
  }
  for (uint32_t i : indices)
    if (i >= vertex_count) return std::nullopt;
  std::vector<std::array<uint32_t, 3>> out;
  switch (p.mode) {
    case TINYGLTF_MODE_TRIANGLES:
      for (size_t k = 0; k + 2 < indices.size(); k += 3) out.push_back({indices[k], indices[k + 1], indices[k + 2]});
      return out;
    case TINYGLTF_MODE_TRIANGLE_STRIP:
      for (size_t k = 2; k < indices.size(); ++k)
        out.push_back(k % 2 ? std::array{indices[k - 1], indices[k - 2], indices[k]}
                            : std::array{indices[k - 2], indices[k - 1], indices[k]});
      return out;
    case TINYGLTF_MODE_TRIANGLE_FAN:
      for (size_t k = 2; k < indices.size(); ++k) out.push_back({indices[0], indices[k - 1], indices[k]});
      return out;
    default: return std::nullopt;
  }
}

}  // namespace meshgate::gltf
