// Strict PTX parser (docs/spec/dmc3-textures.md §2-§4, §6). Every bound is
// checked before anything is sized by it; every rule has a coded diagnostic
// (ptx_diagnostic_codes.hpp). Coverage marks the header, the count table,
// the header rest, each entry's head, bytes before its DDS, DDS header and
// payload and padding, and the bytes after the last entry: every byte is a
// field or a named leaf.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
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

// A PTX has no magic of its own (§1): its first entry at 0x800 claims it,
// "TM2\0" or a texture object (slot 0) with "DDS " at +0x70, whatever the
// count table holds (the parser names what is wrong with it).
// kClaimProbeBytes is what that needs.
[[maybe_unused]] constexpr std::array kMagics{Magic{kEntriesStart, std::string_view("TM2\0", 4)},
                                    Magic{kEntriesStart + kObjectHeadSize, "DDS "}};
inline constexpr size_t kClaimProbeBytes = kEntriesStart + kObjectHeadSize + 4;
[[nodiscard]] bool looks_like_ptx(Bytes prefix);
// A file whose first entry does not frame (it is unrecognised, or the file
// ends before it) is a PTX when its header closes: a count K of 1..511, K
// block counts that are not 0 (the last may be) and fit the 512 MiB limit,
// and zero bytes after them to 0x800 or the end of the file.
[[nodiscard]] bool frames_as_ptx(Bytes prefix);
[[nodiscard]] ParseResult parse_ptx(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::ptx
