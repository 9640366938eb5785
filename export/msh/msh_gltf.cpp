// MSH model -> glTF 2.0: the Res1 hierarchy with Res10 names, per node the
// batches of its slot for the chosen LOD as primitives, the rest pose from
// each node's fallback key and the Res8 keys through the Res19 frame map as
// one animation.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "export/export_conventions.hpp"
#include "export/finite_check.hpp"
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

// A draw call's vertices, re-based to the range its indices name.
struct PrimitiveVertices {
  std::vector<float> positions, normals, uvs;
};

// The export of one MSH model, a stage at a time: nodes, geometry (with its
// materials), animation, asset. Each stage appends to one document in this
// order, which fixes the buffer's layout and the accessors' indices.
class MshExport {
 public:
  MshExport(const msh::Model& model, const ExportOptions& options)
      : options_(options),
        streams_(model),
        walk_(model),
        keys_(streams_.get<KeyStream>(stream_type::keys)),
        map_(streams_.get<WordStream>(stream_type::frame_map)),
        normals_(streams_.get<PackedNormalStream>(stream_type::normals)),
        uvs_(streams_.get<WordPairStream>(stream_type::uv0)),
        tris_(streams_.get<TriangleStream>(stream_type::triangles)),
        names_(streams_.get<StringStream>(stream_type::strings)),
        counts_(model_counts(streams_)) {}

  Exported run(Bytes source) {
    if (const std::string bad = first_non_finite_input(); !bad.empty()) {
      out_.refused = non_finite_refusal(bad);
      return std::move(out_);
    }
    const std::vector<int> roots = add_nodes();
    add_geometry();
    add_animation();
    add_asset(source, roots);
    out_.asset = doc_.take();
    return std::move(out_);
  }

 private:
  tinygltf::Model& g() { return doc_.model(); }

  // The first number the export reads as a float that is not finite, by its
  // field path: a position or a key's translation. UVs, normals and key
  // rotations are integers; a key time that is not finite selects the key.
  std::string first_non_finite_input() const {
    if (walk_.positions)
      if (std::string bad = first_non_finite_vec3(*walk_.positions, "res3.positions"); !bad.empty()) return bad;
    if (keys_)
      for (size_t k = 0; k < keys_->keys.size(); ++k)
        if (std::string bad = first_non_finite_field(keys_->keys[k], "res8[" + std::to_string(k) + "]", {0, 1, 2}); !bad.empty())
          return bad;
    return "";
  }

  // Nodes, with the rest pose of their fallback key, in the Res1 hierarchy; the scene's roots.
  std::vector<int> add_nodes() {
    for (size_t n = 0; n < walk_.nodes.size(); ++n) {
      const NodeView& v = walk_.nodes[n];
      tinygltf::Node node;
      node.name = node_name(names_, n);
      if (keys_ && v.fallback_key < keys_->keys.size()) {
        const Pose rest = key_pose(keys_->keys[v.fallback_key]);
        node.translation.assign(rest.translation.begin(), rest.translation.end());
        node.rotation.assign(rest.rotation.begin(), rest.rotation.end());
      }
      node.extras = to_value({{"res1_flags", v.flags}, {"fallback_key", v.fallback_key}, {"anim_map_start", v.anim_map_start}});
      g().nodes.push_back(node);
    }
    std::vector<int> roots;
    for (size_t n = 0; n < walk_.nodes.size(); ++n) {
      const uint16_t parent = walk_.nodes[n].parent;
      if (parent == kNone || parent >= n) roots.push_back(static_cast<int>(n));  // parent < child (§4.8)
      else g().nodes[parent].children.push_back(static_cast<int>(n));
    }
    return roots;
  }

  // Geometry: per node the batches of its selected slot, one primitive each.
  void add_geometry() {
    // The buffer holds at most every vertex (position, normal, UV) and index once per LOD, plus the animation.
    doc_.reserve(walk_.positions->size() * 32 + walk_.indices->size() * 2 +
                 (keys_ ? counts_.frames * walk_.nodes.size() * 28 + counts_.frames * 4 : 0));
    out_.summary.textured = static_cast<bool>(options_.materials);
    const std::vector<DrawCall> calls = render_walk(walk_, SlotSelector{0, options_.lod});
    reserve_primitives(calls);
    for (const DrawCall& call : calls) add_primitive(call);
    for (auto& [node, mesh] : meshes_) {
      if (mesh.primitives.empty()) continue;  // reserved for batches that draw nothing
      g().meshes.push_back(std::move(mesh));
      g().nodes[node].mesh = static_cast<int>(g().meshes.size() - 1);
      out_.summary.meshes += 1;
    }
  }

  // Room for every batch's primitive and its four accessors, reserved
  // exactly: an MSH of 65,534 one-triangle batches in one slot (`synth msh
  // --batches`) held each vector's doubling slack and, while it grew, both
  // copies (262,136 accessors of 416 bytes, 65,534 primitives of 352).
  void reserve_primitives(const std::vector<DrawCall>& calls) {
    std::map<uint32_t, size_t> per_node;
    for (const DrawCall& call : calls) ++per_node[call.node];
    for (const auto& [node, count] : per_node) meshes_[node].primitives.reserve(count);
    doc_.reserve_accessors(4 * calls.size());
  }

  void add_primitive(const DrawCall& call) {
    if (call.index_count == 0 || call.index_start + uint64_t{call.index_count} > walk_.indices->size()) return;
    const uint16_t* words = walk_.indices->data() + call.index_start;
    const uint16_t lo = *std::min_element(words, words + call.index_count);
    const uint16_t hi = *std::max_element(words, words + call.index_count);
    if (uint64_t{call.base_vertex} + hi >= walk_.positions->size()) return;  // a parsed model never has this
    const PrimitiveVertices vertices = vertices_of(call, lo, hi);
    std::vector<uint16_t> indices(words, words + call.index_count);
    for (uint16_t& i : indices) i = static_cast<uint16_t>(i - lo);
    indices.resize(indices.size() / 3 * 3);
    tinygltf::Primitive prim;
    prim.mode = TINYGLTF_MODE_TRIANGLES;
    prim.attributes["POSITION"] = doc_.add_floats(vertices.positions, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (normals_) prim.attributes["NORMAL"] = doc_.add_floats(vertices.normals, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (uvs_) prim.attributes["TEXCOORD_0"] = doc_.add_floats(vertices.uvs, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
    prim.indices = doc_.add_u16(indices, TINYGLTF_TYPE_SCALAR, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    prim.material = material_for(call);
    prim.extras = to_value({{"slot", call.slot}, {"batch", call.batch}, {"batch_flags", call.batch_flags},
                            {"material_4", call.wear_row}, {"tri_flags_runs", triangle_flag_runs(call)}});
    tinygltf::Mesh& mesh = meshes_[call.node];
    mesh.name = g().nodes[call.node].name;
    mesh.primitives.push_back(std::move(prim));
    out_.summary.primitives += 1;
    out_.summary.triangles += indices.size() / 3;
    out_.summary.vertices += vertices.positions.size() / 3;
  }

  // Vertices base_vertex + lo .. base_vertex + hi: positions as stored,
  // normals decoded (scaled to unit length where not, counted), UVs signed.
  PrimitiveVertices vertices_of(const DrawCall& call, uint16_t lo, uint16_t hi) {
    PrimitiveVertices out;
    for (uint64_t v = call.base_vertex + uint64_t{lo}; v <= call.base_vertex + uint64_t{hi}; ++v) {
      for (size_t c = 0; c < 3; ++c) out.positions.push_back(f32_from_bits((*walk_.positions)[v][c]));
      if (normals_) {
        std::array<float, 3> n{};
        for (size_t c = 0; c < 3; ++c) n[c] = decode_normal_component(static_cast<int8_t>(normals_->normals[v][c]));
        const UnitNormal unit = to_unit_normal({n[0], n[1], n[2]});
        if (unit.fix == UnitNormal::Fix::no_direction) n = {0, 0, 1}, ++out_.summary.renormalised_normals;
        else if (unit.fix == UnitNormal::Fix::scaled) {
          for (size_t c = 0; c < 3; ++c) n[c] = static_cast<float>(unit.n[c]);
          ++out_.summary.renormalised_normals;
        }
        out.normals.insert(out.normals.end(), n.begin(), n.end());
      }
      if (uvs_)
        for (size_t c = 0; c < 2; ++c) out.uvs.push_back(decode_uv_signed(uvs_->pairs[v][c]));
    }
    return out;
  }

  // Materials: one per (WEAR row, two-sided), made the first time a batch
  // names it. With a material chain the batch flag 0x2 (two-sided, no facing
  // test) decides doubleSided, and the row's look is applied.
  int material_for(const DrawCall& call) {
    const MaterialLook* look = options_.materials ? options_.materials(call.wear_row) : nullptr;
    const bool two_sided = !look || (call.batch_flags & kBatchTwoSided) != 0;
    auto [it, fresh] = materials_.emplace(std::pair{call.wear_row, two_sided}, static_cast<int>(g().materials.size()));
    if (!fresh) return it->second;
    tinygltf::Material m;
    m.name = "material_" + std::to_string(call.wear_row);
    m.doubleSided = true;  // the engine's facing (Direct3D's clockwise default?) is not asserted by the spec
    m.pbrMetallicRoughness.metallicFactor = 0;  // glTF's default of 1 renders an untextured part black
    if (look) {
      apply_look(m, *look, two_sided, doc_, options_.image_uri, textures_, out_.summary);
      if (rows_counted_.insert(call.wear_row).second) {
        (look->resolution == MaterialLook::Resolution::resolved ? out_.summary.materials_resolved
                                                                : out_.summary.materials_fallback) += 1;
        out_.summary.textures_missing += look->texture_missing;
      }
    }
    g().materials.push_back(m);
    return it->second;
  }

  // Res7 flags of the batch's triangles (t covers Res6 indices 3t..3t+2), run-length
  // coded as [flags, count] pairs: most are 0, and a value per triangle made
  // the extras most of an export's cost.
  json triangle_flag_runs(const DrawCall& call) const {
    std::vector<std::array<uint64_t, 2>> runs;
    const uint64_t first_triangle = call.index_start / 3, end_triangle = (call.index_start + uint64_t{call.index_count}) / 3;
    for (uint64_t t = first_triangle; tris_ && t < end_triangle && t < tris_->triangles.size(); ++t) {
      const uint64_t flags = tris_->triangles[t].get(triangle::flags);
      if (!runs.empty() && runs.back()[0] == flags) ++runs.back()[1];
      else runs.push_back({flags, 1});
    }
    return runs;
  }

  // Animation: every animated node, one sample per frame, as one glTF animation.
  void add_animation() {
    if (!keys_ || !map_ || counts_.frames == 0) return;
    tinygltf::Animation anim;
    anim.name = "res8";
    std::vector<float> times;
    for (uint64_t f = 0; f < counts_.frames; ++f) times.push_back(static_cast<float>(static_cast<double>(f) / kFramesPerSecond));
    int time_accessor = -1;
    for (size_t n = 0; n < walk_.nodes.size(); ++n) {
      const NodeView& v = walk_.nodes[n];
      if (v.anim_map_start == kNone || v.fallback_key >= keys_->keys.size()) continue;
      if (time_accessor < 0) time_accessor = doc_.add_floats(times, TINYGLTF_TYPE_SCALAR, 0, true);
      add_node_channels(anim, n, time_accessor);
    }
    if (!anim.channels.empty()) {
      g().animations.push_back(anim);
      out_.summary.animations = 1;
    }
  }

  // Node `n`'s translation and rotation per frame, each a sampler and a channel of `anim`.
  void add_node_channels(tinygltf::Animation& anim, size_t n, int time_accessor) {
    std::vector<float> translations, rotations;
    for (uint64_t f = 0; f < counts_.frames; ++f) {
      const Pose p = sample(keys_->keys, map_->words, walk_.nodes[n], counts_.frames, f);
      translations.insert(translations.end(), p.translation.begin(), p.translation.end());
      rotations.insert(rotations.end(), p.rotation.begin(), p.rotation.end());
    }
    for (const auto& [path, values, type] : {std::tuple{"translation", &translations, TINYGLTF_TYPE_VEC3},
                                              std::tuple{"rotation", &rotations, TINYGLTF_TYPE_VEC4}}) {
      tinygltf::AnimationSampler sampler;
      sampler.input = time_accessor;
      sampler.output = doc_.add_floats(*values, type, 0);
      sampler.interpolation = "LINEAR";
      anim.samplers.push_back(sampler);
      tinygltf::AnimationChannel channel;
      channel.sampler = static_cast<int>(anim.samplers.size() - 1);
      channel.target_node = static_cast<int>(n);
      channel.target_path = path;
      anim.channels.push_back(channel);
    }
  }

  // The scene, the conventions root (--scale, --y-up) and the asset's extras: what each decode rests on.
  void add_asset(Bytes source, const std::vector<int>& roots) {
    tinygltf::Scene scene;
    scene.name = options_.source_name;
    scene.nodes = roots;
    g().scenes.push_back(scene);
    g().defaultScene = 0;
    g().asset.generator = "meshgate";
    // One root node above the hierarchy (MSH nodes are rigid, no skin).
    const int root = add_convention_root(g(), options_.scale, options_.y_up);
    nlohmann::json extras = asset_extras("nres-msh", source, options_.source_name, msh_decodes(options_.lod));
    extras["meshgate"]["conventions"] = conventions_extras("indices as stored", options_.scale, options_.y_up, root);
    if (options_.materials) extras["meshgate"]["materials"] = options_.materials_extras;
    g().asset.extras = to_value(extras);
    out_.summary.scale = options_.scale;
    out_.summary.y_up = options_.y_up;
    out_.summary.joints = 0;  // MSH nodes are rigid parts, not skin joints
  }

  const ExportOptions& options_;
  const StreamsByType streams_;
  const WalkStreams walk_;
  const KeyStream* keys_;
  const WordStream* map_;
  const PackedNormalStream* normals_;
  const WordPairStream* uvs_;
  const TriangleStream* tris_;
  const StringStream* names_;
  const ModelCounts counts_;
  DocumentBuilder doc_;
  Exported out_;
  std::map<std::pair<uint8_t, bool>, int> materials_;  // (WEAR row, two-sided) -> material
  std::map<const TextureLook*, int> textures_;          // embedded once, however many rows use it
  std::set<uint8_t> rows_counted_;                      // rows counted in the summary
  std::map<uint32_t, tinygltf::Mesh> meshes_;           // by node
};

}  // namespace

Exported export_msh(const msh::Model& model, Bytes source, const ExportOptions& options) {
  if (Exported refused = refuse_motions(options); !refused.refused.empty()) return refused;
  return refuse_non_finite(MshExport(model, options).run(source));
}

}  // namespace meshgate::gltf
