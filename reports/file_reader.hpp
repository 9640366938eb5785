// Reads whole files for a run that reads file after file (sweep, roundtrip):
// into one buffer kept from file to file, with one open, fstat, read and
// close each. A fresh std::vector per file, read through an ifstream, cost
// the 10,000-file sweep a zero fill and page faults for every file's buffer
// and three lseeks to learn each size. Not thread-safe: one reader per thread.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/pod_vector.hpp"

namespace meshgate {

class FileReader {
 public:
  // The file's bytes, valid until the next read(); nullopt when it cannot be
  // opened or read. A file that changes size while it is read is read as far
  // as it then goes, never past the size it had when opened.
  [[nodiscard]] std::optional<Bytes> read(const std::filesystem::path& path);

 private:
  // Buffers over this size are let go after use: one huge file in a corpus
  // must not pin its size in memory (per thread) for the rest of the run.
  static constexpr size_t kKeptCapacity = size_t{64} << 20;
  PodVector<std::byte> buffer_;
};

// Reads a whole file into a vector of its own; nullopt on I/O failure.
[[nodiscard]] std::optional<std::vector<std::byte>> read_file(const std::filesystem::path& path);

// The first min(size, `prefix`.size()) bytes of a file, into `prefix`; how
// many it read, or nullopt when the file cannot be opened or read.
[[nodiscard]] std::optional<size_t> read_prefix(const std::filesystem::path& path, std::span<std::byte> prefix);

}  // namespace meshgate
