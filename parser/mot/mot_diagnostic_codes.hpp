// Every MOT diagnostic (docs/spec/dmc3-mot.md §10). Codes only grow: never
// rename or reuse one. kAll is the parser's; kBinding are the MOT x MOD
// checks of bind_diagnostics (mot_channels.hpp), which need the model.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::mot::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{
    "mot.truncated-header", error, "fewer than 0x1E bytes, masks or H beyond the end, or no room for the u32 count"};
inline constexpr DiagnosticCode header_size_mismatch{"mot.header-size-mismatch", error,
                                                     "H is not align16(0x1E + 2 C) (DR's rule; every corpus)"};
inline constexpr DiagnosticCode unknown_mask_bits{"mot.unknown-mask-bits", error, "a mask sets a bit above 0x1FF"};
inline constexpr DiagnosticCode track_count_mismatch{"mot.track-count-mismatch", error,
                                                     "the track count is not the sum of the masks' popcounts"};
inline constexpr DiagnosticCode track_count_limit{"mot.track-count-limit", error,
                                                  "(meshgate) more than 65,536 tracks (DR's tool bound)"};
inline constexpr DiagnosticCode track_truncated{"mot.track-truncated", error,
                                                "a track's 8-byte prefix or its span runs past the end"};
inline constexpr DiagnosticCode track_span_too_small{
    "mot.track-span-too-small", error, "a span below 8, or below the prefix of compression 2 or 3"};
inline constexpr DiagnosticCode track_span_mismatch{"mot.track-span-mismatch", error,
                                                    "compression 2/3: span is not prefix + keys x key size"};
inline constexpr DiagnosticCode key_time_decreasing{"mot.key-time-decreasing", error,
                                                    "masked key times decrease within a track"};
inline constexpr DiagnosticCode nonzero_tail{"mot.nonzero-tail", error, "a non-zero byte after the last track"};
inline constexpr DiagnosticCode marker_mismatch{"mot.marker-mismatch", warning,
                                                "no \"MOT\\0\" at +0x04 (the EXE never checks it; kept)"};
inline constexpr DiagnosticCode header_tail_nonzero{"mot.header-tail-nonzero", warning,
                                                    "a non-zero byte between the masks and H (kept)"};
inline constexpr DiagnosticCode tail_misaligned{"mot.tail-misaligned", warning, "the size is not a multiple of 16"};
inline constexpr DiagnosticCode track_compression_unsupported{
    "mot.track-compression-unsupported", warning, "a compression other than 2 and 3: kept as raw bytes, not animated"};
inline constexpr DiagnosticCode key_count_over_int16{
    "mot.key-count-over-int16", warning, "a key count above 32,767, which the runtime sign-extends"};
inline constexpr DiagnosticCode empty_track{"mot.empty-track", warning, "a track with no keys"};
inline constexpr DiagnosticCode duplicate_key_time{"mot.duplicate-key-time", warning,
                                                   "two keys of a track share a masked time"};
inline constexpr DiagnosticCode non_finite_quantization{"mot.non-finite-quantization", warning,
                                                        "a NaN or infinite min or range"};
inline constexpr DiagnosticCode end_frame_mirror_mismatch{"mot.end-frame-mirror-mismatch", warning,
                                                          "+0x0C and +0x14 differ"};
inline constexpr DiagnosticCode track_span_vs_end_frame{
    "mot.track-span-vs-end-frame", warning, "(observation) a track's last key time is not +0x0C"};
inline constexpr DiagnosticCode negative_key_time{"mot.negative-key-time", warning,
                                                  "a key's time with the offset applied is below 0"};

inline constexpr std::array kAll{truncated_header,        header_size_mismatch,
                                 unknown_mask_bits,       track_count_mismatch,
                                 track_count_limit,       track_truncated,
                                 track_span_too_small,    track_span_mismatch,
                                 key_time_decreasing,     nonzero_tail,
                                 marker_mismatch,         header_tail_nonzero,
                                 tail_misaligned,         track_compression_unsupported,
                                 key_count_over_int16,    empty_track,
                                 duplicate_key_time,      non_finite_quantization,
                                 end_frame_mirror_mismatch, track_span_vs_end_frame,
                                 negative_key_time};

inline constexpr DiagnosticCode bind_domain_mismatch{"mot.bind-domain-mismatch", error,
                                                     "the mask count C is not the MOD's node count"};
inline constexpr DiagnosticCode bind_alternate_path{
    "mot.bind-alternate-path", error, "header flag 0x2 (+0x18) selects the unrecovered alternate binding"};
inline constexpr DiagnosticCode bind_no_skeleton{"mot.bind-no-skeleton", error, "the model has no nodes"};

inline constexpr std::array kBinding{bind_domain_mismatch, bind_alternate_path, bind_no_skeleton};

}  // namespace meshgate::mot::codes
