#include "parser/mod/mod_stream_pool.hpp"

namespace meshgate::mod {

void StreamPool::harvest(Model& model) {
  for (Object& object : model.objects)
    for (Mesh& mesh : object.meshes) {
      keep(mesh.positions);
      keep(mesh.normals);
      keep(mesh.uv);
      keep(mesh.blend_indices);
      keep(mesh.control);
      keep(mesh.workspace);
    }
  for (Object& object : model.objects) keep(object.meshes);
  keep(model.objects);
  keep(model.nodes.parents);
  keep(model.nodes.order);
  keep(model.nodes.motion_groups);
  keep(model.nodes.transforms);
}

}  // namespace meshgate::mod
