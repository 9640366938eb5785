// Every PAC/PNST container diagnostic (docs/spec/dmc3-containers.md §1). Codes
// only grow: never rename or reuse one. Alignment is never a diagnostic (an
// observation only, as the spec says).
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::pac::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{"pac.truncated-header", error,
                                                 "file shorter than the 8-byte container header"};
inline constexpr DiagnosticCode bad_magic{"pac.bad-magic", error, "magic is neither \"PAC\\0\" nor \"PNST\""};
inline constexpr DiagnosticCode slot_limit{"pac.slot-limit", error,
                                           "(meshgate) declared slot count above the tool limit of 8,192"};
inline constexpr DiagnosticCode table_out_of_bounds{"pac.table-out-of-bounds", error,
                                                    "the slot table (8 + 4 N bytes) does not fit in the file"};
inline constexpr DiagnosticCode offset_into_table{"pac.offset-into-table", error,
                                                  "a non-zero slot offset points into the header or the slot table"};
inline constexpr DiagnosticCode offset_out_of_bounds{"pac.offset-out-of-bounds", error,
                                                     "a slot offset is not strictly inside the container"};
inline constexpr DiagnosticCode shared_extent{
    "pac.shared-extent", warning, "(meshgate) two slots hold the same offset: two identities share one extent"};
inline constexpr DiagnosticCode unclaimed_bytes{
    "pac.unclaimed-bytes", warning,
    "(meshgate) non-zero bytes after the table that no member's extent claims (kept exactly)"};

inline constexpr std::array kAll{truncated_header, bad_magic,      slot_limit,    table_out_of_bounds,
                                 offset_into_table, offset_out_of_bounds, shared_extent, unclaimed_bytes};

}  // namespace meshgate::pac::codes
