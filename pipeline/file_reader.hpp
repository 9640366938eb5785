// Reads whole files for a run that reads file after file (sweep, roundtrip):
// into one buffer kept from file to file, with one open, fstat, read and
// close each. A fresh std::vector per file, read through an ifstream, cost
// the 10,000-file sweep a zero fill and page faults for every file's buffer
// and three lseeks to learn each size. Not thread-safe: one reader per thread.
//
// What is read is checked before a byte is read: the path is opened with
// O_NONBLOCK (a FIFO or a device never blocks open()), fstat must say it is a
// regular file, and its size must be within the format's limit
// (parser/detect/format_detect.hpp), so neither a FIFO nor /dev/zero nor a
// 3 GiB sparse file costs more than the syscalls that reject it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/pod_vector.hpp"
#include "parser/detect/format_detect.hpp"
#include "platform/read_only_file.hpp"

namespace meshgate {

enum class ReadStatus { ok, not_found, not_regular, permission_denied, too_large, io_error };

struct FileRead {
  ReadStatus status = ReadStatus::io_error;
  Bytes bytes;                      // when ok: valid until the reader's next read
  uint64_t file_size = 0;           // from fstat (also when too_large)
  Format format = Format::unknown;  // when too_large: what its magic says
  uint64_t limit = 0;               // when too_large: the limit it exceeds
  std::error_code error;            // when the system said why

  [[nodiscard]] bool ok() const { return status == ReadStatus::ok; }
  explicit operator bool() const { return ok(); }
  const Bytes& operator*() const { return bytes; }
  const Bytes* operator->() const { return &bytes; }
};

// "not a regular file", "permission denied", ... for a failed read.
[[nodiscard]] std::string read_failure_text(const FileRead& read);
[[nodiscard]] std::string read_failure_text(ReadStatus status, std::error_code error = {});  // any status but too_large

class FileReader {
 public:
  // The file's bytes. A file that changes size while it is read is read as
  // far as it then goes, never past the size it had when opened. `limits`:
  // a file larger than its format allows is too_large, and not read.
  [[nodiscard]] FileRead read(const std::filesystem::path& path, const SizeLimits& limits = {});
  // A std::string path converts in the system's narrow encoding (the ANSI
  // code page on Windows): UTF-8 names go through platform::path_from_utf8.
  FileRead read(const std::string& path, const SizeLimits& limits = {}) = delete;

 private:
  // Buffers over this size are let go after use: one huge file in a corpus
  // must not pin its size in memory (per thread) for the rest of the run.
  static constexpr size_t kKeptCapacity = size_t{64} << 20;
  PodVector<std::byte> buffer_;
};

// Reads a whole file into a vector of its own; nullopt on any failure.
[[nodiscard]] std::optional<std::vector<std::byte>> read_file(const std::filesystem::path& path,
                                                              const SizeLimits& limits = {});
std::optional<std::vector<std::byte>> read_file(const std::string& path, const SizeLimits& limits = {}) = delete;

// Both digests of a file read a megabyte at a time (for a file too large to
// read whole); nullopt when it cannot be read.
struct FileDigests {
  std::string xxh3_64, sha256;
};
[[nodiscard]] std::optional<FileDigests> digest_file(const std::filesystem::path& path);
std::optional<FileDigests> digest_file(const std::string& path) = delete;

// The first min(size, `prefix`.size()) bytes of a regular file, into
// `prefix`: how many it read, or a FileRead saying why it could not.
// Reading::probe for a look at a file's magic that does not make it an input
// (platform/input_record.hpp); every other read here records its file.
struct PrefixRead {
  ReadStatus status = ReadStatus::io_error;
  size_t length = 0;
  std::error_code error;
};
[[nodiscard]] PrefixRead read_prefix(const std::filesystem::path& path, std::span<std::byte> prefix,
                                     platform::Reading reading = platform::Reading::input);
PrefixRead read_prefix(const std::string& path, std::span<std::byte> prefix,
                       platform::Reading reading = platform::Reading::input) = delete;

}  // namespace meshgate
