// Writing an asset: tinygltf serialises in memory, meshgate's atomic writer
// puts the bytes in place and checks every write (tinygltf's own file writer
// ignores write errors: a full disk left an empty .gltf and a cut .bin).
#include <cstring>
#include <filesystem>
#include <sstream>

#include "platform/utf8_path.hpp"
#include "export/gltf_export.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::gltf {

namespace {

// The JSON chunk of a GLB tinygltf made (header, chunk length, "JSON"); its
// buffer 0 is the BIN chunk, so it names no uri.
std::string json_chunk(const std::string& glb) {
  if (glb.size() < 20) return {};
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);  // little-endian, as the host
  if (length > glb.size() - 20) return {};
  return glb.substr(20, length);
}

}  // namespace

nlohmann::json ExportSummary::to_json() const {
  nlohmann::json out = {{"meshes", meshes},
          {"primitives", primitives},
          {"triangles", triangles},
          {"vertices", vertices},
          {"joints", joints},
          {"animations", animations},
          {"dropped_degenerates", dropped_degenerates},
          {"renormalised_normals", renormalised_normals},
          {"skin_fallbacks", skin_fallbacks},
          {"winding", winding},
          {"strips", strips},
          {"flipped_triangles", flipped_triangles},
          {"reversed_strips", reversed_strips},
          {"inconsistent_strips", inconsistent_strips},
          {"undecided_triangles", undecided_triangles},
          {"against_normals", against_normals},
          {"scale", scale},
          {"y_up", y_up}};
  if (motions) {
    out["motion_curve_max_error"] = motion_curve_max_error;
    out["motion_rotation_max_error_deg"] = motion_rotation_max_error_deg;
    out["motion_jumps"] = motion_jumps;
  }
  if (textured) {
    out["materials_resolved"] = materials_resolved;
    out["materials_fallback"] = materials_fallback;
    out["textures_missing"] = textures_missing;
    out["textures"] = textures;
  }
  return out;
}

std::string glb_bytes(const tinygltf::Model& asset) {
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&asset, out, /*prettyPrint=*/false, /*writeBinary=*/true)) return {};
  return out.str();
}

std::vector<std::string> asset_files(const std::string& path, FileKind kind) {
  if (kind == FileKind::glb) return {path};
  std::filesystem::path bin = platform::path_from_utf8(path);
  bin.replace_extension(".bin");
  return {platform::utf8_of(bin), path};
}

std::string write_asset(const tinygltf::Model& asset, const std::string& path, FileKind kind, Overwrite overwrite,
                        Symlink symlink) {
  const std::string glb = glb_bytes(asset);
  if (glb.empty()) return path + ": tinygltf could not serialise the asset";
  if (kind == FileKind::glb) {
    const AtomicWrite w = write_file_atomically(path, [&](std::ostream& out) { out << glb; }, overwrite, symlink);
    return w.ok ? std::string() : w.error;
  }
  // .gltf + .bin: the GLB's JSON chunk, its buffer 0 (the BIN chunk) given
  // the .bin's name, keys in tinygltf's order; the .bin is the buffer's bytes.
  auto document = nlohmann::ordered_json::parse(json_chunk(glb), nullptr, /*allow_exceptions=*/false);
  if (!document.is_object()) return path + ": tinygltf's serialisation is not a JSON object";
  const std::vector<std::string> files = asset_files(path, kind);
  std::vector<OutputFile> outputs;
  if (!asset.buffers.empty()) {
    nlohmann::ordered_json& buffers = document["buffers"];
    if (!buffers.is_array() || buffers.empty() || !buffers[0].is_object())
      return path + ": tinygltf's serialisation has no buffers[0]";
    buffers[0]["uri"] = platform::utf8_of(platform::path_from_utf8(files[0]).filename());
    const std::vector<unsigned char>& data = asset.buffers[0].data;
    outputs.push_back({files[0], [&](std::ostream& out) {
                         out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
                       }});
  }
  const std::string text = document.dump(2) + "\n";
  outputs.push_back({path, [&](std::ostream& out) { out << text; }});
  const AtomicWrite w = write_files_atomically(outputs, overwrite, symlink);
  return w.ok ? std::string() : w.error;
}

}  // namespace meshgate::gltf
