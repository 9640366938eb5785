// MSH model parser: parses the NRes container (spec §1, compatible profile by
// default as §4.23 says the corpus needs), decodes every stream by its type_id
// (§2, §3), then runs the 23 cross-resource invariants of §4. Structural
// errors stop the parse; warnings are collected. The model owns its data.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/msh/msh_model.hpp"
#include "parser/msh/msh_stream_pool.hpp"
#include "parser/nres/nres_parser.hpp"

namespace meshgate::msh {

inline constexpr std::string_view kFormatName = "nres-msh";

struct ParseOptions {
  ParseProfile profile = ParseProfile::compatible;
  bool strict = false;  // escalate every warning to an error
  // Stream buffers to fill instead of allocating (a sweep or round trip keeps a
  // per-thread pool); the parse result is the same with or without.
  StreamPool* pool = nullptr;
};

struct ParseResult {
  std::optional<Model> model;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return model.has_value(); }
};

// An NRes archive is a model when its streams are small type ids (1..20) that
// include at least one required model stream, and none of the terrain-only
// types 11, 14, 21 (Land.msh has a different layout, out of scope: §3.9).
[[nodiscard]] bool is_model_archive(const nres::Archive& archive);

[[nodiscard]] ParseResult parse_msh(Bytes data, const ParseOptions& options = {});
// Decodes an already parsed container of `data` into typed streams; the
// container's diagnostics come first in the result.
[[nodiscard]] ParseResult parse_msh_archive(Bytes data, const nres::ParseResult& container,
                                            const ParseOptions& options = {});

// "res13" for a stream type: the path prefix of its elements in diagnostics.
[[nodiscard]] std::string stream_path(uint32_t type_id);

}  // namespace meshgate::msh
