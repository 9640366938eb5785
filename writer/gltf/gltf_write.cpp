// Writing an asset: tinygltf serialises, meshgate's atomic writer puts the
// bytes in place (a .gltf's .bin first, so the .gltf never names a missing file).
#include <filesystem>
#include <sstream>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include "writer/core/atomic_file.hpp"
#include "writer/gltf/gltf_export.hpp"

namespace meshgate::gltf {

nlohmann::json ExportSummary::to_json() const {
  return {{"meshes", meshes},
          {"primitives", primitives},
          {"triangles", triangles},
          {"vertices", vertices},
          {"joints", joints},
          {"animations", animations},
          {"dropped_degenerates", dropped_degenerates},
          {"renormalised_normals", renormalised_normals},
          {"skin_fallbacks", skin_fallbacks}};
}

std::string glb_bytes(const tinygltf::Model& asset) {
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&asset, out, /*prettyPrint=*/false, /*writeBinary=*/true)) return {};
  return out.str();
}

std::string write_asset(const tinygltf::Model& asset, const std::string& path, FileKind kind) {
  tinygltf::TinyGLTF writer;
  if (kind == FileKind::glb) {
    const std::string glb = glb_bytes(asset);
    if (glb.empty()) return path + ": tinygltf could not serialise the asset";
    const AtomicWrite w = write_file_atomically(path, [&](std::ostream& out) { out << glb; });
    return w.ok ? std::string() : w.error;
  }
  // .gltf + .bin: tinygltf writes both into a fresh directory beside the
  // target (its stream writer would embed the buffer), then each is flushed
  // and renamed into place, the .bin first.
  const std::filesystem::path target(path);
  const std::filesystem::path dir = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  std::string staging = (dir / ("." + target.filename().string() + ".meshgate-XXXXXX")).string();
  if (::mkdtemp(staging.data()) == nullptr) return path + ": " + std::strerror(errno);
  const auto cleanup = [&] {
    std::error_code ec;
    std::filesystem::remove_all(staging, ec);
  };
  tinygltf::Model copy = asset;
  std::filesystem::path bin = target.filename();
  bin.replace_extension(".bin");
  if (!copy.buffers.empty()) copy.buffers[0].uri = bin.string();
  const std::filesystem::path staged = std::filesystem::path(staging) / target.filename();
  if (!writer.WriteGltfSceneToFile(&copy, staged.string(), /*embedImages=*/true, /*embedBuffers=*/false,
                                   /*prettyPrint=*/true, /*writeBinary=*/false)) {
    cleanup();
    return path + ": tinygltf could not write the asset";
  }
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> moves;
  if (!copy.buffers.empty()) moves.emplace_back(std::filesystem::path(staging) / bin, dir / bin);
  moves.emplace_back(staged, target);
  for (const auto& [from, to] : moves) {
    const int fd = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    if (!synced || ::rename(from.c_str(), to.c_str()) != 0) {
      const std::string why = to.string() + ": " + std::strerror(errno);
      cleanup();
      return why;
    }
  }
  cleanup();
  return {};
}

}  // namespace meshgate::gltf
