// Strict MOT parser (docs/spec/dmc3-mot.md §10). Every bound is checked
// before anything is sized by it; every rule has a coded diagnostic
// (mot_diagnostic_codes.hpp). Coverage marks the header, the masks, the
// header tail, the count, each track's prefix and keys (or its raw body) and
// the end tail, so every byte is a field or a named gap.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

inline constexpr std::string_view kFormatName = "dmc3-mot";

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error
};

struct ParseResult {
  std::optional<Motion> motion;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return motion.has_value(); }
};

// §1: the game knows a motion by its name; bytes alone by the marker at +4
// (constant in every corpus). A file that has it is a motion, whatever else
// is wrong with it: the parser names what is (mot.unknown-mask-bits, ...).
[[maybe_unused]] constexpr std::array kMagics{Magic{4, std::string_view("MOT\0", 4)}};
[[nodiscard]] bool looks_like_mot(Bytes prefix);
// A file without the marker is a motion when the rest of the header closes:
// H = align16(0x1E + 2 C) with C >= 1, every mask within 0x1FF, a zero run
// to H and, within the prefix, a count at H equal to the masks' popcounts
// (at least one). The parser then records mot.marker-mismatch, a warning:
// the EXE never reads the marker.
[[nodiscard]] bool frames_as_mot(Bytes prefix);
[[nodiscard]] ParseResult parse_mot(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::mot
