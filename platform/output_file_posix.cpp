#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/output_file.hpp"

namespace meshgate::platform {

namespace {

constexpr size_t kNameMax = 255;  // one path component, NAME_MAX on Linux

std::error_code last_error() { return std::error_code(errno, std::generic_category()); }

// The permission bits of a new file: 0666 less the umask, read once (umask
// can only be read by setting it; no thread writes a file at that moment).
mode_t new_file_mode() {
  static const mode_t mode = [] {
    const mode_t mask = ::umask(022);
    ::umask(mask);
    return static_cast<mode_t>(0666 & ~mask);
  }();
  return mode;
}

}  // namespace

std::optional<FileAttributes> attributes_of(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileAttributes{static_cast<uint32_t>(st.st_mode & 07777), st.st_uid, st.st_gid};
}

TempFile::TempFile(const std::filesystem::path& destination) : handle_(-1) {
  const std::filesystem::path dir = destination.parent_path().empty() ? std::filesystem::path(".") : destination.parent_path();
  constexpr std::string_view kSuffix = ".meshgate-XXXXXX";
  std::string name = destination.filename().string();
  name.resize(std::min(name.size(), kNameMax - 1 - kSuffix.size()));  // "." + NAME + suffix: one legal name
  std::string temp = (dir / ("." + name + std::string(kSuffix))).string();
  handle_ = ::mkstemp(temp.data());  // O_CREAT | O_EXCL: a planted symlink is never followed
  if (handle_ < 0) error_ = last_error();
  else path_ = temp;
}

TempFile::~TempFile() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
}

bool TempFile::is_open() const { return handle_ >= 0; }

std::error_code TempFile::write(const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(static_cast<int>(handle_), data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? last_error() : std::error_code(EIO, std::generic_category());
    data += n;
    size -= static_cast<size_t>(n);
  }
  return {};
}

// copy_file_range with the temporary's own offset (it follows write()'s);
// the errors that say "not here" (no such call, file systems it does not
// span, files it does not take) are told apart from a failed copy only
// while nothing is copied yet.
std::error_code TempFile::copy_from(const ReadOnlyFile& from, uint64_t offset, uint64_t size) {
  auto in_offset = static_cast<off_t>(offset);
  bool copied_any = false;
  while (size > 0) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(size, uint64_t{1} << 30));
    const ssize_t n = ::copy_file_range(static_cast<int>(from.native_handle()), &in_offset, static_cast<int>(handle_), nullptr, want, 0);
    if (n < 0 && errno == EINTR) continue;
    const bool refused = n == 0 || errno == ENOSYS || errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP || errno == EBADF;
    if (n <= 0 && !copied_any && refused)  // (0 at once: some kernels' answer across file systems)
      return std::make_error_code(std::errc::operation_not_supported);
    if (n <= 0) return n < 0 ? last_error() : std::error_code(EIO, std::generic_category());  // 0: the input ended early
    copied_any = true;
    size -= static_cast<uint64_t>(n);
  }
  return {};
}

// The owner and group where permitted (root may set any; others only a group
// they belong to), then the mode: chown first, since it may clear set-id bits.
std::error_code TempFile::give_attributes(const std::optional<FileAttributes>& replaced) {
  const int fd = static_cast<int>(handle_);
  if (!replaced) return ::fchmod(fd, new_file_mode()) == 0 ? std::error_code() : last_error();
  if ((replaced->owner != ::geteuid() || replaced->group != ::getegid()) && ::fchown(fd, replaced->owner, replaced->group) != 0)
    (void)::fchown(fd, static_cast<uid_t>(-1), replaced->group);  // not permitted: the group alone, if it may
  return ::fchmod(fd, static_cast<mode_t>(replaced->mode)) == 0 ? std::error_code() : last_error();
}

std::error_code TempFile::sync_and_close() {
  std::error_code error;
  if (::fsync(static_cast<int>(handle_)) != 0) error = last_error();
  if (::close(static_cast<int>(handle_)) != 0 && !error) error = last_error();
  handle_ = -1;
  return error;
}

Move move_into_place(const std::filesystem::path& temp, const std::filesystem::path& destination, bool replace,
                     std::error_code& error) {
  int result = 0;
  if (replace) {
    result = ::rename(temp.c_str(), destination.c_str()) == 0 ? 0 : errno;
  } else {
    result = ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, destination.c_str(), RENAME_NOREPLACE) == 0 ? 0 : errno;
    if (result == EINVAL) {
      // A file system without RENAME_NOREPLACE: link() refuses an existing name just as atomically.
      result = ::link(temp.c_str(), destination.c_str()) == 0 ? 0 : errno;
      if (result == 0) ::unlink(temp.c_str());
    }
  }
  if (result == 0) return Move::moved;
  error = std::error_code(result, std::generic_category());
  return result == EEXIST ? Move::exists : Move::failed;
}

void remove_file(const std::filesystem::path& path) { ::unlink(path.c_str()); }

void sync_directory_of(const std::filesystem::path& path) {
  const std::filesystem::path dir = path.parent_path();
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // a directory that cannot be opened for it (permissions) leaves the rename as it is
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace meshgate::platform
