// Every NBZ/ZIP volume diagnostic (docs/spec/dmc3-containers.md §2). Codes
// only grow: never rename or reuse one. A volume is read, never rewritten, so
// these are about reading it safely: what libzip refuses, what meshgate will
// not inflate, and names that would be unsafe as paths.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::zip::codes {

using enum Severity;

inline constexpr DiagnosticCode unreadable{"zip.unreadable", error,
                                           "libzip cannot open the volume (its message is quoted)"};
inline constexpr DiagnosticCode member_limit{"zip.member-limit", error,
                                             "(meshgate) more members than the tool limit of 1,000,000"};
inline constexpr DiagnosticCode member_too_large{
    "zip.member-too-large", error,
    "(meshgate) a member's declared size is over its format's size limit: not inflated"};
inline constexpr DiagnosticCode inflated_limit{
    "zip.inflated-limit", error,
    "(meshgate) inflating or peeking into a member would take the bytes inflated from the whole input, at any "
    "nesting depth, past its budget (4 GiB, --max-inflated): it is not read"};
inline constexpr DiagnosticCode member_unreadable{
    "zip.member-unreadable", error,
    "a member cannot be read: encrypted, an unsupported method, or its data fails (libzip's message)"};
inline constexpr DiagnosticCode size_mismatch{"zip.size-mismatch", error,
                                              "a member inflates to another size than its header declares"};
inline constexpr DiagnosticCode unsafe_name{
    "zip.unsafe-name", warning,
    "a member name holds \"..\", a leading \"/\" or \"\\\", a drive letter or a NUL byte (reported, never used as a path)"};

inline constexpr std::array kAll{unreadable,        member_limit,  member_too_large, inflated_limit,
                                 member_unreadable, size_mismatch, unsafe_name};

}  // namespace meshgate::zip::codes
