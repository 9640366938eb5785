// The corpus manifest (`meshgate manifest`, schema "meshgate.manifest.v1") and
// the gate that checks a corpus against it (`meshgate gate`): per file its
// relative path, size, xxh3_64, sha256, format and the expected outcomes
// (parse ok, round trip identical, uncovered bytes, uncovered non-zero bytes,
// diagnostic codes), plus a fingerprint over the whole corpus.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reports/sweep.hpp"

namespace meshgate {

inline constexpr std::string_view kManifestSchema = "meshgate.manifest.v1";

[[nodiscard]] nlohmann::json manifest_json(const SweepResult& sweep);
// manifest_json(sweep).dump(2) + "\n", byte for byte, one file entry at a time.
void write_manifest_json(std::ostream& out, const SweepResult& sweep);

// Every way the swept corpus differs from the manifest, one sentence each,
// in a stable order (by path); empty when the gate passes. A manifest that is
// not a meshgate manifest yields one difference saying so.
[[nodiscard]] std::vector<std::string> gate_differences(const nlohmann::json& manifest, const SweepResult& sweep);

}  // namespace meshgate
