// A parsed MSH model: the NRes container's header, directory records and gaps,
// and each stream decoded by its type_id into typed records or exact element
// arrays. Nothing is borrowed from the source buffer: the writer re-encodes
// every payload from these members (floats as bit patterns, undecoded streams
// as their exact bytes).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/pod_vector.hpp"
#include "parser/core/gap.hpp"
#include "parser/core/small_bytes.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/nres/nres_model.hpp"

namespace meshgate::msh {

using NodeRecord = Record<kNodeSpec>;
using NodeShortRecord = Record<kNodeShortSpec>;
using ModelHeaderRecord = Record<kModelHeaderSpec>;
using SlotRecord = Record<kSlotSpec>;
using TriangleRecord = Record<kTriangleSpec>;
using BatchRecord = Record<kBatchSpec>;
using KeyRecord = Record<kKeySpec>;

using F32x3Bits = std::array<uint32_t, 3>;  // IEEE-754 bit patterns: NaN payloads and -0 survive
using U8x4 = std::array<uint8_t, 4>;
using U16x2 = std::array<uint16_t, 2>;

// One type per stream layout. A stream type meshgate does not decode (9, 15,
// 16, 17, 20, terrain and unknown ids) is RawStream: its exact bytes.
struct RawStream {
  std::vector<std::byte> bytes;
  friend bool operator==(const RawStream&, const RawStream&) = default;
};
struct NodeStream {  // Res1, 38-byte records
  PodVector<NodeRecord> nodes;
  friend bool operator==(const NodeStream&, const NodeStream&) = default;
};
struct ShortNodeStream {  // Res1, 24-byte records (MTCHECK.MSH)
  PodVector<NodeShortRecord> nodes;
  friend bool operator==(const ShortNodeStream&, const ShortNodeStream&) = default;
};
struct HeaderSlotStream {  // Res2
  ModelHeaderRecord header;
  PodVector<SlotRecord> slots;
  friend bool operator==(const HeaderSlotStream&, const HeaderSlotStream&) = default;
};
struct PositionStream {  // Res3
  PodVector<F32x3Bits> positions;
  friend bool operator==(const PositionStream&, const PositionStream&) = default;
};
struct PackedNormalStream {  // Res4: s8 x4, byte 3 kept
  PodVector<U8x4> normals;
  friend bool operator==(const PackedNormalStream&, const PackedNormalStream&) = default;
};
struct WordPairStream {  // Res5 UV0, Res18: 2 x 16-bit raw words (signedness is a [CONFLICT])
  PodVector<U16x2> pairs;
  friend bool operator==(const WordPairStream&, const WordPairStream&) = default;
};
struct WordStream {  // Res6 indices, Res19 frame map
  PodVector<uint16_t> words;
  friend bool operator==(const WordStream&, const WordStream&) = default;
};
struct TriangleStream {  // Res7
  PodVector<TriangleRecord> triangles;
  friend bool operator==(const TriangleStream&, const TriangleStream&) = default;
};
struct BatchStream {  // Res13
  PodVector<BatchRecord> batches;
  friend bool operator==(const BatchStream&, const BatchStream&) = default;
};
struct KeyStream {  // Res8
  PodVector<KeyRecord> keys;
  friend bool operator==(const KeyStream&, const KeyStream&) = default;
};
// Res10: u32 length, then length+1 bytes (text and NUL) when length > 0.
struct StringRecord {
  uint32_t length = 0;
  SmallBytes text;  // exactly length+1 bytes when length > 0, else empty; the NUL included (node names: mostly inline)
  friend bool operator==(const StringRecord&, const StringRecord&) = default;
};
struct StringStream {
  std::vector<StringRecord> records;
  friend bool operator==(const StringStream&, const StringStream&) = default;
};

using StreamData = std::variant<RawStream, NodeStream, ShortNodeStream, HeaderSlotStream, PositionStream,
                                PackedNormalStream, WordPairStream, WordStream, TriangleStream, BatchStream,
                                KeyStream, StringStream>;

struct Stream {
  nres::EntryRecord record;  // the directory entry: type, attrs, size, name (with its tail), offset, sort_index
  StreamData data;
  friend bool operator==(const Stream&, const Stream&) = default;
};

struct Model {
  uint64_t file_size = 0;
  nres::HeaderRecord header;
  std::vector<Stream> streams;  // directory order
  std::vector<Gap> gaps;        // container padding and unindexed regions, exact

  friend bool operator==(const Model&, const Model&) = default;

  // The first stream of a type (FP and PP take the first; OP the last), or null.
  [[nodiscard]] const Stream* find(uint32_t type_id) const {
    for (const Stream& s : streams)
      if (s.record.get(nres::entry::type_id) == type_id) return &s;
    return nullptr;
  }
  template <typename T>
  [[nodiscard]] const T* get(uint32_t type_id) const {
    const Stream* s = find(type_id);
    return s ? std::get_if<T>(&s->data) : nullptr;
  }
};

// The first stream of each type id up to 20 (every catalogued type), found in
// one pass over the directory; higher ids go to Model::find. The checks look
// streams up by type a few dozen times per model, and each Model::find of an
// absent type walks the whole directory.
class StreamsByType {
 public:
  static constexpr uint32_t kIndexedTypes = kMaxCataloguedType + 1;  // ids 0..20

  explicit StreamsByType(const Model& model) : model_(&model) {
    for (const Stream& s : model.streams)
      if (const uint64_t type = s.record.get(nres::entry::type_id); type < kIndexedTypes && !first_[type])
        first_[type] = &s;
  }
  [[nodiscard]] const Stream* find(uint32_t type_id) const {
    return type_id < kIndexedTypes ? first_[type_id] : model_->find(type_id);
  }
  template <typename T>
  [[nodiscard]] const T* get(uint32_t type_id) const {
    const Stream* s = find(type_id);
    return s ? std::get_if<T>(&s->data) : nullptr;
  }
  [[nodiscard]] const Model& model() const { return *model_; }

 private:
  const Model* model_;
  std::array<const Stream*, kIndexedTypes> first_{};
};

// The node view shared by both Res1 record sizes: the 8-byte header and the
// slot words (15 for 38-byte nodes, 8 for the 24-byte variant; the rest read
// as 0xFFFF, as PP does).
struct NodeView {
  uint16_t flags, parent, anim_map_start, fallback_key;
  std::array<uint16_t, 15> slots;
};
inline constexpr uint16_t kNone = 0xFFFF;
inline constexpr size_t kSlotBlocks = 3, kSlotsPerBlock = 5;

// A model's nodes as NodeViews, each made when asked for: the checks walk
// them once, so a vector of views would be an allocation per model for nothing.
class NodeViewList {
 public:
  explicit NodeViewList(const StreamsByType& streams);
  [[nodiscard]] size_t size() const;
  [[nodiscard]] NodeView operator[](size_t n) const;

 private:
  const NodeStream* long_nodes_ = nullptr;        // 38-byte records
  const ShortNodeStream* short_nodes_ = nullptr;  // 24-byte records, when there are no 38-byte ones
};

[[nodiscard]] std::vector<NodeView> node_views(const StreamsByType& streams);
[[nodiscard]] inline std::vector<NodeView> node_views(const Model& model) { return node_views(StreamsByType(model)); }

// Element counts the summary and the checks use (0 when the stream is absent).
struct ModelCounts {
  uint64_t nodes = 0, slots = 0, batches = 0, vertices = 0, indices = 0, triangles = 0, keys = 0, frames = 0,
           frame_map_words = 0;
};
[[nodiscard]] ModelCounts model_counts(const StreamsByType& streams);
[[nodiscard]] inline ModelCounts model_counts(const Model& model) { return model_counts(StreamsByType(model)); }

}  // namespace meshgate::msh
