// Strict PAC/PNST container parser (docs/spec/dmc3-containers.md §1). Every
// rule the spec states is checked with a coded diagnostic; alignment is an
// observation, never a rejection. The parser does not descend: parse_tree
// (pipeline/) parses each member that is a MOD or a container on its own, under
// its nested path, with the depth bound kMaxNestingDepth.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/pac/pac_model.hpp"

namespace meshgate::pac {

inline constexpr std::string_view kPacFormatName = "dmc3-pac";
inline constexpr std::string_view kPnstFormatName = "dmc3-pnst";

struct ParseOptions {
  bool strict = false;         // escalate every warning to an error
  bool copy_members = false;   // fill Member::bytes (attach_members() does it later)
};

struct ParseResult {
  std::optional<Container> container;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return container.has_value(); }
};

// Which container a file's first bytes announce: "PAC\0" or "PNST", unless the
// four bytes after the magic are all text characters (a text `.index` file
// that begins with the word PNST is extraction metadata, not a container; such
// a slot count would be above 0x09090909, past the slot limit anyway).
// What makes a file a PAC or a PNST container (container_kind), when text does not follow.
[[maybe_unused]] constexpr std::array kPacMagics{Magic{0, std::string_view("PAC\0", 4)}};
[[maybe_unused]] constexpr std::array kPnstMagics{Magic{0, "PNST"}};
[[nodiscard]] std::optional<Kind> container_kind(Bytes prefix);
[[nodiscard]] MemberKind classify_member(Bytes member);

[[nodiscard]] ParseResult parse_pac(Bytes data, const ParseOptions& options = {});

// Copies each member's extent out of `data` (the bytes the container was parsed from).
void attach_members(Container& container, Bytes data);

}  // namespace meshgate::pac
