#include "pipeline/field_listing_scm.hpp"

#include <cmath>

#include "parser/scm/scm_layout.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace scm_listing {

void append_meshes(json& out, const scm::Object& object, const std::string& owner) {
  using namespace scm;
  const uint64_t table = object.record.get(obj::mesh_table);
  for (size_t m = 0; m < object.meshes.size(); ++m) {
    const Mesh& mesh = object.meshes[m];
    const uint64_t at = table + m * kMeshSpec.size;
    const std::string path = owner + ".meshes[" + std::to_string(m) + "]";
    append_record(out, path, at, mesh.record);
    for (size_t s = 0; s < kStreamSpecs.size(); ++s)
      append_array(out, path + "." + std::string(kStreamSpecs[s].name), mesh.record.get(mesh::kStreamField[s]),
                   mesh.vertex_count(), kStreamSpecs[s]);
    if (!mesh.workspace.empty())
      append_array(out, path + ".workspace", at + mesh.record.get(mesh::workspace_rel), mesh.workspace.size(),
                   kWorkspaceSpec);
  }
}

json scm_fields_json(const scm::Model& model) {
  using namespace scm;
  json out = json::array();
  append_record(out, "header", 0, model.header);
  for (size_t o = 0; o < model.objects.size(); ++o)
    append_record(out, "objects[" + std::to_string(o) + "]", object_record_offset(o), model.objects[o].record);
  for (size_t o = 0; o < model.objects.size(); ++o)
    append_meshes(out, model.objects[o], "objects[" + std::to_string(o) + "]");
  const Scene& sc = model.scene;
  const uint64_t block = model.header.get(hdr::scene_offset), n = sc.order.size();
  append_record(out, "scene", block, sc.header);
  append_array(out, "scene.parents", block + sc.header.get(scene::parent_rel), n, kParentArraySpec);
  append_array(out, "scene.order", block + sc.header.get(scene::order_rel), n, kOrderArraySpec);
  append_array(out, "scene.object_bindings", block + sc.header.get(scene::binding_rel), n, kBindingArraySpec);
  for (size_t k = 0; k < n; ++k)
    append_record(out, "scene.transforms[" + std::to_string(k) + "]",
                  block + sc.header.get(scene::transform_rel) + k * kTransformSpec.size, sc.transforms[k]);
  return out;
}

}  // namespace scm_listing

json scm_summary_json(const scm::Model& model, bool canonical_layout) {
  using namespace scm;
  uint64_t meshes = 0, vertices = 0, breaks = 0, helpers = 0;
  for (const Object& o : model.objects)
    for (const Mesh& m : o.meshes) {
      ++meshes;
      vertices += m.vertex_count();
      for (const U8x4& c : m.colour) breaks += breaks_strip(c);
    }
  for (int8_t b : model.scene.bindings) helpers += b < 0;
  const float version = model.header.get_f32(hdr::version);
  const double rounded = std::round(static_cast<double>(version) * 100.0) / 100.0;
  const uint64_t code = model.header.get(hdr::resource_code);
  const RotationReach reach = rotation_reach(model.scene);
  return {{"version", std::isfinite(version) ? json(rounded) : json(nullptr)},
          {"version_bits", hex32(static_cast<uint32_t>(model.header.get(hdr::version)))},
          {"objects", model.objects.size()},
          {"meshes", meshes},
          {"vertices", vertices},
          {"nodes", model.scene.order.size()},
          {"helper_nodes", helpers},
          {"texture_slot_mirror", model.header.get(hdr::texture_mirror)},
          {"lighting_reference_node", model.header.get(hdr::lighting_node)},
          {"legacy_resource_code",
           {{"raw", code}, {"family", code / 100000}, {"model_set", code / 100 % 1000}, {"sub_index", code % 100}}},
          {"break_flagged_vertices", breaks},
          {"rotations", {{"zero", reach.zero}, {"single_axis", reach.single_axis}, {"multi_axis", reach.multi_axis}}},
          {"canonical_layout", canonical_layout}};
}

json scm_inspect_json(Bytes data, const scm::ParseResult& result) {
  json out = inspect_envelope(scm::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = scm_summary_json(*result.model, result.canonical_layout);
  out["fields"] = scm_listing::scm_fields_json(*result.model);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
