#include <windows.h>

#include <algorithm>

#include "platform/input_record.hpp"
#include "platform/read_only_file.hpp"
#include "platform/windows_error.hpp"

namespace meshgate::platform {

namespace {

HANDLE handle_of(intptr_t h) { return reinterpret_cast<HANDLE>(h); }

}  // namespace

// FILE_FLAG_BACKUP_SEMANTICS opens a directory too, so that it is reported
// as "not a regular file" (as on Linux) rather than "permission denied".
// Every share mode: a file another program has open still reads.
ReadOnlyFile::ReadOnlyFile(const std::filesystem::path& path, Reading reading)
    : handle_(reinterpret_cast<intptr_t>(CreateFileW(path.c_str(), GENERIC_READ,
                                                     FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                                     OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr))) {
  if (!is_open()) {
    const DWORD error = GetLastError();
    fail(problem_from_windows(error), error_from_windows(error));
    return;
  }
  look_at_handle(reading);
}

// The identity as platform::status_of gives it (file_status_windows.cpp).
void ReadOnlyFile::look_at_handle(Reading reading) {
  BY_HANDLE_FILE_INFORMATION info{};
  if (GetFileType(handle_of(handle_)) != FILE_TYPE_DISK || !GetFileInformationByHandle(handle_of(handle_), &info) ||
      (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0)
    return;
  regular_size_ = (uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
  if (reading == Reading::input)
    record_input({info.dwVolumeSerialNumber, (uint64_t{info.nFileIndexHigh} << 32) | info.nFileIndexLow});
}

ReadOnlyFile::~ReadOnlyFile() {
  if (is_open()) CloseHandle(handle_of(handle_));
}

bool ReadOnlyFile::is_open() const { return handle_of(handle_) != INVALID_HANDLE_VALUE; }

std::optional<size_t> ReadOnlyFile::read_into(std::span<std::byte> into, uint64_t offset) {
  size_t done = 0;
  while (done < into.size()) {
    OVERLAPPED at{};  // on a synchronous handle: where this read starts
    const uint64_t position = offset + done;
    at.Offset = static_cast<DWORD>(position);
    at.OffsetHigh = static_cast<DWORD>(position >> 32);
    const DWORD want = static_cast<DWORD>(std::min<size_t>(into.size() - done, DWORD{1} << 30));
    DWORD got = 0;
    if (!ReadFile(handle_of(handle_), into.data() + done, want, &got, &at)) {
      const DWORD error = GetLastError();
      if (error == ERROR_HANDLE_EOF) break;
      fail(problem_from_windows(error), error_from_windows(error));
      return std::nullopt;
    }
    if (got == 0) break;  // the file shrank since it was sized: read what is there
    done += got;
  }
  return done;
}

}  // namespace meshgate::platform
