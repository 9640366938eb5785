#include <cerrno>

#include <sys/stat.h>

#include "platform/file_status.hpp"
#include "platform/posix_error.hpp"

namespace meshgate::platform {

namespace {

PathKind kind_of(mode_t mode) {
  if (S_ISREG(mode)) return PathKind::regular;
  if (S_ISDIR(mode)) return PathKind::directory;
  if (S_ISLNK(mode)) return PathKind::symlink;
  if (S_ISFIFO(mode)) return PathKind::fifo;
  if (S_ISSOCK(mode)) return PathKind::socket;
  if (S_ISCHR(mode) || S_ISBLK(mode)) return PathKind::device;
  return PathKind::other;
}

}  // namespace

bool file_names_fold_case() { return false; }

FileStatus status_of(const std::filesystem::path& path, Links links) {
  FileStatus status;
  struct stat st {};
  if ((links == Links::follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0) {
    status.problem = problem_from_errno(errno);
    status.error = std::error_code(errno, std::generic_category());
    return status;
  }
  status.kind = kind_of(st.st_mode);
  status.size = st.st_size > 0 ? static_cast<uint64_t>(st.st_size) : 0;
  status.identity = {static_cast<uint64_t>(st.st_dev), static_cast<uint64_t>(st.st_ino)};
  return status;
}

std::string device_name_of(const std::filesystem::path&) { return {}; }  // any name is a file name

}  // namespace meshgate::platform
