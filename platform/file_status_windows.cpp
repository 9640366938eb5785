#include <windows.h>

#include "platform/file_status.hpp"
#include "platform/windows_error.hpp"

namespace meshgate::platform {

namespace {

FileStatus missing(DWORD error) {
  FileStatus status;
  status.problem = problem_from_windows(error);
  status.error = error_from_windows(error);
  return status;
}

}  // namespace

bool file_names_fold_case() { return true; }

// A handle with no access rights reads attributes, size and identity even of
// a file another program holds open; BACKUP_SEMANTICS opens directories, and
// OPEN_REPARSE_POINT the link itself (lstat).
FileStatus status_of(const std::filesystem::path& path, Links links) {
  const DWORD flags = FILE_FLAG_BACKUP_SEMANTICS | (links == Links::no_follow ? FILE_FLAG_OPEN_REPARSE_POINT : 0);
  const HANDLE handle = CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                    OPEN_EXISTING, flags, nullptr);
  if (handle == INVALID_HANDLE_VALUE) return missing(GetLastError());
  BY_HANDLE_FILE_INFORMATION info{};
  const bool got = GetFileInformationByHandle(handle, &info);
  const DWORD error = got ? ERROR_SUCCESS : GetLastError();  // before any other call resets it
  const DWORD type = GetFileType(handle);
  FILE_ATTRIBUTE_TAG_INFO tag{};
  const bool tagged = got && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0 &&
                      GetFileInformationByHandleEx(handle, FileAttributeTagInfo, &tag, sizeof tag);
  CloseHandle(handle);
  if (!got) return missing(error);
  FileStatus status;
  const DWORD attributes = info.dwFileAttributes;
  // Only symbolic links and junctions are links: other reparse points
  // (OneDrive placeholders, deduplicated or cloud files) are the files they hold.
  const bool link = tagged && (tag.ReparseTag == IO_REPARSE_TAG_SYMLINK || tag.ReparseTag == IO_REPARSE_TAG_MOUNT_POINT);
  if (links == Links::no_follow && link) status.kind = PathKind::symlink;
  else if ((attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) status.kind = PathKind::directory;
  else if (type == FILE_TYPE_DISK) status.kind = PathKind::regular;
  else if (type == FILE_TYPE_PIPE) status.kind = PathKind::fifo;
  else if (type == FILE_TYPE_CHAR) status.kind = PathKind::device;
  else status.kind = PathKind::other;
  if (status.kind == PathKind::regular) status.size = (uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
  status.identity = {info.dwVolumeSerialNumber, (uint64_t{info.nFileIndexHigh} << 32) | info.nFileIndexLow};
  return status;
}

std::string device_name_of(const std::filesystem::path& path) { return windows_device_name(path); }

}  // namespace meshgate::platform
