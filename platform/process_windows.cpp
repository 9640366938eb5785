#include <windows.h>

#include <cstdlib>
#include <string>

#include "platform/process.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate::platform {

std::optional<std::filesystem::path> program_path() {
  std::wstring path(MAX_PATH, L'\0');
  for (int attempt = 0; attempt < 6; ++attempt) {
    const DWORD length = GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
    if (length == 0) return std::nullopt;
    if (length < path.size()) {
      path.resize(length);
      return std::filesystem::path(path);
    }
    path.resize(path.size() * 2);  // truncated: a longer path
  }
  return std::nullopt;
}

std::optional<std::string> environment(const char* name) {
  const std::wstring wide_name(name, name + std::char_traits<char>::length(name));  // names are ASCII
  const wchar_t* value = _wgetenv(wide_name.c_str());
  if (value == nullptr || *value == L'\0') return std::nullopt;
  return utf8_of(std::filesystem::path(value));
}

}  // namespace meshgate::platform
