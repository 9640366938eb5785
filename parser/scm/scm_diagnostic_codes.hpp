// Every SCM diagnostic (docs/spec/dmc3-scm.md §10). Codes only grow: never
// rename or reuse one.
#pragma once

#include <array>

#include "parser/core/diagnostics.hpp"

namespace meshgate::scm::codes {

using enum Severity;

// Errors: the file is rejected (its bytes are still hashed).
inline constexpr DiagnosticCode truncated_header{"scm.truncated-header", error, "fewer than 0x40 bytes"};
inline constexpr DiagnosticCode not_scm{"scm.not-scm", error,
                                        "(meshgate) the first four bytes are not \"SCM \" (53 43 4D 20)"};
inline constexpr DiagnosticCode truncated_object_table{"scm.truncated-object-table", error,
                                                       "0x40 + 0x40 object_count runs past the end"};
inline constexpr DiagnosticCode mesh_table_out_of_bounds{
    "scm.mesh-table-out-of-bounds", error, "a mesh table ends past the end or lies inside the header/object table"};
inline constexpr DiagnosticCode mesh_continuation_mismatch{
    "scm.mesh-continuation-mismatch", error, "mesh +0x28 is not 0x50 on a non-final mesh or not 0 on the final one"};
inline constexpr DiagnosticCode mesh_stream_out_of_bounds{
    "scm.mesh-stream-out-of-bounds", error, "a stream or workspace lies outside the file, or its end overflows"};
inline constexpr DiagnosticCode object_vertex_count_mismatch{
    "scm.object-vertex-count-mismatch", error, "object +0x02 is not the sum of its meshes' vertex counts"};
inline constexpr DiagnosticCode region_overlap{
    "scm.region-overlap", error, "two regions (header, tables, streams, scene block, workspaces) overlap"};
inline constexpr DiagnosticCode scene_block_out_of_bounds{"scm.scene-block-out-of-bounds", error,
                                                          "header +0x20 + 0x20 runs past the end"};
inline constexpr DiagnosticCode scene_arrays_out_of_bounds{
    "scm.scene-arrays-out-of-bounds", error,
    "a node array or the transform table runs past the end, or the relatives are not increasing with room for N"};
inline constexpr DiagnosticCode scene_parent_out_of_range{"scm.scene-parent-out-of-range", error,
                                                          "a parent is below -1 or not below N"};
inline constexpr DiagnosticCode scene_order_not_permutation{"scm.scene-order-not-permutation", error,
                                                            "an order value is not below N or repeats"};
inline constexpr DiagnosticCode scene_object_binding_out_of_range{
    "scm.scene-object-binding-out-of-range", error, "an object binding is below -1 or not below object_count"};
inline constexpr DiagnosticCode lighting_node_out_of_range{
    "scm.lighting-node-out-of-range", error,
    "(meshgate) header +0x13 is not below N (the runtime indexes the world matrices with it unchecked)"};
inline constexpr DiagnosticCode texture_index_out_of_range{
    "scm.texture-index-out-of-range", error, "with a bound companion: a texture_index not below its texture count"};

// Warnings: recorded, bytes kept.
inline constexpr DiagnosticCode unconfirmed_version{"scm.unconfirmed-version", warning,
                                                    "version is not 0.83, 0.90, 1.00 or 1.01"};
inline constexpr DiagnosticCode header_reserved_nonzero{"scm.header-reserved-nonzero", warning,
                                                        "a reserved header lane is non-zero"};
inline constexpr DiagnosticCode object_reserved_nonzero{"scm.object-reserved-nonzero", warning,
                                                        "object +0x04 or +0x14..+0x2F is non-zero"};
inline constexpr DiagnosticCode mesh_reserved_nonzero{"scm.mesh-reserved-nonzero", warning,
                                                      "mesh +0x0C, +0x30 or +0x4C is non-zero"};
inline constexpr DiagnosticCode generated_count_nonzero{
    "scm.generated-count-nonzero", warning, "mesh +0x48 is non-zero (a post-loaded image, not a serialized file)"};
inline constexpr DiagnosticCode unconfirmed_topology_bits{"scm.unconfirmed-topology-bits", warning,
                                                          "a topology byte T other than 0x00 and 0x02"};
inline constexpr DiagnosticCode index_workspace_sentinel{"scm.index-workspace-sentinel", warning,
                                                         "a workspace's first u16 is not 0x1212"};
inline constexpr DiagnosticCode scene_header_reserved_nonzero{"scm.scene-header-reserved-nonzero", warning,
                                                              "the scene header's shell is non-zero"};
inline constexpr DiagnosticCode scene_translation_magnitude{
    "scm.scene-translation-magnitude", warning, "|t| and transform +0x0C differ by more than max(0.001, 1e-4 |t|)"};
inline constexpr DiagnosticCode scene_transform_reserved_nonzero{"scm.scene-transform-reserved-nonzero", warning,
                                                                 "transform +0x1C is non-zero"};
inline constexpr DiagnosticCode scene_hierarchy_not_topological{
    "scm.scene-hierarchy-not-topological", warning,
    "order position 0 is not a root or a parent is not evaluated earlier (glTF export fails closed)"};
inline constexpr DiagnosticCode layout_noncanonical{"scm.layout-noncanonical", warning,
                                                    "offsets differ from the canonical layout (spec §6)"};
inline constexpr DiagnosticCode stream_misaligned{"scm.stream-misaligned", warning,
                                                  "a stream or workspace start is not 16-aligned"};
inline constexpr DiagnosticCode non_finite_vector{"scm.non-finite-vector", warning,
                                                  "a position, normal or transform component is NaN or infinite"};
inline constexpr DiagnosticCode gs_clamp_field_out_of_range{"scm.gs-clamp-field-out-of-range", warning,
                                                            "a GS CLAMP field is above 0x3FF"};
inline constexpr DiagnosticCode texture_index_exceeds_mirror{
    "scm.texture-index-exceeds-mirror", warning, "no companion bound: a texture_index not below header +0x12"};
inline constexpr DiagnosticCode texture_mirror_mismatch{"scm.texture-mirror-mismatch", warning,
                                                        "header +0x12 differs from the bound companion's count"};
inline constexpr DiagnosticCode trailing_bytes{
    "scm.trailing-bytes", warning, "bytes after the model's last region (a recorded gap, as in a container extent)"};

// Codes that are raised only with a companion bound (export --textures),
// never by the parse of a file alone.
inline constexpr std::array kCompanionOnly{texture_index_out_of_range, texture_mirror_mismatch};

inline constexpr std::array kAll{
    truncated_header,          not_scm,
    truncated_object_table,    mesh_table_out_of_bounds,
    mesh_continuation_mismatch, mesh_stream_out_of_bounds,
    object_vertex_count_mismatch, region_overlap,
    scene_block_out_of_bounds, scene_arrays_out_of_bounds,
    scene_parent_out_of_range, scene_order_not_permutation,
    scene_object_binding_out_of_range, lighting_node_out_of_range,
    texture_index_out_of_range, unconfirmed_version,
    header_reserved_nonzero,   object_reserved_nonzero,
    mesh_reserved_nonzero,     generated_count_nonzero,
    unconfirmed_topology_bits, index_workspace_sentinel,
    scene_header_reserved_nonzero, scene_translation_magnitude,
    scene_transform_reserved_nonzero, scene_hierarchy_not_topological,
    layout_noncanonical,       stream_misaligned,
    non_finite_vector,         gs_clamp_field_out_of_range,
    texture_index_exceeds_mirror, texture_mirror_mismatch,
    trailing_bytes};

}  // namespace meshgate::scm::codes
