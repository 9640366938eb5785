#include "pipeline/formats/scm/scm_field_listing.hpp"

#include <cmath>

#include "parser/scm/scm_layout.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// A mesh's group: its record, each stream and its workspace.
void append_mesh(json& out, const std::string& path, uint64_t at, const scm::Mesh& mesh) {
  using namespace scm;
  append_record(out, path, at, mesh.record);
  for (size_t s = 0; s < kStreamSpecs.size(); ++s)
    append_array(out, path + "." + std::string(kStreamSpecs[s].name), mesh.record.get(mesh::kStreamField[s]),
                 mesh.vertex_count(), kStreamSpecs[s]);
  if (!mesh.workspace.empty())
    append_array(out, path + ".workspace", at + mesh.record.get(mesh::workspace_rel), mesh.workspace.size(),
                 kWorkspaceSpec);
}

// The scene block's group: its header and node arrays.
void append_scene(json& out, const std::string& key, const scm::Model& model) {
  using namespace scm;
  const Scene& sc = model.scene;
  const uint64_t block = model.header.get(hdr::scene_offset), n = sc.order.size();
  append_record(out, key, block, sc.header);
  append_array(out, key + ".parents", block + sc.header.get(scene::parent_rel), n, kParentArraySpec);
  append_array(out, key + ".order", block + sc.header.get(scene::order_rel), n, kOrderArraySpec);
  append_array(out, key + ".object_bindings", block + sc.header.get(scene::binding_rel), n, kBindingArraySpec);
}

}  // namespace

// Each fill captures the model and two u32 indices (16 bytes, held inside the
// std::function): a stage of 65,025 meshes costs its groups' keys, not the
// ~1.3 million JSON objects of its fields (2-5 GB as one DOM).
FieldListing scm_field_listing(const scm::Model& m) {
  using namespace scm;
  FieldListing listing;
  const Model* model = &m;  // the fills read the model where it lies
  listing.add("header", [model](const std::string& key, json& out) { append_record(out, key, 0, model->header); });
  for (uint32_t o = 0; o < m.objects.size(); ++o)
    listing.add("objects[" + std::to_string(o) + "]", [model, o](const std::string& key, json& out) {
      append_record(out, key, object_record_offset(o), model->objects[o].record);
    });
  for (uint32_t o = 0; o < m.objects.size(); ++o)
    for (uint32_t k = 0; k < m.objects[o].meshes.size(); ++k)
      listing.add("objects[" + std::to_string(o) + "].meshes[" + std::to_string(k) + "]",
                  [model, ok = uint64_t{o} << 32 | k](const std::string& key, json& out) {
                    const Object& object = model->objects[ok >> 32];
                    const auto mesh = static_cast<uint32_t>(ok);
                    append_mesh(out, key, object.record.get(obj::mesh_table) + mesh * uint64_t{kMeshSpec.size},
                                object.meshes[mesh]);
                  });
  listing.add("scene", [model](const std::string& key, json& out) { append_scene(out, key, *model); });
  const uint64_t transforms = m.header.get(hdr::scene_offset) + m.scene.header.get(scene::transform_rel);
  for (uint32_t k = 0; k < m.scene.transforms.size(); ++k)
    listing.add("scene.transforms[" + std::to_string(k) + "]",
                [model, at = transforms + k * uint64_t{kTransformSpec.size}, k](const std::string& key, json& out) {
                  append_record(out, key, at, model->scene.transforms[k]);
                });
  return listing;
}

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

json scm_inspect_head(Bytes data, const scm::ParseResult& result) {
  json out = inspect_envelope(scm::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = scm_summary_json(*result.model, result.canonical_layout);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
