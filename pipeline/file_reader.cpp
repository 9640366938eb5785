#include "pipeline/file_reader.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parser/core/hashing.hpp"

namespace meshgate {

namespace {

ReadStatus status_of(int error) {
  switch (error) {
    case ENOENT:
    case ENOTDIR: return ReadStatus::not_found;
    case EACCES:
    case EPERM: return ReadStatus::permission_denied;
    case ELOOP:  // a symlink loop
    case ENXIO:  // a FIFO with no writer, a socket
    case ENODEV: return ReadStatus::not_regular;
    default: return ReadStatus::io_error;
  }
}

// An open file, closed when it goes out of scope. O_NONBLOCK: opening a FIFO
// or a device must not wait for a writer; it has no effect on regular files.
class OpenFile {
 public:
  explicit OpenFile(const std::filesystem::path& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)), open_error_(fd_ < 0 ? errno : 0) {}
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] bool is_open() const { return fd_ >= 0; }
  [[nodiscard]] int open_error() const { return open_error_; }

  // The size of a regular file; nullopt for anything else (a directory, a
  // FIFO, a device), whose size says nothing about what read() returns.
  [[nodiscard]] std::optional<size_t> regular_file_size() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) return std::nullopt;
    return static_cast<size_t>(st.st_size);
  }

  // Reads from `offset` until `into` is full or the file ends; how many bytes
  // it read, or nullopt on a read error (errno says which).
  [[nodiscard]] std::optional<size_t> read_into(std::span<std::byte> into, off_t offset = 0) const {
    size_t done = 0;
    while (done < into.size()) {
      const ssize_t n = ::pread(fd_, into.data() + done, into.size() - done, offset + static_cast<off_t>(done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return std::nullopt;
      if (n == 0) break;  // the file shrank since fstat: read what is there
      done += static_cast<size_t>(n);
    }
    return done;
  }

 private:
  int fd_;
  int open_error_;
};

FileRead failed(ReadStatus status, int error) {
  FileRead r;
  r.status = status;
  r.error = error;
  return r;
}

// A large file is read into fresh memory, and on the project's VMs a page
// fault costs microseconds: reading a 63 MB volume spent 40% of its sweep
// faulting in 4 KiB pages. Huge pages, where the kernel gives them on request
// (transparent_hugepage = madvise, Debian's default), take 1/512 as many
// faults; elsewhere the request is ignored. (With them, and its members read
// into one buffer, that volume's sweep went from 2.4x the sweep of its
// members extracted to 1.04x: docs/PERFORMANCE.md.)
void ask_for_huge_pages(std::byte* data, size_t size) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const auto at = reinterpret_cast<uintptr_t>(data);
  const uintptr_t begin = (at + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (at + size) & ~(kHugePage - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace

std::string read_failure_text(const FileRead& read) {
  if (read.status != ReadStatus::too_large) return read_failure_text(read.status, read.error);
  return "too large (" + std::to_string(read.file_size) + " bytes; the " + std::string(format_name(read.format)) +
         " limit is " + std::to_string(read.limit) + ", see --max-size)";
}

std::string read_failure_text(ReadStatus status, int error) {
  switch (status) {
    case ReadStatus::ok: return "read";
    case ReadStatus::not_found: return "no such file or directory";
    case ReadStatus::not_regular: return "not a regular file";
    case ReadStatus::permission_denied: return "unreadable (permission denied)";
    case ReadStatus::too_large: return "too large";
    case ReadStatus::io_error: return error ? std::string("read error: ") + std::strerror(error) : "read error";
  }
  return "read error";
}

FileRead FileReader::read(const std::filesystem::path& path, const SizeLimits& limits) {
  if (buffer_.capacity() > kKeptCapacity) PodVector<std::byte>().swap(buffer_);
  const OpenFile file(path);
  if (!file.is_open()) return failed(status_of(file.open_error()), file.open_error());
  const std::optional<size_t> size = file.regular_file_size();
  if (!size) return failed(ReadStatus::not_regular, 0);
  FileRead r;
  r.file_size = *size;
  // Below every format's limit no magic needs reading to know the file fits.
  const uint64_t smallest_limit =
      limits.override_bytes.value_or(std::min(default_max_input_bytes(Format::dmc3_mod), default_max_input_bytes(Format::nres)));
  if (*size > smallest_limit) {
    std::array<std::byte, kMagicProbeBytes> magic{};
    const std::optional<size_t> got = file.read_into(magic);
    if (!got) return failed(status_of(errno), errno);
    r.format = detect_format(Bytes(magic.data(), *got));
    r.limit = limits.for_format(r.format);
    if (*size > r.limit) {
      r.status = ReadStatus::too_large;
      return r;
    }
  }
  if (*size > buffer_.capacity()) {
    buffer_.clear();  // so that growing copies nothing: the new memory stays untouched until read() fills it
    buffer_.reserve(*size);
    ask_for_huge_pages(buffer_.data(), buffer_.capacity());
  }
  buffer_.resize(*size);  // no zero fill: read() overwrites what is kept
  const std::optional<size_t> got = file.read_into(buffer_);
  if (!got) return failed(status_of(errno), errno);
  r.status = ReadStatus::ok;
  r.bytes = Bytes(buffer_.data(), *got);
  return r;
}

std::optional<std::vector<std::byte>> read_file(const std::filesystem::path& path, const SizeLimits& limits) {
  FileReader reader;
  const FileRead read = reader.read(path, limits);
  if (!read) return std::nullopt;
  return std::vector<std::byte>(read->begin(), read->end());
}

std::optional<FileDigests> digest_file(const std::filesystem::path& path) {
  const OpenFile file(path);
  if (!file.is_open() || !file.regular_file_size()) return std::nullopt;
  StreamingDigests digests;
  std::vector<std::byte> piece(size_t{1} << 20);
  for (off_t at = 0;;) {
    const std::optional<size_t> got = file.read_into(piece, at);
    if (!got) return std::nullopt;
    digests.update(Bytes(piece.data(), *got));
    if (*got < piece.size()) break;
    at += static_cast<off_t>(*got);
  }
  return FileDigests{digests.xxh3_64_hex(), digests.sha256_hex()};
}

PrefixRead read_prefix(const std::filesystem::path& path, std::span<std::byte> prefix) {
  const OpenFile file(path);
  if (!file.is_open()) return {status_of(file.open_error()), 0, file.open_error()};
  if (!file.regular_file_size()) return {ReadStatus::not_regular, 0, 0};
  const std::optional<size_t> got = file.read_into(prefix);
  if (!got) return {status_of(errno), 0, errno};
  return {ReadStatus::ok, *got, 0};
}

}  // namespace meshgate
