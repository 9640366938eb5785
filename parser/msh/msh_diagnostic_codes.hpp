// Every MSH model diagnostic: the structural checks of the stream decoders and
// the 23 cross-resource invariants of docs/spec/nres-msh.md §4. Codes only
// grow: never rename or reuse one. kInvariants maps each §4 item onto the codes
// that enforce it, so the tests can prove every item has a triggering case.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "parser/core/diagnostics.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"

namespace meshgate::msh::codes {

using enum Severity;

// Sizes and strides (§4.1-§4.6, §2.1).
inline constexpr DiagnosticCode stream_size_not_multiple{"msh.stream-size-not-multiple", error,
                                                         "§4.1 a fixed-stride stream's size is not a multiple of its stride"};
inline constexpr DiagnosticCode stream_count_mismatch{"msh.stream-count-mismatch", error,
                                                      "§4.1/§4.2 attr1 differs from the element count size/stride"};
inline constexpr DiagnosticCode stream_attr3_mismatch{"msh.stream-attr3-mismatch", warning,
                                                      "§4.1/§2.1 attr3 is not the stream's documented value"};
inline constexpr DiagnosticCode stream_attr2_nonzero{"msh.stream-attr2-nonzero", warning,
                                                     "§4.2/§2.1 attr2 is not 0 on a stream where every model has 0"};
inline constexpr DiagnosticCode node_stride_unsupported{"msh.node-stride-unsupported", error,
                                                        "§4.1 Res1 attr3 is neither 38 nor 24: the node layout is unknown"};
inline constexpr DiagnosticCode header_too_short{"msh.header-too-short", error, "§4.2 Res2 is shorter than 0x8C bytes"};
inline constexpr DiagnosticCode slot_table_tail{"msh.slot-table-tail", error,
                                                "§4.2 (size(Res2) - 0x8C) is not a multiple of 68"};
inline constexpr DiagnosticCode vertex_count_mismatch{
    "msh.vertex-count-mismatch", error, "§4.3 Res4/5/15/16/18 element count differs from Res3's"};
inline constexpr DiagnosticCode index_count_not_triangles{"msh.index-count-not-triangles", error,
                                                          "§4.4 size(Res6) is not a multiple of 6"};
inline constexpr DiagnosticCode triangle_count_mismatch{"msh.triangle-count-mismatch", error,
                                                        "§4.4 size(Res7)/16 differs from size(Res6)/6"};
inline constexpr DiagnosticCode strings_malformed{
    "msh.strings-malformed", error, "§4.5 Res10 records do not consume the payload exactly, one per node"};
inline constexpr DiagnosticCode string_not_terminated{"msh.string-not-terminated", error,
                                                      "§4.5 a Res10 record with len > 0 does not end with a NUL"};
inline constexpr DiagnosticCode strings_count_mismatch{"msh.strings-count-mismatch", error,
                                                       "§4.5 Res10.attr1 differs from Res1.attr1 (the node count)"};
inline constexpr DiagnosticCode required_stream_missing{"msh.required-stream-missing", error,
                                                        "§4.6 one of the required streams 1, 2, 3, 6, 13 is missing"};
inline constexpr DiagnosticCode expected_stream_missing{
    "msh.expected-stream-missing", warning, "§4.6 stream 4, 5, 8 or 19 is missing (present in every retail model)"};
inline constexpr DiagnosticCode duplicate_required_stream{"msh.duplicate-required-stream", error,
                                                          "§4.6/§2 a required stream type appears twice (FP rejects it)"};
inline constexpr DiagnosticCode duplicate_stream{
    "msh.duplicate-stream", warning, "§4.6 an optional stream type appears twice; the first one is used (FP, PP)"};

// Node table (§4.7-§4.12).
inline constexpr DiagnosticCode slot_index_out_of_range{"msh.slot-index-out-of-range", error,
                                                        "§4.7 a node slot_index is neither 0xFFFF nor below the slot count"};
inline constexpr DiagnosticCode parent_not_before_child{"msh.parent-not-before-child", error,
                                                        "§4.8 parent is neither 0xFFFF nor below the node's index"};
inline constexpr DiagnosticCode fallback_key_out_of_range{"msh.fallback-key-out-of-range", error,
                                                          "§4.9 fallback_key is not below the Res8 key count"};
inline constexpr DiagnosticCode anim_map_out_of_range{"msh.anim-map-out-of-range", error,
                                                      "§4.10 anim_map_start + frame_count exceeds the Res19 word count"};
inline constexpr DiagnosticCode map_word_beyond_fallback{
    "msh.map-word-beyond-fallback", warning, "§4.11 a frame-map word exceeds the node's fallback_key (acts as fallback)"};
inline constexpr DiagnosticCode key_time_not_increasing{"msh.key-time-not-increasing", warning,
                                                        "§4.11 key times inside a node's track do not strictly increase"};
inline constexpr DiagnosticCode slot_block_gap{"msh.slot-block-gap", warning,
                                               "§4.12 a node fills slot block n while an earlier block is empty"};

// Slots (§4.13-§4.16).
inline constexpr DiagnosticCode slot_batch_range{"msh.slot-batch-range", error,
                                                 "§4.13 batch_start + batch_count exceeds the batch count"};
inline constexpr DiagnosticCode slot_triangle_range{"msh.slot-triangle-range", error,
                                                    "§4.14 tri_start + tri_count exceeds the Res7 count"};
inline constexpr DiagnosticCode slot_bounds_invalid{
    "msh.slot-bounds-invalid", error, "§4.15 slot AABB/sphere not finite, min > max, or radius < 0"};
inline constexpr DiagnosticCode slot_batch_coverage{
    "msh.slot-batch-coverage", warning, "§4.16 (derived, unverified) a slot's batches do not cover its triangle range"};

// Batches and indices (§4.17-§4.22).
inline constexpr DiagnosticCode batch_index_range{"msh.batch-index-range", error,
                                                  "§4.17 index_start + index_count exceeds the Res6 count"};
inline constexpr DiagnosticCode batch_index_count_not_triangles{"msh.batch-index-count-not-triangles", warning,
                                                                "§4.18 index_count is not a multiple of 3"};
inline constexpr DiagnosticCode index_out_of_range{"msh.index-out-of-range", error,
                                                   "§4.19 base_vertex + index is not below the vertex count"};
inline constexpr DiagnosticCode batch_vertex_range{
    "msh.batch-vertex-range", warning, "§4.20 (OP reading of +0x0E) index >= vertexCount or base + vertexCount > vertices"};
inline constexpr DiagnosticCode batches_not_tiling{"msh.batches-not-tiling", warning,
                                                   "§4.20 batches do not tile Res6 contiguously"};
inline constexpr DiagnosticCode vertex_unreached{"msh.vertex-unreached", warning,
                                                 "§4.20 some vertex is reached by no batch's indices"};
inline constexpr DiagnosticCode triangle_link_out_of_range{"msh.triangle-link-out-of-range", error,
                                                           "§4.21 a Res7 neighbour link is neither 0xFFFF nor below the count"};
inline constexpr DiagnosticCode sel_packed_high_bits{
    "msh.sel-packed-high-bits", warning, "§4.22 (meshgate) selPacked uses bits above its three 2-bit selectors"};

// Every f32 the model holds (Res2 header and slots, Res3 positions, Res8 keys):
// a peer implementation rejects non-finite values. (meshgate)
inline constexpr DiagnosticCode non_finite_value{"msh.non-finite-value", warning,
                                                 "(meshgate) an f32 (position, bound, key value) is NaN or infinite"};
inline constexpr DiagnosticCode key_time_not_finite{
    "msh.key-time-not-finite", error, "(meshgate) a Res8 key time is NaN or infinite: the frame map cannot index it"};

inline constexpr std::array kAll{
    stream_size_not_multiple, stream_count_mismatch, stream_attr3_mismatch, stream_attr2_nonzero,
    node_stride_unsupported, header_too_short, slot_table_tail, vertex_count_mismatch, index_count_not_triangles,
    triangle_count_mismatch, strings_malformed, string_not_terminated, strings_count_mismatch,
    required_stream_missing, expected_stream_missing, duplicate_required_stream, duplicate_stream,
    slot_index_out_of_range, parent_not_before_child, fallback_key_out_of_range, anim_map_out_of_range,
    map_word_beyond_fallback, key_time_not_increasing, slot_block_gap, slot_batch_range, slot_triangle_range,
    slot_bounds_invalid, slot_batch_coverage, batch_index_range, batch_index_count_not_triangles,
    index_out_of_range, batch_vertex_range, batches_not_tiling, vertex_unreached, triangle_link_out_of_range,
    sel_packed_high_bits, non_finite_value, key_time_not_finite,
};

// Codes that enforce no §4 item: checks the peer implementations make that
// the spec's invariant list does not name.
inline constexpr std::array kBeyondSection4{non_finite_value, key_time_not_finite};

// §4 item -> the codes that enforce it. Item 23 (the nested NRes passes §1.7)
// is enforced by the NRes parser itself, in the compatible profile (§4.23).
struct Invariant {
  int item;
  std::string_view text;
  std::array<const DiagnosticCode*, 5> codes;  // unused slots are nullptr
};

inline constexpr std::array<Invariant, 23> kInvariants{{
    {1, "fixed-stride size % stride == 0, attr1 == size/stride, attr3 as in §2.1",
     {&stream_size_not_multiple, &stream_count_mismatch, &stream_attr3_mismatch, &node_stride_unsupported,
      &stream_attr2_nonzero}},
    {2, "Res2 size >= 0x8C, (size-0x8C) % 68 == 0, attr1 == slots, attr2 0, attr3 68",
     {&header_too_short, &slot_table_tail, &stream_count_mismatch}},
    {3, "Res4, Res5, Res15/16/18 have Res3's element count", {&vertex_count_mismatch}},
    {4, "size(Res7)/16 == size(Res6)/6 and size(Res6) % 6 == 0", {&triangle_count_mismatch, &index_count_not_triangles}},
    {5, "Res10: node_count records, exact end, NUL-terminated, attr1 == Res1.attr1",
     {&strings_malformed, &string_not_terminated, &strings_count_mismatch}},
    {6, "required 1, 2, 3, 6, 13; 4, 5, 8, 19 expected; each type at most once",
     {&required_stream_missing, &expected_stream_missing, &duplicate_required_stream, &duplicate_stream}},
    {7, "slot_index is 0xFFFF or < slot count", {&slot_index_out_of_range}},
    {8, "parent is 0xFFFF or < node index", {&parent_not_before_child}},
    {9, "fallback_key < key count", {&fallback_key_out_of_range}},
    {10, "anim_map_start + frame_count <= Res19 words", {&anim_map_out_of_range}},
    {11, "map words <= fallback_key; key times strictly increase", {&map_word_beyond_fallback, &key_time_not_increasing}},
    {12, "block n filled only if blocks 0..n-1 are", {&slot_block_gap}},
    {13, "batch_start + batch_count <= batch count", {&slot_batch_range}},
    {14, "tri_start + tri_count <= Res7 count", {&slot_triangle_range}},
    {15, "slot AABB finite with min <= max, sphere finite with radius >= 0", {&slot_bounds_invalid}},
    {16, "a slot's batches cover exactly its triangles (derived)", {&slot_batch_coverage}},
    {17, "index_start + index_count <= Res6 count", {&batch_index_range}},
    {18, "index_count % 3 == 0", {&batch_index_count_not_triangles}},
    {19, "base_vertex + index < vertex count", {&index_out_of_range}},
    {20, "OP: index < vertexCount, batches tile Res6, every vertex reached",
     {&batch_vertex_range, &batches_not_tiling, &vertex_unreached}},
    {21, "Res7 links are 0xFFFF or < Res7 count", {&triangle_link_out_of_range}},
    {22, "0xFFFF / selPacked 3 sentinels; selPacked uses 6 bits", {&sel_packed_high_bits}},
    {23, "the nested NRes passes every §1.7 check (compatible profile)",
     {&nres::codes::payload_misaligned, &nres::codes::sort_not_permutation, &nres::codes::payload_overlap,
      &nres::codes::nonzero_padding, &nres::codes::name_empty}},
}};

}  // namespace meshgate::msh::codes
