// Strict DMC3 SCM parser (docs/spec/dmc3-scm.md §10). Reads every field
// through the field tables, marks coverage per leaf, collects warnings and
// stops at the first error. Every region is bounds-checked and the regions
// are proven disjoint before any stream is copied, so a file cannot make the
// parser allocate more than its own size in stream data. The model it
// returns owns its data.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/scm/scm_model.hpp"

namespace meshgate::scm {

inline constexpr std::string_view kFormatName = "dmc3-scm";

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error
};

struct ParseResult {
  std::optional<Model> model;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;  // filled when the parse reached the end
  bool canonical_layout = false;  // every offset is the spec §6 placement's

  [[nodiscard]] bool ok() const { return model.has_value(); }
};

// True when the bytes start with "SCM ".
// What makes a file an SCM (looks_like_scm): its magic.
[[maybe_unused]] constexpr std::array kMagics{Magic{0, "SCM "}};
[[nodiscard]] bool looks_like_scm(Bytes prefix);

[[nodiscard]] ParseResult parse_scm(Bytes data, const ParseOptions& options = {});

// The checks that need the texture companion bound to the model (export
// --textures): texture_index below the companion's count (error) and the
// header mirror equal to it (warning).
[[nodiscard]] std::vector<Diagnostic> check_companion(const Model& model, uint64_t texture_count);

}  // namespace meshgate::scm
