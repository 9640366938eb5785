// Every Texm diagnostic (docs/spec/nikita-materials-textures.md §4). Codes
// only grow: never rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::texm::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{"texm.truncated-header", error,
                                                 "payload shorter than the 32-byte Texm header"};
inline constexpr DiagnosticCode bad_magic{"texm.bad-magic", error, "the first four bytes are not \"Texm\""};
inline constexpr DiagnosticCode unknown_format{
    "texm.unknown-format", error, "pixel format is none of 0, 2, 565, 556, 4444, 88, 888, 8888"};
inline constexpr DiagnosticCode zero_dimension{"texm.zero-dimension", error, "width or height is 0"};
inline constexpr DiagnosticCode oversize{"texm.oversize", error,
                                         "(meshgate) width or height above the tool limit of 8,192 pixels"};
inline constexpr DiagnosticCode mip_count{"texm.mip-count", error,
                                          "(meshgate) mip count 0 or above the tool limit of 14 levels"};
inline constexpr DiagnosticCode truncated_palette{"texm.truncated-palette", error,
                                                  "format 0 without its 1,024-byte palette after the header"};
inline constexpr DiagnosticCode mip_past_payload{"texm.mip-past-payload", error,
                                                 "the declared mip chain runs past the end of the payload"};
inline constexpr DiagnosticCode page_size{
    "texm.page-size", error, "the Page chunk is not 8 + 8 R bytes to the end (or R is above the limit of 4,096)"};
inline constexpr DiagnosticCode page_rect_outside{
    "texm.page-rect-outside", warning, "a Page rectangle is empty or leaves level 0 (kept; a cell using it has no area)"};
inline constexpr DiagnosticCode trailing_bytes{"texm.trailing-bytes", error,
                                               "bytes after the mip chain that are not a Page chunk"};

inline constexpr std::array kAll{truncated_header, bad_magic,         unknown_format,   zero_dimension,
                                 oversize,         mip_count,         truncated_palette, mip_past_payload,
                                 page_size,        page_rect_outside, trailing_bytes};

}  // namespace meshgate::texm::codes
