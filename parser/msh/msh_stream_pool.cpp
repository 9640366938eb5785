#include "parser/msh/msh_stream_pool.hpp"

#include <type_traits>
#include <variant>

namespace meshgate::msh {

void StreamPool::harvest(Model& model) {
  for (Stream& s : model.streams) {
    std::visit(
        [&](auto& data) {
          using T = std::decay_t<decltype(data)>;
          if constexpr (std::is_same_v<T, RawStream>) keep(data.bytes);
          if constexpr (std::is_same_v<T, NodeStream> || std::is_same_v<T, ShortNodeStream>) keep(data.nodes);
          if constexpr (std::is_same_v<T, HeaderSlotStream>) keep(data.slots);
          if constexpr (std::is_same_v<T, PositionStream>) keep(data.positions);
          if constexpr (std::is_same_v<T, PackedNormalStream>) keep(data.normals);
          if constexpr (std::is_same_v<T, WordPairStream>) keep(data.pairs);
          if constexpr (std::is_same_v<T, WordStream>) keep(data.words);
          if constexpr (std::is_same_v<T, TriangleStream>) keep(data.triangles);
          if constexpr (std::is_same_v<T, BatchStream>) keep(data.batches);
          if constexpr (std::is_same_v<T, KeyStream>) keep(data.keys);
          // StringStream: node names are held inline, nothing worth keeping.
        },
        s.data);
  }
  keep(model.streams);
}

}  // namespace meshgate::msh
