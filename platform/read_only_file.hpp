// A file opened for reading, by the one open / size / positioned-read each
// platform offers: open(2), fstat and pread on POSIX; CreateFileW,
// GetFileInformationByHandle and ReadFile at an offset on Windows (64-bit
// sizes and offsets on both). Opening never waits: a FIFO or a device opens
// non-blocking, and only a regular file has a size. A regular file opened
// for input is recorded as one (platform/input_record.hpp), so that no
// output replaces it; a probe is not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <system_error>

#include "platform/file_status.hpp"

namespace meshgate::platform {

// Why a file is opened: to read it as an input of the command, or only to
// probe its magic (a directory scan deciding which files are inputs).
enum class Reading { input, probe };

class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const std::filesystem::path& path, Reading reading = Reading::input);
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  ~ReadOnlyFile();

  [[nodiscard]] bool is_open() const;
  // After a failed open or read: what kind of failure, and the system's code.
  [[nodiscard]] FileProblem problem() const { return problem_; }
  [[nodiscard]] std::error_code error() const { return error_; }

  // The size of a regular file when it was opened; nullopt for anything else
  // (a directory, a FIFO, a device), whose size says nothing about what a
  // read returns.
  [[nodiscard]] std::optional<uint64_t> regular_file_size() const { return regular_size_; }

  // Reads from `offset` until `into` is full or the file ends; how many bytes
  // it read, or nullopt on a read error (problem() and error() say which).
  [[nodiscard]] std::optional<size_t> read_into(std::span<std::byte> into, uint64_t offset = 0);
  // The file descriptor (POSIX) or HANDLE (Windows): what TempFile::copy_from copies from.
  [[nodiscard]] intptr_t native_handle() const { return handle_; }

 private:
  void fail(FileProblem problem, std::error_code error) {
    problem_ = problem;
    error_ = error;
  }
  // Sizes an open handle and, for input, records a regular file's identity:
  // one fstat (GetFileInformationByHandle) serves both.
  void look_at_handle(Reading reading);
  intptr_t handle_;  // a file descriptor, or a Windows HANDLE
  std::optional<uint64_t> regular_size_;
  FileProblem problem_ = FileProblem::none;
  std::error_code error_;
};

}  // namespace meshgate::platform
