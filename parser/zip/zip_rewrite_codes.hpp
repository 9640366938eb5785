// The volume writer's diagnostics (writer/zip/, docs/spec/dmc3-containers.md
// §2.1), apart from the reader's registry (zip_diagnostic_codes.hpp), whose
// every code has a malformed volume of its own. Codes only grow: never
// rename or reuse one. Either one means nothing was written.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::zip::rewrite_codes {

using enum Severity;

inline constexpr DiagnosticCode unreadable{
    "zip.rewrite-unreadable", error,
    "the volume's framing cannot be read by hand to rewrite it: no end record, a spanned or prefixed volume, a "
    "count or offset out of bounds, a local header or data descriptor disagreeing with the central directory, "
    "or member records overlapping"};
inline constexpr DiagnosticCode refused{
    "zip.rewrite-refused", error,
    "an edit meshgate will not make: the member is missing, named twice, already there (add), a directory, "
    "encrypted, or compressed by a method meshgate cannot write (it writes stored, deflate and bzip2)"};

inline constexpr std::array kAll{unreadable, refused};

}  // namespace meshgate::zip::rewrite_codes
