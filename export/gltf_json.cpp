#include "export/gltf_json.hpp"

#include <cmath>
#include <functional>

#include <nlohmann/json.hpp>

namespace meshgate::gltf {

// Named, not anonymous: the export room builds as one unity source.
namespace gltf_json_elements {

using nlohmann::json;
using tinygltf::Value;

// tinygltf 2.7's rules, as its Serialize* functions apply them (tiny_gltf.h):
// strings and keys go through c_str(), defaults are left out by a 1e-12
// comparison, number arrays are left out when empty.
bool same(double a, double b) { return std::fabs(b - a) < 1e-12; }
bool same(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}
json text(const std::string& s) { return json(std::string(s.c_str())); }
void put(json& o, const std::string& key, json value) { o[std::string(key.c_str())] = std::move(value); }
void put_text(json& o, const std::string& key, const std::string& value) { put(o, key, text(value)); }
template <typename T>
void put_numbers(json& o, const std::string& key, const std::vector<T>& values) {
  if (values.empty()) return;
  json a;
  for (const T& v : values) a.push_back(json(v));
  put(o, key, std::move(a));
}

// ValueToJson: a null value writes nothing; an empty object or array writes null.
bool value_json(const Value& value, json& out) {
  json o;
  switch (value.Type()) {
    case tinygltf::REAL_TYPE: o = json(value.Get<double>()); break;
    case tinygltf::INT_TYPE: o = json(value.Get<int>()); break;
    case tinygltf::BOOL_TYPE: o = json(value.Get<bool>()); break;
    case tinygltf::STRING_TYPE: o = json(value.Get<std::string>()); break;
    case tinygltf::ARRAY_TYPE:
      for (size_t i = 0; i < value.ArrayLen(); ++i)
        if (json e; value_json(value.Get(static_cast<int>(i)), e)) o.push_back(std::move(e));
      break;
    case tinygltf::OBJECT_TYPE:
      for (const auto& [key, v] : value.Get<Value::Object>())
        if (json e; value_json(v, e)) o[key] = std::move(e);
      break;
    default: return false;
  }
  out = std::move(o);
  return true;
}
void put_value(json& o, const std::string& key, const Value& value) {
  if (value.Type() == tinygltf::NULL_TYPE) return;
  if (json v; value_json(value, v)) put(o, key, std::move(v));
}
void put_extensions(json& o, const tinygltf::ExtensionMap& extensions) {
  if (extensions.empty()) return;
  json map;
  for (const auto& [name, value] : extensions) {
    json v;
    const bool written = value_json(value, v);
    if (written) put(map, name, v);
    if ((!written || v.is_null()) && !name.empty()) put(map, name, json::object());
  }
  put(o, "extensions", std::move(map));
}

const char* type_name(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR: return "SCALAR";
    case TINYGLTF_TYPE_VEC2: return "VEC2";
    case TINYGLTF_TYPE_VEC3: return "VEC3";
    case TINYGLTF_TYPE_VEC4: return "VEC4";
    case TINYGLTF_TYPE_MAT2: return "MAT2";
    case TINYGLTF_TYPE_MAT3: return "MAT3";
    case TINYGLTF_TYPE_MAT4: return "MAT4";
    default: return "";
  }
}

json accessor(const tinygltf::Accessor& a) {
  json o;
  if (a.bufferView >= 0) put(o, "bufferView", a.bufferView);
  if (a.byteOffset != 0) put(o, "byteOffset", static_cast<int>(a.byteOffset));
  put(o, "componentType", a.componentType);
  put(o, "count", a.count);
  if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT || a.componentType == TINYGLTF_COMPONENT_TYPE_DOUBLE) {
    put_numbers(o, "min", a.minValues);
    put_numbers(o, "max", a.maxValues);
  } else {  // integers written as int, as tinygltf does (its issue #301)
    const auto ints = [](const std::vector<double>& v) { return std::vector<int>(v.begin(), v.end()); };
    put_numbers(o, "min", ints(a.minValues));
    put_numbers(o, "max", ints(a.maxValues));
  }
  if (a.normalized) put(o, "normalized", true);
  put_text(o, "type", type_name(a.type));
  if (!a.name.empty()) put_text(o, "name", a.name);
  put_value(o, "extras", a.extras);
  return o;
}

json animation(const tinygltf::Animation& a) {
  json o;
  if (!a.name.empty()) put_text(o, "name", a.name);
  json channels, samplers;
  for (const tinygltf::AnimationChannel& c : a.channels) {
    json channel, target;
    put(channel, "sampler", c.sampler);
    put(target, "node", c.target_node);
    put_text(target, "path", c.target_path);
    put_extensions(target, c.target_extensions);
    put(channel, "target", std::move(target));
    put_value(channel, "extras", c.extras);
    put_extensions(channel, c.extensions);
    channels.push_back(std::move(channel));
  }
  for (const tinygltf::AnimationSampler& s : a.samplers) {
    json sampler;
    put(sampler, "input", s.input);
    put(sampler, "output", s.output);
    put_text(sampler, "interpolation", s.interpolation);
    put_value(sampler, "extras", s.extras);
    samplers.push_back(std::move(sampler));
  }
  put(o, "channels", std::move(channels));
  put(o, "samplers", std::move(samplers));
  put_value(o, "extras", a.extras);
  put_extensions(o, a.extensions);
  return o;
}

json asset_info(const tinygltf::Asset& a) {
  json o;
  if (!a.generator.empty()) put_text(o, "generator", a.generator);
  if (!a.copyright.empty()) put_text(o, "copyright", a.copyright);
  put_text(o, "version", a.version.empty() ? std::string("2.0") : a.version);
  if (!a.extras.Keys().empty()) put_value(o, "extras", a.extras);
  put_extensions(o, a.extensions);
  return o;
}

json buffer_view(const tinygltf::BufferView& v) {
  json o;
  put(o, "buffer", v.buffer);
  put(o, "byteLength", v.byteLength);
  if (v.byteStride >= 4) put(o, "byteStride", v.byteStride);
  if (v.byteOffset > 0) put(o, "byteOffset", v.byteOffset);
  if (v.target == TINYGLTF_TARGET_ARRAY_BUFFER || v.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER)
    put(o, "target", v.target);
  if (!v.name.empty()) put_text(o, "name", v.name);
  put_value(o, "extras", v.extras);
  return o;
}

// Buffer 0 is the only buffer (unwritable_part): the BIN chunk, or the .bin.
// The .gltf's uri comes last, where the .gltf writer used to add it.
nlohmann::ordered_json buffer(const tinygltf::Buffer& b, const JsonLayout& layout) {
  json o;
  put(o, "byteLength", b.data.size());
  if (!b.name.empty()) put_text(o, "name", b.name);
  put_value(o, "extras", b.extras);
  nlohmann::ordered_json ordered(o);
  if (!layout.bin_uri.empty()) ordered["uri"] = layout.bin_uri;
  return ordered;
}

// An image named by uri holds none of its bytes (tinygltf writes the uri it
// is given when the image has no pixels to encode), else it is a buffer view.
json image(const tinygltf::Image& i) {
  json o;
  if (i.uri.empty()) {
    put_text(o, "mimeType", i.mimeType);
    put(o, "bufferView", i.bufferView);
  } else {
    put_text(o, "uri", i.uri);
  }
  if (!i.name.empty()) put_text(o, "name", i.name);
  put_value(o, "extras", i.extras);
  put_extensions(o, i.extensions);
  return o;
}

template <typename Info>
json texture_info(const Info& t, const char* factor_key, double factor) {
  json o;
  put(o, "index", t.index);
  if (t.texCoord != 0) put(o, "texCoord", t.texCoord);
  if (factor_key && !same(factor, 1.0)) put(o, factor_key, factor);
  put_value(o, "extras", t.extras);
  put_extensions(o, t.extensions);
  return o;
}

json pbr(const tinygltf::PbrMetallicRoughness& p) {
  json o;
  if (!same(p.baseColorFactor, {1.0, 1.0, 1.0, 1.0})) put_numbers(o, "baseColorFactor", p.baseColorFactor);
  if (!same(p.metallicFactor, 1.0)) put(o, "metallicFactor", p.metallicFactor);
  if (!same(p.roughnessFactor, 1.0)) put(o, "roughnessFactor", p.roughnessFactor);
  if (p.baseColorTexture.index > -1) put(o, "baseColorTexture", texture_info(p.baseColorTexture, nullptr, 1));
  if (p.metallicRoughnessTexture.index > -1)
    put(o, "metallicRoughnessTexture", texture_info(p.metallicRoughnessTexture, nullptr, 1));
  put_extensions(o, p.extensions);
  put_value(o, "extras", p.extras);
  return o;
}

json material(const tinygltf::Material& m) {
  json o;
  if (!m.name.empty()) put_text(o, "name", m.name);
  if (!same(m.alphaCutoff, 0.5)) put(o, "alphaCutoff", m.alphaCutoff);
  if (m.alphaMode != "OPAQUE") put_text(o, "alphaMode", m.alphaMode);
  if (m.doubleSided) put(o, "doubleSided", true);
  if (m.normalTexture.index > -1) put(o, "normalTexture", texture_info(m.normalTexture, "scale", m.normalTexture.scale));
  if (m.occlusionTexture.index > -1)
    put(o, "occlusionTexture", texture_info(m.occlusionTexture, "strength", m.occlusionTexture.strength));
  if (m.emissiveTexture.index > -1) put(o, "emissiveTexture", texture_info(m.emissiveTexture, nullptr, 1));
  if (!same(m.emissiveFactor, {0.0, 0.0, 0.0})) put_numbers(o, "emissiveFactor", m.emissiveFactor);
  if (json p = pbr(m.pbrMetallicRoughness); !p.is_null()) put(o, "pbrMetallicRoughness", std::move(p));
  put_extensions(o, m.extensions);
  put_value(o, "extras", m.extras);
  return o.is_null() ? json::object() : o;  // a material of defaults only is {} (tinygltf's issue 294)
}

json primitive(const tinygltf::Primitive& p) {
  json o, attributes;
  for (const auto& [name, index] : p.attributes) put(attributes, name, index);
  put(o, "attributes", std::move(attributes));
  if (p.indices > -1) put(o, "indices", p.indices);
  if (p.material > -1) put(o, "material", p.material);
  put(o, "mode", p.mode);
  if (!p.targets.empty()) {
    json targets;
    for (const auto& target : p.targets) {
      json t;
      for (const auto& [name, index] : target) put(t, name, index);
      targets.push_back(std::move(t));
    }
    put(o, "targets", std::move(targets));
  }
  put_extensions(o, p.extensions);
  put_value(o, "extras", p.extras);
  return o;
}

// A mesh's keys but its primitives: they stand in as kPrimitivesMark, and
// the document writes them one at a time in its place (mesh_text).
constexpr const char* kPrimitivesMark = "\u0001primitives";
json mesh_frame(const tinygltf::Mesh& m) {
  json o;
  put(o, "primitives", kPrimitivesMark);
  put_numbers(o, "weights", m.weights);
  if (!m.name.empty()) put_text(o, "name", m.name);
  put_extensions(o, m.extensions);
  put_value(o, "extras", m.extras);
  return o;
}

json node(const tinygltf::Node& n) {
  json o;
  put_numbers(o, "translation", n.translation);
  put_numbers(o, "rotation", n.rotation);
  put_numbers(o, "scale", n.scale);
  put_numbers(o, "matrix", n.matrix);
  if (n.mesh != -1) put(o, "mesh", n.mesh);
  if (n.skin != -1) put(o, "skin", n.skin);
  if (n.camera != -1) put(o, "camera", n.camera);
  put_numbers(o, "weights", n.weights);
  put_value(o, "extras", n.extras);
  put_extensions(o, n.extensions);
  if (!n.name.empty()) put_text(o, "name", n.name);
  put_numbers(o, "children", n.children);
  return o;
}

json sampler(const tinygltf::Sampler& s) {
  json o;
  if (s.magFilter != -1) put(o, "magFilter", s.magFilter);
  if (s.minFilter != -1) put(o, "minFilter", s.minFilter);
  put(o, "wrapS", s.wrapS);
  put(o, "wrapT", s.wrapT);
  put_value(o, "extras", s.extras);
  return o;
}

json scene(const tinygltf::Scene& s) {
  json o;
  put_numbers(o, "nodes", s.nodes);
  if (!s.name.empty()) put_text(o, "name", s.name);
  put_value(o, "extras", s.extras);
  put_extensions(o, s.extensions);
  return o;
}

json skin(const tinygltf::Skin& s) {
  json o;
  put_numbers(o, "joints", s.joints);
  if (s.inverseBindMatrices >= 0) put(o, "inverseBindMatrices", s.inverseBindMatrices);
  if (s.skeleton >= 0) put(o, "skeleton", s.skeleton);
  if (!s.name.empty()) put_text(o, "name", s.name);
  return o;
}

json texture(const tinygltf::Texture& t) {
  json o;
  if (t.sampler > -1) put(o, "sampler", t.sampler);
  if (t.source > -1) put(o, "source", t.source);
  if (!t.name.empty()) put_text(o, "name", t.name);
  put_value(o, "extras", t.extras);
  put_extensions(o, t.extensions);
  return o;
}

// The document's text, one top-level key at a time in sorted order (as a
// DOM's std::map orders them); a pretty layout indents each element as a
// whole-document dump would.
class DocumentText {
 public:
  DocumentText(const JsonSink& sink, int indent) : indent_(indent), sink_(sink) {
    out_.reserve(kPiece + kPiece / 4);
    out_ += '{';
  }

  template <typename Element>
  void value(const std::string& key, const Element& element) {
    open_key(key);
    add(element, 1);
  }

  // An array of `count` elements made one at a time by `element(i)`.
  void array(const std::string& key, size_t count, const std::function<nlohmann::ordered_json(size_t)>& element) {
    open_key(key);
    if (count == 0) {
      out_ += "[]";
      return;
    }
    out_ += '[';
    for (size_t i = 0; i < count; ++i) {
      if (i > 0) out_ += ',';
      newline(2);
      add(element(i), 2);
      if (out_.size() >= kPiece) flush();
    }
    newline(1);
    out_ += ']';
  }

  // The meshes, each written a primitive at a time: one mesh may hold tens
  // of thousands (an MSH of 65,534 batches in one slot), and as one element
  // its DOM, the ordered copy and its text took that export past 24x.
  void meshes(const std::vector<tinygltf::Mesh>& meshes) {
    open_key("meshes");
    out_ += '[';
    for (size_t i = 0; i < meshes.size(); ++i) {
      if (i > 0) out_ += ',';
      newline(2);
      mesh_text(meshes[i]);
      if (out_.size() >= kPiece) flush();
    }
    newline(1);
    out_ += ']';
  }

  void finish() {
    if (!first_) newline(0);
    out_ += '}';
    flush();
  }

 private:
  // The mesh's text as its one DOM would dump at depth 2: the frame's text
  // around the mark, the primitives' array (one level below the frame's
  // keys) in its place.
  void mesh_text(const tinygltf::Mesh& m) {
    const std::string frame = mesh_frame(m).dump(indent_), mark = json(kPrimitivesMark).dump();
    const size_t at = frame.find(mark);
    append(frame.substr(0, at), 2);
    if (m.primitives.empty()) {
      out_ += "null";  // what the DOM held: a json that nothing was pushed to
    } else {
      out_ += '[';
      for (size_t p = 0; p < m.primitives.size(); ++p) {
        if (p > 0) out_ += ',';
        newline(4);
        append(primitive(m.primitives[p]).dump(indent_), 4);
        if (out_.size() >= kPiece) flush();
      }
      newline(3);
      out_ += ']';
    }
    append(frame.substr(at + mark.size()), 2);
  }

  void open_key(const std::string& key) {
    if (!first_) out_ += ',';
    first_ = false;
    newline(1);
    out_ += json(key).dump();
    out_ += indent_ < 0 ? ":" : ": ";
  }
  void newline(int depth) {
    if (indent_ < 0) return;
    out_ += '\n';
    out_.append(static_cast<size_t>(depth * indent_), ' ');
  }
  // The element's text, each of its lines after the first indented to `depth`.
  template <typename Element>
  void add(const Element& element, int depth) {
    append(element.dump(indent_), depth);
  }
  void append(const std::string& text, int depth) {
    if (indent_ < 0) {
      out_ += text;
      return;
    }
    for (const char c : text) {
      out_ += c;
      if (c == '\n') out_.append(static_cast<size_t>(depth * indent_), ' ');
    }
  }

  // A full piece goes to the sink and a new one starts: the text is never
  // one string that grows by copying itself (three times its size at a
  // time), nor held whole (69 MB for a MOD of 65,025 tiny meshes).
  void flush() {
    sink_(out_);
    out_.clear();
  }

  static constexpr size_t kPiece = 1 << 20;
  int indent_;
  bool first_ = true;
  std::string out_;
  const JsonSink& sink_;
};

template <typename T, typename Make>
void put_array(DocumentText& doc, const std::string& key, const std::vector<T>& items, Make make) {
  if (items.empty()) return;
  doc.array(key, items.size(), [&](size_t i) { return nlohmann::ordered_json(make(items[i])); });
}

}  // namespace gltf_json_elements

std::string unwritable_part(const tinygltf::Model& asset) {
  if (!asset.cameras.empty()) return "cameras";
  if (!asset.lights.empty()) return "lights";
  if (asset.buffers.size() > 1) return "a second buffer";
  if (!asset.buffers.empty() && !asset.buffers[0].uri.empty()) return "a buffer named by uri";
  for (const tinygltf::Accessor& a : asset.accessors)
    if (a.sparse.isSparse) return "a sparse accessor";
  return "";
}

std::string gltf_json(const tinygltf::Model& asset, const JsonLayout& layout) {
  std::string out;
  write_gltf_json(asset, layout, [&out](const std::string& piece) { out += piece; });
  return out;
}

std::vector<std::string> gltf_json_pieces(const tinygltf::Model& asset, const JsonLayout& layout) {
  std::vector<std::string> pieces;
  write_gltf_json(asset, layout, [&pieces](const std::string& piece) { pieces.push_back(piece); });
  return pieces;
}

uint64_t gltf_json_size(const tinygltf::Model& asset, const JsonLayout& layout) {
  uint64_t size = 0;
  write_gltf_json(asset, layout, [&size](const std::string& piece) { size += piece.size(); });
  return size;
}

void write_gltf_json(const tinygltf::Model& asset, const JsonLayout& layout, const JsonSink& sink) {
  using namespace gltf_json_elements;
  DocumentText doc(sink, layout.indent);
  put_array(doc, "accessors", asset.accessors, accessor);
  if (!asset.animations.empty()) {  // tinygltf leaves out an animation without channels
    std::vector<const tinygltf::Animation*> kept;
    for (const tinygltf::Animation& a : asset.animations)
      if (!a.channels.empty()) kept.push_back(&a);
    if (kept.empty()) doc.value("animations", json());  // tinygltf's array that nothing was pushed to
    else doc.array("animations", kept.size(), [&](size_t i) { return nlohmann::ordered_json(animation(*kept[i])); });
  }
  doc.value("asset", asset_info(asset.asset));
  put_array(doc, "bufferViews", asset.bufferViews, buffer_view);
  put_array(doc, "buffers", asset.buffers, [&](const tinygltf::Buffer& b) { return buffer(b, layout); });
  if (json extensions; (put_extensions(extensions, asset.extensions), !extensions.is_null()))
    doc.value("extensions", extensions["extensions"]);
  if (!asset.extensionsRequired.empty()) doc.value("extensionsRequired", json(asset.extensionsRequired));
  if (!asset.extensionsUsed.empty()) doc.value("extensionsUsed", json(asset.extensionsUsed));
  if (json extras; (put_value(extras, "extras", asset.extras), !extras.is_null())) doc.value("extras", extras["extras"]);
  put_array(doc, "images", asset.images, image);
  put_array(doc, "materials", asset.materials, material);
  if (!asset.meshes.empty()) doc.meshes(asset.meshes);
  put_array(doc, "nodes", asset.nodes, node);
  put_array(doc, "samplers", asset.samplers, sampler);
  if (asset.defaultScene > -1) doc.value("scene", json(asset.defaultScene));
  put_array(doc, "scenes", asset.scenes, scene);
  put_array(doc, "skins", asset.skins, skin);
  put_array(doc, "textures", asset.textures, texture);
  doc.finish();
}

}  // namespace meshgate::gltf
