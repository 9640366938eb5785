#include "parser/gltf/gltf_reader.hpp"

#include <cstring>

#include "parser/core/checked_math.hpp"
#include "parser/gltf/gltf_prepare.hpp"

namespace meshgate::gltf {

namespace {

// The accessor's bytes: view, offset, stride, each checked against the buffer.
struct Elements {
  const unsigned char* base;
  size_t stride, count, element_bytes;
};

// Where accessor `index`'s elements lie, or why they do not fit (checked
// arithmetic throughout: a count of 2^62 must not wrap into a small range).
// nullopt with `why` empty: the accessor has no bufferView (or is sparse),
// which is not an error, only nothing to read.
std::optional<Elements> locate(const tinygltf::Model& m, size_t index, std::string& why) {
  const tinygltf::Accessor& a = m.accessors[index];
  const std::string where = "accessors[" + std::to_string(index) + "]";
  if (a.bufferView < 0) return std::nullopt;
  if (static_cast<size_t>(a.bufferView) >= m.bufferViews.size()) {
    why = where + ".bufferView " + std::to_string(a.bufferView) + " names no bufferView";
    return std::nullopt;
  }
  const std::string view_name = "bufferViews[" + std::to_string(a.bufferView) + "]";
  const tinygltf::BufferView& v = m.bufferViews[static_cast<size_t>(a.bufferView)];
  if (v.buffer < 0 || static_cast<size_t>(v.buffer) >= m.buffers.size()) {
    why = where + ": its " + view_name + ".buffer " + std::to_string(v.buffer) + " names no buffer";
    return std::nullopt;
  }
  const std::vector<unsigned char>& data = m.buffers[static_cast<size_t>(v.buffer)].data;
  if (!range_fits(v.byteOffset, v.byteLength, data.size())) {
    why = where + ": its " + view_name + " (" + std::to_string(v.byteLength) + " bytes at " + std::to_string(v.byteOffset) +
          ") is past buffers[" + std::to_string(v.buffer) + "] (" + std::to_string(data.size()) + " bytes)";
    return std::nullopt;
  }
  const int components = tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type));
  const int component_bytes = tinygltf::GetComponentSizeInBytes(static_cast<uint32_t>(a.componentType));
  if (components <= 0 || component_bytes <= 0) {
    why = where + ": type " + std::to_string(a.type) + " / componentType " + std::to_string(a.componentType) + " is not glTF's";
    return std::nullopt;
  }
  const size_t element = static_cast<size_t>(component_bytes) * static_cast<size_t>(components);
  const size_t stride = v.byteStride ? v.byteStride : element;
  if (a.sparse.isSparse) return std::nullopt;
  if (a.count == 0) return Elements{data.data(), stride, 0, element};
  const std::optional<uint64_t> span = [&]() -> std::optional<uint64_t> {
    const auto steps = checked_mul(a.count - 1, stride);
    return steps ? checked_add(*steps, element) : std::nullopt;
  }();
  const std::optional<uint64_t> end = span ? checked_add(a.byteOffset, *span) : std::nullopt;
  if (!end || *end > v.byteLength) {
    why = where + ": count " + std::to_string(a.count) + " of " + std::to_string(element) + "-byte elements every " +
          std::to_string(stride) + " bytes from byte " + std::to_string(a.byteOffset) + " needs " +
          (end ? std::to_string(*end) + " bytes" : std::string("more than 2^64 bytes")) + "; " + view_name + " holds " +
          std::to_string(v.byteLength);
    return std::nullopt;
  }
  return Elements{data.data() + v.byteOffset + a.byteOffset, stride, a.count, element};
}

std::optional<Elements> elements(const tinygltf::Model& m, int index, size_t component_bytes) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size()) return std::nullopt;
  std::string why;
  const std::optional<Elements> e = locate(m, static_cast<size_t>(index), why);
  if (!e || e->element_bytes % component_bytes != 0) return std::nullopt;
  return e;
}

// Charges `bytes` to the budget, when there is one.
bool afford(ReadBudget* budget, uint64_t bytes) { return !budget || budget->take(bytes); }

// The file callbacks tinygltf is given: they answer only the sentinel names of
// the buffers prepare_asset loaded (handing over its bytes), so no uri of the
// asset reaches the file system through tinygltf.
bool prepared_exists(const std::string& name, void* user) {
  const auto* prepared = static_cast<const PreparedAsset*>(user);
  for (size_t i = 0; i < prepared->buffers.size(); ++i)
    if (name == buffer_sentinel(i)) return true;
  return false;
}
std::string same_path(const std::string& path, void*) { return path; }
bool take_prepared(std::vector<unsigned char>* out, std::string* error, const std::string& name, void* user) {
  auto* prepared = static_cast<PreparedAsset*>(user);
  for (size_t i = 0; i < prepared->buffers.size(); ++i)
    if (name == buffer_sentinel(i)) {
      out->swap(prepared->buffers[i]);
      return true;
    }
  if (error) *error = "not a buffer meshgate loaded";
  return false;
}
bool write_nothing(std::string* error, const std::string&, const std::vector<unsigned char>&, void*) {
  if (error) *error = "import writes no file through tinygltf";
  return false;
}
// Images are never decoded: import uses no pixels, and a 16000 x 16000 PNG
// would cost a gigabyte. prepare_asset already left tinygltf no image bytes;
// this refuses any that would reach it anyway.
bool no_image_decoding(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int, void*) {
  return true;
}

}  // namespace

std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error, const ReadOptions& options) {
  std::optional<PreparedAsset> prepared = prepare_asset(bytes, options.uris, options.max_bytes, error);
  if (!prepared) return std::nullopt;
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&no_image_decoding, nullptr);
  loader.SetFsCallbacks({&prepared_exists, &same_path, &take_prepared, &write_nothing, &*prepared});
  tinygltf::Model model;
  std::string warning;
  const std::string json = std::move(prepared->json);
  if (!loader.LoadASCIIFromString(&model, &error, &warning, json.data(), static_cast<unsigned>(json.size()), ""))
    return std::nullopt;
  return model;
}

std::vector<std::string> accessor_errors(const tinygltf::Model& m) {
  std::vector<std::string> out;
  for (size_t i = 0; i < m.accessors.size(); ++i) {
    std::string why;
    if (!locate(m, i, why) && !why.empty()) out.push_back(std::move(why));
  }
  return out;
}

ReadBudget import_budget(const tinygltf::Model& m) {
  uint64_t buffers = 0;
  for (const tinygltf::Buffer& b : m.buffers) buffers += b.data.size();
  return ReadBudget(buffers * kReadExpansion + kReadAllowance);
}

std::optional<std::vector<float>> accessor_floats(const tinygltf::Model& m, int index, ReadBudget* budget) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size() ||
      m.accessors[static_cast<size_t>(index)].componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
    return std::nullopt;
  const std::optional<Elements> e = elements(m, index, sizeof(float));
  if (!e || !afford(budget, uint64_t{e->count} * e->element_bytes)) return std::nullopt;
  std::vector<float> out(e->count * e->element_bytes / sizeof(float));
  for (size_t i = 0; i < e->count; ++i)
    std::memcpy(out.data() + i * e->element_bytes / sizeof(float), e->base + i * e->stride, e->element_bytes);
  return out;
}

std::optional<std::vector<uint32_t>> accessor_uints(const tinygltf::Model& m, int index, ReadBudget* budget) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size()) return std::nullopt;
  const int type = m.accessors[static_cast<size_t>(index)].componentType;
  const size_t bytes = type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE    ? 1
                       : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 2
                       : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT   ? 4
                                                                        : 0;
  if (bytes == 0) return std::nullopt;
  const std::optional<Elements> e = elements(m, index, bytes);
  if (!e || !afford(budget, uint64_t{e->count} * e->element_bytes / bytes * sizeof(uint32_t))) return std::nullopt;
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

std::optional<std::vector<float>> accessor_unit_floats(const tinygltf::Model& m, int index, ReadBudget* budget) {
  if (index < 0 || static_cast<size_t>(index) >= m.accessors.size()) return std::nullopt;
  if (m.accessors[static_cast<size_t>(index)].componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) return accessor_floats(m, index, budget);
  if (!m.accessors[static_cast<size_t>(index)].normalized) return std::nullopt;
  const int type = m.accessors[static_cast<size_t>(index)].componentType;
  const double scale = type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ? 255.0 : type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 65535.0 : 0;
  if (scale == 0) return std::nullopt;
  const std::optional<std::vector<uint32_t>> raw = accessor_uints(m, index, budget);
  if (!raw) return std::nullopt;
  std::vector<float> out(raw->size());
  for (size_t i = 0; i < raw->size(); ++i) out[i] = static_cast<float>((*raw)[i] / scale);
  return out;
}

const tinygltf::Value& member(const tinygltf::Value& value, const char* key) {
  static const tinygltf::Value kNull;
  if (!value.IsObject() || !value.Has(key)) return kNull;
  return value.Get(key);
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
                                                                         size_t vertex_count, ReadBudget* budget) {
  std::vector<uint32_t> indices;
  if (p.indices >= 0) {
    auto read = accessor_uints(m, p.indices, budget);
    if (!read) return std::nullopt;
    indices = std::move(*read);
  } else {
    if (!afford(budget, uint64_t{vertex_count} * sizeof(uint32_t))) return std::nullopt;
    indices.resize(vertex_count);
    for (size_t i = 0; i < vertex_count; ++i) indices[i] = static_cast<uint32_t>(i);
  }
  for (uint32_t i : indices)
    if (i >= vertex_count) return std::nullopt;
  // Up to one triangle per index (a strip or fan): 12 bytes each.
  if (!afford(budget, uint64_t{indices.size()} * sizeof(std::array<uint32_t, 3>))) return std::nullopt;
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
