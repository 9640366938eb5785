#include "platform/file_status.hpp"

namespace meshgate::platform {

// Windows reads a name up to its first dot, less trailing spaces, as the
// device (Microsoft's "Naming Files, Paths, and Namespaces": "Do not use the
// following reserved names ... also avoid these names followed immediately
// by an extension").
std::string windows_device_name(const std::filesystem::path& path) {
  const std::filesystem::path name = path.filename();
  std::string stem;
  for (const auto c : name.native()) {  // char on POSIX, wchar_t on Windows: no conversion to fail
    if (c == '.') break;
    if (static_cast<unsigned long>(c) > 0x7f) return {};
    stem += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  }
  while (!stem.empty() && stem.back() == ' ') stem.pop_back();
  if (stem == "CON" || stem == "PRN" || stem == "AUX" || stem == "NUL") return stem;
  if (stem.size() == 4 && (stem.starts_with("COM") || stem.starts_with("LPT")) && stem[3] >= '0' && stem[3] <= '9')
    return stem;
  return {};
}

std::string device_name_text(const std::string& device) {
  return "its name is " + device + ", a reserved Windows device name, not a file; choose another name";
}

std::string kind_text(PathKind kind) {
  switch (kind) {
    case PathKind::missing: return "missing";
    case PathKind::regular: return "a regular file";
    case PathKind::directory: return "a directory";
    case PathKind::symlink: return "a symlink";
    case PathKind::fifo: return "a FIFO";
    case PathKind::socket: return "a socket";
    case PathKind::device: return "a device";
    case PathKind::other: return "not a regular file";
  }
  return "not a regular file";
}

}  // namespace meshgate::platform
