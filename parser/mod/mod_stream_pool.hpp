// Stream buffers of MOD models that are no longer needed, for the next parse
// to fill instead of allocating its own. A sweep or round trip parses file
// after file, and every mesh owns six buffers (five vertex streams and the
// workspace) of a few KiB: through glibc each costs a large-chunk malloc and
// free, 15% of a 220 KiB round trip. The parser takes a buffer from here
// before it resizes a stream, and overwrites every element it keeps, so
// nothing of the earlier model can leak into the new one: only capacity is
// reused. Not thread-safe: one pool per thread.
#pragma once

#include <cstddef>
#include <vector>

#include "parser/mod/mod_model.hpp"

namespace meshgate::mod {

class StreamPool {
 public:
  // Moves every mesh's stream buffers into the pool (the model's meshes are left empty).
  void harvest(Model& model);
  // Gives an empty `stream` a pooled buffer's capacity, if one is left.
  void lend(PodVector<F32x3Bits>& stream) { take(vec3_, stream); }
  void lend(PodVector<I16x2>& stream) { take(uv_, stream); }
  void lend(PodVector<U8x4>& stream) { take(blend_, stream); }
  void lend(PodVector<uint16_t>& stream) { take(control_, stream); }
  void lend(std::vector<std::byte>& stream) { take(workspace_, stream); }

 private:
  // A bound on what the pool keeps: more buffers than one huge model's meshes are dropped.
  static constexpr size_t kMaxPerShelf = 4096;
  template <typename Buffer>
  static void take(std::vector<Buffer>& shelf, Buffer& stream) {
    if (shelf.empty() || stream.capacity() != 0) return;
    stream.swap(shelf.back());
    shelf.pop_back();
  }
  template <typename Buffer>
  static void keep(std::vector<Buffer>& shelf, Buffer& stream) {
    if (stream.capacity() == 0 || shelf.size() >= kMaxPerShelf) return;
    shelf.emplace_back().swap(stream);
  }

  std::vector<PodVector<F32x3Bits>> vec3_;  // positions and normals
  std::vector<PodVector<I16x2>> uv_;
  std::vector<PodVector<U8x4>> blend_;
  std::vector<PodVector<uint16_t>> control_;
  std::vector<std::vector<std::byte>> workspace_;
};

}  // namespace meshgate::mod
