// Stream buffers of MSH models that are no longer needed, for the next parse
// to fill (see BufferPool): a buffer per decoded or raw stream, and the
// model's list of streams. Res10 strings are not pooled (node names are held
// inline). Not thread-safe: one pool per thread.
#pragma once

#include <cstddef>
#include <vector>

#include "parser/core/buffer_pool.hpp"
#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

class StreamPool
    : public BufferPool<std::vector<Stream>, std::vector<std::byte>, PodVector<NodeRecord>, PodVector<NodeShortRecord>,
                        PodVector<SlotRecord>, PodVector<F32x3Bits>, PodVector<U8x4>, PodVector<U16x2>,
                        PodVector<uint16_t>, PodVector<TriangleRecord>, PodVector<BatchRecord>, PodVector<KeyRecord>> {
 public:
  // Moves every stream's buffer and the stream list into the pool (the model's streams are left empty).
  void harvest(Model& model);
};

}  // namespace meshgate::msh
