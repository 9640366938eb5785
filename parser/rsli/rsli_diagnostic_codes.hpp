// Every RsLi diagnostic, as docs/spec/nikita-rsli.md §7.2 names them. Codes
// only grow: never rename or reuse one. The info codes are observations: they
// never fail a parse, not even under --strict.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::rsli::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{"rsli.truncated-header", error, "§7.1.1 file shorter than the 32-byte header"};
inline constexpr DiagnosticCode bad_magic{"rsli.bad-magic", error, "§2 magic is not \"NL\""};
inline constexpr DiagnosticCode bad_reserved{"rsli.bad-reserved", error, "§2 byte 2 is not 0 (the loader checks it)"};
inline constexpr DiagnosticCode bad_version{"rsli.bad-version", error, "§2 byte 3 (version) is not 1"};
inline constexpr DiagnosticCode negative_count{"rsli.negative-count", error, "§2 entry_count < 0"};
inline constexpr DiagnosticCode count_mismatch{"rsli.count-mismatch", error,
                                               "§2 [CONFLICT C7] entry_count_copy (0x06) differs from entry_count"};
inline constexpr DiagnosticCode table_out_of_bounds{"rsli.table-out-of-bounds", error,
                                                    "§7.1.1 the 32 + 32n-byte header and table do not fit the file"};
inline constexpr DiagnosticCode offset_in_header{"rsli.offset-in-header", error,
                                                 "§5.1 a payload range starts inside the header or the table"};
inline constexpr DiagnosticCode range_past_eof{"rsli.range-past-eof", error,
                                               "§5.1/§5.3 a payload range ends past EOF (other than the Deflate +1)"};
inline constexpr DiagnosticCode overlay_out_of_bounds{"rsli.overlay-out-of-bounds", error,
                                                      "§5.2 the AO overlay is larger than the file"};
inline constexpr DiagnosticCode method_unknown{"rsli.method-unknown", error, "§4.1 [CONFLICT C4] flags & 0x1E0 names no method"};
inline constexpr DiagnosticCode sort_not_permutation{"rsli.sort-not-permutation", error,
                                                     "§3.3 under 0xABBA, +0x12 is not a permutation of 0..n-1"};
inline constexpr DiagnosticCode sort_unordered{"rsli.sort-unordered", error,
                                               "§3.3 under 0xABBA, names ascend under neither reading of C1"};
inline constexpr DiagnosticCode stored_size_mismatch{"rsli.stored-size-mismatch", error,
                                                     "§4.2/§4.3 stored or XOR entry whose packed and unpacked sizes differ"};
inline constexpr DiagnosticCode decode_truncated{"rsli.decode-truncated", error,
                                                 "§4.4/§4.5 the packed stream ends before unpacked_size bytes are decoded"};
inline constexpr DiagnosticCode decode_failed{"rsli.decode-failed", error, "§4.6 the packed stream is not valid (bad Deflate)"};
inline constexpr DiagnosticCode size_mismatch{"rsli.size-mismatch", error, "§4.1 decoded size differs from unpacked_size"};
inline constexpr DiagnosticCode limit_exceeded{"rsli.limit-exceeded", error,
                                               "§7.1.3 input, entry count, packed or decoded size over the limits"};

inline constexpr DiagnosticCode deflate_eof_plus_one{"rsli.deflate-eof-plus-one", warning,
                                                     "§5.3 [CONFLICT C6] a Deflate entry claims one byte past EOF; its stream completes"};
inline constexpr DiagnosticCode range_overlap{"rsli.range-overlap", warning, "§5.1 two payload ranges overlap"};
inline constexpr DiagnosticCode gap{"rsli.gap", warning, "§5.1 payload-area bytes no range covers (kept)"};
inline constexpr DiagnosticCode packed_trailing{"rsli.packed-trailing", warning,
                                                "§7.1.5 packed bytes after the last one the decoder used"};
inline constexpr DiagnosticCode match_overrun{"rsli.match-overrun", warning,
                                              "§7.1.5 an LZSS/LZHUF match cut by unpacked_size"};
inline constexpr DiagnosticCode ao_trailer{"rsli.ao-trailer", warning, "§5.2 the last 6 bytes are an \"AO\" trailer"};
inline constexpr DiagnosticCode ao_overlay_applied{"rsli.ao-overlay-applied", warning,
                                                   "§5.2 ranges are valid only with the AO overlay added"};
inline constexpr DiagnosticCode presorted_absent{"rsli.presorted-absent", warning,
                                                 "§3.3 0x0E is not 0xABBA: the sort field is rebuilt (strcmp)"};
inline constexpr DiagnosticCode sort_reading_alt{"rsli.sort-reading-alt", warning,
                                                 "§3.3 [CONFLICT C1] names ascend under reading O, not F"};
inline constexpr DiagnosticCode flags_extra_bits{"rsli.flags-extra-bits", warning, "§4.1 flag bits outside 0x1E0 are set"};
inline constexpr DiagnosticCode service_nonzero{"rsli.service-nonzero", warning, "§3.2 an entry's service bytes are not zero"};
inline constexpr DiagnosticCode header_reserved_nonzero{"rsli.header-reserved-nonzero", warning,
                                                        "§2 0x08..0x0D or 0x18..0x1F are not zero"};
inline constexpr DiagnosticCode name_not_uppercase{"rsli.name-not-uppercase", warning,
                                                   "§3.4 a lower-case name byte: rsFind cannot reach the entry"};
inline constexpr DiagnosticCode name_non_ascii{"rsli.name-non-ascii", warning, "§3.4 a name byte >= 0x80"};
inline constexpr DiagnosticCode name_empty{"rsli.name-empty", warning, "§3.4 an empty name"};
inline constexpr DiagnosticCode name_tail_nonzero{"rsli.name-tail-nonzero", warning,
                                                  "§3.4 non-zero bytes after the name's NUL (kept)"};
inline constexpr DiagnosticCode duplicate_name{"rsli.duplicate-name", warning, "§3.4 two entries with the same name"};
inline constexpr DiagnosticCode total_unpacked_mismatch{"rsli.total-unpacked-mismatch", warning,
                                                        "§2 0x10 differs from the sum of unpacked_size"};

inline constexpr DiagnosticCode seed_vs_payload{"rsli.seed-vs-payload", warning,
                                                "(info) §2 [CONFLICT C5] how 0x14 relates to the payload size"};
inline constexpr DiagnosticCode size_equal_but_packed{"rsli.size-equal-but-packed", warning,
                                                      "(info) §4.2 [CONFLICT C3] a packed method with equal sizes"};
inline constexpr DiagnosticCode xor_key_zero{"rsli.xor-key-zero", warning, "(info) §3.1 an XOR method keyed 0 (identity)"};
inline constexpr DiagnosticCode table_plaintext{"rsli.table-plaintext", warning,
                                                "(info) §3.1 seed low word 0: the table is stored in plain text"};

inline constexpr std::array kAll{
    truncated_header, bad_magic, bad_reserved, bad_version, negative_count, count_mismatch, table_out_of_bounds,
    offset_in_header, range_past_eof, overlay_out_of_bounds, method_unknown, sort_not_permutation, sort_unordered,
    stored_size_mismatch, decode_truncated, decode_failed, size_mismatch, limit_exceeded,
    deflate_eof_plus_one, range_overlap, gap, packed_trailing, match_overrun, ao_trailer, ao_overlay_applied,
    presorted_absent, sort_reading_alt, flags_extra_bits, service_nonzero, header_reserved_nonzero,
    name_not_uppercase, name_non_ascii, name_empty, name_tail_nonzero, duplicate_name, total_unpacked_mismatch,
    seed_vs_payload, size_equal_but_packed, xor_key_zero, table_plaintext,
};
inline constexpr std::array kInfo{seed_vs_payload, size_equal_but_packed, xor_key_zero, table_plaintext};

}  // namespace meshgate::rsli::codes
