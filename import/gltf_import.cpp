#include "import/gltf_import.hpp"

#include "parser/gltf/gltf_reader.hpp"

namespace meshgate {

ImportAsset read_import_asset(Bytes bytes, gltf::UriSource* uris, uint64_t max_bytes) {
  ImportAsset out;
  out.model = gltf::read_asset(bytes, out.error, {uris, max_bytes});
  if (!out.model) {
    out.unreadable = true;
    return out;
  }
  // export --scale / --y-up's root node removed, so the vertices and nodes are the model's own again.
  const std::optional<gltf::ExportConventions> conventions = gltf::undo_export_conventions(*out.model, out.error);
  if (!conventions) {
    out.model.reset();
    return out;
  }
  out.conventions = *conventions;
  return out;
}

ImportBuild refused_like() {
  ImportBuild built;
  built.like_refused = true;
  return built;
}

}  // namespace meshgate
