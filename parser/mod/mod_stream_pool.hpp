// Buffers of MOD models that are no longer needed, for the next parse to
// fill (see BufferPool): every mesh owns six, its five vertex streams and its
// workspace; every object its mesh list; the model its object list and the
// node block's three arrays and transforms. Not thread-safe: one pool per thread.
#pragma once

#include <cstddef>
#include <vector>

#include "parser/core/buffer_pool.hpp"
#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

class StreamPool : public BufferPool<PodVector<F32x3Bits>, PodVector<I16x2>, PodVector<U8x4>, PodVector<uint16_t>,
                                     std::vector<std::byte>, std::vector<Mesh>, std::vector<Object>,
                                     std::vector<uint8_t>, std::vector<TransformRecord>> {
 public:
  // Moves the model's buffers into the pool (the model is left with no objects and no nodes).
  void harvest(Model& model);
};

}  // namespace meshgate::mod
