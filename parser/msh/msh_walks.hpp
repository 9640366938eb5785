// The two geometry walks of the seed document, as library functions over a
// parsed model. Both are bounds-checked: on a model the parser accepted
// without warnings nothing is skipped; otherwise (warnings such as a partial
// triangle or batches that miss their slot's triangle range, or a model edited
// by hand) a step that would leave a stream is counted in `skipped` instead.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

// Which slot of each node to walk: word 4 + block*5 + column of the node
// record. The spec's [CONFLICT] names them (LOD, group) (FP) or (state, LOD)
// (PP, OP); the addressing is the same under every reading (§3.1).
struct SlotSelector {
  unsigned block = 0;   // 0..2
  unsigned column = 0;  // 0..4
};

// Seed §7: node -> slot -> batches -> DrawIndexedPrimitive(baseVertex, indexStart, indexCount).
struct DrawCall {
  uint32_t node, slot, batch;
  uint32_t base_vertex, index_start, index_count;
  uint16_t batch_flags;
  uint8_t wear_row;  // Res13 +4 byte, the PP/OP reading of the material [CONFLICT]
};

struct WalkStats {
  uint64_t nodes_with_slot = 0;
  uint64_t batches = 0;
  uint64_t triangles = 0;   // visited (passed the filter)
  uint64_t filtered = 0;    // rejected by the triFlags masks
  uint64_t skipped = 0;     // steps that would leave a stream (never on a warning-free parsed model)
};

// A model's streams as the walks read them (node views, slots, batches,
// indices, descriptors, positions), built once: a caller walking several
// selectors of one model (every slot of the 3 x 5 matrix, as the fuzz
// oracle does) builds the node views once instead of per walk. Refers to
// the model, which must outlive it.
struct WalkStreams {
  std::vector<NodeView> nodes;
  const PodVector<SlotRecord>* slots = nullptr;
  const PodVector<BatchRecord>* batches = nullptr;
  const PodVector<uint16_t>* indices = nullptr;
  const PodVector<TriangleRecord>* triangles = nullptr;
  const PodVector<F32x3Bits>* positions = nullptr;

  explicit WalkStreams(const Model& m);

  // Calls f(node, slot index, slot record) for every node whose selected word names a valid slot.
  template <typename F>
  void for_each_slot(SlotSelector sel, WalkStats& stats, F&& f) const {
    const size_t word = sel.block * kSlotsPerBlock + sel.column;
    if (sel.block >= kSlotBlocks || sel.column >= kSlotsPerBlock) return;
    for (size_t n = 0; n < nodes.size(); ++n) {
      const uint16_t s = nodes[n].slots[word];
      if (s == kNone) continue;
      if (s >= slots->size()) {
        ++stats.skipped;
        continue;
      }
      ++stats.nodes_with_slot;
      f(static_cast<uint32_t>(n), s, (*slots)[s]);
    }
  }
};

[[nodiscard]] std::vector<DrawCall> render_walk(const Model& model, SlotSelector selector, WalkStats* stats = nullptr);
[[nodiscard]] std::vector<DrawCall> render_walk(const WalkStreams& streams, SlotSelector selector,
                                              WalkStats* stats = nullptr);

// Seed §8: per slot and batch, triCount = (indexCount + 2) / 3 triangles; the
// Res7 cursor starts at the slot's triStart and advances across its batches.
struct TriangleVisit {
  uint32_t node, slot, batch, triangle;  // triangle = Res7 record index
  const TriangleRecord* descriptor;
  std::array<uint16_t, 3> indices;       // as stored in Res6 (batch-relative)
  std::array<uint32_t, 3> vertices;      // base_vertex + index
  std::array<std::array<float, 3>, 3> positions;
};

struct TriangleFilter {
  uint16_t require = 0;  // every bit must be set in triFlags
  uint16_t exclude = 0;  // no bit may be set
};

WalkStats triangle_walk(const Model& model, SlotSelector selector, TriangleFilter filter,
                        const std::function<void(const TriangleVisit&)>& visit);
WalkStats triangle_walk(const WalkStreams& streams, SlotSelector selector, TriangleFilter filter,
                        const std::function<void(const TriangleVisit&)>& visit);

}  // namespace meshgate::msh
