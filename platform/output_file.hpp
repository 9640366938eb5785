// The steps of an atomic write, on each platform's calls: a temporary beside
// the destination, created exclusively (a planted name is never followed or
// truncated); its bytes, attributes and flush to disk; the move over (or
// beside, never over) the destination. POSIX: mkstemp, fchown/fchmod, fsync,
// rename / renameat2(RENAME_NOREPLACE) / link. Windows: CreateFileW(CREATE_NEW),
// the read-only attribute, FlushFileBuffers, MoveFileExW(REPLACE_EXISTING |
// WRITE_THROUGH) or without REPLACE_EXISTING. writer/core/atomic_file.cpp
// composes them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#include "platform/read_only_file.hpp"

namespace meshgate::platform {

// What a replaced file passes on to its successor: POSIX mode bits, owner and
// group; on Windows, whether it is read-only (mode 0444 or 0666).
struct FileAttributes {
  uint32_t mode = 0;
  uint32_t owner = 0;
  uint32_t group = 0;
};
[[nodiscard]] std::optional<FileAttributes> attributes_of(const std::filesystem::path& path);

class TempFile {
 public:
  // Creates "DIR/.NAME.meshgate-XXXXXX" beside `destination` (NAME cut so
  // that the whole is one legal name); !is_open() and error() on failure.
  explicit TempFile(const std::filesystem::path& destination);
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile();  // closes; the file stays (the caller moves or removes it)

  [[nodiscard]] bool is_open() const;
  [[nodiscard]] std::error_code error() const { return error_; }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

  std::error_code write(const char* data, size_t size);
  // Appends `size` bytes of `from` at `offset` copied by the kernel (Linux:
  // copy_file_range, never through this process's memory), as write() would
  // append them. std::errc::operation_not_supported, before a byte is
  // copied, where the system or the two file systems cannot: the caller
  // reads and writes instead. Any other error after a part may be copied.
  std::error_code copy_from(const ReadOnlyFile& from, uint64_t offset, uint64_t size);
  // The replaced file's attributes, or a new file's (0666 less the umask).
  std::error_code give_attributes(const std::optional<FileAttributes>& replaced);
  std::error_code sync_and_close();

 private:
  intptr_t handle_;
  std::filesystem::path path_;
  std::error_code error_;
  // Windows: the read-only attribute, set once the file is closed (a read-only
  // handle could not be flushed). POSIX carries it in the mode bits instead.
  [[maybe_unused]] bool read_only_ = false;
};

enum class Move { moved, exists, failed };
// Moves the temporary to `destination`: over an existing file when
// `replace`, otherwise refusing one as atomically as the check and the move
// can be one step. `error` says why, when failed.
[[nodiscard]] Move move_into_place(const std::filesystem::path& temp, const std::filesystem::path& destination,
                                   bool replace, std::error_code& error);

void remove_file(const std::filesystem::path& path);  // a temporary left behind; errors ignored

// Makes a rename durable (POSIX: fsync of the directory); best effort.
void sync_directory_of(const std::filesystem::path& path);

}  // namespace meshgate::platform
