// Paths as meshgate's strings hold them: UTF-8, on every platform. A
// std::filesystem::path made from a std::string reads it in the system's
// narrow encoding, which on Windows is the ANSI code page (a Cyrillic or
// accented name turns into '?'); these two conversions say UTF-8 instead.
// On Linux both are the identity.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace meshgate::platform {

[[nodiscard]] std::filesystem::path path_from_utf8(std::string_view utf8);
[[nodiscard]] std::string utf8_of(const std::filesystem::path& path);

// DIR/NAME with a '/', which Windows reads as a separator too: a joined
// output path is spelled as on Linux ("out/model.glb"), whatever the system.
[[nodiscard]] std::string join_utf8(std::string_view dir, std::string_view name);

}  // namespace meshgate::platform
