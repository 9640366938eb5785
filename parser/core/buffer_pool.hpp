// Buffers of models no longer needed, for the next parse to fill instead of
// allocating its own. A sweep or round trip parses file after file, and each
// model owns a buffer per stream of a few KiB: through glibc each costs a
// large-chunk malloc and free (15% of a 220 KiB MOD round trip, 4% of a
// 1,000-vertex MSH one). A format's pool keeps its models' buffers on one
// shelf per buffer type (`Buffers...`, all distinct); its parser lends a
// buffer to an empty stream before sizing it, and overwrites every element
// it keeps, so nothing of an earlier model can leak into the next: only
// capacity is reused. Not thread-safe: one pool per thread.
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

namespace meshgate {

template <typename... Buffers>
class BufferPool {
 public:
  // Gives an empty `buffer` a pooled buffer's capacity, if one is left.
  template <typename Buffer>
  void lend(Buffer& buffer) {
    auto& shelf = std::get<std::vector<Buffer>>(shelves_);
    if (shelf.empty() || buffer.capacity() != 0) return;
    buffer.swap(shelf.back());
    shelf.pop_back();
  }
  // Takes `buffer`'s storage onto its shelf (`buffer` is left empty).
  template <typename Buffer>
  void keep(Buffer& buffer) {
    auto& shelf = std::get<std::vector<Buffer>>(shelves_);
    if (buffer.capacity() == 0 || shelf.size() >= kMaxPerShelf) return;
    buffer.clear();
    shelf.emplace_back().swap(buffer);
  }
  // How many buffers it keeps, on every shelf.
  [[nodiscard]] size_t held() const {
    return std::apply([](const auto&... shelf) { return (size_t{0} + ... + shelf.size()); }, shelves_);
  }

 private:
  // A bound on what the pool keeps: more buffers than one huge model's are dropped.
  static constexpr size_t kMaxPerShelf = 4096;
  std::tuple<std::vector<Buffers>...> shelves_;
};

}  // namespace meshgate
