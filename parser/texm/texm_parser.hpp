// Strict Texm parser (docs/spec/nikita-materials-textures.md §4). Every bound
// is checked before anything is sized by it; every rule has a coded
// diagnostic (texm_diagnostic_codes.hpp). Coverage marks the header, the
// palette, each level and the Page chunk, so a payload with a byte nothing
// explains is a trailing-bytes error, never a silent gap.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/texm/texm_model.hpp"

namespace meshgate::texm {

inline constexpr std::string_view kFormatName = "nikita-texm";

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error
};

struct ParseResult {
  std::optional<Texture> texture;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return texture.has_value(); }
};

// What makes a file a Texm texture (looks_like_texm): its magic.
[[maybe_unused]] constexpr std::array kMagics{Magic{0, "Texm"}};
[[nodiscard]] bool looks_like_texm(Bytes prefix);
[[nodiscard]] ParseResult parse_texm(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::texm
