// Every MOD diagnostic, in one registry. Codes named in the spec keep the
// spec's spelling (including the transform_domain.* underscores); codes the
// spec is silent about are meshgate's own and are marked so in the summary.
// Codes only grow: never rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::mod::codes {

using enum Severity;

// Header (spec §1).
inline constexpr DiagnosticCode truncated_header{"mod.truncated-header", error, "file shorter than the 0x40-byte header"};
inline constexpr DiagnosticCode header_fields{"mod.header-fields", error, "magic is not \"MOD \""};
inline constexpr DiagnosticCode unconfirmed_version{"mod.unconfirmed-version", warning,
                                                    "version not in {0.80, 0.82, 0.84, 1.00, 1.01}"};
inline constexpr DiagnosticCode zero_transform_domain{"mod.zero-transform-domain", warning,
                                                      "node count is 0; skin decoding disabled"};
inline constexpr DiagnosticCode document_out_of_bounds{"mod.document-out-of-bounds", error,
                                                       "node-domain block offset lies outside the file"};
inline constexpr DiagnosticCode object_table_out_of_bounds{
    "mod.object-table-out-of-bounds", error, "(meshgate) object table 0x40 + count*0x40 runs past EOF"};
inline constexpr DiagnosticCode default_joint_out_of_range{
    "mod.default-joint-out-of-range", warning, "(meshgate) default joint index >= node count"};

// Objects and meshes (spec §2).
inline constexpr DiagnosticCode aggregate_mismatch{"mod.aggregate-element-count-mismatch", error,
                                                   "object +0x02 differs from the sum of its mesh vertex counts"};
inline constexpr DiagnosticCode inner_table_out_of_bounds{"mod.inner-table-out-of-bounds", error,
                                                          "mesh table offset lies outside the file"};
inline constexpr DiagnosticCode inner_record_truncated{"mod.inner-record-truncated", error,
                                                       "mesh table starts inside the file but its records run past EOF"};
inline constexpr DiagnosticCode gs_clamp_out_of_range{"mod.gs-clamp-field-out-of-range", warning,
                                                      "a GS CLAMP field exceeds 10 bits (0x3FF)"};
inline constexpr DiagnosticCode inner_38_nonzero{"mod.inner-38-nonzero", warning, "mesh +0x38 aux slot is non-zero"};
inline constexpr DiagnosticCode generated_count_nonzero{"mod.generated-count-nonzero", warning,
                                                        "serialized mesh +0x48 is non-zero (post-loaded image?)"};
inline constexpr DiagnosticCode inner_4c_nonzero{"mod.inner-4c-nonzero", warning, "mesh +0x4C is non-zero"};
inline constexpr DiagnosticCode mesh_stream_out_of_bounds{"mod.mesh-stream-out-of-bounds", error,
                                                          "a vertex stream runs past EOF"};
inline constexpr DiagnosticCode generated_workspace_out_of_bounds{
    "mod.generated-workspace-out-of-bounds", error, "mesh +0x40 workspace (record-relative) runs past EOF"};
inline constexpr DiagnosticCode sections_exceed_file{
    "mod.sections-exceed-file", error,
    "(meshgate) streams and workspaces claim more bytes than the file holds (aliased sections)"};
inline constexpr DiagnosticCode texture_slot_beyond_mirror{
    "mod.texture-slot-beyond-mirror", warning, "(meshgate) mesh texture slot >= header texture mirror"};

// Streams (spec §3).
inline constexpr DiagnosticCode stream_misaligned{"mod.stream-misaligned", warning, "a non-empty stream is not 16-aligned"};
inline constexpr DiagnosticCode non_finite_vector{"mod.non-finite-vector", warning,
                                                  "a position or normal component is NaN or infinite"};
inline constexpr DiagnosticCode blend_lane0_nonzero{"mod.blend-lane0-nonzero", warning,
                                                    "BLENDINDICES lane x is non-zero"};
inline constexpr DiagnosticCode skin_invariant_mismatch{"mod.skin-invariant-mismatch", warning,
                                                        "vertices fail the skin validity rules"};

// Workspaces (spec §5).
inline constexpr DiagnosticCode workspace_misaligned{"mod.workspace-misaligned", warning,
                                                     "(meshgate) workspace start is not 16-aligned"};
inline constexpr DiagnosticCode workspace_trailer_not_tiled{
    "mod.workspace-trailer-not-tiled", warning, "(meshgate) workspaces do not tile gaplessly to EOF"};

// Node domain (spec §4).
inline constexpr DiagnosticCode td_document_header{"mod.transform_domain.document_header", error,
                                                   "the 0x20-byte node block header runs past EOF"};
inline constexpr DiagnosticCode td_header{"mod.transform_domain.header", error,
                                          "node block offsets are not strictly increasing or point into the header"};
inline constexpr DiagnosticCode td_table_range{"mod.transform_domain.table_range", error,
                                               "a node array runs past EOF"};
inline constexpr DiagnosticCode td_table_spans{"mod.transform_domain.table_spans", error,
                                               "not enough room between node arrays for N entries"};
inline constexpr DiagnosticCode td_transform_truncated{"mod.transform_domain.transform_truncated", error,
                                                       "transform records run past EOF"};
inline constexpr DiagnosticCode td_layout_variant{"mod.transform_domain.layout_variant", warning,
                                                  "node layout differs from the retail formula"};
inline constexpr DiagnosticCode td_permutation_incomplete{"mod.transform_domain.permutation_incomplete", warning,
                                                          "order array is not a permutation of 0..N-1"};
inline constexpr DiagnosticCode td_hierarchy_invalid{"mod.transform_domain.hierarchy_candidate_invalid", warning,
                                                     "parent array is not topological over the order"};
inline constexpr DiagnosticCode td_non_finite_transform{"mod.transform_domain.non_finite_transform", warning,
                                                        "a transform component is NaN or infinite"};

// Coverage (meshgate).
inline constexpr DiagnosticCode coverage_overlap{"mod.coverage-overlap", warning,
                                                 "(meshgate) two leaf fields claim the same bytes"};

inline constexpr std::array kAll{
    truncated_header, header_fields, unconfirmed_version, zero_transform_domain, document_out_of_bounds,
    object_table_out_of_bounds, default_joint_out_of_range, aggregate_mismatch, inner_table_out_of_bounds,
    inner_record_truncated, gs_clamp_out_of_range, inner_38_nonzero, generated_count_nonzero, inner_4c_nonzero,
    mesh_stream_out_of_bounds, generated_workspace_out_of_bounds, sections_exceed_file, texture_slot_beyond_mirror,
    stream_misaligned, non_finite_vector, blend_lane0_nonzero, skin_invariant_mismatch, workspace_misaligned,
    workspace_trailer_not_tiled, td_document_header, td_header, td_table_range, td_table_spans,
    td_transform_truncated, td_layout_variant, td_permutation_incomplete, td_hierarchy_invalid,
    td_non_finite_transform, coverage_overlap,
};

}  // namespace meshgate::mod::codes
