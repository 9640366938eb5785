#include "writer/mod/mod_writer.hpp"

#include <bit>
#include <cstdio>

#include "parser/mod/mod_layout.hpp"
#include "writer/core/output_image.hpp"
#include "writer/core/record_emit.hpp"

namespace meshgate::mod {

namespace {

// Paths for writer errors are built in a stack buffer: no allocation per part.
struct PathBuffer {
  char text[96];
  template <typename... Args>
  std::string_view operator()(const char* format, Args... args) {
    const int n = std::snprintf(text, sizeof text, format, args...);
    return std::string_view(text, n < 0 ? 0 : std::min<size_t>(static_cast<size_t>(n), sizeof text - 1));
  }
};

bool emit_mesh(OutputImage& out, PathBuffer& path, size_t i, size_t j, uint64_t record_offset, const Mesh& m) {
  const MeshRecord& r = m.record;
  if (!emit_record(out, record_offset, r, [&] { return path("objects[%zu].meshes[%zu]", i, j); })) return false;
  if (!emit_array(out, stream_offset(r, stream::positions), m.positions,
                  [&] { return path("objects[%zu].meshes[%zu].positions", i, j); }) ||
      !emit_array(out, stream_offset(r, stream::normals), m.normals, [&] { return path("objects[%zu].meshes[%zu].normals", i, j); }) ||
      !emit_array(out, stream_offset(r, stream::uv), m.uv, [&] { return path("objects[%zu].meshes[%zu].uv", i, j); }) ||
      !emit_array(out, stream_offset(r, stream::blend_indices), m.blend_indices,
                  [&] { return path("objects[%zu].meshes[%zu].blend_indices", i, j); }) ||
      !emit_array(out, stream_offset(r, stream::control), m.control, [&] { return path("objects[%zu].meshes[%zu].control", i, j); }))
    return false;
  auto ws = workspace_offset(record_offset, r);
  const auto ws_path = [&] { return path("objects[%zu].meshes[%zu].workspace", i, j); };
  return ws ? out.emit_bytes(*ws, m.workspace, ws_path) : out.reject_unplaceable(ws_path());
}

bool emit_nodes(OutputImage& out, PathBuffer& path, uint64_t block, const NodeBlock& nb) {
  if (!emit_record(out, block, nb.header, "nodes")) return false;
  const std::array<const std::vector<uint8_t>*, 3> arrays = {&nb.parents, &nb.order, &nb.motion_groups};
  const std::array<size_t, 3> rel_fields = {node::parent_rel, node::order_rel, node::group_rel};
  for (size_t k = 0; k < 3; ++k) {
    const std::vector<uint8_t>& a = *arrays[k];
    auto begin = checked_add(block, nb.header.get(rel_fields[k]));
    const auto array_path = [&] { return path("nodes.array[%zu]", k); };
    if (!(begin ? out.emit_bytes(*begin, std::as_bytes(std::span(a)), array_path) : out.reject_unplaceable(array_path())))
      return false;
  }
  auto xf = checked_add(block, nb.header.get(node::transform_rel));
  if (!xf) return out.reject_unplaceable("nodes.transforms");
  for (size_t k = 0; k < nb.transforms.size(); ++k) {
    if (!emit_record(out, *xf + k * kTransformSpec.size, nb.transforms[k], [&] { return path("nodes.transforms[%zu]", k); }))
      return false;
  }
  return true;
}

}  // namespace

WriteResult write_mod(const Model& model, const PartObserver* observer) {
  OutputImage out(model.file_size, observer);
  PathBuffer path;
  bool ok = emit_record(out, 0, model.header, "header");
  for (size_t i = 0; ok && i < model.objects.size(); ++i) {
    const Object& object = model.objects[i];
    ok = emit_record(out, object_record_offset(i), object.record, [&] { return path("objects[%zu]", i); });
    for (size_t j = 0; ok && j < object.meshes.size(); ++j) {
      auto at = mesh_record_offset(object.record, j);
      ok = at ? emit_mesh(out, path, i, j, *at, object.meshes[j]) : out.reject_unplaceable(path("objects[%zu].meshes[%zu]", i, j));
    }
  }
  ok = ok && emit_nodes(out, path, model.header.get(hdr::document_offset), model.nodes);
  for (size_t g = 0; ok && g < model.gaps.size(); ++g)
    ok = out.emit_bytes(model.gaps[g].offset, model.gaps[g].bytes, [&] { return path("gaps[%zu]", g); });

  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::mod
