// Stream buffers of MOD models that are no longer needed, for the next parse
// to fill (see BufferPool): every mesh owns six, its five vertex streams and
// its workspace. Not thread-safe: one pool per thread.
#pragma once

#include <cstddef>
#include <vector>

#include "parser/core/buffer_pool.hpp"
#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

class StreamPool : public BufferPool<PodVector<F32x3Bits>, PodVector<I16x2>, PodVector<U8x4>, PodVector<uint16_t>,
                                     std::vector<std::byte>> {
 public:
  // Moves every mesh's stream buffers into the pool (the model's meshes are left empty).
  void harvest(Model& model);
};

}  // namespace meshgate::mod
