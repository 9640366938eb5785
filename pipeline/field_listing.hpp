// JSON renderings that scripts depend on (`meshgate inspect --json`, the
// roundtrip report): the parts every format's report shares. Each format's
// report and field listing is its row's (`inspect`, `fields`), beside it in
// pipeline/formats/<format>/. Keys are sorted (nlohmann::json uses
// std::map), so output is deterministic; floats carry their raw bits next to
// the value.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

[[nodiscard]] nlohmann::json diagnostics_json(const std::vector<Diagnostic>& diagnostics);
// The keys every `inspect --json` report starts with: {format, size, xxh3_64,
// parse_ok, diagnostics}, plus summary null and fields [] for a rejected file.
[[nodiscard]] nlohmann::json inspect_envelope(std::string_view format, Bytes data, bool parse_ok,
                                              const std::vector<Diagnostic>& diagnostics);
// {covered_bytes, uncovered_bytes, uncovered_nonzero_bytes, overlaps}. The
// ranges ("uncovered": one uncovered_json each) are written one at a time by
// `inspect --json`: an SCM of 65,025 tiny meshes has 260,100 padding runs,
// 240 MB as JSON objects.
[[nodiscard]] nlohmann::json coverage_json(const CoverageSummary& coverage, Bytes data);
// {start, end, length, all_zero, kind}
[[nodiscard]] nlohmann::json uncovered_json(const UncoveredRange& range, Bytes data);

}  // namespace meshgate
