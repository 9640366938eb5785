#include "parser/mod/mod_stream_pool.hpp"

namespace meshgate::mod {

void StreamPool::harvest(Model& model) {
  for (Object& object : model.objects)
    for (Mesh& mesh : object.meshes) {
      keep(vec3_, mesh.positions);
      keep(vec3_, mesh.normals);
      keep(uv_, mesh.uv);
      keep(blend_, mesh.blend_indices);
      keep(control_, mesh.control);
      keep(workspace_, mesh.workspace);
    }
}

}  // namespace meshgate::mod
