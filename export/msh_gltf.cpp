// MSH model -> glTF 2.0: the Res1 hierarchy with Res10 names, per node the
// batches of its slot for the chosen LOD as primitives, the rest pose from
// each node's fallback key and the Res8 keys through the Res19 frame map as
// one animation.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "export/export_conventions.hpp"
#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"
#include "export/gltf_provenance.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/msh/msh_walks.hpp"

namespace meshgate::gltf {

namespace {

using nlohmann::json;
using namespace msh;

constexpr float kRotationScale = 32767.0f;
// Res8 key times are in frames; the frame rate is stored nowhere. Animations
// are exported at this rate (stated in the asset's extras).
constexpr double kFramesPerSecond = 30.0;


// Res13 batch flag 0x2: two-sided, no facing test (nres-msh.md §3.5, PP's names [M]).
constexpr uint64_t kBatchTwoSided = 0x2;

// A resolved look on a glTF material: the phase's diffuse as baseColorFactor,
// its texture (embedded once, or named by image_uri) as baseColorTexture, a
// MAT0 cell as KHR_texture_transform, blending when the texture has alpha,
// and how the row resolved in extras.
void apply_look(tinygltf::Material& m, const MaterialLook& look, bool two_sided, DocumentBuilder& doc,
                const ImageUri& image_uri, std::map<const TextureLook*, int>& textures, ExportSummary& summary) {
  m.name = look.name;
  m.doubleSided = two_sided;
  m.pbrMetallicRoughness.baseColorFactor = {look.base_color[0], look.base_color[1], look.base_color[2], look.base_color[3]};
  m.alphaMode = look.texture && look.texture->alpha ? "BLEND" : "OPAQUE";
  if (look.texture) {
    auto [it, fresh] = textures.emplace(look.texture.get(), 0);
    if (fresh) {
      it->second = image_uri ? doc.add_png_texture_at(image_uri(look.texture), look.texture->name)
                             : doc.add_png_texture(look.texture->png, look.texture->name);
      ++summary.textures;
    }
    m.pbrMetallicRoughness.baseColorTexture.index = it->second;
    if (look.uv_rect) {
      const auto& r = *look.uv_rect;
      tinygltf::Value::Object transform{
          {"offset", tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(r[0]), tinygltf::Value(r[1])})},
          {"scale", tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(r[2]), tinygltf::Value(r[3])})}};
      m.pbrMetallicRoughness.baseColorTexture.extensions["KHR_texture_transform"] = tinygltf::Value(std::move(transform));
      auto& used = doc.model().extensionsUsed;
      if (std::find(used.begin(), used.end(), "KHR_texture_transform") == used.end()) used.push_back("KHR_texture_transform");
    }
  }
  m.extras = to_value(look.extras);
}

struct Pose {
  std::array<float, 3> translation;
  std::array<float, 4> rotation;  // glTF order x, y, z, w
};

// A key's pose. Quaternion order x, y, z, w (FP and PP, two of the three
// projects; FP's identity is [0,0,0,1]); OP's w-first conjugate is the other
// reading of the [CONFLICT]. A zero quaternion reads as the identity, as the
// readers do; others are normalised (glTF requires unit rotations).
Pose key_pose(const KeyRecord& key) {
  Pose p{};
  for (size_t c = 0; c < 3; ++c) p.translation[c] = key.get_f32(c);
  double length = 0;
  for (size_t c = 0; c < 4; ++c) {
    p.rotation[c] = static_cast<float>(static_cast<int16_t>(key.get(4 + c))) / kRotationScale;
    length += double{p.rotation[c]} * p.rotation[c];
  }
  if (length == 0) p.rotation = {0, 0, 0, 1};
  else for (float& c : p.rotation) c = static_cast<float>(c / std::sqrt(length));
  return p;
}

Pose interpolate(const Pose& a, const Pose& b, double t) {
  Pose out{};
  for (size_t c = 0; c < 3; ++c) out.translation[c] = static_cast<float>(a.translation[c] + (b.translation[c] - a.translation[c]) * t);
  // Shortest-path slerp (§3.6 step 4).
  double dot = 0;
  for (size_t c = 0; c < 4; ++c) dot += double{a.rotation[c]} * b.rotation[c];
  const double sign = dot < 0 ? -1 : 1;
  dot *= sign;
  double wa = 1 - t, wb = t * sign;
  if (dot < 0.9995) {
    const double theta = std::acos(std::min(dot, 1.0));
    wa = std::sin((1 - t) * theta) / std::sin(theta);
    wb = sign * std::sin(t * theta) / std::sin(theta);
  }
  double length = 0;
  for (size_t c = 0; c < 4; ++c) {
    out.rotation[c] = static_cast<float>(wa * a.rotation[c] + wb * b.rotation[c]);
    length += double{out.rotation[c]} * out.rotation[c];
  }
  for (float& c : out.rotation) c = static_cast<float>(c / std::sqrt(length));
  return out;
}

// The engine's key selection (§3.7, AniMesh sub_10012880) at frame `f`.
Pose sample(const PodVector<KeyRecord>& keys, const PodVector<uint16_t>& map, const NodeView& v, uint64_t frames,
            uint64_t f) {
  const uint64_t word = uint64_t{v.anim_map_start} + f;
  if (f >= frames || word >= map.size() || map[word] >= v.fallback_key) return key_pose(keys[v.fallback_key]);
  const uint16_t k = map[word];
  const double t = static_cast<double>(f), t0 = keys[k].get_f32(key::time), t1 = keys[k + 1u].get_f32(key::time);
  if (t == t0 || !(t1 > t0)) return key_pose(keys[k]);
  if (t == t1) return key_pose(keys[k + 1u]);
  return interpolate(key_pose(keys[k]), key_pose(keys[k + 1u]), std::clamp((t - t0) / (t1 - t0), 0.0, 1.0));
}

std::string node_name(const StringStream* names, size_t n) {
  if (names && n < names->records.size() && names->records[n].length > 0) {
    const SmallBytes& text = names->records[n].text;
    const std::string_view raw(reinterpret_cast<const char*>(text.data()), text.size() - 1);  // without the NUL
    return utf8_or_escaped(raw);
  }
  return "node_" + std::to_string(n);
}

json msh_decodes(unsigned lod) {
  return json::array({
      decode("node hierarchy", "res1[].parent_or_link", kNodeSpec.fields[1].status, "0xFFFF = root, else the parent node"),
      decode("node names", "res10[]", kNodeSpec.fields[1].status, "u32 length + text + NUL; Windows-1251 bytes escaped"),
      decode("slot per node", "res1[].slot_index_N", kNodeSpec.fields[4].status,
             "word 4 + a*5 + b with a = 0 (state/variant: the PP and OP reading of the [CONFLICT]) and b = " +
                 std::to_string(lod) + " (--lod; under FP's reading: LOD 0, group " + std::to_string(lod) + ")"),
      decode("primitives", "res2 slot batch_start/batch_count -> res13", kSlotSpec.fields[2].status,
             "one primitive per batch; vertex = base_vertex + Res6 index, vertices re-based to the batch's range"),
      decode("POSITION", "res3.positions", kNodeSpec.fields[0].status, "f32x3 as stored (Z up in the game)"),
      decode("NORMAL", "res4", kNodeSpec.fields[0].status, "s8 / 127 clamped to [-1, 1], scaled to unit length where not"),
      decode("TEXCOORD_0", "res5", kBatchSpec.fields[2].status,
             "16-bit / 1024 read as SIGNED (FP and PP) — the [CONFLICT] with OP's unsigned reading differs only >= 0x8000"),
      decode("materials", "res13[].material_4", kBatchSpec.fields[2].status,
             "one material per Res13 +4 byte (WEAR row: the PP and OP reading of the [CONFLICT]; FP reads +2)"),
      decode("rest pose", "res1[].fallback_key -> res8", kKeySpec.fields[4].status,
             "translation f32x3; rotation i16x4 / 32767 in order x, y, z, w (FP and PP; OP reads w first and conjugates)"),
      decode("animation", "res1[].anim_map_start -> res19 -> res8", kKeySpec.fields[3].status,
             "one sample per frame (key selection of sub_10012880, slerp between keys), frame f at f/30 s: the frame "
             "rate is not stored"),
  });
}

}  // namespace

Exported export_msh(const msh::Model& model, Bytes source, const ExportOptions& options) {
  Exported out;
  DocumentBuilder doc;
  tinygltf::Model& g = doc.model();
  const StreamsByType streams(model);
  const WalkStreams walk(model);
  const auto* keys = streams.get<KeyStream>(stream_type::keys);
  const auto* map = streams.get<WordStream>(stream_type::frame_map);
  const auto* normals = streams.get<PackedNormalStream>(stream_type::normals);
  const auto* uvs = streams.get<WordPairStream>(stream_type::uv0);
  const auto* tris = streams.get<TriangleStream>(stream_type::triangles);
  const auto* names = streams.get<StringStream>(stream_type::strings);
  const ModelCounts counts = model_counts(streams);

  // Nodes, with the rest pose of their fallback key.
  for (size_t n = 0; n < walk.nodes.size(); ++n) {
    const NodeView& v = walk.nodes[n];
    tinygltf::Node node;
    node.name = node_name(names, n);
    if (keys && v.fallback_key < keys->keys.size()) {
      const Pose rest = key_pose(keys->keys[v.fallback_key]);
      node.translation.assign(rest.translation.begin(), rest.translation.end());
      node.rotation.assign(rest.rotation.begin(), rest.rotation.end());
    }
    node.extras = to_value({{"res1_flags", v.flags}, {"fallback_key", v.fallback_key}, {"anim_map_start", v.anim_map_start}});
    g.nodes.push_back(node);
  }
  std::vector<int> roots;
  for (size_t n = 0; n < walk.nodes.size(); ++n) {
    const uint16_t parent = walk.nodes[n].parent;
    if (parent == kNone || parent >= n) roots.push_back(static_cast<int>(n));  // parent < child (§4.8)
    else g.nodes[parent].children.push_back(static_cast<int>(n));
  }

  // Geometry: per node the batches of its selected slot; the buffer holds at
  // most every vertex (position, normal, UV) and index once per LOD, plus the animation.
  doc.reserve(walk.positions->size() * 32 + walk.indices->size() * 2 +
              (keys ? counts.frames * walk.nodes.size() * 28 + counts.frames * 4 : 0));
  // One material per (WEAR row, two-sided): with a material chain the batch
  // flag 0x2 (two-sided, no facing test) decides doubleSided.
  std::map<std::pair<uint8_t, bool>, int> materials;
  std::map<const TextureLook*, int> textures;  // embedded once, however many rows use it
  std::set<uint8_t> rows_counted;
  out.summary.textured = static_cast<bool>(options.materials);
  std::map<uint32_t, tinygltf::Mesh> meshes;
  const SlotSelector selector{0, options.lod};
  for (const DrawCall& call : render_walk(walk, selector)) {
    if (call.index_count == 0 || call.index_start + uint64_t{call.index_count} > walk.indices->size()) continue;
    const uint16_t* words = walk.indices->data() + call.index_start;
    const uint16_t lo = *std::min_element(words, words + call.index_count);
    const uint16_t hi = *std::max_element(words, words + call.index_count);
    if (uint64_t{call.base_vertex} + hi >= walk.positions->size()) continue;  // a parsed model never has this
    std::vector<float> pos, nrm, uv;
    for (uint64_t v = call.base_vertex + uint64_t{lo}; v <= call.base_vertex + uint64_t{hi}; ++v) {
      for (size_t c = 0; c < 3; ++c) pos.push_back(f32_from_bits((*walk.positions)[v][c]));
      if (normals) {
        std::array<float, 3> n{};
        for (size_t c = 0; c < 3; ++c) n[c] = decode_normal_component(static_cast<int8_t>(normals->normals[v][c]));
        const UnitNormal unit = to_unit_normal({n[0], n[1], n[2]});
        if (unit.fix == UnitNormal::Fix::no_direction) n = {0, 0, 1}, ++out.summary.renormalised_normals;
        else if (unit.fix == UnitNormal::Fix::scaled) {
          for (size_t c = 0; c < 3; ++c) n[c] = static_cast<float>(unit.n[c]);
          ++out.summary.renormalised_normals;
        }
        nrm.insert(nrm.end(), n.begin(), n.end());
      }
      if (uvs)
        for (size_t c = 0; c < 2; ++c) uv.push_back(decode_uv_signed(uvs->pairs[v][c]));
    }
    std::vector<uint16_t> indices(words, words + call.index_count);
    for (uint16_t& i : indices) i = static_cast<uint16_t>(i - lo);
    indices.resize(indices.size() / 3 * 3);
    tinygltf::Primitive prim;
    prim.mode = TINYGLTF_MODE_TRIANGLES;
    prim.attributes["POSITION"] = doc.add_floats(pos, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (normals) prim.attributes["NORMAL"] = doc.add_floats(nrm, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (uvs) prim.attributes["TEXCOORD_0"] = doc.add_floats(uv, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
    prim.indices = doc.add_u16(indices, TINYGLTF_TYPE_SCALAR, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    const MaterialLook* look = options.materials ? options.materials(call.wear_row) : nullptr;
    const bool two_sided = !look || (call.batch_flags & kBatchTwoSided) != 0;
    auto [it, fresh] = materials.emplace(std::pair{call.wear_row, two_sided}, static_cast<int>(g.materials.size()));
    if (fresh) {
      tinygltf::Material m;
      m.name = "material_" + std::to_string(call.wear_row);
      m.doubleSided = true;  // the engine's facing (Direct3D's clockwise default?) is not asserted by the spec
      m.pbrMetallicRoughness.metallicFactor = 0;  // glTF's default of 1 renders an untextured part black
      if (look) {
        apply_look(m, *look, two_sided, doc, options.image_uri, textures, out.summary);
        if (rows_counted.insert(call.wear_row).second) {
          (look->resolution == MaterialLook::Resolution::resolved ? out.summary.materials_resolved
                                                                  : out.summary.materials_fallback) += 1;
          out.summary.textures_missing += look->texture_missing;
        }
      }
      g.materials.push_back(m);
    }
    prim.material = it->second;
    // Res7 flags of the batch's triangles (t covers Res6 indices 3t..3t+2), run-length
    // coded as [flags, count] pairs: most are 0, and a value per triangle made
    // the extras most of an export's cost.
    std::vector<std::array<uint64_t, 2>> runs;
    const uint64_t first_triangle = call.index_start / 3, end_triangle = (call.index_start + uint64_t{call.index_count}) / 3;
    for (uint64_t t = first_triangle; tris && t < end_triangle && t < tris->triangles.size(); ++t) {
      const uint64_t flags = tris->triangles[t].get(triangle::flags);
      if (!runs.empty() && runs.back()[0] == flags) ++runs.back()[1];
      else runs.push_back({flags, 1});
    }
    const json tri_flags = runs;
    prim.extras = to_value({{"slot", call.slot}, {"batch", call.batch}, {"batch_flags", call.batch_flags},
                            {"material_4", call.wear_row}, {"tri_flags_runs", tri_flags}});
    tinygltf::Mesh& mesh = meshes[call.node];
    mesh.name = g.nodes[call.node].name;
    mesh.primitives.push_back(std::move(prim));
    out.summary.primitives += 1;
    out.summary.triangles += indices.size() / 3;
    out.summary.vertices += pos.size() / 3;
  }
  for (auto& [node, mesh] : meshes) {
    g.meshes.push_back(std::move(mesh));
    g.nodes[node].mesh = static_cast<int>(g.meshes.size() - 1);
    out.summary.meshes += 1;
  }

  // Animation: every animated node, one sample per frame.
  if (keys && map && counts.frames > 0) {
    tinygltf::Animation anim;
    anim.name = "res8";
    std::vector<float> times;
    for (uint64_t f = 0; f < counts.frames; ++f) times.push_back(static_cast<float>(static_cast<double>(f) / kFramesPerSecond));
    int time_accessor = -1;
    for (size_t n = 0; n < walk.nodes.size(); ++n) {
      const NodeView& v = walk.nodes[n];
      if (v.anim_map_start == kNone || v.fallback_key >= keys->keys.size()) continue;
      if (time_accessor < 0) time_accessor = doc.add_floats(times, TINYGLTF_TYPE_SCALAR, 0, true);
      std::vector<float> translations, rotations;
      for (uint64_t f = 0; f < counts.frames; ++f) {
        const Pose p = sample(keys->keys, map->words, v, counts.frames, f);
        translations.insert(translations.end(), p.translation.begin(), p.translation.end());
        rotations.insert(rotations.end(), p.rotation.begin(), p.rotation.end());
      }
      for (const auto& [path, values, type] : {std::tuple{"translation", &translations, TINYGLTF_TYPE_VEC3},
                                                std::tuple{"rotation", &rotations, TINYGLTF_TYPE_VEC4}}) {
        tinygltf::AnimationSampler sampler;
        sampler.input = time_accessor;
        sampler.output = doc.add_floats(*values, type, 0);
        sampler.interpolation = "LINEAR";
        anim.samplers.push_back(sampler);
        tinygltf::AnimationChannel channel;
        channel.sampler = static_cast<int>(anim.samplers.size() - 1);
        channel.target_node = static_cast<int>(n);
        channel.target_path = path;
        anim.channels.push_back(channel);
      }
    }
    if (!anim.channels.empty()) {
      g.animations.push_back(anim);
      out.summary.animations = 1;
    }
  }

  tinygltf::Scene scene;
  scene.name = options.source_name;
  scene.nodes = roots;
  g.scenes.push_back(scene);
  g.defaultScene = 0;
  g.asset.generator = "meshgate";
  // --scale, --y-up: one root node above the hierarchy (MSH nodes are rigid, no skin).
  const int root = add_convention_root(g, options.scale, options.y_up);
  nlohmann::json extras = asset_extras("nres-msh", source, options.source_name, msh_decodes(options.lod));
  extras["meshgate"]["conventions"] = conventions_extras("indices as stored", options.scale, options.y_up, root);
  if (options.materials) extras["meshgate"]["materials"] = options.materials_extras;
  g.asset.extras = to_value(extras);
  out.summary.scale = options.scale;
  out.summary.y_up = options.y_up;
  out.summary.joints = 0;  // MSH nodes are rigid parts, not skin joints
  out.asset = doc.take();
  return out;
}

}  // namespace meshgate::gltf
