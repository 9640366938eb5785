// An NBZ/ZIP volume's `inspect --json` report (its row's `inspect`).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/diagnostics.hpp"
#include "parser/zip/zip_volume.hpp"

namespace meshgate {

// An NBZ/ZIP volume (format "zip-volume"): no fields, no coverage (it is
// read, never rewritten); `summary` holds members, read_members (those a
// format claims, parsed as "PATH!NAME"), declared_bytes, read_only and per
// member {name, size, compressed_size, method, crc32, kind}. `findings` are
// the diagnostics to show (the volume's own, or its tree's).
[[nodiscard]] nlohmann::json volume_inspect_json(Bytes data, const zip::ParseResult& result,
                                                 const std::vector<Diagnostic>& findings);

}  // namespace meshgate
