// parse -> write -> compare for one file, whatever its format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/diagnostics.hpp"
#include "parser/nres/nres_parser.hpp"
#include "reports/format_detect.hpp"

namespace meshgate {

struct RoundTripOutcome {
  std::string path;
  Format format = Format::unknown;
  uint64_t size = 0;
  std::string xxh3_64;
  std::string output_xxh3_64;  // empty when nothing was written
  bool parsed = false;
  bool identical = false;
  std::optional<uint64_t> first_diff_offset;
  std::vector<Diagnostic> diagnostics;
};

[[nodiscard]] RoundTripOutcome roundtrip_bytes(std::string path, Bytes data,
                                               nres::Profile profile = nres::Profile::compatible);

// The file's own outcome first, then one per nested NRes archive found in an
// NRes payload (recursively), named "outer.rlb!MODEL.MSH".
[[nodiscard]] std::vector<RoundTripOutcome> roundtrip_tree(const std::string& path, Bytes data,
                                                           nres::Profile profile = nres::Profile::compatible);
[[nodiscard]] nlohmann::json roundtrip_json(const RoundTripOutcome& outcome);

// First index where a and b differ (or the shorter length); nullopt if equal.
[[nodiscard]] std::optional<uint64_t> first_difference(Bytes a, Bytes b);

}  // namespace meshgate
