#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

namespace {

template <typename NodeRecordT>
NodeView view_of(const NodeRecordT& r) {
  NodeView v{};
  v.flags = static_cast<uint16_t>(r.get(0));
  v.parent = static_cast<uint16_t>(r.get(1));
  v.anim_map_start = static_cast<uint16_t>(r.get(2));
  v.fallback_key = static_cast<uint16_t>(r.get(3));
  v.slots.fill(kNone);
  for (size_t k = 4; k < NodeRecordT::kFieldCount; ++k) v.slots[k - 4] = static_cast<uint16_t>(r.get(k));
  return v;
}
// Both tables start with the same four header words, in this order.
static_assert(kNodeSpec.fields[0].name == "flags" && kNodeShortSpec.fields[0].name == "flags");
static_assert(kNodeSpec.fields[3].name == "fallback_key" && kNodeShortSpec.fields[3].name == "fallback_key");
static_assert(kNodeSpec.fields[4].name == "slot_index_0" && kNodeShortSpec.fields[4].name == "slot_index_0");

template <typename T>
uint64_t count_of(const StreamsByType& m, uint32_t type, auto member) {
  const T* s = m.get<T>(type);
  return s ? (s->*member).size() : 0;
}

}  // namespace

std::vector<NodeView> node_views(const StreamsByType& model) {
  std::vector<NodeView> out;
  if (const auto* s = model.get<NodeStream>(1)) {
    out.reserve(s->nodes.size());
    for (const NodeRecord& r : s->nodes) out.push_back(view_of(r));
  } else if (const auto* s24 = model.get<ShortNodeStream>(1)) {
    out.reserve(s24->nodes.size());
    for (const NodeShortRecord& r : s24->nodes) out.push_back(view_of(r));
  }
  return out;
}

ModelCounts model_counts(const StreamsByType& m) {
  ModelCounts c;
  c.nodes = count_of<NodeStream>(m, 1, &NodeStream::nodes) + count_of<ShortNodeStream>(m, 1, &ShortNodeStream::nodes);
  c.slots = count_of<HeaderSlotStream>(m, 2, &HeaderSlotStream::slots);
  c.vertices = count_of<PositionStream>(m, 3, &PositionStream::positions);
  c.indices = count_of<WordStream>(m, 6, &WordStream::words);
  c.triangles = count_of<TriangleStream>(m, 7, &TriangleStream::triangles);
  c.keys = count_of<KeyStream>(m, 8, &KeyStream::keys);
  c.batches = count_of<BatchStream>(m, 13, &BatchStream::batches);
  c.frame_map_words = count_of<WordStream>(m, 19, &WordStream::words);
  if (const Stream* s = m.find(19)) c.frames = s->record.get(nres::entry::attr2);
  return c;
}

}  // namespace meshgate::msh
