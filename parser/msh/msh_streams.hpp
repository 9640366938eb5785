// The MSH stream catalogue (spec §2, §2.1, §3.3, §3.9): one row per Res type
// with its stride and the directory-attribute rules. Streams are selected by
// NRes type_id, never by name or position. Types not listed are preserved raw.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "parser/core/provenance.hpp"

namespace meshgate::msh {

enum class CountRule : uint8_t {
  size_over_stride,   // attr1 == size / stride, size % stride == 0
  slot_count,         // Res2: attr1 == (size - 0x8C) / 68
  node_count,         // Res10: attr1 == Res1 node count (variable-length records)
  unchecked,          // not validated by any project (Res9, Res17, Res20)
};

enum class Attr2Rule : uint8_t { zero, frame_count, unchecked };

struct StreamType {
  uint32_t type_id;
  std::string_view name;
  uint32_t stride;         // element stride; 0 = variable
  uint32_t attr3;          // expected attr3
  uint32_t attr3_alt;      // second accepted attr3 (Res1 24-byte variant), else == attr3
  CountRule count_rule;
  Attr2Rule attr2_rule;
  bool required;           // FP: 1, 2, 3, 6, 13
  StatusSet status;
  std::string_view note;
};

// The catalogued type ids, named as their rows below name them: code selects
// a stream by one of these (m.get<PositionStream>(stream_type::positions)),
// never by a bare number.
namespace stream_type {
inline constexpr uint32_t nodes = 1, header_slots = 2, positions = 3, normals = 4, uv0 = 5, indices = 6, triangles = 7,
                          keys = 8, node_names = 9, strings = 10, batches = 13, res15 = 15, res16 = 16,
                          interior_graph = 17, res18 = 18, frame_map = 19, lights = 20;
}  // namespace stream_type

inline constexpr std::array<StreamType, 17> kStreamTypes{{
    {stream_type::nodes, "nodes", 38, 38, 24, CountRule::size_over_stride, Attr2Rule::unchecked, true,
     Status::exe_and_corpus_confirmed, "38-byte nodes (24 in MTCHECK.MSH); attr3 is the stride"},
    {stream_type::header_slots, "header_slots", 0, 68, 68, CountRule::slot_count, Attr2Rule::zero, true,
     Status::exe_and_corpus_confirmed, "0x8C header + 68-byte slots"},
    {stream_type::positions, "positions", 12, 12, 12, CountRule::size_over_stride, Attr2Rule::zero, true,
     Status::exe_and_corpus_confirmed, "float32 x, y, z; Z up"},
    {stream_type::normals, "normals", 4, 4, 4, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::exe_and_corpus_confirmed, "s8 x4; xyz = clamp(v/127, -1, 1); byte 3 preserved; /128 REJECTED"},
    {stream_type::uv0, "uv0", 4, 4, 4, CountRule::size_over_stride, Attr2Rule::zero, false, Status::semantic_candidate,
     "2 x 16-bit /1024; signedness [CONFLICT] FP/PP signed, OP unsigned; raw kept"},
    {stream_type::indices, "indices", 2, 2, 2, CountRule::size_over_stride, Attr2Rule::zero, true,
     Status::exe_and_corpus_confirmed, "u16 triangle list relative to the batch base_vertex"},
    {stream_type::triangles, "triangles", 16, 16, 16, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::exe_and_corpus_confirmed, "16-byte triangle descriptors, one per triangle"},
    {stream_type::keys, "keys", 24, 4, 4, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::exe_and_corpus_confirmed, "24-byte animation keys; attr3 is 4, not 24"},
    {stream_type::node_names, "node_names", 32, 0, 0, CountRule::unchecked, Attr2Rule::unchecked, false,
     Status::corpus_confirmed, "[M OP] 32-byte NUL-padded name per node; FP: service stream"},
    {stream_type::strings, "strings", 0, 0, 0, CountRule::node_count, Attr2Rule::unchecked, false,
     Status::exe_and_corpus_confirmed, "one u32-length-prefixed record per node, Windows-1251"},
    {stream_type::batches, "batches", 20, 20, 20, CountRule::size_over_stride, Attr2Rule::zero, true,
     Status::exe_and_corpus_confirmed, "20-byte batches; material fields [CONFLICT]"},
    {stream_type::res15, "res15", 8, 8, 8, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::preserved_undecoded, "[L] stride 8, present in every model; UV1 or 4 x i16 are guesses"},
    {stream_type::res16, "res16", 8, 8, 8, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::semantic_candidate, "[M layout, L meaning] two 4-byte substreams (tangent/bitangent?); in no retail model"},
    {stream_type::interior_graph, "interior_graph", 20, 0, 0, CountRule::unchecked, Attr2Rule::unchecked, false,
     Status::semantic_candidate, "[M OP] 20-byte building interior path graph records"},
    {stream_type::res18, "res18", 4, 4, 4, CountRule::size_over_stride, Attr2Rule::zero, false,
     Status::semantic_candidate, "[L/M] OP: lightmap UV 2 x u16 /1024; FP: vertex colour candidate"},
    {stream_type::frame_map, "frame_map", 2, 2, 2, CountRule::size_over_stride, Attr2Rule::frame_count, false,
     Status::exe_and_corpus_confirmed, "u16 key indices; attr2 = frame count"},
    {stream_type::lights, "lights", 48, 48, 48, CountRule::unchecked, Attr2Rule::unchecked, false,
     Status::semantic_candidate, "[L/M PP] 48-byte light/probe entries; model+0xA0 takes attr1"},
}};

// type_id -> its row in kStreamTypes + 1 (0: not catalogued), for the ids a
// catalogue row can have: the parser looks a type up several times per stream.
inline constexpr uint32_t kMaxCataloguedType = 20;
inline constexpr auto kStreamTypeRow = [] {
  std::array<uint8_t, kMaxCataloguedType + 1> rows{};
  for (size_t i = 0; i < kStreamTypes.size(); ++i) rows[kStreamTypes[i].type_id] = static_cast<uint8_t>(i + 1);
  return rows;
}();
static_assert(std::ranges::all_of(kStreamTypes, [](const StreamType& t) { return t.type_id <= kMaxCataloguedType; }));

[[nodiscard]] constexpr const StreamType* find_stream_type(uint32_t type_id) {
  if (type_id > kMaxCataloguedType || kStreamTypeRow[type_id] == 0) return nullptr;
  return &kStreamTypes[kStreamTypeRow[type_id] - 1];
}

static_assert(find_stream_type(stream_type::keys)->attr3 == 4);
static_assert(find_stream_type(11) == nullptr);  // terrain-only types are preserved raw

// §3.3 fixed-point scales: Res4 normals are s8 / 127 (the seed's /128 is
// REJECTED), Res5 UVs 16-bit / 1024. Every decoder and encoder uses these.
inline constexpr float kNormalScale = 127.0f;
inline constexpr float kUvScale = 1024.0f;

// §3.3 Res4 normal component: clamp(v / 127, -1, 1).
[[nodiscard]] constexpr float decode_normal_component(int8_t v) {
  const float f = static_cast<float>(v) / kNormalScale;
  return f < -1.0f ? -1.0f : (f > 1.0f ? 1.0f : f);
}

// §3.3 Res5 UV component under both readings of the [CONFLICT]; the raw word is authoritative.
[[nodiscard]] constexpr float decode_uv_signed(uint16_t raw) { return static_cast<float>(static_cast<int16_t>(raw)) / kUvScale; }
[[nodiscard]] constexpr float decode_uv_unsigned(uint16_t raw) { return static_cast<float>(raw) / kUvScale; }

// Readings shown wrong, kept so nobody reintroduces them (provenance.md REJECTED).
struct RejectedReading {
  std::string_view what;
  std::string_view why;
};
inline constexpr std::array<RejectedReading, 2> kRejectedReadings{{
    {"Res4 normal divisor 128 (seed §3.3)", "AniMesh uses 127.0 (FP); PP and OP agree; OP finds unit length within 0.013"},
    {"Res1 words after a 20/32-byte name as 'unknown' (early PP/OP)", "they are bytes of the 36-byte NRes name field"},
}};

}  // namespace meshgate::msh
