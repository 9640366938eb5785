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

NodeViewList::NodeViewList(const StreamsByType& streams) : long_nodes_(streams.get<NodeStream>(stream_type::nodes)) {
  if (!long_nodes_) short_nodes_ = streams.get<ShortNodeStream>(stream_type::nodes);
}

size_t NodeViewList::size() const {
  return long_nodes_ ? long_nodes_->nodes.size() : short_nodes_ ? short_nodes_->nodes.size() : 0;
}

NodeView NodeViewList::operator[](size_t n) const {
  return long_nodes_ ? view_of(long_nodes_->nodes[n]) : view_of(short_nodes_->nodes[n]);
}

std::vector<NodeView> node_views(const StreamsByType& model) {
  const NodeViewList list(model);
  std::vector<NodeView> out;
  out.reserve(list.size());
  for (size_t n = 0; n < list.size(); ++n) out.push_back(list[n]);
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
  if (const Stream* s = m.find(stream_type::frame_map)) c.frames = s->record.get(nres::entry::attr2);
  return c;
}

}  // namespace meshgate::msh
