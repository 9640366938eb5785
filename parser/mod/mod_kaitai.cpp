#include "parser/mod/mod_kaitai.hpp"

#include "parser/mod/mod_fields.hpp"

namespace meshgate::mod {

namespace {

using ksy::Attr;
using ksy::attr;


// An array the root stream holds at `pos`: `count` elements of `spec`.
Attr array_at(const ArraySpec& spec, std::string pos, const std::string& count) {
  Attr a = attr(std::string(spec.name), "", std::string(spec.note));
  a.io = "_root._io";
  a.pos = std::move(pos);
  a.size = count + " * " + std::to_string(spec.stride);
  a.status = status_string(spec.status);
  return a;
}

// An object: its record, then its meshes where inner_table_offset places them.
ksy::Type object_type() {
  ksy::Type t = ksy::record_type(kObjectSpec, "An object record (0x40 bytes) and its meshes (§2.2).");
  t.id = "mod_object";  // "object" would name a JavaScript class Object, shadowing the language's own
  Attr meshes = attr("meshes", std::string(kMeshSpec.name) + "(inner_table_offset + " +
                                   std::to_string(kMeshSpec.size) + " * _index)",
                     "inner_record_count mesh records of 0x50 bytes");
  meshes.io = "_root._io";
  meshes.pos = "inner_table_offset";
  meshes.repeat_expr = "inner_record_count";
  t.instances.push_back(std::move(meshes));
  return t;
}

// A mesh: its record (read at `start`), its five streams and its workspace (§2.3, §3, §5).
ksy::Type mesh_type() {
  ksy::Type t = ksy::record_type(kMeshSpec, "A mesh record (0x50 bytes), its streams and its workspace.");
  t.params.push_back({"start", "u8"});  // the record's own offset: the workspace is relative to it
  for (size_t s = 0; s < kStreamSpecs.size(); ++s)
    t.instances.push_back(array_at(kStreamSpecs[s], std::string(kMeshSpec.fields[mesh::stream_offset(s)].name),
                                   "element_count"));
  Attr workspace = attr(std::string(kWorkspaceSpec.name), "",
                        "the generated topology workspace, align16(6 (n - 2)) bytes (n > 2)");
  workspace.io = "_root._io";
  workspace.pos = "start + " + std::string(kMeshSpec.fields[mesh::workspace_rel].name);
  workspace.size = "element_count > 2 ? (6 * (element_count - 2) + 15) / 16 * 16 : 0";
  workspace.status = status_string(kWorkspaceSpec.status);
  t.instances.push_back(std::move(workspace));
  return t;
}

// The node block, read as its own stream from document_offset: its offsets are relative to it (§4).
ksy::Type node_block_type() {
  ksy::Type t = ksy::record_type(kNodeHeaderSpec, "The node block: its header, three arrays and the transforms.");
  t.id = "node_block";
  const std::string count = "_root.header.transform_domain_count";
  for (const auto& [spec, rel] : {std::pair{&kParentArraySpec, node::parent_rel}, std::pair{&kOrderArraySpec, node::order_rel},
                                  std::pair{&kMotionGroupArraySpec, node::group_rel}}) {
    Attr a = array_at(*spec, std::string(kNodeHeaderSpec.fields[rel].name), count);
    a.io.clear();
    t.instances.push_back(std::move(a));
  }
  Attr transforms = attr("transforms", std::string(kTransformSpec.name), "one local transform per node index");
  transforms.pos = std::string(kNodeHeaderSpec.fields[node::transform_rel].name);
  transforms.repeat_expr = count;
  t.instances.push_back(std::move(transforms));
  return t;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named("dmc3_mod", "DMC3 HD model (.mod)", "dmc3-mod", "mod",
                                "Devil May Cry 3 HD (PC) model: a header, object and mesh records, per-mesh vertex "
                                "streams and topology workspaces, and a node block (docs/spec/dmc3-mod.md).");
  const Attr objects = attr("objects", "mod_object", "outer_record_count object records after the header",
                            "header.outer_record_count");
  Attr nodes = attr("nodes", "node_block", "the node block at document_offset, to the end of the file");
  nodes.pos = "header.document_offset";
  nodes.size = "_io.size - header.document_offset";
  s.root.seq = {attr("header", std::string(kHeaderSpec.name), "the document header (§1)"), objects};
  s.root.instances = {nodes};
  s.types = {ksy::record_type(kHeaderSpec, "The document header (0x40 bytes)."), object_type(), mesh_type(),
             node_block_type(), ksy::record_type(kTransformSpec, "A node's local transform (0x20 bytes).")};
  s.not_expressed = {
      "the magic and version (0.80 to 1.01 within 1e-4); aggregate_element_count equals the meshes' vertex counts",
      "streams lie inside the file, 16-aligned and claimed once; workspaces pack gaplessly into a trailer ending "
      "at the end of the file; what lies between them is padding",
      "the node block's arrays: order is a permutation, parents are topological (node indices, not order "
      "positions); the retail layout formula of their offsets",
      "what the streams mean: strip topology by control bit 15, skin weights q0|q1<<5|q2<<10 over 31, bone = lane / "
      "4, UV fixed point /4096, facing; the texture companion (dmc3-textures.md)",
  };
  return s;
}

}  // namespace meshgate::mod
