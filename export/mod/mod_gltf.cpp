// DMC3 MOD -> glTF 2.0: one mesh per object, one primitive per MOD mesh, the
// node block as the node hierarchy with a skin. What each decode rests on is
// written into the asset's extras from the field tables themselves.
#include <cmath>
#include <map>
#include <optional>

#include "export/companion_binding.hpp"
#include "export/export_conventions.hpp"
#include "export/finite_check.hpp"
#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"
#include "export/gltf_provenance.hpp"
#include "export/mot/mot_animation.hpp"
#include "parser/core/hashing.hpp"
#include "parser/core/provenance.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/mod/mod_facing.hpp"
#include "parser/mod/mod_fields.hpp"
#include "parser/mod/mod_nodes.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/mod/mod_topology.hpp"
#include "parser/mot/mot_channels.hpp"

namespace meshgate::gltf {

namespace {

using nlohmann::json;
using mod::Mat4;


// A rigid row-vector matrix [R 0; t 1] inverted: [R^T 0; -t R^T 1]. World
// matrices are products of rotations and translations, so this is exact
// where a general inverse would round.
Mat4 rigid_inverse(const Mat4& m) {
  Mat4 r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.m[static_cast<size_t>(i * 4 + j)] = m.at(j, i);
  for (int j = 0; j < 3; ++j) {
    double t = 0;
    for (int k = 0; k < 3; ++k) t -= m.at(3, k) * m.at(j, k);
    r.m[static_cast<size_t>(12 + j)] = t;
  }
  r.m[15] = 1;
  return r;
}

// glTF stores column-vector matrices column-major; a row-vector matrix's
// row-major array is exactly that (the transpose, read the other way).
std::vector<double> gltf_matrix(const Mat4& m) { return std::vector<double>(m.m.begin(), m.m.end()); }

std::array<float, 3> as_floats(const mod::F32x3Bits& v) {
  return {f32_from_bits(v[0]), f32_from_bits(v[1]), f32_from_bits(v[2])};
}

struct Primitive {
  std::vector<float> positions, normals, uvs, weights;
  std::vector<uint8_t> joints;
  std::vector<uint16_t> indices;
};

// Triangles from the strip (for i >= 2 with bit 15 of word i clear, the
// triangle (i-2, i-1, i)), wound by `rule` (parser/mod/mod_facing.hpp); zero-area
// triangles are dropped. The summary counts what the rule did.
void strip_to_triangles(const mod::Mesh& mesh, Winding rule, Primitive& p, ExportSummary& summary) {
  const mod::MeshFacing facing = mod::face_mesh(mesh, rule);
  for (const auto& t : facing.triangles) p.indices.insert(p.indices.end(), t.begin(), t.end());
  summary.dropped_degenerates += facing.dropped_degenerates;
  summary.flipped_triangles += facing.flipped;
  summary.undecided_triangles += facing.undecided;
  summary.against_normals += facing.against_normals;
  summary.strips += facing.strips.size();
  for (const mod::StripSummary& s : facing.strips) {
    summary.reversed_strips += s.facing == mod::StripFacing::reversed;
    summary.inconsistent_strips += s.facing == mod::StripFacing::inconsistent;
  }
}

void vertex_attributes(const mod::Mesh& mesh, unsigned node_count, unsigned default_joint, Primitive& p,
                       ExportSummary& summary) {
  const size_t n = mesh.positions.size();
  p.positions.reserve(3 * n);
  p.normals.reserve(3 * n);
  p.uvs.reserve(2 * n);
  p.joints.reserve(node_count ? 4 * n : 0);
  p.weights.reserve(node_count ? 4 * n : 0);
  for (size_t v = 0; v < n; ++v) {
    const auto pos = as_floats(mesh.positions[v]);
    p.positions.insert(p.positions.end(), pos.begin(), pos.end());
    auto nrm = as_floats(mesh.normals[v]);
    const UnitNormal unit = to_unit_normal({nrm[0], nrm[1], nrm[2]});
    if (unit.fix == UnitNormal::Fix::no_direction) {
      nrm = {0, 0, 1};  // no direction to keep: a placeholder, counted
      ++summary.renormalised_normals;
    } else if (unit.fix == UnitNormal::Fix::scaled) {
      for (size_t c = 0; c < 3; ++c) nrm[c] = static_cast<float>(unit.n[c]);
      ++summary.renormalised_normals;
    }
    p.normals.insert(p.normals.end(), nrm.begin(), nrm.end());
    p.uvs.push_back(mod::decode_uv(mesh.uv[v][0]));
    p.uvs.push_back(mod::decode_uv(mesh.uv[v][1]));
    if (node_count == 0) continue;
    const mod::SkinVertex skin = mod::decode_skin_vertex(mesh.control[v], mesh.blend_indices[v], node_count);
    std::array<uint8_t, 4> joints{};
    std::array<float, 4> weights{};
    if (skin.status == mod::SkinStatus::ok && skin.influence_count > 0) {
      // Weights q/31; the last one takes the rest so they sum to 1 in float too.
      float rest = 1.0f;
      for (size_t k = 0; k < skin.influence_count; ++k) {
        joints[k] = skin.influences[k].bone;
        weights[k] = k + 1 == skin.influence_count
                         ? rest
                         : static_cast<float>(skin.influences[k].quantized_weight) / mod::kQuantizedWeightSum;
        rest -= weights[k];
      }
    } else {
      joints[0] = static_cast<uint8_t>(default_joint < node_count ? default_joint : 0);
      weights[0] = 1.0f;
      ++summary.skin_fallbacks;
    }
    p.joints.insert(p.joints.end(), joints.begin(), joints.end());
    p.weights.insert(p.weights.end(), weights.begin(), weights.end());
  }
}

json mod_decodes(Winding rule, bool companion) {
  using namespace mod;
  return json::array({
      decode("triangles", "objects[].meshes[].control bit 15", kStreamSpecs[stream::control].status,
             "strip over vertices 0..n-1; bit 15 set: no triangle ends there; zero-area triangles dropped"),
      decode("winding", "objects[].meshes[].normals + control bit 15", kStreamSpecs[stream::normals].status,
             rule == Winding::normals
                 ? "normals: each triangle wound so that its normal agrees with the sum of its three stored vertex "
                   "normals (a strip's starting orientation is arbitrary in retail files); where the sum gives no "
                   "side, strict alternation"
                 : "strip: strict alternation inside each run, starting with (i-2, i-1, i) as stored"),
      decode("POSITION", "objects[].meshes[].positions", kStreamSpecs[stream::positions].status, "f32x3 as stored"),
      decode("NORMAL", "objects[].meshes[].normals", kStreamSpecs[stream::normals].status,
             "f32x3; scaled to unit length where it is not (counted)"),
      decode("TEXCOORD_0", "objects[].meshes[].uv", kStreamSpecs[stream::uv].status, "i16 / 4096, V not flipped"),
      decode("JOINTS_0/WEIGHTS_0", "objects[].meshes[].blend_indices + control", kStreamSpecs[stream::control].status,
             "q0|q1<<5|q2<<10 over 31 with lanes y/z/w, bone = lane/4; a vertex failing a skin rule is bound to "
             "header.default_joint_index"),
      decode("node hierarchy", "nodes.parents / nodes.order", kParentArraySpec.status,
             "parent array by order position holds node indices (the inverse-permutation reading is rejected)"),
      decode("node matrices", "nodes.transforms[]", kTransformSpec.fields[4].status,
             "local = Rx*Ry*Rz then translation, row vectors; world = local * parent world; inverse bind = "
             "rigid inverse of world"),
      decode("materials", "objects[].meshes[].texture_slot", kMeshSpec.fields[mesh::texture_slot].status,
             companion ? "one material per header.texture_slot_count slot (and per slot past it a mesh uses); a slot "
                         "below the companion's count samples that entry's level 0 (LINEAR: a material is per slot, "
                         "the 0x4000 filter flag per object), one past it is untextured and flagged"
                       : "one material per header.texture_slot_count slot, named, no texture"),
  });
}

// The export of one MOD, a stage at a time: materials, nodes (the skeleton),
// geometry, asset. Each stage appends to one document in this order, which
// fixes the buffer's layout and the accessors' indices.
class ModExport {
 public:
  ModExport(const mod::Model& model, const ExportOptions& options)
      : model_(model),
        options_(options),
        node_count_(static_cast<unsigned>(model.header.get(mod::hdr::node_count))),
        default_joint_(static_cast<unsigned>(model.header.get(mod::hdr::default_joint))),
        slots_(static_cast<size_t>(model.header.get(mod::hdr::texture_slot_count))) {}

  Exported run(Bytes source) {
    if (const std::string bad = first_non_finite_input(); !bad.empty()) out_.refused = non_finite_refusal(bad);
    if (!out_.refused.empty() || (animated() && !(out_.refused = motion_refusal()).empty())) return std::move(out_);
    if (options_.companion) binding_.emplace(doc_, *options_.companion, out_.summary);
    add_materials();
    add_skeleton();
    add_geometry();
    add_motions();
    if (!out_.refused.empty()) return {.asset = {}, .summary = {}, .refused = std::move(out_.refused), .warnings = {}};
    add_asset(source);
    out_.asset = doc_.take();
    return std::move(out_);
  }

 private:
  tinygltf::Model& g() { return doc_.model(); }

  // One material per texture slot, named, with no texture.
  void add_materials() {
    for (size_t s = 0; s < slots_; ++s) {
      tinygltf::Material m;
      m.name = "texture_slot_" + std::to_string(s);
      m.doubleSided = true;  // the game draws strips double-sided; the winding chosen is named in extras
      m.pbrMetallicRoughness.metallicFactor = 0;  // glTF's default of 1 renders an untextured part black
      g().materials.push_back(m);
    }
  }

  // With a companion: slot `slot`'s material, bound to its entry the first
  // time a mesh uses it (a slot past the header's count gets a material of
  // its own); a slot without an image is warned per mesh (object o, mesh k).
  int textured_material(size_t slot, size_t o, size_t k) {
    auto [it, first] = slot_materials_.try_emplace(slot, -1);
    if (first) {
      if (slot >= slots_) {
        tinygltf::Material past;
        past.name = "texture_slot_" + std::to_string(slot);
        past.doubleSided = true;
        past.pbrMetallicRoughness.metallicFactor = 0;
        g().materials.push_back(past);
      }
      it->second = slot < slots_ ? static_cast<int>(slot) : static_cast<int>(g().materials.size() - 1);
      tinygltf::Material& m = g().materials[static_cast<size_t>(it->second)];
      json extras = {{"texture_slot", slot}};
      std::string why;
      if (!binding_->bind(m, slot, false, extras, why)) unbound_[slot] = why;
      m.extras = to_value(extras);
    }
    if (const auto u = unbound_.find(slot); u != unbound_.end())
      out_.warnings.push_back(options_.source_name + ": object " + std::to_string(o) + " mesh " + std::to_string(k) +
                              ": texture slot " + std::to_string(slot) + " has no texture (" + u->second +
                              "); untextured material");
    return it->second;
  }

  bool animated() const { return options_.motions && !options_.motions->motions.empty(); }

  // Why the motions cannot drive this model (naming both files), or "".
  std::string motion_refusal() const {
    const std::string model = options_.source_name;
    if (node_count_ == 0)
      return "the motions need the model's skeleton, and " + model + " has no nodes (mot.bind-no-skeleton)";
    if (!has_skeleton())
      return "the motions need the model's skeleton, and " + model +
             "'s node block does not export (its order is not a permutation, or its hierarchy is not topological)";
    for (const MotionInput& m : options_.motions->motions) {
      for (const Diagnostic& d : mot::bind_diagnostics(*m.motion, node_count_))
        if (d.severity == Severity::error)
          return "the motion " + m.name + " does not fit the model " + model + ": " + std::string(d.code) + " at " + d.path +
                 ": " + d.message;
      if (const std::optional<size_t> t = first_non_finite_track(*m.motion))
        return "the motion " + m.name + " cannot animate " + model + ": track " + std::to_string(*t) +
               " decodes to values that are not finite (mot.non-finite-quantization), which no glTF animation holds";
    }
    return "";
  }

  // The first number the export reads as a float that is not finite, by its
  // field path: a position, or a transform of the skeleton it exports. UVs
  // and weights are quantised integers; a normal without a direction is
  // replaced (counted in renormalised_normals).
  std::string first_non_finite_input() const {
    for (size_t o = 0; o < model_.objects.size(); ++o)
      for (size_t k = 0; k < model_.objects[o].meshes.size(); ++k)
        if (std::string bad = first_non_finite_vec3(model_.objects[o].meshes[k].positions,
                                                    "objects[" + std::to_string(o) + "].meshes[" + std::to_string(k) + "].positions");
            !bad.empty())
          return bad;
    if (!has_skeleton()) return "";
    for (size_t j = 0; j < model_.nodes.transforms.size(); ++j)
      if (std::string bad = first_non_finite_field(model_.nodes.transforms[j], "nodes.transforms[" + std::to_string(j) + "]",
                                                   {mod::xf::tx, mod::xf::tx + 1, mod::xf::tx + 2, mod::xf::rx,
                                                    mod::xf::rx + 1, mod::xf::rx + 2});
          !bad.empty())
        return bad;
    return "";
  }

  bool has_skeleton() const {
    return node_count_ > 0 && model_.nodes.transforms.size() == node_count_ &&
           mod::world_matrices(model_.nodes).has_value();
  }

  // A joint's local transform: its matrix, or (animated: glTF animates only
  // TRS nodes) the same transform as translation and rotation.
  void set_rest_transform(tinygltf::Node& n, const mod::TransformRecord& t) const {
    if (!animated()) {
      n.matrix = gltf_matrix(mod::local_matrix(t));
      return;
    }
    const RestPose rest = rest_pose(t);
    n.translation = {rest.translation.begin(), rest.translation.end()};
    const std::array<double, 4> q = euler_quaternion(rest.euler);
    n.rotation = {q.begin(), q.end()};
  }

  static RestPose rest_pose(const mod::TransformRecord& t) {
    RestPose rest;
    for (size_t i = 0; i < 3; ++i) {
      rest.translation[i] = t.get_f32(mod::xf::tx + i);
      rest.euler[i] = t.get_f32(mod::xf::rx + i);
    }
    return rest;
  }

  // One animation per motion on the joints (nodes 0..N-1).
  void add_motions() {
    if (!animated()) return;
    std::vector<RestPose> rest;
    for (const mod::TransformRecord& t : model_.nodes.transforms) rest.push_back(rest_pose(t));
    for (size_t k = 0; k < model_.nodes.parents.size(); ++k)
      if (const uint8_t parent = model_.nodes.parents[k]; parent < rest.size()) rest[parent].has_children = true;
    motions_extras_ = add_motion_animations(doc_, *options_.motions, rest, 0, out_.summary, out_.refused);
  }

  // Nodes: the node block with a skin, when its hierarchy holds (else no skeleton, said so).
  void add_skeleton() {
    const std::optional<std::vector<Mat4>> world = mod::world_matrices(model_.nodes);
    skinned_ = node_count_ > 0 && world.has_value() && model_.nodes.transforms.size() == node_count_;
    if (!skinned_) return;
    for (unsigned j = 0; j < node_count_; ++j) {
      tinygltf::Node n;
      n.name = "node_" + std::to_string(j);
      set_rest_transform(n, model_.nodes.transforms[j]);
      g().nodes.push_back(n);
    }
    for (size_t k = 0; k < node_count_; ++k) {
      const uint8_t node = model_.nodes.order[k], parent = model_.nodes.parents[k];
      if (parent == 0xFF) scene_roots_.push_back(node);
      else g().nodes[parent].children.push_back(node);
    }
    std::vector<float> inverse_bind;
    for (unsigned j = 0; j < node_count_; ++j)
      for (double x : rigid_inverse((*world)[j]).m) inverse_bind.push_back(static_cast<float>(x));
    tinygltf::Skin skin;
    skin.name = "skeleton";
    for (unsigned j = 0; j < node_count_; ++j) skin.joints.push_back(static_cast<int>(j));
    skin.inverseBindMatrices = doc_.add_floats(inverse_bind, TINYGLTF_TYPE_MAT4, 0);
    skin.skeleton = scene_roots_.size() == 1 ? scene_roots_[0] : -1;
    g().skins.push_back(skin);
    out_.summary.joints = node_count_;
  }

  // One mesh per object that has a vertex, each under a node of its own at the root.
  void add_geometry() {
    // Per vertex: position, normal, UV, joints, weights; per strip word at most one triangle.
    // Accessors reserved exactly, as the SCM's: 65,025 tiny meshes are 325,125
    // accessors of 416 bytes, and doubling the vector held both copies at once.
    size_t buffer_bytes = 0, accessors = 0;
    for (const mod::Object& object : model_.objects)
      for (const mod::Mesh& m : object.meshes) {
        buffer_bytes += m.positions.size() * (12 + 12 + 8 + 4 + 16 + 6) + 64;
        accessors += m.positions.empty() ? 0 : (skinned_ ? 6 : 4);  // the attributes and the indices
      }
    doc_.reserve(buffer_bytes);
    doc_.reserve_accessors(accessors);
    for (size_t o = 0; o < model_.objects.size(); ++o) add_object(o);
  }

  void add_object(size_t o) {
    using namespace mod;
    const Object& object = model_.objects[o];
    tinygltf::Mesh mesh;
    mesh.name = "object_" + std::to_string(o);
    for (size_t k = 0; k < object.meshes.size(); ++k)
      if (!object.meshes[k].positions.empty()) mesh.primitives.push_back(primitive_of(object.meshes[k], o, k));
    if (mesh.primitives.empty()) return;
    mesh.extras = to_value({{"alpha_control", object.record.get(obj::alpha)},
                            {"source_flags", object.record.get(obj::flags)},
                            {"conditional_param_18", object.record.get_f32(obj::param_18)},
                            {"conditional_param_1c", object.record.get(obj::param_1c)},
                            {"bounding_center", {object.record.get_f32(obj::center_x), object.record.get_f32(obj::center_y),
                                                 object.record.get_f32(obj::center_z)}},
                            {"bounding_radius", object.record.get_f32(obj::radius)}});
    tinygltf::Node holder;  // a skinned mesh's node sits at the root, with no transform of its own
    holder.name = mesh.name;
    g().meshes.push_back(std::move(mesh));
    holder.mesh = static_cast<int>(g().meshes.size() - 1);
    if (skinned_) holder.skin = 0;
    g().nodes.push_back(holder);
    scene_roots_.push_back(static_cast<int>(g().nodes.size() - 1));
    if (skinned_) skinned_holders_.push_back(scene_roots_.back());
    out_.summary.meshes += 1;
  }

  // MOD mesh `k` as a primitive: its vertices' attributes, its strip as triangles, its slot's material.
  tinygltf::Primitive primitive_of(const mod::Mesh& m, size_t o, size_t k) {
    Primitive p;
    vertex_attributes(m, skinned_ ? node_count_ : 0, default_joint_, p, out_.summary);
    strip_to_triangles(m, options_.winding, p, out_.summary);
    tinygltf::Primitive prim;
    prim.attributes["POSITION"] = doc_.add_floats(p.positions, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    prim.attributes["NORMAL"] = doc_.add_floats(p.normals, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    prim.attributes["TEXCOORD_0"] = doc_.add_floats(p.uvs, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (skinned_) {
      prim.attributes["JOINTS_0"] = doc_.add_u8(p.joints, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
      prim.attributes["WEIGHTS_0"] = doc_.add_floats(p.weights, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    }
    if (p.indices.empty()) {
      prim.mode = TINYGLTF_MODE_POINTS;  // no triangle survived: its vertices, as points
    } else {
      prim.mode = TINYGLTF_MODE_TRIANGLES;
      prim.indices = doc_.add_u16(p.indices, TINYGLTF_TYPE_SCALAR, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    }
    const auto slot = static_cast<size_t>(m.record.get(mod::mesh::texture_slot));
    if (binding_) prim.material = textured_material(slot, o, k);
    else if (slot < slots_) prim.material = static_cast<int>(slot);
    prim.extras = to_value({{"mod_mesh", k}, {"texture_slot", slot}});
    out_.summary.primitives += 1;
    out_.summary.triangles += p.indices.size() / 3;
    out_.summary.vertices += m.positions.size();
    return prim;
  }

  // The scene, the conventions root (--scale) and the asset's extras: what each decode rests on.
  void add_asset(Bytes source) {
    tinygltf::Scene scene;
    scene.name = options_.source_name;
    scene.nodes = scene_roots_;
    g().scenes.push_back(scene);
    g().defaultScene = 0;
    // --scale: a root node above the joints and any unskinned mesh (a skinned
    // mesh's node stays a root: glTF ignores its parents, the joints carry it).
    const int root = add_convention_root(g(), options_.scale, false, skinned_holders_);
    json decodes = mod_decodes(options_.winding, binding_.has_value());
    if (node_count_ > 0 && !skinned_)
      decodes.push_back({{"meaning", "skeleton"}, {"reading", "omitted: the node block's order is not a permutation "
                                                              "or its hierarchy is not topological"}});
    json extras = asset_extras("dmc3-mod", source, options_.source_name, decodes);
    extras["meshgate"]["conventions"] = conventions_extras(winding_name(options_.winding), options_.scale, false, root);
    if (binding_) extras["meshgate"]["textures"] = binding_->extras();
    if (animated()) extras["meshgate"]["motions"] = motions_extras_;
    g().asset.extras = to_value(extras);
    out_.summary.winding = winding_name(options_.winding);
    out_.summary.scale = options_.scale;
    g().asset.generator = "meshgate";
  }

  const mod::Model& model_;
  const ExportOptions& options_;
  const unsigned node_count_, default_joint_;
  const size_t slots_;
  DocumentBuilder doc_;
  Exported out_;
  bool skinned_ = false;
  std::vector<int> scene_roots_, skinned_holders_;
  std::optional<CompanionBinding> binding_;   // --textures FILE.ptx
  std::map<size_t, int> slot_materials_;      // slot -> material, with a companion
  std::map<size_t, std::string> unbound_;     // slots without an image, and why
  nlohmann::json motions_extras_;             // --motion: how each animation was made
};

}  // namespace

Exported export_mod(const mod::Model& model, Bytes source, const ExportOptions& options) {
  return refuse_non_finite(ModExport(model, options).run(source));
}

}  // namespace meshgate::gltf
