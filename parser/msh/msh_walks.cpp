#include "parser/msh/msh_walks.hpp"

namespace meshgate::msh {

namespace {


}  // namespace

WalkStreams::WalkStreams(const Model& m) : nodes(node_views(m)) {
  static const PodVector<SlotRecord> no_slots;
  static const PodVector<BatchRecord> no_batches;
  static const PodVector<uint16_t> no_indices;
  static const PodVector<TriangleRecord> no_triangles;
  static const PodVector<F32x3Bits> no_positions;
  auto* hs = m.get<HeaderSlotStream>(stream_type::header_slots);
  slots = hs ? &hs->slots : &no_slots;
  auto* bs = m.get<BatchStream>(stream_type::batches);
  batches = bs ? &bs->batches : &no_batches;
  auto* is = m.get<WordStream>(stream_type::indices);
  indices = is ? &is->words : &no_indices;
  auto* ts = m.get<TriangleStream>(stream_type::triangles);
  triangles = ts ? &ts->triangles : &no_triangles;
  auto* ps = m.get<PositionStream>(stream_type::positions);
  positions = ps ? &ps->positions : &no_positions;
}

std::vector<DrawCall> render_walk(const Model& model, SlotSelector selector, WalkStats* stats) {
  return render_walk(WalkStreams(model), selector, stats);
}

std::vector<DrawCall> render_walk(const WalkStreams& st, SlotSelector selector, WalkStats* stats_out) {
  WalkStats stats;
  std::vector<DrawCall> calls;
  st.for_each_slot(selector, stats, [&](uint32_t node, uint32_t slot, const SlotRecord& r) {
    const uint64_t first = r.get(slot::batch_start), count = r.get(slot::batch_count);
    for (uint64_t b = first; b < first + count; ++b) {
      if (b >= st.batches->size()) {
        ++stats.skipped;
        break;
      }
      const BatchRecord& batch = (*st.batches)[b];
      ++stats.batches;
      calls.push_back({node, slot, static_cast<uint32_t>(b), static_cast<uint32_t>(batch.get(batch::base_vertex)),
                       static_cast<uint32_t>(batch.get(batch::index_start)), static_cast<uint32_t>(batch.get(batch::index_count)),
                       static_cast<uint16_t>(batch.get(batch::flags)), static_cast<uint8_t>(batch.get(batch::wear_row))});
    }
  });
  if (stats_out) *stats_out = stats;
  return calls;
}

WalkStats triangle_walk(const Model& model, SlotSelector selector, TriangleFilter filter,
                        const std::function<void(const TriangleVisit&)>& visit) {
  return triangle_walk(WalkStreams(model), selector, filter, visit);
}

WalkStats triangle_walk(const WalkStreams& st, SlotSelector selector, TriangleFilter filter,
                        const std::function<void(const TriangleVisit&)>& visit) {
  WalkStats stats;
  st.for_each_slot(selector, stats, [&](uint32_t node, uint32_t slot, const SlotRecord& r) {
    uint64_t tri = r.get(slot::tri_start);
    const uint64_t first = r.get(slot::batch_start), count = r.get(slot::batch_count);
    for (uint64_t b = first; b < first + count; ++b) {
      if (b >= st.batches->size()) {
        ++stats.skipped;
        return;
      }
      const BatchRecord& batch = (*st.batches)[b];
      ++stats.batches;
      const uint64_t start = batch.get(batch::index_start), base = batch.get(batch::base_vertex);
      const uint64_t tri_count = (batch.get(batch::index_count) + 2) / 3;
      for (uint64_t t = 0; t < tri_count; ++t, ++tri) {
        const uint64_t i0 = start + 3 * t;
        if (tri >= st.triangles->size() || i0 + 3 > st.indices->size()) {
          ++stats.skipped;
          continue;
        }
        TriangleVisit v{node, slot, static_cast<uint32_t>(b), static_cast<uint32_t>(tri), &(*st.triangles)[tri], {}, {},
                        {}};
        bool in_range = true;
        for (size_t k = 0; k < 3; ++k) {
          v.indices[k] = (*st.indices)[i0 + k];
          const uint64_t vertex = base + v.indices[k];
          in_range = in_range && vertex < st.positions->size();
          if (!in_range) break;
          v.vertices[k] = static_cast<uint32_t>(vertex);
          for (size_t c = 0; c < 3; ++c) v.positions[k][c] = f32_from_bits((*st.positions)[vertex][c]);
        }
        if (!in_range) {
          ++stats.skipped;
          continue;
        }
        const uint64_t flags = v.descriptor->get(triangle::flags);
        if ((flags & filter.require) != filter.require || (flags & filter.exclude) != 0) {
          ++stats.filtered;
          continue;
        }
        ++stats.triangles;
        visit(v);
      }
    }
  });
  return stats;
}

}  // namespace meshgate::msh
