#include "reports/input_scan.hpp"

#include <algorithm>
#include <array>

#include "parser/core/utf8_text.hpp"
#include "reports/file_reader.hpp"

namespace meshgate {

namespace fs = std::filesystem;

namespace {
// A file's format from its first bytes (an unreadable file has none).
Format probe(const fs::path& path) {
  std::array<std::byte, kMagicProbeBytes> prefix{};
  return detect_format(Bytes(prefix.data(), read_prefix(path, prefix).value_or(0)));
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
