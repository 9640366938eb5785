#include "writer/scm/scm_writer.hpp"

#include <bit>

#include "parser/core/checked_math.hpp"
#include "parser/scm/scm_layout.hpp"
#include "writer/core/output_image.hpp"
#include "writer/core/record_emit.hpp"

namespace meshgate::scm {

namespace {

std::string mesh_path(size_t o, size_t m) {
  return "objects[" + std::to_string(o) + "].meshes[" + std::to_string(m) + "]";
}

bool emit_mesh(OutputImage& out, size_t o, size_t m, uint64_t at, const Mesh& mesh) {
  const MeshRecord& r = mesh.record;
  const auto path = [&] { return mesh_path(o, m); };
  if (!emit_record(out, at, r, path) || !emit_array(out, r.get(mesh::positions), mesh.positions, path) ||
      !emit_array(out, r.get(mesh::normals), mesh.normals, path) || !emit_array(out, r.get(mesh::uv), mesh.uv, path) ||
      !emit_array(out, r.get(mesh::colour), mesh.colour, path))
    return false;
  const auto ws = checked_add(at, r.get(mesh::workspace_rel));
  return ws ? out.emit_bytes(*ws, mesh.workspace, path) : out.reject_unplaceable(path());
}

bool emit_scene(OutputImage& out, uint64_t block, const Scene& sc) {
  if (!emit_record(out, block, sc.header, "scene")) return false;
  const auto at = [&](size_t field) { return block + sc.header.get(field); };  // u64 + u32: the parse bounded both
  if (!emit_array(out, at(scene::parent_rel), sc.parents, "scene.parents") ||
      !emit_array(out, at(scene::order_rel), sc.order, "scene.order") ||
      !emit_array(out, at(scene::binding_rel), sc.bindings, "scene.object_bindings"))
    return false;
  for (size_t k = 0; k < sc.transforms.size(); ++k)
    if (!emit_record(out, at(scene::transform_rel) + k * kTransformSpec.size, sc.transforms[k],
                     [&] { return "scene.transforms[" + std::to_string(k) + "]"; }))
      return false;
  return true;
}

}  // namespace

WriteResult write_scm(const Model& model, const PartObserver* observer) {
  OutputImage out(model.file_size, observer);
  bool ok = emit_record(out, 0, model.header, "header");
  for (size_t o = 0; ok && o < model.objects.size(); ++o) {
    const Object& object = model.objects[o];
    ok = emit_record(out, object_record_offset(o), object.record, [&] { return "objects[" + std::to_string(o) + "]"; });
    const uint64_t table = object.record.get(obj::mesh_table);
    for (size_t m = 0; ok && m < object.meshes.size(); ++m)
      ok = emit_mesh(out, o, m, table + m * kMeshSpec.size, object.meshes[m]);
  }
  ok = ok && emit_scene(out, model.header.get(hdr::scene_offset), model.scene);
  for (size_t g = 0; ok && g < model.gaps.size(); ++g)
    ok = out.emit_bytes(model.gaps[g].offset, model.gaps[g].bytes, [&] { return "gaps[" + std::to_string(g) + "]"; });
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

CanonicalModel canonical_model(const Model& source) {
  CanonicalModel c{source, {}};
  Model& model = c.model;
  std::vector<std::vector<uint64_t>> counts(model.objects.size());
  for (size_t o = 0; o < model.objects.size(); ++o)
    for (const Mesh& m : model.objects[o].meshes) counts[o].push_back(m.positions.size());
  const CanonicalPlacement p = canonical_placement(counts, model.scene.order.size());
  for (size_t o = 0; o < model.objects.size(); ++o) {
    Object& object = model.objects[o];
    object.record.set(obj::mesh_table, p.objects[o].mesh_table);
    for (size_t m = 0; m < object.meshes.size(); ++m) {
      MeshRecord& r = object.meshes[m].record;
      const CanonicalMesh& place = p.objects[o].meshes[m];
      for (size_t s = 0; s < kStreamSpecs.size(); ++s) r.set(mesh::kStreamField[s], place.streams[s]);
      r.set(mesh::workspace_rel, place.workspace - place.record);
    }
  }
  model.header.set(hdr::scene_offset, p.scene_block);
  SceneHeaderRecord& h = model.scene.header;
  h.set(scene::parent_rel, p.scene.parent);
  h.set(scene::order_rel, p.scene.order);
  h.set(scene::binding_rel, p.scene.binding);
  h.set(scene::transform_rel, p.scene.transform);
  uint64_t nonzero = 0;
  for (const Gap& g : model.gaps) nonzero += !g.all_zero();
  if (nonzero > 0) c.notes.push_back("gaps: " + std::to_string(nonzero) + " non-zero gaps are laid out as zeros");
  model.gaps.clear();
  model.file_size = p.end;
  // The canonical gaps: every byte between the placed parts, zero.
  uint64_t covered = 0;
  std::vector<std::pair<uint64_t, uint64_t>> parts;
  // Padding after each mesh table and stream, the scene arrays' align4 and
  // the transform table's align16 padding, are the bytes no part places.
  for (size_t o = 0; o < model.objects.size(); ++o)
    for (size_t m = 0; m < model.objects[o].meshes.size(); ++m) {
      const CanonicalMesh& place = p.objects[o].meshes[m];
      const uint64_t n = counts[o][m];
      parts.emplace_back(place.record, kMeshSpec.size);
      for (size_t s = 0; s < kStreamSpecs.size(); ++s) parts.emplace_back(place.streams[s], kStreamSpecs[s].stride * n);
      parts.emplace_back(place.workspace, workspace_capacity(n));
    }
  parts.emplace_back(0, object_record_offset(model.objects.size()));
  const uint64_t nodes = model.scene.order.size();
  parts.emplace_back(p.scene_block, kSceneHeaderSpec.size);
  for (uint64_t rel : {p.scene.parent, p.scene.order, p.scene.binding}) parts.emplace_back(p.scene_block + rel, nodes);
  parts.emplace_back(p.scene_block + p.scene.transform, kTransformSpec.size * nodes);
  std::sort(parts.begin(), parts.end());
  for (const auto& [begin, length] : parts) {
    if (begin > covered) model.gaps.push_back(Gap{covered, SmallBytes(std::vector<std::byte>(begin - covered))});
    covered = std::max(covered, begin + length);
  }
  if (covered < p.end) model.gaps.push_back(Gap{covered, SmallBytes(std::vector<std::byte>(p.end - covered))});
  return c;
}

}  // namespace meshgate::scm
