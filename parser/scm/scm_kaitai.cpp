#include "parser/scm/scm_kaitai.hpp"

#include "parser/scm/scm_fields.hpp"

namespace meshgate::scm {

namespace {

using ksy::Attr;
using ksy::attr;

std::string field_name(const auto& spec, size_t field) { return std::string(spec.fields[field].name); }

// An array `io` holds at `pos`: `count` elements of `spec`.
Attr array_at(const ArraySpec& spec, std::string pos, const std::string& count, std::string io) {
  Attr a = attr(std::string(spec.name), "", std::string(spec.note));
  a.io = std::move(io);
  a.pos = std::move(pos);
  a.size = count + " * " + std::to_string(spec.stride);
  a.status = status_string(spec.status);
  return a;
}

// An object: its record, then its meshes where mesh_table_offset places them (§3).
ksy::Type object_type() {
  ksy::Type t = ksy::record_type(kObjectSpec, "An object record (0x40 bytes) and its meshes (§3).");
  t.id = "scm_object";  // "object" would name a JavaScript class Object, shadowing the language's own
  const std::string table = field_name(kObjectSpec, obj::mesh_table);
  Attr meshes = attr("meshes", std::string(kMeshSpec.name) + "(" + table + " + " + std::to_string(kMeshSpec.size) +
                                   " * _index)",
                     "mesh_count mesh records of 0x50 bytes");
  meshes.io = "_root._io";
  meshes.pos = table;
  meshes.repeat_expr = field_name(kObjectSpec, obj::mesh_count);
  t.instances.push_back(std::move(meshes));
  return t;
}

// A mesh: its record (read at `start`), its four streams and its workspace (§4, §5, §6).
ksy::Type mesh_type() {
  ksy::Type t = ksy::record_type(kMeshSpec, "A mesh record (0x50 bytes), its streams and its workspace.");
  t.params.push_back({"start", "u8"});  // the record's own offset: the workspace is relative to it
  const std::string n = field_name(kMeshSpec, mesh::vertex_count);
  for (size_t s = 0; s < kStreamSpecs.size(); ++s)
    t.instances.push_back(array_at(kStreamSpecs[s], field_name(kMeshSpec, mesh::kStreamField[s]), n, "_root._io"));
  Attr workspace = attr(std::string(kWorkspaceSpec.name), "", std::string(kWorkspaceSpec.note));
  workspace.io = "_root._io";
  workspace.pos = "start + " + field_name(kMeshSpec, mesh::workspace_rel);
  workspace.size = n + " > 2 ? (6 * (" + n + " - 2) + 15) / 16 * 16 : 0";  // workspace_capacity()
  workspace.status = status_string(kWorkspaceSpec.status);
  t.instances.push_back(std::move(workspace));
  return t;
}

// The scene-node block, read as its own stream from its offset: its relatives are from its start (§7).
ksy::Type scene_type() {
  ksy::Type t = ksy::record_type(kSceneHeaderSpec, "The scene-node block: its header, three arrays and the transforms.");
  const std::string count = "_root.header." + field_name(kHeaderSpec, hdr::node_count);
  for (const auto& [spec, rel] : {std::pair{&kParentArraySpec, scene::parent_rel}, std::pair{&kOrderArraySpec, scene::order_rel},
                                  std::pair{&kBindingArraySpec, scene::binding_rel}})
    t.instances.push_back(array_at(*spec, field_name(kSceneHeaderSpec, rel), count, ""));
  Attr transforms = attr("transforms", std::string(kTransformSpec.name), "one local transform per node index");
  transforms.pos = field_name(kSceneHeaderSpec, scene::transform_rel);
  transforms.repeat_expr = count;
  t.instances.push_back(std::move(transforms));
  return t;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named("dmc3_scm", "DMC3 HD stage model (.scm)", "dmc3-scm", "scm",
                                "Devil May Cry 3 HD (PC) stage model: a header, object and mesh records, per-mesh "
                                "vertex streams and topology workspaces, and a scene-node block (docs/spec/dmc3-scm.md).");
  const Attr objects = attr("objects", "scm_object", "object_count object records after the header",
                            "header." + field_name(kHeaderSpec, hdr::object_count));
  const std::string block = "header." + field_name(kHeaderSpec, hdr::scene_offset);
  Attr scene = attr("scene", std::string(kSceneHeaderSpec.name), "the scene-node block, to the end of the file");
  scene.pos = block;
  scene.size = "_io.size - " + block;
  s.root.seq = {attr("header", std::string(kHeaderSpec.name), "the document header (§2)"), objects};
  s.root.instances = {scene};
  s.types = {ksy::record_type(kHeaderSpec, "The document header (0x40 bytes)."), object_type(), mesh_type(),
             scene_type(), ksy::record_type(kTransformSpec, "A node's local transform (0x20 bytes).")};
  s.not_expressed = {
      "the magic and version (0.83, 0.90, 1.00, 1.01 within 1e-4); total_vertex_count equals the meshes' vertex "
      "counts; continuation_span is 0x50 on every mesh but the object's last; the reserved fields are zero",
      "streams lie inside the file, 16-aligned, grouped by kind across an object's meshes and claimed once; "
      "workspaces pack back to back to the end of the file, each starting with the 0x1212 sentinel",
      "the scene arrays: order is a permutation, parents are topological, bindings name objects or -1; the "
      "lighting node is a node; a texture index is below the companion's count",
      "what the streams mean: strip topology by colour byte T bit 0x02, UV fixed point / 4096, the Euler order's "
      "[CONFLICT]; the texture companion (dmc3-textures.md)",
  };
  return s;
}

}  // namespace meshgate::scm
