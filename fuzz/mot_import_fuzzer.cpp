// libFuzzer target: `import --as mot` (and replace of a MOT member by a glTF):
// glTF animations with hostile samplers. The input is a glTF (GLB bytes or
// .gltf JSON with data in a .glb's own buffer; no file is read), optionally
// followed by "\n#like#\n" and the bytes of a like MOT; without one the like
// file is the `synth dmc3` motion for the skin's joint count (idle or turn by
// the input's size), so mutated samplers reach the fitter and the
// measurement. The asset goes through read_asset and the removal of export's
// conventions root, as the CLI does, then mot_from_gltf under the mask
// reading the size picks. Oracle: no crash, sanitizer report, hang or
// allocation past the limits; a MOT the import writes parses without an
// error and has the like file's masks; a refusal says why; an accuracy,
// when measured, is finite and not negative.
#include <cmath>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_oracles.hpp"
#include "import/mot/mot_from_gltf.hpp"
#include "parser/gltf/gltf_conventions.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mot/mot_parser.hpp"
#include "synth/mot/actor_synth.hpp"

namespace {

constexpr std::string_view kLikeSeparator = "\n#like#\n";

void check_error(const meshgate::mot::ChannelError& e) {
  if (!std::isfinite(e.error) || e.error < 0) meshgate::fuzzing::fail("a measured error that is not finite or is negative");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t cut = input.find(kLikeSeparator);
  const std::string_view main = input.substr(0, cut);
  std::string error;
  std::optional<tinygltf::Model> asset =
      gltf::read_asset(Bytes(reinterpret_cast<const std::byte*>(main.data()), main.size()), error, {nullptr, uint64_t{1} << 20});
  if (!asset || !gltf::undo_export_conventions(*asset, error)) return 0;
  std::optional<mot::Motion> like;
  if (cut != std::string_view::npos) {
    const std::string_view bytes = input.substr(cut + kLikeSeparator.size());
    mot::ParseResult parsed = mot::parse_mot(Bytes(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()));
    if (!parsed.ok()) return 0;
    like = std::move(parsed.motion);
  } else {
    const size_t joints = asset->skins.empty() ? 1 : asset->skins[0].joints.size();
    if (joints == 0 || joints > 255) return 0;  // a MOD holds 1..255 nodes
    like = dmc3::actor_motion(7, 0, joints, size % 2 == 1);
  }
  mot::MotImportOptions options;
  options.mask = size % 4 >= 2 ? mot::MaskReading::importer : mot::MaskReading::exe;
  const mot::ImportedMot imported = mot::mot_from_gltf(*asset, *like, options);
  if (imported.accuracy) {
    check_error(imported.accuracy->translation);
    check_error(imported.accuracy->rotation);
    check_error(imported.accuracy->scale);
  }
  if (!imported.errors.empty()) {
    if (!imported.bytes.empty()) fuzzing::fail("a refused import kept its bytes");
    return 0;
  }
  const mot::ParseResult written = mot::parse_mot(Bytes(imported.bytes.data(), imported.bytes.size()));
  if (!written.ok()) fuzzing::fail("the MOT the import wrote does not parse");
  if (written.motion->masks != like->masks) fuzzing::fail("the MOT the import wrote has other masks than its like file");
  return 0;
}
