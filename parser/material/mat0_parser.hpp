// Strict MAT0 parser (docs/spec/nikita-materials-textures.md §3). MAT0 has no
// magic: it is found by its NRes entry type, and its version is the entry's
// attr2, so both come from the caller. Counts are checked against the payload
// before anything is sized by them.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/material/mat0_model.hpp"

namespace meshgate::mat0 {

inline constexpr std::string_view kFormatName = "nikita-mat0";

struct ParseOptions {
  uint32_t version = kKnownVersion;  // the NRes entry's attr2
  bool strict = false;
};

struct ParseResult {
  std::optional<Material> material;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;
  [[nodiscard]] bool ok() const { return material.has_value(); }
};

[[nodiscard]] ParseResult parse_mat0(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::mat0
