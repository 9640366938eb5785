// DMC3 SCM -> glTF 2.0 (docs/spec/dmc3-scm.md §12): one node per scene node
// with its exact local matrix, one mesh per object placed on every node that
// binds it, one primitive per SCM mesh with its vertex colours. What each
// decode rests on, and the Euler reading used, is written into the extras.
#include <map>
#include <optional>
#include <tuple>

#include "export/companion_binding.hpp"
#include "export/export_conventions.hpp"
#include "export/finite_check.hpp"
#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"
#include "export/gltf_provenance.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/scm/scm_fields.hpp"
#include "parser/scm/scm_parser.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"

namespace meshgate::gltf {

// Named, not anonymous: the export room builds as one unity source.
namespace scm_export {

using nlohmann::json;

json scm_decodes(const ExportOptions& options) {
  using namespace scm;
  return json::array({
      decode("triangles", "objects[].meshes[].colour T bit 0x02", kStreamSpecs[stream::colour].status,
             "strip over vertices 0..n-1; bit 0x02 of T set: no triangle ends there; zero-area triangles dropped"),
      decode("winding", "objects[].meshes[].normals + colour T bit 0x02", kStreamSpecs[stream::normals].status,
             options.winding == Winding::normals
                 ? "normals (meshgate choice; the cull mode is not established): each triangle wound so that its "
                   "normal agrees with the sum of its three stored vertex normals"
                 : "strip: strict alternation inside each run, starting with (i-2, i-1, i) as stored"),
      decode("POSITION", "objects[].meshes[].positions", kStreamSpecs[stream::positions].status,
             "f32x3 as stored, object-local; placed by the node that binds the object"),
      decode("NORMAL", "objects[].meshes[].normals", kStreamSpecs[stream::normals].status,
             "f32x3; scaled to unit length where it is not (counted)"),
      decode("TEXCOORD_0", "objects[].meshes[].uv", kStreamSpecs[stream::uv].status, "i16 / 4096, V not flipped"),
      decode("COLOR_0", "objects[].meshes[].colour RGB", Status::semantic_candidate,
             "float VEC3 = byte / 255 (the importer's reading; the conversion to COLOR0 is not established, and "
             "EFM's 0x80 = 1.0 is not carried over); T is not alpha and is not exported"),
      decode("node hierarchy", "scene.parents / scene.order", kParentArraySpec.status,
             "node order[p] is a child of parents[p] (a node index) when that is >= 0, else a root"),
      decode("node matrices", "scene.transforms[]", kTransformSpec.fields[xf::rx].status,
             std::string("[CONFLICT] Euler reading ") + std::string(scm::euler_reading_name(options.euler)) +
                 ": local = " + (options.euler == scm::EulerReading::xyz ? "Rx*Ry*Rz" : "Rz*Ry*Rx") +
                 " then translation, row vectors; exported as the exact matrix (--scm-euler selects the other)"),
      decode("mesh placement", "scene.object_bindings", kBindingArraySpec.status,
             "an object's mesh on every node that binds it; an object no node binds under an identity node "
             "scm_unbound_object_<o> (meshgate choice, flagged in extras)"),
      decode("materials", "objects[].source_flags, alpha_control, meshes[].texture_index",
             kMeshSpec.fields[mesh::texture_index].status,
             "one material per distinct (texture_index, source_flags, alpha_control); OPAQUE, single-sided; with a "
             "companion (--textures FILE.ptx) texture_index selects its entry, sampled NEAREST when source_flags has "
             "0x4000, else LINEAR; no texture without a companion or past its count"),
  });
}

std::array<float, 3> floats_of(const scm::F32x3Bits& v) {
  return {f32_from_bits(v[0]), f32_from_bits(v[1]), f32_from_bits(v[2])};
}

// The export of one SCM, a stage at a time: nodes, materials and geometry,
// placement, asset. Each appends to one document in this order.
class ScmExport {
 public:
  ScmExport(const scm::Model& model, const ExportOptions& options) : model_(model), options_(options) {}

  Exported run(Bytes source) {
    if (const std::string bad = first_non_finite_input(); !bad.empty()) {
      out_.refused = non_finite_refusal(bad);
      return std::move(out_);
    }
    if (scm::first_non_topological_position(model_.scene)) {
      out_.refused = "its scene hierarchy is not topological (scm.scene-hierarchy-not-topological): no placement "
                     "can be exported";
      return std::move(out_);
    }
    if (options_.companion) {
      binding_.emplace(doc_, *options_.companion, out_.summary);
      check_companion();
    }
    add_nodes();
    add_geometry();
    place_objects();
    add_asset(source);
    out_.asset = doc_.take();
    return std::move(out_);
  }

 private:
  tinygltf::Model& g() { return doc_.model(); }

  // The first number the export reads as a float that is not finite, by its
  // field path: a position or a node transform. UVs and colours are
  // integers; a normal without a direction is replaced (counted).
  std::string first_non_finite_input() const {
    for (size_t o = 0; o < model_.objects.size(); ++o)
      for (size_t m = 0; m < model_.objects[o].meshes.size(); ++m)
        if (std::string bad = first_non_finite_vec3(model_.objects[o].meshes[m].positions,
                                                    "objects[" + std::to_string(o) + "].meshes[" + std::to_string(m) + "].positions");
            !bad.empty())
          return bad;
    using namespace scm;
    for (size_t i = 0; i < model_.scene.transforms.size(); ++i)
      if (std::string bad = first_non_finite_field(model_.scene.transforms[i], "scene.transforms[" + std::to_string(i) + "]",
                                                   {xf::tx, xf::tx + 1, xf::tx + 2, xf::rx, xf::rx + 1, xf::rx + 2});
          !bad.empty())
        return bad;
    return "";
  }

  // One node per scene node, same index, with its exact local matrix.
  void add_nodes() {
    const scm::Scene& sc = model_.scene;
    for (size_t i = 0; i < sc.order.size(); ++i) {
      tinygltf::Node n;
      n.name = "scm_node_" + std::to_string(i);
      const Mat4 local = scm::local_matrix(sc.transforms[i], options_.euler);
      if (!(local.m == Mat4::identity().m)) n.matrix.assign(local.m.begin(), local.m.end());
      n.extras = to_value({{"object_binding", sc.bindings[i]}});
      g().nodes.push_back(n);
    }
    for (size_t p = 0; p < sc.order.size(); ++p) {
      if (sc.parents[p] >= 0) g().nodes[static_cast<size_t>(sc.parents[p])].children.push_back(sc.order[p]);
      else roots_.push_back(sc.order[p]);
    }
    out_.summary.joints = 0;
  }

  void add_geometry() {
    size_t bytes = 0, accessors = 0;
    for (const scm::Object& o : model_.objects)
      for (const scm::Mesh& m : o.meshes) {
        bytes += m.vertex_count() * (12 + 12 + 8 + 12 + 6) + 64;
        accessors += m.vertex_count() > 0 ? 5 : 0;  // four attributes and the indices
      }
    doc_.reserve(bytes);
    doc_.reserve_accessors(accessors);
    mesh_of_object_.assign(model_.objects.size(), -1);
    for (size_t o = 0; o < model_.objects.size(); ++o) add_object(o);
  }

  void add_object(size_t o) {
    using namespace scm;
    const Object& object = model_.objects[o];
    tinygltf::Mesh mesh;
    mesh.name = "scm_object_" + std::to_string(o);
    mesh.primitives.reserve(object.meshes.size());
    for (size_t m = 0; m < object.meshes.size(); ++m)
      if (object.meshes[m].vertex_count() > 0) mesh.primitives.push_back(primitive_of(object, m));
    if (mesh.primitives.empty()) return;
    const ObjectRecord& r = object.record;
    mesh.extras = to_value({{"alpha_control", r.get(obj::alpha)},
                            {"source_flags", r.get(obj::flags)},
                            {"bounding_center", {r.get_f32(obj::center_x), r.get_f32(obj::center_x + 1),
                                                 r.get_f32(obj::center_x + 2)}},
                            {"bounding_radius", r.get_f32(obj::radius)}});
    g().meshes.push_back(std::move(mesh));
    mesh_of_object_[o] = static_cast<int>(g().meshes.size() - 1);
    out_.summary.meshes += 1;
  }

  tinygltf::Primitive primitive_of(const scm::Object& object, size_t m) {
    using namespace scm;
    const Mesh& mesh = object.meshes[m];
    std::vector<float> positions, normals, uvs, colours;
    for (size_t v = 0; v < mesh.vertex_count(); ++v) {
      const auto p = floats_of(mesh.positions[v]);
      positions.insert(positions.end(), p.begin(), p.end());
      const auto raw = floats_of(mesh.normals[v]);
      const UnitNormal unit = to_unit_normal({raw[0], raw[1], raw[2]});
      std::array<float, 3> n = raw;
      if (unit.fix != UnitNormal::Fix::kept) {
        n = unit.fix == UnitNormal::Fix::no_direction
                ? std::array<float, 3>{0, 0, 1}
                : std::array<float, 3>{static_cast<float>(unit.n[0]), static_cast<float>(unit.n[1]),
                                       static_cast<float>(unit.n[2])};
        ++out_.summary.renormalised_normals;
      }
      normals.insert(normals.end(), n.begin(), n.end());
      uvs.push_back(static_cast<float>(mesh.uv[v][0]) / scm::kUvScale);
      uvs.push_back(static_cast<float>(mesh.uv[v][1]) / scm::kUvScale);
      for (size_t c = 0; c < 3; ++c) colours.push_back(static_cast<float>(mesh.colour[v][c]) / 255.0f);
    }
    tinygltf::Primitive prim;
    prim.attributes["POSITION"] = doc_.add_floats(positions, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    prim.attributes["NORMAL"] = doc_.add_floats(normals, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    prim.attributes["TEXCOORD_0"] = doc_.add_floats(uvs, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
    prim.attributes["COLOR_0"] = doc_.add_floats(colours, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
    add_triangles(mesh, prim);
    prim.material = material_of(object, mesh);
    if (binding_) warn_untextured(object, m, mesh);
    prim.extras = to_value({{"scm_mesh", m}, {"texture_index", mesh.record.get(mesh::texture_index)}});
    out_.summary.primitives += 1;
    out_.summary.vertices += mesh.vertex_count();
    return prim;
  }

  void add_triangles(const scm::Mesh& mesh, tinygltf::Primitive& prim) {
    const MeshFacing facing = scm::face_mesh(mesh, options_.winding);
    std::vector<uint16_t> indices;
    for (const auto& t : facing.triangles) indices.insert(indices.end(), t.begin(), t.end());
    ExportSummary& s = out_.summary;
    s.dropped_degenerates += facing.dropped_degenerates;
    s.flipped_triangles += facing.flipped;
    s.undecided_triangles += facing.undecided;
    s.against_normals += facing.against_normals;
    s.strips += facing.strips.size();
    for (const StripSummary& strip : facing.strips) {
      s.reversed_strips += strip.facing == StripFacing::reversed;
      s.inconsistent_strips += strip.facing == StripFacing::inconsistent;
    }
    if (indices.empty()) {
      prim.mode = TINYGLTF_MODE_POINTS;  // no triangle survived: its vertices, as points
      return;
    }
    prim.mode = TINYGLTF_MODE_TRIANGLES;
    prim.indices = doc_.add_u16(indices, TINYGLTF_TYPE_SCALAR, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    s.triangles += indices.size() / 3;
  }

  // One material per distinct (texture_index, source_flags, alpha_control).
  int material_of(const scm::Object& object, const scm::Mesh& mesh) {
    using namespace scm;
    const auto key = std::make_tuple(mesh.record.get(mesh::texture_index), object.record.get(obj::flags),
                                     object.record.get(obj::alpha));
    if (const auto it = materials_.find(key); it != materials_.end()) return it->second;
    tinygltf::Material m;
    m.name = "scm_texture_" + std::to_string(std::get<0>(key)) + "_flags_" + std::to_string(std::get<1>(key)) +
             "_alpha_" + std::to_string(std::get<2>(key));
    m.doubleSided = false;  // normal-agreement winding (meshgate choice)
    m.pbrMetallicRoughness.metallicFactor = 0;
    json clamp = json::array();
    for (size_t f = mesh::clamp_first; f <= mesh::clamp_last; ++f) clamp.push_back(mesh.record.get(f));
    const bool nearest = (std::get<1>(key) & 0x4000) != 0;
    json extras = {{"texture_index", std::get<0>(key)},
                   {"source_flags", std::get<1>(key)},
                   {"alpha_control", std::get<2>(key)},
                   {"filter", nearest ? "nearest" : "linear"},
                   {"gs_clamp", clamp}};
    std::string why;
    if (binding_ && !binding_->bind(m, static_cast<size_t>(std::get<0>(key)), nearest, extras, why))
      unbound_.emplace(std::get<0>(key), why);
    m.extras = to_value(extras);
    g().materials.push_back(m);
    const int index = static_cast<int>(g().materials.size() - 1);
    materials_.emplace(key, index);
    return index;
  }

  // With a companion: a mesh whose texture index names no image, said per mesh.
  void warn_untextured(const scm::Object& object, size_t m, const scm::Mesh& mesh) {
    const uint64_t index = mesh.record.get(scm::mesh::texture_index);
    const auto u = unbound_.find(index);
    if (u == unbound_.end()) return;
    const auto o = static_cast<size_t>(&object - model_.objects.data());
    out_.warnings.push_back(options_.source_name + ": object " + std::to_string(o) + " mesh " + std::to_string(m) +
                            ": texture index " + std::to_string(index) + " has no texture (" + u->second +
                            "); untextured material");
  }

  // The companion's checks (§5 of the textures spec): the mirror and each index, as warnings.
  void check_companion() {
    for (const Diagnostic& d : scm::check_companion(model_, options_.companion->count))
      out_.warnings.push_back(format_diagnostic(options_.source_name, d) + " (companion " + options_.companion->name + ")");
  }

  // Each object's mesh on every node that binds it; an unbound object under an identity node of its own.
  void place_objects() {
    std::vector<bool> bound(model_.objects.size(), false);
    for (size_t i = 0; i < model_.scene.bindings.size(); ++i) {
      const int8_t b = model_.scene.bindings[i];
      if (b < 0) continue;
      bound[static_cast<size_t>(b)] = true;
      g().nodes[i].mesh = mesh_of_object_[static_cast<size_t>(b)];
    }
    for (size_t o = 0; o < model_.objects.size(); ++o) {
      if (bound[o] || mesh_of_object_[o] < 0) continue;
      tinygltf::Node n;
      n.name = "scm_unbound_object_" + std::to_string(o);
      n.mesh = mesh_of_object_[o];
      n.extras = to_value({{"unbound_object", o}});
      g().nodes.push_back(n);
      roots_.push_back(static_cast<int>(g().nodes.size() - 1));
    }
  }

  void add_asset(Bytes source) {
    tinygltf::Scene scene;
    scene.name = options_.source_name;
    scene.nodes = roots_;
    g().scenes.push_back(scene);
    g().defaultScene = 0;
    const int root = add_convention_root(g(), options_.scale, false);
    json extras = asset_extras("dmc3-scm", source, options_.source_name, scm_decodes(options_));
    extras["meshgate"]["conventions"] = conventions_extras(winding_name(options_.winding), options_.scale, false, root);
    extras["meshgate"]["readings"] = {{"scm_euler", std::string(scm::euler_reading_name(options_.euler))}};
    const uint64_t code = model_.header.get(scm::hdr::resource_code);
    extras["meshgate"]["scm"] = {{"lighting_reference_node", model_.header.get(scm::hdr::lighting_node)},
                                 {"legacy_resource_code", code},
                                 {"texture_slot_mirror", model_.header.get(scm::hdr::texture_mirror)}};
    if (binding_) extras["meshgate"]["textures"] = binding_->extras();
    g().asset.extras = to_value(extras);
    out_.summary.winding = winding_name(options_.winding);
    out_.summary.scale = options_.scale;
    g().asset.generator = "meshgate";
  }

  const scm::Model& model_;
  const ExportOptions& options_;
  DocumentBuilder doc_;
  Exported out_;
  std::vector<int> roots_, mesh_of_object_;
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, int> materials_;
  std::optional<CompanionBinding> binding_;  // --textures FILE.ptx
  std::map<uint64_t, std::string> unbound_;  // texture indices without an image, and why
};

}  // namespace scm_export

Exported export_scm(const scm::Model& model, Bytes source, const ExportOptions& options) {
  if (Exported refused = refuse_motions(options); !refused.refused.empty()) return refused;
  return refuse_non_finite(scm_export::ScmExport(model, options).run(source));
}

}  // namespace meshgate::gltf
