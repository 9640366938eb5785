// Diagnostics about a file as a whole, before or around any format's parser.
// Codes only grow: never rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::core_codes {

using enum Severity;

inline constexpr DiagnosticCode unknown_format{"core.unknown-format", error,
                                               "no format's magic or marker, nor its structure (the message lists every magic and marker)"};
inline constexpr DiagnosticCode nesting_limit{"core.nesting-limit", warning,
                                              "archives or containers nested deeper than 8 levels are kept as bytes"};
inline constexpr DiagnosticCode file_too_large{"core.file-too-large", error,
                                               "the file is larger than its format's size limit (--max-size)"};

inline constexpr DiagnosticCode nested_file_limit{
    "core.nested-file-limit", error,
    "(meshgate) the input holds more nested files than the per-input limit of 1,000,000 (--max-nested): the rest are not read"};

inline constexpr std::array kAll{unknown_format, nesting_limit, file_too_large, nested_file_limit};

}  // namespace meshgate::core_codes
