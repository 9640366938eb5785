// A DMC3 MOD's `inspect --json` report and field listing: every record field
// by field (the source flags with their decoded bits), each stream, node
// array and workspace as one entry of its exact extent.
#include "pipeline/formats/mod/mod_field_listing.hpp"

#include <cmath>
#include <string>

#include "parser/mod/mod_flags.hpp"
#include "parser/mod/mod_layout.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace {
json source_flags_json(uint32_t raw) {
  const mod::SourceFlags f = mod::decode_source_flags(raw);
  return {{"blend_mode", f.blend_mode},
          {"blend", std::string(f.blend_name)},
          {"gs_alpha", f.gs_alpha},
          {"conditional_params_live", f.conditional_params_live},
          {"nearest_filter", f.nearest_filter},
          {"legacy_gs_state", f.legacy_gs_state},
          {"gs_test", f.gs_test},
          {"depth_write_masked", f.depth_write_masked},
          {"bit_0x20000_unnamed", f.bit_20000},
          {"bit_0x200000_undecoded", f.bit_200000},
          {"unexplained_bits", f.unexplained_bits}};
}
}  // namespace

namespace {

// An object's group: its record, the flags entry with its decoded bits (spec
// §2.2), a labelled view of the raw word.
void append_mod_object(json& out, const std::string& key, size_t i, const mod::Object& o) {
  using namespace mod;
  append_record(out, key, object_record_offset(i), o.record);
  out[out.size() - kObjectSpec.fields.size() + obj::flags]["decoded"] =
      source_flags_json(static_cast<uint32_t>(o.record.get(obj::flags)));
}

// A mesh's group: its record, each stream and its workspace.
void append_mod_mesh(json& out, const std::string& key, const mod::Object& o, size_t j) {
  using namespace mod;
  const Mesh& m = o.meshes[j];
  const uint64_t at = *mesh_record_offset(o.record, j);
  append_record(out, key, at, m.record);
  const uint64_t n = m.record.get(mesh::vertex_count);
  for (size_t s = 0; s < kStreamSpecs.size(); ++s)
    append_array(out, key + "." + std::string(kStreamSpecs[s].name), stream_offset(m.record, s), n, kStreamSpecs[s]);
  if (!m.workspace.empty())
    append_array(out, key + ".workspace", *workspace_offset(at, m.record), m.workspace.size(), kWorkspaceSpec);
}

// The node block's group: its header and node arrays.
void append_mod_nodes(json& out, const std::string& key, const mod::Model& model) {
  using namespace mod;
  const uint64_t block = model.header.get(hdr::document_offset);
  const NodeBlock& nb = model.nodes;
  append_record(out, key, block, nb.header);
  const uint64_t n = nb.order.size();
  append_array(out, key + ".parents", block + nb.header.get(node::parent_rel), n, kParentArraySpec);
  append_array(out, key + ".order", block + nb.header.get(node::order_rel), n, kOrderArraySpec);
  append_array(out, key + ".motion_groups", block + nb.header.get(node::group_rel), n, kMotionGroupArraySpec);
}

}  // namespace

// One group per record (a mesh with its streams): a model of 65,025 tiny
// meshes costs its groups' keys, not ~1.3 million JSON objects at once. Each
// fill captures the model and one u64 (16 bytes, held inside the std::function).
FieldListing mod_field_listing(const mod::Model& m) {
  using namespace mod;
  FieldListing listing;
  const Model* model = &m;  // the fills read the model where it lies
  listing.add("header", [model](const std::string& key, json& out) { append_record(out, key, 0, model->header); });
  for (uint64_t i = 0; i < m.objects.size(); ++i) {
    const std::string owner = "objects[" + std::to_string(i) + "]";
    listing.add(owner, [model, i](const std::string& key, json& out) { append_mod_object(out, key, i, model->objects[i]); });
    for (uint64_t j = 0; j < m.objects[i].meshes.size(); ++j)
      listing.add(owner + ".meshes[" + std::to_string(j) + "]", [model, ij = i << 32 | j](const std::string& key, json& out) {
        append_mod_mesh(out, key, model->objects[ij >> 32], static_cast<uint32_t>(ij));
      });
  }
  listing.add("nodes", [model](const std::string& key, json& out) { append_mod_nodes(out, key, *model); });
  const uint64_t transforms = m.header.get(hdr::document_offset) + m.nodes.header.get(node::transform_rel);
  for (uint64_t k = 0; k < m.nodes.transforms.size(); ++k)
    listing.add("nodes.transforms[" + std::to_string(k) + "]", [model, k, transforms](const std::string& key, json& out) {
      append_record(out, key, transforms + k * kTransformSpec.size, model->nodes.transforms[k]);
    });
  return listing;
}

json mod_summary_json(const mod::Model& model) {
  using namespace mod;
  uint64_t meshes = 0, vertices = 0;
  for (const Object& o : model.objects) {
    meshes += o.meshes.size();
    for (const Mesh& m : o.meshes) vertices += m.record.get(mesh::vertex_count);
  }
  const float version = model.header.get_f32(hdr::version);
  // Two decimals, as the spec writes versions; the exact f32 is in version_bits.
  const double rounded = std::round(static_cast<double>(version) * 100.0) / 100.0;
  return {{"version", std::isfinite(version) ? json(rounded) : json(nullptr)},
          {"version_bits", hex32(static_cast<uint32_t>(model.header.get(hdr::version)))},
          {"objects", model.objects.size()},
          {"meshes", meshes},
          {"vertices", vertices},
          {"nodes", model.header.get(hdr::node_count)},
          {"texture_slots", model.header.get(hdr::texture_slot_count)},
          {"default_joint", model.header.get(hdr::default_joint)}};
}

json mod_inspect_json(Bytes data, const mod::ParseResult& result) {
  const bool is_mod = mod::looks_like_mod(data);
  json out = inspect_envelope(is_mod ? mod::kFormatName : "unknown", data, result.ok(), result.diagnostics);
  if (result.ok()) {
    out["summary"] = mod_summary_json(*result.model);
    // A member of a container: where the MOD itself ends, and the trailing gap
    // (padding before the next member) its derived extent carries after that.
    if (result.member_tail)
      out["summary"]["container_member"] = {{"own_end", result.member_tail->own_end},
                                            {"trailing_gap_bytes", result.member_tail->bytes}};
    out["coverage"] = coverage_json(result.coverage, data);
  }
  return out;
}

}  // namespace meshgate
