// A DMC3 PTX companion named by --textures (export, view): told from a Nikita
// Textures.lib by its bytes, parsed, and handed to the MOD and SCM exporters
// as a texture index -> PNG lookup (docs/spec/dmc3-textures.md §5, §8).
#pragma once

#include <memory>
#include <string>

#include "export/gltf_export.hpp"
#include "pipeline/file_reader.hpp"

namespace meshgate {

// Whether the file at `path` is a PTX companion by its first bytes (false when it cannot be read).
[[nodiscard]] bool is_ptx_companion(const std::string& path, const SizeLimits& limits);

// The companion's entries, each decoded (libsquish) and encoded as a PNG the
// first time an exporter asks for it; null, with `error` set, when the file
// cannot be read or does not parse (tex.companion-invalid). `name`: its
// report name. Not thread-safe: one export asks at a time.
[[nodiscard]] std::shared_ptr<const gltf::CompanionTextures> open_ptx_companion(const std::string& path,
                                                                               const std::string& name,
                                                                               const SizeLimits& limits,
                                                                               std::string& error);
// The same from the companion's bytes (a file read already, or a PAC slot named by its address).
[[nodiscard]] std::shared_ptr<const gltf::CompanionTextures> open_ptx_companion(Bytes bytes, const std::string& name,
                                                                               std::string& error);

}  // namespace meshgate
