#include "reports/file_reader.hpp"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace meshgate {

namespace {

// An open file, closed when it goes out of scope.
class OpenFile {
 public:
  explicit OpenFile(const std::filesystem::path& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] bool is_open() const { return fd_ >= 0; }

  // The size of a regular file; nullopt for anything else (a directory, a
  // FIFO, a device), whose size says nothing about what read() returns.
  [[nodiscard]] std::optional<size_t> regular_file_size() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) return std::nullopt;
    return static_cast<size_t>(st.st_size);
  }

  // Reads until `into` is full or the file ends; how many bytes it read, or
  // nullopt on a read error.
  [[nodiscard]] std::optional<size_t> read_into(std::span<std::byte> into) const {
    size_t done = 0;
    while (done < into.size()) {
      const ssize_t n = ::read(fd_, into.data() + done, into.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return std::nullopt;
      if (n == 0) break;  // the file shrank since fstat: read what is there
      done += static_cast<size_t>(n);
    }
    return done;
  }

 private:
  int fd_;
};

}  // namespace

std::optional<Bytes> FileReader::read(const std::filesystem::path& path) {
  if (buffer_.capacity() > kKeptCapacity) PodVector<std::byte>().swap(buffer_);
  const OpenFile file(path);
  if (!file.is_open()) return std::nullopt;
  const std::optional<size_t> size = file.regular_file_size();
  if (!size) return std::nullopt;
  buffer_.resize(*size);  // no zero fill: read() overwrites what is kept
  const std::optional<size_t> got = file.read_into(buffer_);
  if (!got) return std::nullopt;
  return Bytes(buffer_.data(), *got);
}

std::optional<std::vector<std::byte>> read_file(const std::filesystem::path& path) {
  FileReader reader;
  const std::optional<Bytes> bytes = reader.read(path);
  if (!bytes) return std::nullopt;
  return std::vector<std::byte>(bytes->begin(), bytes->end());
}

std::optional<size_t> read_prefix(const std::filesystem::path& path, std::span<std::byte> prefix) {
  const OpenFile file(path);
  if (!file.is_open()) return std::nullopt;
  return file.read_into(prefix);
}

}  // namespace meshgate
