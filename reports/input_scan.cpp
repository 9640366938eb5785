#include "reports/input_scan.hpp"

#include <algorithm>
#include <fstream>

#include "parser/core/utf8_text.hpp"

namespace meshgate {

namespace fs = std::filesystem;

std::optional<std::vector<std::byte>> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;
  in.seekg(0);
  std::vector<std::byte> bytes(static_cast<size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size)) return std::nullopt;
  return bytes;
}

namespace {
Format probe(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<std::byte, kMagicProbeBytes> prefix{};
  in.read(reinterpret_cast<char*>(prefix.data()), prefix.size());
  return detect_format(Bytes(prefix.data(), static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0))));
}
}  // namespace

InputScan scan_inputs(const std::vector<std::string>& arguments) {
  InputScan scan;
  for (const std::string& arg : arguments) {
    std::error_code ec;
    const fs::path root(arg);
    if (fs::is_regular_file(root, ec)) {
      scan.files.push_back(
          {root, utf8_or_escaped(root.is_absolute() ? root.filename().string() : root.lexically_normal().string()), true});
      continue;
    }
    if (!fs::is_directory(root, ec)) {
      scan.errors.push_back(arg + ": no such file or directory");
      continue;
    }
    std::vector<InputFile> found;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      if (probe(it->path()) == Format::unknown) continue;
      found.push_back({it->path(), utf8_or_escaped(it->path().lexically_relative(root).generic_string()), false});
    }
    if (ec) scan.errors.push_back(arg + ": " + ec.message());
    std::sort(found.begin(), found.end(), [](const InputFile& a, const InputFile& b) { return a.display < b.display; });
    scan.files.insert(scan.files.end(), found.begin(), found.end());
  }
  return scan;
}

}  // namespace meshgate
