// Windows error codes as the errno values they mean, so that a message reads
// as on Linux ("No such file or directory", in English and UTF-8): the
// system category's text is localised and in the ANSI code page ("Путь не
// найден" in CP1251 on a Russian system). Codes with no errno keep the
// system's own. Included by the Windows files of platform/ only.
#pragma once

#include <windows.h>

#include <cerrno>
#include <system_error>

#include "platform/file_status.hpp"

namespace meshgate::platform {

// The kind of failure a message names ("no such file or directory", ...).
inline FileProblem problem_from_windows(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
    case ERROR_DIRECTORY: return FileProblem::not_found;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION: return FileProblem::permission_denied;
    case ERROR_CANT_RESOLVE_FILENAME: return FileProblem::not_regular;  // a symbolic link loop
    default: return FileProblem::io_error;
  }
}

inline std::error_code error_from_windows(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_BAD_NETPATH:
    case ERROR_INVALID_DRIVE: return std::error_code(ENOENT, std::generic_category());
    case ERROR_ACCESS_DENIED:
    case ERROR_WRITE_PROTECT: return std::error_code(EACCES, std::generic_category());
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION: return std::error_code(EBUSY, std::generic_category());
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return std::error_code(EEXIST, std::generic_category());
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return std::error_code(ENOSPC, std::generic_category());
    case ERROR_DIRECTORY: return std::error_code(ENOTDIR, std::generic_category());
    case ERROR_FILENAME_EXCED_RANGE: return std::error_code(ENAMETOOLONG, std::generic_category());
    case ERROR_INVALID_NAME: return std::error_code(EINVAL, std::generic_category());
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return std::error_code(ENOMEM, std::generic_category());
    case ERROR_CANT_RESOLVE_FILENAME: return std::error_code(ELOOP, std::generic_category());
    default: return std::error_code(static_cast<int>(code), std::system_category());
  }
}

inline std::error_code last_windows_error() { return error_from_windows(GetLastError()); }

}  // namespace meshgate::platform
