// Strict PTX parser (docs/spec/dmc3-textures.md §2-§4, §6). Every bound is
// checked before anything is sized by it; every rule has a coded diagnostic
// (ptx_diagnostic_codes.hpp). Coverage marks the header, the count table,
// the header rest, each entry's head, bytes before its DDS, DDS header and
// payload and padding, and the bytes after the last entry: every byte is a
// field or a named leaf.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/ptx/ptx_model.hpp"

namespace meshgate::ptx {

inline constexpr std::string_view kFormatName = "dmc3-ptx";

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error
};

struct ParseResult {
  std::optional<Companion> companion;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return companion.has_value(); }
};

// A PTX has no magic (§1): its first bytes claim it when the count K is
// 1..511 and entry 0 at 0x800 is "TM2\0" or a texture object with "DDS " at
// +0x70. kClaimProbeBytes is what that needs.
inline constexpr size_t kClaimProbeBytes = kEntriesStart + kObjectHeadSize + 4;
[[nodiscard]] bool looks_like_ptx(Bytes prefix);
[[nodiscard]] ParseResult parse_ptx(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::ptx
