// Every MAT0 and WEAR diagnostic (docs/spec/nikita-materials-textures.md §2,
// §3). Codes only grow: never rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::mat0::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{"mat0.truncated-header", error,
                                                 "payload shorter than the 14-byte MAT0 header"};
inline constexpr DiagnosticCode entries_past_payload{"mat0.entries-past-payload", error,
                                                     "the 34-byte entries the header declares run past the payload"};
inline constexpr DiagnosticCode track_past_payload{"mat0.track-past-payload", error,
                                                   "a track's head or keys run past the payload"};
inline constexpr DiagnosticCode key_entry_out_of_range{
    "mat0.key-entry-out-of-range", warning, "a key names a phase the material does not have (entry 0 is used)"};
inline constexpr DiagnosticCode unknown_version{
    "mat0.unknown-version", warning, "payload version (attr2) is not 6: the bytes are kept raw, not decoded"};
inline constexpr DiagnosticCode trailing_bytes{"mat0.trailing-bytes", warning,
                                               "bytes after the last track (kept exactly as a gap)"};

inline constexpr std::array kAll{truncated_header, entries_past_payload, track_past_payload, key_entry_out_of_range,
                                 unknown_version, trailing_bytes};

}  // namespace meshgate::mat0::codes

namespace meshgate::wear::codes {

using enum Severity;

inline constexpr DiagnosticCode bad_count{"wear.bad-count", error,
                                          "the first token is not a row count (a decimal number)"};
inline constexpr DiagnosticCode row_limit{"wear.row-limit", error,
                                          "(meshgate) a row count above the tool limit of 4,096"};
inline constexpr DiagnosticCode short_table{"wear.short-table", error,
                                            "fewer <id> <name> rows than the count says, or an id that is not a number"};
inline constexpr DiagnosticCode bad_lightmaps{"wear.bad-lightmaps", error,
                                              "a LIGHTMAPS section without its count or rows"};
inline constexpr DiagnosticCode id_position_mismatch{
    "wear.id-position-mismatch", warning,
    "a row's id is not its position: openparkan places names by id, fparkan by line (the export names its reading)"};

inline constexpr std::array kAll{bad_count, row_limit, short_table, bad_lightmaps, id_position_mismatch};

}  // namespace meshgate::wear::codes
