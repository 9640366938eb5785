#include <windows.h>

#include <algorithm>
#include <atomic>
#include <string>

#include "platform/output_file.hpp"
#include "platform/windows_error.hpp"

namespace meshgate::platform {

namespace {

constexpr size_t kNameMax = 255;  // UTF-16 units in one path component

std::error_code last_error() { return last_windows_error(); }
HANDLE handle_of(intptr_t h) { return reinterpret_cast<HANDLE>(h); }
bool read_only(uint32_t mode) { return (mode & 0222) == 0; }

// Six characters that differ between calls and processes; CREATE_NEW makes
// a collision a retry, never a shared file.
std::wstring unique_suffix(unsigned attempt) {
  static std::atomic<uint64_t> counter{0};
  uint64_t x = (uint64_t{GetCurrentProcessId()} << 32) ^ GetTickCount64() ^ (counter++ * 0x9E3779B97F4A7C15ull) ^ attempt;
  constexpr wchar_t kAlphabet[] = L"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::wstring suffix;
  for (int i = 0; i < 6; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    suffix += kAlphabet[(x >> 33) % 62];
  }
  return suffix;
}

}  // namespace

std::optional<FileAttributes> attributes_of(const std::filesystem::path& path) {
  const DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return std::nullopt;
  return FileAttributes{(attributes & FILE_ATTRIBUTE_READONLY) != 0 ? 0444u : 0666u, 0, 0};
}

TempFile::TempFile(const std::filesystem::path& destination) : handle_(reinterpret_cast<intptr_t>(INVALID_HANDLE_VALUE)) {
  const std::filesystem::path dir = destination.parent_path().empty() ? std::filesystem::path(L".") : destination.parent_path();
  std::wstring name = destination.filename().wstring();
  const std::wstring kPrefix = L".meshgate-";
  name.resize(std::min(name.size(), kNameMax - 1 - kPrefix.size() - 6));
  for (unsigned attempt = 0; attempt < 100; ++attempt) {
    const std::filesystem::path candidate = dir / (L"." + name + kPrefix + unique_suffix(attempt));
    const HANDLE h = CreateFileW(candidate.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) {
      handle_ = reinterpret_cast<intptr_t>(h);
      path_ = candidate;
      return;
    }
    if (GetLastError() != ERROR_FILE_EXISTS && GetLastError() != ERROR_ALREADY_EXISTS) break;
  }
  error_ = last_error();
}

TempFile::~TempFile() {
  if (is_open()) CloseHandle(handle_of(handle_));
}

bool TempFile::is_open() const { return handle_of(handle_) != INVALID_HANDLE_VALUE; }

std::error_code TempFile::write(const char* data, size_t size) {
  while (size > 0) {
    const DWORD want = static_cast<DWORD>(std::min<size_t>(size, DWORD{1} << 30));
    DWORD wrote = 0;
    if (!WriteFile(handle_of(handle_), data, want, &wrote, nullptr)) return last_error();
    if (wrote == 0) return std::make_error_code(std::errc::io_error);
    data += wrote;
    size -= wrote;
  }
  return {};
}

// No in-kernel copy between two handles at offsets: the caller reads and writes.
std::error_code TempFile::copy_from(const ReadOnlyFile&, uint64_t, uint64_t) {
  return std::make_error_code(std::errc::operation_not_supported);
}

// Windows files have no mode bits or POSIX owner: what passes on is whether
// the replaced file was read-only, set once the file is closed.
std::error_code TempFile::give_attributes(const std::optional<FileAttributes>& replaced) {
  read_only_ = replaced && read_only(replaced->mode);
  return {};
}

std::error_code TempFile::sync_and_close() {
  std::error_code error;
  if (!FlushFileBuffers(handle_of(handle_))) error = last_error();
  if (!CloseHandle(handle_of(handle_)) && !error) error = last_error();
  handle_ = reinterpret_cast<intptr_t>(INVALID_HANDLE_VALUE);
  if (!error && read_only_ && !SetFileAttributesW(path_.c_str(), FILE_ATTRIBUTE_READONLY)) error = last_error();
  return error;
}

// MoveFileExW refuses to replace a read-only file, which POSIX rename does
// not: the attribute is lifted for the move (the new file carries it on)
// and put back if the move fails.
Move move_into_place(const std::filesystem::path& temp, const std::filesystem::path& destination, bool replace,
                     std::error_code& error) {
  DWORD flags = MOVEFILE_WRITE_THROUGH;
  DWORD lifted = INVALID_FILE_ATTRIBUTES;
  if (replace) {
    flags |= MOVEFILE_REPLACE_EXISTING;
    const DWORD attributes = GetFileAttributesW(destination.c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) != 0 &&
        SetFileAttributesW(destination.c_str(), attributes & ~DWORD{FILE_ATTRIBUTE_READONLY}))
      lifted = attributes;
  }
  if (MoveFileExW(temp.c_str(), destination.c_str(), flags)) return Move::moved;
  const DWORD code = GetLastError();
  if (lifted != INVALID_FILE_ATTRIBUTES) SetFileAttributesW(destination.c_str(), lifted);
  error = error_from_windows(code);
  return code == ERROR_ALREADY_EXISTS || code == ERROR_FILE_EXISTS ? Move::exists : Move::failed;
}

void remove_file(const std::filesystem::path& path) {
  SetFileAttributesW(path.c_str(), FILE_ATTRIBUTE_NORMAL);  // a read-only temporary must go too
  DeleteFileW(path.c_str());
}

// MOVEFILE_WRITE_THROUGH returns once the move is on disk: nothing to flush.
void sync_directory_of(const std::filesystem::path&) {}

}  // namespace meshgate::platform
