// libFuzzer target: what `import` reads. The input is a glTF (GLB bytes or
// .gltf JSON), optionally followed by files its uris may name, each after the
// separator "\n#file#\n" as "NAME\nBYTES" (an in-memory UriSource answers
// them, so buffers behind relative uris are fuzzed without a file system).
// It goes through read_asset (gltf_prepare's checks, then tinygltf), the
// removal of export's conventions root node, and both
// importers (--as mod and --as msh); what they accept is built and parsed
// again, as the CLI does. Oracle: no crash, sanitizer report, hang or
// allocation past the limits (an import's memory is bounded by its input).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "import/mod_from_gltf.hpp"
#include "import/msh_from_gltf.hpp"
#include "parser/gltf/gltf_conventions.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"

namespace {

constexpr std::string_view kSeparator = "\n#file#\n";

class MemoryFiles final : public meshgate::gltf::UriSource {
 public:
  std::optional<std::vector<unsigned char>> read(const std::string& path, uint64_t length, std::string& error) override {
    const auto it = files_.find(path);
    if (it == files_.end()) return error = "no such file", std::nullopt;
    if (it->second.size() < length) return error = "shorter than byteLength", std::nullopt;
    return std::vector<unsigned char>(it->second.begin(), it->second.begin() + static_cast<std::ptrdiff_t>(length));
  }
  bool check(const std::string&, std::string&) override { return true; }
  std::map<std::string, std::string_view> files_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t cut = input.find(kSeparator);
  const std::string_view main = input.substr(0, cut);
  MemoryFiles files;
  while (cut != std::string_view::npos) {
    const size_t start = cut + kSeparator.size();
    cut = input.find(kSeparator, start);
    const std::string_view part = input.substr(start, cut == std::string_view::npos ? std::string_view::npos : cut - start);
    const size_t newline = part.find('\n');
    if (newline != std::string_view::npos) files.files_.emplace(std::string(part.substr(0, newline)), part.substr(newline + 1));
  }
  std::string error;
  const Bytes bytes(reinterpret_cast<const std::byte*>(main.data()), main.size());
  // The limit is the fuzzer's memory, not the CLI's 256 MiB: a buffer larger than this is refused.
  std::optional<tinygltf::Model> asset = gltf::read_asset(bytes, error, {&files, uint64_t{1} << 20});
  if (!asset) return 0;
  // As the CLI does: export --scale/--y-up's root node is removed first, or the asset refused.
  if (!gltf::undo_export_conventions(*asset, error)) return 0;
  const mod::ImportedMod as_mod = mod::mod_from_gltf(*asset, nullptr);
  if (as_mod.ok()) {
    const std::vector<std::byte> built = mod::build_mod(as_mod.description).bytes;
    (void)mod::parse_mod(Bytes(built.data(), built.size()));
  }
  const msh::ImportedMsh as_msh = msh::msh_from_gltf(*asset, 0, nullptr);
  if (as_msh.ok()) {
    const std::vector<std::byte> built = msh::export_msh(as_msh.model);
    (void)msh::parse_msh(Bytes(built.data(), built.size()));
  }
  return 0;
}
