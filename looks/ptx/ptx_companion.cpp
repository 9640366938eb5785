#include "looks/ptx/ptx_companion.hpp"

#include <map>

#include "parser/detect/format_detect.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "writer/image/png_encode.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate {

namespace {

// The parsed companion and what has been decoded from it, by entry.
struct CompanionState {
  ptx::Companion companion;
  std::string name;
  std::map<size_t, std::shared_ptr<const gltf::TextureLook>> looks;
  std::map<size_t, std::string> failures;

  std::shared_ptr<const gltf::TextureLook> entry(size_t index, std::string& why) {
    if (const auto it = looks.find(index); it != looks.end()) return it->second;
    if (const auto it = failures.find(index); it != failures.end()) {
      why = it->second;
      return nullptr;
    }
    const ptx::EntryImage decoded = ptx::decode_entry(companion, index);
    if (!decoded.image) {
      why = failures[index] = "entry " + std::to_string(index) + " does not decode: " + decoded.error;
      return nullptr;
    }
    auto look = std::make_shared<gltf::TextureLook>();
    look->name = name + "#tex" + std::to_string(index) + ".png";  // the spec's §8 image name
    look->png = encode_png_rgba(decoded.image->width, decoded.image->height, decoded.image->rgba);
    looks.emplace(index, look);
    return look;
  }
};

}  // namespace

bool is_ptx_companion(const std::string& path, const SizeLimits& limits) {
  FileReader reader;
  const FileRead read = reader.read(platform::path_from_utf8(path), limits);
  return read.ok() && detect_format(read.bytes) == Format::dmc3_ptx;
}

std::shared_ptr<const gltf::CompanionTextures> open_ptx_companion(const std::string& path, const std::string& name,
                                                                 const SizeLimits& limits, std::string& error) {
  FileReader reader;
  const FileRead read = reader.read(platform::path_from_utf8(path), limits);
  if (!read) {
    error = name + ": " + read_failure_text(read);
    return nullptr;
  }
  return open_ptx_companion(read.bytes, name, error);
}

std::shared_ptr<const gltf::CompanionTextures> open_ptx_companion(Bytes bytes, const std::string& name, std::string& error) {
  ptx::ParseResult parsed = ptx::parse_ptx(bytes);
  if (!parsed.ok()) {
    error = name + ": tex.companion-invalid: the companion does not parse";
    for (const Diagnostic& d : parsed.diagnostics)
      if (d.severity == Severity::error) error += "\n  " + format_diagnostic(name, d);
    return nullptr;
  }
  auto state = std::make_shared<CompanionState>();
  state->companion = std::move(*parsed.companion);
  state->name = name;
  auto textures = std::make_shared<gltf::CompanionTextures>();
  textures->name = name;
  textures->count = state->companion.entries.size();
  textures->entry = [state](size_t index, std::string& why) { return state->entry(index, why); };
  return textures;
}

}  // namespace meshgate
