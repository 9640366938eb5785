// Building a glTF 2.0 asset with tinygltf (Debian's libtinygltf-dev): one
// binary buffer that typed arrays are appended to, each an accessor, and
// extras given as JSON. Vertex attributes and indices of one element size
// share one buffer view; animation data and images have a view each. The exporters of every format
// build on this; none of them writes glTF JSON by hand (export/gltf_json.hpp
// writes the finished model's, as tinygltf would).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

namespace meshgate::gltf {

// tinygltf's Value from JSON (extras are built as JSON, which reads better).
[[nodiscard]] tinygltf::Value to_value(const nlohmann::json& j);

class DocumentBuilder {
 public:
  DocumentBuilder();

  // Appends `values` as an accessor of `type` (TINYGLTF_TYPE_*) and returns its
  // index. `target`: the buffer view's target (vertex or index data), 0 for
  // none (animation and inverse-bind data). `min_max`: record the accessor's
  // per-component bounds (POSITION requires them).
  int add_floats(std::span<const float> values, int type, int target, bool min_max = false);
  int add_u8(std::span<const uint8_t> values, int type, int target);
  int add_u16(std::span<const uint16_t> values, int type, int target);
  int add_u32(std::span<const uint32_t> values, int type, int target);

  // A PNG picture as an image in the binary buffer (a .glb holds it; a .gltf's
  // .bin does) and a texture that samples it with repeat wrapping; returns
  // the texture's index.
  int add_png_texture(std::span<const std::byte> png, const std::string& name);
  // The same texture over a PNG the asset only names by `uri` (the view's
  // page holds it, once for all the LODs): no byte of it in the buffer.
  int add_png_texture_at(const std::string& uri, const std::string& name);

  // Room for `bytes` more of buffer data, so appending never re-copies it.
  void reserve(size_t bytes) { model_.buffers[0].data.reserve(model_.buffers[0].data.size() + bytes); }

  // Room for `n` more accessors: a model of many tiny primitives (an SCM:
  // five each) never holds the vector's doubling slack.
  void reserve_accessors(size_t n) { model_.accessors.reserve(model_.accessors.size() + n); }

  tinygltf::Model& model() { return model_; }
  // The finished asset: the shared views' bytes join the buffer, whose
  // length is fixed here.
  [[nodiscard]] tinygltf::Model take();

 private:
  // The bytes of one shared buffer view, kept apart until take() places
  // them in the buffer: with a view per accessor, 344 bytes each in
  // tinygltf's model, the five views of each of an SCM's 65,025 tiny
  // primitives took 107 MiB of its export. A vertex view states its
  // byteStride (the element size), as glTF requires of a view that several
  // vertex accessors share.
  struct Lane {
    int view = -1;
    std::vector<unsigned char> bytes;
  };
  // The shared view of `target` data of `element` bytes, or null when such
  // data has a view of its own.
  Lane* lane_for(int target, size_t element);
  int add(const void* data, size_t bytes, size_t count, int component, int type, int target);
  int add_accessor(int view, size_t offset, size_t count, int component, int type);
  int add_texture(tinygltf::Image image);  // the image, the shared sampler, and a texture sampling it
  tinygltf::Model model_;
  std::map<std::pair<int, size_t>, Lane> lanes_;  // by (target, element bytes)
};

[[nodiscard]] int components_of(int type);  // TINYGLTF_TYPE_VEC3 -> 3

}  // namespace meshgate::gltf
