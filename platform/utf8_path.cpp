#include "platform/utf8_path.hpp"

#include <exception>

namespace meshgate::platform {

// char8_t strings convert as UTF-8 in both directions wherever the path's
// native encoding is (UTF-16 on Windows, bytes on POSIX). Converting to
// UTF-16 throws on bytes that are not UTF-8 (a name read from a hostile
// archive): such a name keeps its bytes through the narrow conversion, and
// the system then says whether it exists.
std::filesystem::path path_from_utf8(std::string_view utf8) {
  try {
    return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
  } catch (const std::exception&) {
    return std::filesystem::path(std::string(utf8));
  }
}

std::string utf8_of(const std::filesystem::path& path) {
  try {
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
  } catch (const std::exception&) {
    return path.string();
  }
}

std::string join_utf8(std::string_view dir, std::string_view name) {
  if (dir.empty()) return std::string(name);
  const bool separated = dir.back() == '/' || dir.back() == '\\';
  return std::string(dir) + (separated ? "" : "/") + std::string(name);
}

}  // namespace meshgate::platform
