#include "writer/core/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <streambuf>

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

}  // namespace

AtomicWrite write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                  Overwrite overwrite) {
  if (path.empty()) return {false, "the output path is empty"};
  const std::filesystem::path target(path);
  if (target.filename().empty()) return {false, path + ": names a directory, not a file"};
  const std::filesystem::path dir = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  std::string temp = (dir / ("." + target.filename().string() + ".meshgate-XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());  // O_CREAT | O_EXCL: a planted symlink is never followed
  if (fd < 0) return {false, why(path, errno)};
  int error = 0;
  {
    FdBuffer buffer(fd);
    std::ostream out(&buffer);
    write(out);
    out.flush();
    error = buffer.error();
    if (error == 0 && !out) error = EIO;
  }
  if (error == 0 && ::fchmod(fd, 0644) != 0) error = errno;
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0) {
    // rename() replaces a symlink named `path` itself, never what it points at.
    const int renamed = overwrite == Overwrite::replace
                            ? ::rename(temp.c_str(), path.c_str())
                            : ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
    if (renamed != 0) error = errno;
    if (error == EINVAL && overwrite == Overwrite::refuse) {
      // A file system without RENAME_NOREPLACE: link() refuses an existing name just as atomically.
      error = ::link(temp.c_str(), path.c_str()) == 0 ? 0 : errno;
      if (error == 0) ::unlink(temp.c_str());
    }
  }
  if (error != 0) {
    ::unlink(temp.c_str());
    if (error == EEXIST) return {false, path + ": exists (use --force to replace it)"};
    return {false, why(path, error)};
  }
  return {true, {}};
}

AtomicWrite write_bytes_atomically(const std::string& path, const std::vector<std::byte>& bytes, Overwrite overwrite) {
  return write_file_atomically(
      path, [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())); },
      overwrite);
}

}  // namespace meshgate
