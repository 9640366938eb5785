#include "writer/core/output_names.hpp"

#include <cctype>
#include <filesystem>
#include <utility>

#include "parser/core/hashing.hpp"
#include "platform/file_status.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate {

namespace {

// The stem with `suffix` ("-2" or "") and `extension`, cut to kNameMax when
// it is longer (see the header): `hash` stands for what was cut.
std::string fitted(const std::string& stem, const std::string& suffix, std::string_view extension,
                   const std::string& hash) {
  std::string name = stem + suffix + std::string(extension);
  if (name.size() <= kNameMax) return name;
  constexpr size_t kLongestKeptExtension = 8;
  const size_t dot = stem.rfind('.');
  const std::string own = dot != std::string::npos && dot > 0 && stem.size() - dot <= kLongestKeptExtension
                              ? stem.substr(dot) : std::string();
  const std::string tail = "-" + hash + own + suffix + std::string(extension);
  return stem.substr(0, kNameMax - tail.size()) + tail;
}

// A name that brings its own extension ("upper.mod", extract's members) and
// is given none keeps it last: "-2" goes before it, as before an appended one.
std::pair<std::string, std::string> split_own_extension(std::string stem, std::string_view extension) {
  if (!extension.empty()) return {std::move(stem), std::string(extension)};
  const size_t dot = stem.rfind('.');
  if (dot == std::string::npos || dot == 0) return {std::move(stem), {}};
  std::string own = stem.substr(dot);
  stem.resize(dot);
  return {std::move(stem), std::move(own)};
}

}  // namespace

std::string output_file_name(std::string_view report_path, std::string_view extension, std::set<std::string>& taken) {
  std::string safe;
  for (const char c : report_path)
    safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') ? c : '_';
  // Windows opens a device, not a file, at "con.mod" or "aux" (and refuses
  // it as an output): such a name is written "_con.mod" on every system.
  if (!platform::windows_device_name(std::filesystem::path(safe + std::string(extension))).empty()) safe.insert(0, "_");
  const auto [stem, own_extension] = split_own_extension(std::move(safe), extension);
  extension = own_extension;
  const std::string hash =
      xxh3_64_hex(Bytes(reinterpret_cast<const std::byte*>(report_path.data()), report_path.size()));
  const auto folded = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  std::string name = fitted(stem, "", extension, hash);
  for (int k = 2; !taken.insert(folded(name)).second; ++k) name = fitted(stem, "-" + std::to_string(k), extension, hash);
  return name;
}

}  // namespace meshgate
