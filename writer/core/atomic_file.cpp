#include "writer/core/atomic_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace meshgate {

namespace {

// A std::streambuf over a file descriptor that remembers the first write
// error, so a full disk is noticed however the caller streams.
class FdBuffer : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  [[nodiscard]] int error() const { return error_; }

  // Writes what is buffered; false after any failure.
  bool drain() {
    const char* p = pbase();
    while (p < pptr() && error_ == 0) {
      const ssize_t n = ::write(fd_, p, static_cast<size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) error_ = n < 0 ? errno : EIO;
      else p += n;
    }
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

std::string why(const std::string& path, int error) { return path + ": " + std::strerror(error); }

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

// One file on its way: where it goes, what it replaces, its temporary.
struct Staged {
  std::string path;         // as the caller named it (for messages)
  std::string destination;  // the name renamed over: `path`, or a symlink's target
  bool replaces = false;    // a regular file is there now
  struct stat previous {};  // its mode and owner, when `replaces`
  std::string temp;         // empty until created; removed unless renamed
};

// Where `path` is written, or an error. A symlink is followed to the file it
// names (Symlink::follow) or refused; a dangling or looping one is refused,
// since following it would create a file somewhere the user did not name.
std::string resolve(Staged& s, Overwrite overwrite, Symlink symlink) {
  struct stat st {};
  if (::lstat(s.path.c_str(), &st) != 0) {
    if (errno == ENOENT) {
      s.destination = s.path;
      return {};
    }
    return why(s.path, errno);
  }
  if (overwrite == Overwrite::refuse) return s.path + ": exists (use --force to replace it)";
  s.destination = s.path;
  if (S_ISLNK(st.st_mode)) {
    if (symlink == Symlink::refuse) return s.path + ": is a symlink; not replacing it and not writing through it";
    char* target = ::realpath(s.path.c_str(), nullptr);
    if (target == nullptr)
      return s.path + ": is a symlink to a missing file (or a loop); not replacing the link (" + std::strerror(errno) + ")";
    s.destination = target;
    std::free(target);
    if (::stat(s.destination.c_str(), &st) != 0) return why(s.path, errno);
  }
  if (!S_ISREG(st.st_mode))
    return s.path + (S_ISDIR(st.st_mode) ? ": is a directory" : ": is not a regular file (a FIFO, socket or device); not replaced");
  s.replaces = true;
  s.previous = st;
  return {};
}

// The temporary gets the replaced file's owner and group where permitted
// (root may set any; others only a group they belong to), then its mode:
// chown first, since it may clear set-id bits.
int give_attributes(int fd, const Staged& s) {
  if (s.replaces) {
    if ((s.previous.st_uid != ::geteuid() || s.previous.st_gid != ::getegid()) &&
        ::fchown(fd, s.previous.st_uid, s.previous.st_gid) != 0)
      (void)::fchown(fd, static_cast<uid_t>(-1), s.previous.st_gid);  // not permitted: the group alone, if it may
    return ::fchmod(fd, s.previous.st_mode & 07777) == 0 ? 0 : errno;
  }
  return ::fchmod(fd, new_file_mode()) == 0 ? 0 : errno;
}

// Writes the temporary beside the destination; "" or the error.
std::string stage(Staged& s, const std::function<void(std::ostream&)>& write) {
  const std::filesystem::path target(s.destination);
  const std::filesystem::path dir = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  constexpr std::string_view kSuffix = ".meshgate-XXXXXX";
  std::string name = target.filename().string();
  name.resize(std::min(name.size(), kNameMax - 1 - kSuffix.size()));  // "." + NAME + suffix: one legal name
  std::string temp = (dir / ("." + name + std::string(kSuffix))).string();
  const int fd = ::mkstemp(temp.data());  // O_CREAT | O_EXCL: a planted symlink is never followed
  if (fd < 0) return why(s.path, errno);
  s.temp = temp;
  int error = 0;
  {
    FdBuffer buffer(fd);
    std::ostream out(&buffer);
    write(out);
    out.flush();
    error = buffer.error();
    if (error == 0 && !out) error = EIO;
  }
  if (error == 0) error = give_attributes(fd, s);
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  return error == 0 ? std::string() : why(s.path, error);
}

int rename_into_place(const Staged& s, Overwrite overwrite) {
  if (overwrite == Overwrite::replace) return ::rename(s.temp.c_str(), s.destination.c_str()) == 0 ? 0 : errno;
  int error = ::renameat2(AT_FDCWD, s.temp.c_str(), AT_FDCWD, s.destination.c_str(), RENAME_NOREPLACE) == 0 ? 0 : errno;
  if (error == EINVAL) {
    // A file system without RENAME_NOREPLACE: link() refuses an existing name just as atomically.
    error = ::link(s.temp.c_str(), s.destination.c_str()) == 0 ? 0 : errno;
    if (error == 0) ::unlink(s.temp.c_str());
  }
  return error;
}

// The rename itself is durable once the directory is flushed; a directory
// that cannot be opened for it (permissions) leaves the rename as it is.
void sync_directory_of(const std::string& path) {
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace

AtomicWrite write_files_atomically(const std::vector<OutputFile>& files, Overwrite overwrite, Symlink symlink) {
  std::vector<Staged> staged(files.size());
  const auto fail = [&](std::string error) {
    for (const Staged& s : staged)
      if (!s.temp.empty()) ::unlink(s.temp.c_str());
    return AtomicWrite{false, std::move(error)};
  };
  for (size_t i = 0; i < files.size(); ++i) {
    Staged& s = staged[i];
    s.path = files[i].path;
    if (s.path.empty()) return fail("the output path is empty");
    if (std::filesystem::path(s.path).filename().empty()) return fail(s.path + ": names a directory, not a file");
    if (std::string error = resolve(s, overwrite, symlink); !error.empty()) return fail(std::move(error));
    if (std::string error = stage(s, files[i].write); !error.empty()) return fail(std::move(error));
  }
  for (size_t i = 0; i < staged.size(); ++i) {
    const int error = rename_into_place(staged[i], overwrite);
    if (error != 0) {
      std::string message = error == EEXIST ? staged[i].path + ": exists (use --force to replace it)" : why(staged[i].path, error);
      for (size_t k = 0; k < i; ++k) message += "; " + staged[k].path + " was already replaced";
      for (size_t k = 0; k < i; ++k) staged[k].temp.clear();  // renamed: nothing left to remove
      return fail(std::move(message));
    }
    staged[i].temp.clear();
  }
  for (const Staged& s : staged) sync_directory_of(s.destination);
  return {true, {}};
}

AtomicWrite write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                  Overwrite overwrite, Symlink symlink) {
  return write_files_atomically({OutputFile{path, write}}, overwrite, symlink);
}

AtomicWrite write_bytes_atomically(const std::string& path, const std::vector<std::byte>& bytes, Overwrite overwrite,
                                   Symlink symlink) {
  return write_file_atomically(
      path, [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())); },
      overwrite, symlink);
}

}  // namespace meshgate
