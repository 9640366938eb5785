// Every NRes container diagnostic, one per item of the spec §1.7 strict-reader
// checklist plus meshgate's own. Codes only grow: never rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::nres::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{"nres.truncated-header", error, "file shorter than the 16-byte header"};
inline constexpr DiagnosticCode bad_magic{"nres.bad-magic", error, "§1.7.1 magic is not \"NRes\""};
inline constexpr DiagnosticCode unsupported_container{"nres.unsupported-container", error,
                                                      "(meshgate) RsLi (\"NL\") library: detected, not supported yet"};
inline constexpr DiagnosticCode bad_version{"nres.bad-version", error, "§1.7.2 version is not 0x100"};
inline constexpr DiagnosticCode negative_count{"nres.negative-entry-count", error, "§1.7.3 entry count < 0"};
inline constexpr DiagnosticCode limit_exceeded{"nres.limit-exceeded", error,
                                               "§1.7.12 input > 256 MiB or more than 1 Mi entries"};
inline constexpr DiagnosticCode total_size_mismatch{"nres.total-size-mismatch", error,
                                                    "§1.7.5 header total_size differs from the file size"};
inline constexpr DiagnosticCode directory_out_of_bounds{
    "nres.directory-out-of-bounds", error, "§1.7.4/6 count*64 overflows or the directory does not fit in [16, EOF)"};
inline constexpr DiagnosticCode entry_out_of_bounds{"nres.entry-out-of-bounds", error,
                                                    "§1.7.7 payload offset < 16 or payload runs into the directory"};
inline constexpr DiagnosticCode name_unterminated{"nres.name-unterminated", error, "§1.7.8 no NUL in the 36-byte name"};
inline constexpr DiagnosticCode name_empty{"nres.name-empty", error, "§1.7.8 name is empty"};
inline constexpr DiagnosticCode payload_overlap{"nres.payload-overlap", error, "§1.7.9 two payloads overlap"};
inline constexpr DiagnosticCode sort_index_out_of_range{"nres.sort-index-out-of-range", warning,
                                                        "§1.7.10 sort_index >= N (error in the strict profile)"};
inline constexpr DiagnosticCode sort_not_permutation{"nres.sort-index-not-permutation", warning,
                                                     "§1.7.10 sort_index is not a permutation (error in strict)"};
inline constexpr DiagnosticCode sort_order_mismatch{
    "nres.sort-order-mismatch", warning, "§1.7.10 sort table not in _strcmpi (lowercase) order (error in strict)"};
inline constexpr DiagnosticCode sort_order_uppercase_fold{
    "nres.sort-order-uppercase-fold", warning,
    "(meshgate) sort table fits uppercase folding but not lowercase (the §1.5 unresolved nuance)"};
inline constexpr DiagnosticCode nonzero_padding{"nres.nonzero-padding", warning,
                                                "§1.7.11 bytes between a payload and the next 8 boundary are not zero"};
inline constexpr DiagnosticCode payload_misaligned{"nres.payload-misaligned", warning,
                                                   "(meshgate) a payload does not start 8-aligned (§1.4)"};
inline constexpr DiagnosticCode unindexed_region{"nres.unindexed-region", warning,
                                                 "(meshgate) non-zero data no entry references (kept, §1.4)"};
inline constexpr DiagnosticCode duplicate_name{
    "nres.duplicate-name", warning,
    "(meshgate) two entries' names are equal as _strcmpi compares them; a lookup finds only the first"};

inline constexpr std::array kAll{
    truncated_header, bad_magic, unsupported_container, bad_version, negative_count, limit_exceeded,
    total_size_mismatch, directory_out_of_bounds, entry_out_of_bounds, name_unterminated, name_empty,
    payload_overlap, sort_index_out_of_range, sort_not_permutation, sort_order_mismatch, sort_order_uppercase_fold,
    nonzero_padding, payload_misaligned, unindexed_region, duplicate_name,
};

}  // namespace meshgate::nres::codes
