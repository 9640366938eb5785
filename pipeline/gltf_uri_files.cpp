#include "pipeline/gltf_uri_files.hpp"

#include <cerrno>
#include <cstring>
#include <span>

#include <sys/stat.h>

#include "pipeline/file_reader.hpp"

namespace meshgate {

namespace {

// What stat says a path is, for a message ("a directory, not a regular file").
std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a file";
}

}  // namespace

std::optional<std::filesystem::path> GltfFolderFiles::inside(const std::string& path, std::string& error, bool& missing) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path folder = fs::canonical(folder_.empty() ? fs::path(".") : folder_, ec);
  if (ec) {
    error = "the glTF's folder cannot be resolved: " + ec.message();
    return std::nullopt;
  }
  const fs::path target = fs::canonical(folder / path, ec);
  if (ec) {
    missing = ec == std::errc::no_such_file_or_directory;
    error = missing ? "no such file in the glTF's folder" : "cannot be resolved: " + ec.message();
    return std::nullopt;
  }
  const std::string below = folder.string() == "/" ? "/" : folder.string() + "/";
  if (target.string().rfind(below, 0) != 0) {
    error = "a symlink that leads out of the glTF's folder (to " + target.string() + ")";
    return std::nullopt;
  }
  return target;
}

std::optional<std::vector<unsigned char>> GltfFolderFiles::read(const std::string& path, uint64_t length, std::string& error) {
  bool missing = false;
  const std::optional<std::filesystem::path> target = inside(path, error, missing);
  if (!target) return std::nullopt;
  named_files_.push_back(target->string());
  // The size first (stat does not open, so a FIFO costs nothing), so that a
  // short file is not given a buffer of the byteLength it claims.
  struct stat st {};
  if (::stat(target->c_str(), &st) != 0) {
    error = read_failure_text(ReadStatus::io_error, errno);
    return std::nullopt;
  }
  if (!S_ISREG(st.st_mode)) {
    error = kind_of(st.st_mode) + ", not a regular file";
    return std::nullopt;
  }
  if (static_cast<uint64_t>(st.st_size) < length) {
    error = "the file holds " + std::to_string(st.st_size) + " bytes where byteLength says " + std::to_string(length);
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
  named_files_.push_back(target->string());
  struct stat st {};
  if (::stat(target->c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    error = (st.st_mode ? kind_of(st.st_mode) : std::string("unreadable")) + ", not a regular file";
    return false;
  }
  return true;
}

}  // namespace meshgate
