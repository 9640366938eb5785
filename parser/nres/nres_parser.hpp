// Strict NRes container parser (spec §1). Two profiles: `strict` rejects a
// sort table that is out of range, not a permutation or not in _strcmpi
// order; `compatible` reports those as warnings (the engine then falls back to
// a linear lookup). Every other §1.7 checklist item is an error in both.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/core/parse_profile.hpp"
#include "parser/nres/nres_model.hpp"

namespace meshgate::nres {

inline constexpr std::string_view kFormatName = "nres";

using Profile = ParseProfile;

struct ParseOptions {
  Profile profile = Profile::compatible;
  bool strict = false;  // escalate every warning to an error
  // False leaves Entry::payload empty (the MSH parser decodes streams straight
  // from the input); attach_payloads() fills them in later if needed.
  bool copy_payloads = true;
};

struct ParseResult {
  std::optional<Archive> archive;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return archive.has_value(); }
};

// What makes a file an NRes archive (looks_like_nres) or an RsLi library (looks_like_rsli).
[[maybe_unused]] constexpr std::array kMagics{Magic{0, "NRes"}};
[[maybe_unused]] constexpr std::array kRsliMagics{Magic{0, std::string_view("NL\0\1", 4)}};
[[nodiscard]] bool looks_like_nres(Bytes data);
[[nodiscard]] bool looks_like_rsli(Bytes data);  // "NL", reserved 0, version 1

// _strcmpi: ASCII case-insensitive, comparing lowercase-folded unsigned bytes.
[[nodiscard]] int compare_names_lowercase(std::string_view a, std::string_view b);
[[nodiscard]] int compare_names_uppercase(std::string_view a, std::string_view b);

// Orders names as the engine's lookups see them (_strcmpi), for maps and sets
// keyed by a resource or file name: "Material.lib", "MATERIAL.LIB" and
// "material.lib" are one key, and a lookup in any case finds it.
struct NameLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const { return compare_names_lowercase(a, b) < 0; }
};

[[nodiscard]] ParseResult parse_nres(Bytes data, const ParseOptions& options = {});

// Copies each entry's payload out of `data` (the bytes the archive was parsed from).
void attach_payloads(Archive& archive, Bytes data);

}  // namespace meshgate::nres
