#include "pipeline/file_reader.hpp"

#include <algorithm>
#include <array>

#include "parser/core/hashing.hpp"
#include "platform/read_only_file.hpp"
#include "platform/memory.hpp"

namespace meshgate {

namespace {

ReadStatus status_of(platform::FileProblem problem) {
  switch (problem) {
    case platform::FileProblem::none: return ReadStatus::ok;
    case platform::FileProblem::not_found: return ReadStatus::not_found;
    case platform::FileProblem::permission_denied: return ReadStatus::permission_denied;
    case platform::FileProblem::not_regular: return ReadStatus::not_regular;
    case platform::FileProblem::io_error: return ReadStatus::io_error;
  }
  return ReadStatus::io_error;
}

using platform::ReadOnlyFile;

FileRead failed(const ReadOnlyFile& file) {
  FileRead r;
  r.status = status_of(file.problem());
  r.error = file.error();
  return r;
}

FileRead failed(ReadStatus status) {
  FileRead r;
  r.status = status;
  return r;
}

// The smallest limit of the formats detection can tell from a file's first
// bytes (and of an unknown file): a file below it fits whatever its magic
// says. A WEAR table (1 MiB) is never told by its bytes, so never read as one.
uint64_t smallest_detectable_limit() {
  uint64_t smallest = UINT64_MAX;
  for (const FormatIdentity& id : format_identities())
    if (id.claims || id.frames || id.format == Format::unknown) smallest = std::min(smallest, id.max_input_bytes);
  return smallest;
}

}  // namespace

std::string read_failure_text(const FileRead& read) {
  if (read.status != ReadStatus::too_large) return read_failure_text(read.status, read.error);
  return "too large (" + std::to_string(read.file_size) + " bytes; the " + std::string(format_name(read.format)) +
         " limit is " + std::to_string(read.limit) + ", see --max-size)";
}

std::string read_failure_text(ReadStatus status, std::error_code error) {
  switch (status) {
    case ReadStatus::ok: return "read";
    case ReadStatus::not_found: return "no such file or directory";
    case ReadStatus::not_regular: return "not a regular file";
    case ReadStatus::permission_denied: return "unreadable (permission denied)";
    case ReadStatus::too_large: return "too large";
    case ReadStatus::io_error: return error ? "read error: " + error.message() : "read error";
  }
  return "read error";
}

FileRead FileReader::read(const std::filesystem::path& path, const SizeLimits& limits) {
  if (buffer_.capacity() > kKeptCapacity) PodVector<std::byte>().swap(buffer_);
  ReadOnlyFile file(path);
  if (!file.is_open()) return failed(file);
  const std::optional<uint64_t> size = file.regular_file_size();
  if (!size) return failed(ReadStatus::not_regular);
  FileRead r;
  r.file_size = *size;
  // Below every format's limit no magic needs reading to know the file fits.
  const uint64_t smallest_limit =
      limits.override_bytes.value_or(smallest_detectable_limit());
  if (*size > smallest_limit) {
    std::array<std::byte, kMagicProbeBytes> magic{};
    const std::optional<size_t> got = file.read_into(magic);
    if (!got) return failed(file);
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
    platform::ask_for_huge_pages(buffer_.data(), buffer_.capacity());
  }
  buffer_.resize(*size);  // no zero fill: read() overwrites what is kept
  const std::optional<size_t> got = file.read_into(buffer_);
  if (!got) return failed(file);
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
  ReadOnlyFile file(path);
  if (!file.is_open() || !file.regular_file_size()) return std::nullopt;
  StreamingDigests digests;
  std::vector<std::byte> piece(size_t{1} << 20);
  for (uint64_t at = 0;;) {
    const std::optional<size_t> got = file.read_into(piece, at);
    if (!got) return std::nullopt;
    digests.update(Bytes(piece.data(), *got));
    if (*got < piece.size()) break;
    at += *got;
  }
  return FileDigests{digests.xxh3_64_hex(), digests.sha256_hex()};
}

PrefixRead read_prefix(const std::filesystem::path& path, std::span<std::byte> prefix, platform::Reading reading) {
  ReadOnlyFile file(path, reading);
  if (!file.is_open()) return {status_of(file.problem()), 0, file.error()};
  if (!file.regular_file_size()) return {ReadStatus::not_regular, 0, {}};
  const std::optional<size_t> got = file.read_into(prefix);
  if (!got) return {status_of(file.problem()), 0, file.error()};
  return {ReadStatus::ok, *got, {}};
}

}  // namespace meshgate
