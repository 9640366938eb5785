// Strict RsLi ("NL") library parser, in the order of docs/spec/nikita-rsli.md
// §7.1: header, the table decrypted as one stream, the AO decision and each
// row's range, the sort field (0xABBA rule, both readings of C1), every entry
// decoded with its effective key, coverage and the header's relations.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/rsli/rsli_model.hpp"

namespace meshgate::rsli {

inline constexpr std::string_view kFormatName = "rsli";
[[maybe_unused]] constexpr std::array kMagics{Magic{0, std::string_view("NL\0\1", 4)}};
// FP's input limit (§7.1 item 3), checked from the file's size before a byte is read.
inline constexpr uint64_t kMaxInputBytes = Limits{}.input_bytes;

// "NL", reserved 0, version 1: the loader checks all four bytes (§1).
[[nodiscard]] inline bool looks_like_rsli(Bytes prefix) { return has_magic(prefix, kMagics[0]); }

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error (never the info notes)
  bool decode = true;   // false leaves Entry::decoded empty (ranges and sort are still checked)
  Limits limits;
};

struct ParseResult {
  std::optional<Library> library;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  // The §7.2 info observations (codes::kInfo): facts about the file that
  // are neither wrong nor suspicious; never errors, not even under strict.
  std::vector<Diagnostic> notes;
  CoverageMap coverage_map;
  CoverageSummary coverage;

  [[nodiscard]] bool ok() const { return library.has_value(); }
};

[[nodiscard]] ParseResult parse_rsli(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::rsli
