// What a path names, without opening it for reading: its kind, its size and
// its identity (which file it is, however the path spells it). stat/lstat on
// POSIX (device and inode); on Windows a handle opened for attributes only
// (the volume serial number and the file index: st_ino there is always 0,
// and every file would be one file).
#pragma once

#include <compare>
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

namespace meshgate::platform {

// Why a file could not be opened, read or looked at, in the terms a message uses.
enum class FileProblem { none, not_found, not_regular, permission_denied, io_error };

struct FileIdentity {
  uint64_t device = 0;
  uint64_t file = 0;
  auto operator<=>(const FileIdentity&) const = default;
};

enum class PathKind { missing, regular, directory, symlink, fifo, socket, device, other };

struct FileStatus {
  PathKind kind = PathKind::missing;
  uint64_t size = 0;        // of a regular file
  FileIdentity identity;    // when it exists
  FileProblem problem = FileProblem::none;  // when missing: not_found, permission_denied, ...
  std::error_code error;    // the system's code, when missing

  [[nodiscard]] bool exists() const { return kind != PathKind::missing; }
};

enum class Links { follow, no_follow };  // stat or lstat: a symlink itself, or what it names

[[nodiscard]] FileStatus status_of(const std::filesystem::path& path, Links links = Links::follow);

// Whether two spellings that differ in case name one file (Windows: yes; its
// file systems fold case), for checks of names not yet on disk.
[[nodiscard]] bool file_names_fold_case();

// The Windows device a file name opens instead of a file, in upper case:
// "CON", "PRN", "AUX", "NUL", "COM0".."COM9", "LPT0".."LPT9", whatever
// follows a dot and whatever the case ("aux.txt" is AUX, in every
// directory); "" for any other name. Spelled on every system, so that it is
// tested everywhere; only Windows acts on it (device_name_of).
[[nodiscard]] std::string windows_device_name(const std::filesystem::path& path);
// The device a path's last name would open on this system (Windows: as
// above; POSIX: none, ""). An output named so is refused, never written.
[[nodiscard]] std::string device_name_of(const std::filesystem::path& path);
// Why an output named `device` is refused, in words for a message.
[[nodiscard]] std::string device_name_text(const std::string& device);

// "a directory", "a FIFO", ... for a message ("..., not a regular file").
[[nodiscard]] std::string kind_text(PathKind kind);

}  // namespace meshgate::platform
