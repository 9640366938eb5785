// Every PTX and embedded-DDS diagnostic (docs/spec/dmc3-textures.md §6).
// Codes only grow: never rename or reuse one. The binding codes of §6
// (tex.slot-out-of-range, tex.companion-invalid, tex.mirror-mismatch) judge
// a model against its companion and belong to the binding, not to this parser.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::ptx::codes {

using enum Severity;

inline constexpr DiagnosticCode truncated_header{
    "ptx.truncated-header", error, "fewer than 4 bytes, or K > 0 and fewer than the 0x800-byte header"};
inline constexpr DiagnosticCode count_table_overflow{"ptx.count-table-overflow", error,
                                                     "the block-count table runs past 0x800 (K > 511)"};
inline constexpr DiagnosticCode entry_out_of_bounds{"ptx.entry-out-of-bounds", error,
                                                    "an entry's block span runs past the end of the file"};
inline constexpr DiagnosticCode block_count_zero{
    "ptx.block-count-zero", error, "(meshgate) a non-final block count is 0 (the next entry would alias it)"};
inline constexpr DiagnosticCode entry_too_small{
    "ptx.entry-too-small", error, "an entry span below 0xF0 bytes (texture object + DDS) or 0x68 (TM2 head)"};
inline constexpr DiagnosticCode entry_unrecognized{
    "ptx.entry-unrecognized", error, "(meshgate) an entry that is neither \"TM2\\0\" nor a texture object + DDS"};
inline constexpr DiagnosticCode descriptor_pointer_out_of_bounds{
    "ptx.descriptor-pointer-out-of-bounds", error,
    "a texture object's descriptor or DDS delta leads outside the entry (or into the object)"};
inline constexpr DiagnosticCode dds_out_of_bounds{"ptx.dds-out-of-bounds", error,
                                                  "the DDS (start + size) does not lie inside the entry span"};
inline constexpr DiagnosticCode dds_truncated{"dds.truncated", error,
                                              "a DDS shorter than its 0x80-byte header or than its mip chain"};
inline constexpr DiagnosticCode dds_bad_magic{"dds.bad-magic", error, "the DDS does not begin with \"DDS \""};
inline constexpr DiagnosticCode dds_bad_header_size{"dds.bad-header-size", error, "DDS header size is not 0x7C"};
inline constexpr DiagnosticCode dds_bad_pixelformat_size{"dds.bad-pixelformat-size", error,
                                                         "DDS pixel-format size is not 0x20"};
inline constexpr DiagnosticCode dds_mip_count_over_limit{"dds.mip-count-over-limit", error,
                                                         "DDS mip count above the loader's 15"};
inline constexpr DiagnosticCode dds_dimension_over_limit{"dds.dimension-over-limit", error,
                                                         "DDS width or height above the loader's 16,384"};
inline constexpr DiagnosticCode block_count_zero_final{
    "ptx.block-count-zero-final", warning, "the final block count is 0: the entry extends to the end of the file"};
inline constexpr DiagnosticCode closure_mismatch{
    "ptx.closure-mismatch", warning,
    "(meshgate) zero bytes follow the last entry: 0x800 x (1 + sum of block counts) is not the file size"};
inline constexpr DiagnosticCode header_rest_nonzero{"ptx.header-rest-nonzero", warning,
                                                    "the opaque header bytes after the count table are not zero"};
inline constexpr DiagnosticCode padding_nonzero{"ptx.padding-nonzero", warning,
                                                "an entry's padding after its image is not zero (kept)"};
inline constexpr DiagnosticCode trailing_bytes{"ptx.trailing-bytes", warning,
                                               "(meshgate) non-zero bytes follow the last entry (kept)"};
inline constexpr DiagnosticCode descriptor_noncanonical{
    "ptx.descriptor-noncanonical", warning, "descriptor delta not 0x40 or DDS delta not 8, but inside the entry"};
inline constexpr DiagnosticCode descriptor_mismatch{
    "ptx.descriptor-mismatch", warning, "a texture object lane breaks a relation every V6 head holds"};
inline constexpr DiagnosticCode block_count_not_minimal{
    "ptx.block-count-not-minimal", warning, "a block count is not ceil((0x70 + DDS size) / 0x800)"};
inline constexpr DiagnosticCode count_over_runtime_capacity{
    "ptx.count-over-runtime-capacity", warning, "more than the 64 textures one runtime payload holds"};
inline constexpr DiagnosticCode dds_unprofiled_format{
    "dds.unprofiled-format", warning, "a DDS pixel format other than DXT1 or DXT5 (never seen in game data)"};
inline constexpr DiagnosticCode dds_profile_deviation{"dds.profile-deviation", warning,
                                                      "a DDS header value differs from the V6 profile"};
inline constexpr DiagnosticCode dds_non_power_of_two{"dds.non-power-of-two", warning,
                                                     "DDS width or height is not a power of two"};
inline constexpr DiagnosticCode dds_incomplete_mip_chain{"dds.incomplete-mip-chain", warning,
                                                         "DDS mip count below the full chain to 1x1"};

inline constexpr std::array kAll{truncated_header,         count_table_overflow,
                                 entry_out_of_bounds,      block_count_zero,
                                 entry_too_small,          entry_unrecognized,
                                 descriptor_pointer_out_of_bounds, dds_out_of_bounds,
                                 dds_truncated,            dds_bad_magic,
                                 dds_bad_header_size,      dds_bad_pixelformat_size,
                                 dds_mip_count_over_limit, dds_dimension_over_limit,
                                 block_count_zero_final,   closure_mismatch,
                                 header_rest_nonzero,      padding_nonzero,
                                 trailing_bytes,           descriptor_noncanonical,
                                 descriptor_mismatch,      block_count_not_minimal,
                                 count_over_runtime_capacity, dds_unprofiled_format,
                                 dds_profile_deviation,    dds_non_power_of_two,
                                 dds_incomplete_mip_chain};

}  // namespace meshgate::ptx::codes
