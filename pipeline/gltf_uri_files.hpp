// The files a .gltf's uris name, read for `import` by FileReader's rules
// (pipeline/file_reader.hpp): below the glTF's own folder only, a symlink
// followed only while it stays there, regular files only (a FIFO or a device
// is refused by fstat, never waited on), and of a buffer only the byteLength
// it declares (a 1 GiB file behind a 36-byte buffer costs 36 bytes).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "parser/gltf/gltf_uri.hpp"

namespace meshgate {

class GltfFolderFiles final : public gltf::UriSource {
 public:
  explicit GltfFolderFiles(std::filesystem::path folder) : folder_(std::move(folder)) {}
  [[nodiscard]] std::optional<std::vector<unsigned char>> read(const std::string& path, uint64_t length,
                                                               std::string& error) override;
  [[nodiscard]] bool check(const std::string& path, std::string& error) override;
  // Every file a uri named that was read or checked: inputs as much as the
  // glTF itself, so no output may replace one of them.
  [[nodiscard]] const std::vector<std::string>& named_files() const { return named_files_; }

 private:
  // The file `path` names, when it stays below the folder (symlinks
  // resolved); nullopt with `error` set, or with `missing` when it does not exist.
  std::optional<std::filesystem::path> inside(const std::string& path, std::string& error, bool& missing) const;
  std::filesystem::path folder_;
  std::vector<std::string> named_files_;
};

}  // namespace meshgate
