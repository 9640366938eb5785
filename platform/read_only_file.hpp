// A file opened for reading, by the one open / size / positioned-read each
// platform offers: open(2), fstat and pread on POSIX; CreateFileW,
// GetFileInformationByHandle and ReadFile at an offset on Windows (64-bit
// sizes and offsets on both). Opening never waits: a FIFO or a device opens
// non-blocking, and only a regular file has a size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <system_error>

#include "platform/file_status.hpp"

namespace meshgate::platform {

class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const std::filesystem::path& path);
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  ~ReadOnlyFile();

  [[nodiscard]] bool is_open() const;
  // After a failed open or read: what kind of failure, and the system's code.
  [[nodiscard]] FileProblem problem() const { return problem_; }
  [[nodiscard]] std::error_code error() const { return error_; }

  // The size of a regular file; nullopt for anything else (a directory, a
  // FIFO, a device), whose size says nothing about what a read returns.
  [[nodiscard]] std::optional<uint64_t> regular_file_size() const;

  // Reads from `offset` until `into` is full or the file ends; how many bytes
  // it read, or nullopt on a read error (problem() and error() say which).
  [[nodiscard]] std::optional<size_t> read_into(std::span<std::byte> into, uint64_t offset = 0);

 private:
  void fail(FileProblem problem, std::error_code error) {
    problem_ = problem;
    error_ = error;
  }
  intptr_t handle_;  // a file descriptor, or a Windows HANDLE
  FileProblem problem_ = FileProblem::none;
  std::error_code error_;
};

}  // namespace meshgate::platform
