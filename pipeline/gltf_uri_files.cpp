#include "pipeline/gltf_uri_files.hpp"

#include <algorithm>
#include <span>

#include "pipeline/file_reader.hpp"
#include "platform/file_status.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate {

std::optional<std::filesystem::path> GltfFolderFiles::inside(const std::string& path, std::string& error, bool& missing) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path folder = fs::canonical(folder_.empty() ? fs::path(".") : folder_, ec);
  if (ec) {
    error = "the glTF's folder cannot be resolved: " + ec.message();
    return std::nullopt;
  }
  const fs::path target = fs::canonical(folder / platform::path_from_utf8(path), ec);
  if (ec) {
    missing = ec == std::errc::no_such_file_or_directory;
    error = missing ? "no such file in the glTF's folder" : "cannot be resolved: " + ec.message();
    return std::nullopt;
  }
  // Inside: the folder's components are the target's first ones (compared
  // as components, so that Windows' separators need no spelling).
  if (std::mismatch(folder.begin(), folder.end(), target.begin(), target.end()).first != folder.end()) {
    error = "a symlink that leads out of the glTF's folder (to " + platform::utf8_of(target) + ")";
    return std::nullopt;
  }
  return target;
}

std::optional<std::vector<unsigned char>> GltfFolderFiles::read(const std::string& path, uint64_t length, std::string& error) {
  bool missing = false;
  const std::optional<std::filesystem::path> target = inside(path, error, missing);
  if (!target) return std::nullopt;
  named_files_.push_back(platform::utf8_of(*target));
  // The size first (stat does not open, so a FIFO costs nothing), so that a
  // short file is not given a buffer of the byteLength it claims.
  const platform::FileStatus st = platform::status_of(*target);
  if (!st.exists()) {
    error = read_failure_text(ReadStatus::io_error, st.error);
    return std::nullopt;
  }
  if (st.kind != platform::PathKind::regular) {
    error = platform::kind_text(st.kind) + ", not a regular file";
    return std::nullopt;
  }
  if (st.size < length) {
    error = "the file holds " + std::to_string(st.size) + " bytes where byteLength says " + std::to_string(length);
    return std::nullopt;
  }
  std::vector<unsigned char> bytes(static_cast<size_t>(length));
  // read_prefix opens with O_NONBLOCK and checks fstat again: the file may
  // have been swapped for a FIFO since stat.
  const PrefixRead got = read_prefix(*target, std::as_writable_bytes(std::span(bytes)));
  if (got.status != ReadStatus::ok) {
    error = read_failure_text(got.status, got.error);
    return std::nullopt;
  }
  if (got.length < length) {
    error = "the file holds " + std::to_string(got.length) + " bytes where byteLength says " + std::to_string(length);
    return std::nullopt;
  }
  return bytes;
}

bool GltfFolderFiles::check(const std::string& path, std::string& error) {
  bool missing = false;
  const std::optional<std::filesystem::path> target = inside(path, error, missing);
  if (!target) return missing;  // an image import does not read may be absent
  named_files_.push_back(platform::utf8_of(*target));
  const platform::FileStatus st = platform::status_of(*target);
  if (st.kind != platform::PathKind::regular) {
    error = (st.exists() ? platform::kind_text(st.kind) : std::string("unreadable")) + ", not a regular file";
    return false;
  }
  return true;
}

}  // namespace meshgate
