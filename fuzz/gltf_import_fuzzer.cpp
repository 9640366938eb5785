// libFuzzer target: what `import` reads. The input is a glTF (GLB bytes or
// .gltf JSON), optionally followed by files its uris may name, each after the
// separator "\n#file#\n" as "NAME\nBYTES" (an in-memory UriSource answers
// them, so buffers behind relative uris are fuzzed without a file system).
// It goes through read_asset (gltf_prepare's checks, then tinygltf), the
// removal of export's conventions root node, and the three importers
// that take a model's geometry (--as mod, --as msh, and --as scm with a
// synthetic stage as the like file); what they accept is built and parsed
// again, as the CLI does. Oracle: no crash, sanitizer report, hang or
// allocation past the limits (an import's memory is bounded by its input);
// an SCM the import writes parses, and its measured errors are finite.
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "fuzz/fuzz_oracles.hpp"
#include "import/mod/mod_from_gltf.hpp"
#include "import/msh/msh_from_gltf.hpp"
#include "import/scm/scm_from_gltf.hpp"
#include "parser/gltf/gltf_conventions.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/scm/scm_parser.hpp"
#include "synth/scm/scm_synth.hpp"

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

// The like stage: one synthetic SCM, made once (its records are the template
// the import keeps where the glTF carries nothing).
const meshgate::scm::Model& like_stage() {
  static const meshgate::scm::Model stage = meshgate::scm::random_scm_model(7, 0);
  return stage;
}

void check_scm_error(const meshgate::scm::ScmError& e) {
  if (!std::isfinite(e.error) || e.error < 0) meshgate::fuzzing::fail("an SCM import error that is not finite or is negative");
}

// --as scm, under the reading the input's size picks: what it writes must parse.
void import_as_scm(const tinygltf::Model& asset, size_t size) {
  using namespace meshgate;
  scm::ScmImportOptions options;
  if (size % 3 == 1) options.euler = scm::EulerReading::xyz;
  if (size % 3 == 2) options.euler = scm::EulerReading::zyx;
  const scm::ImportedScm imported = scm::scm_from_gltf(asset, like_stage(), options);
  if (imported.accuracy) {
    check_scm_error(imported.accuracy->position);
    check_scm_error(imported.accuracy->colour);
    check_scm_error(imported.accuracy->uv);
    check_scm_error(imported.accuracy->node_matrix);
  }
  if (imported.bytes.empty()) {
    if (imported.errors.empty()) fuzzing::fail("an SCM import wrote nothing and gave no reason");
    return;
  }
  if (!scm::parse_scm(Bytes(imported.bytes.data(), imported.bytes.size())).ok())
    fuzzing::fail("the SCM the import wrote does not parse");
}

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
  import_as_scm(*asset, size);
  return 0;
}
