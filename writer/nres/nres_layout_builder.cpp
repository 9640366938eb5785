#include "writer/nres/nres_layout_builder.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include "parser/core/byte_reader.hpp"
#include "parser/core/checked_math.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_parser.hpp"

namespace meshgate::nres {

namespace {

void append_u32(std::vector<std::byte>& b, uint64_t v) { append_uint_le(b, v, 4); }
void pad8(std::vector<std::byte>& b) { b.resize(align_up(b.size(), kPayloadAlignment), std::byte{0}); }

}  // namespace

std::vector<std::byte> build_nres(const ArchiveDescription& d) {
  const size_t n = d.entries.size();
  std::vector<size_t> order = d.data_order;
  if (order.size() != n) {
    order.resize(n);
    std::iota(order.begin(), order.end(), size_t{0});
  }
  std::vector<std::byte> b(kHeaderSpec.size);
  std::vector<uint64_t> offsets(n, kHeaderSpec.size);
  for (size_t k = 0; k <= n; ++k) {
    if (k == d.unindexed_after) {
      b.insert(b.end(), d.unindexed_bytes.begin(), d.unindexed_bytes.end());
      pad8(b);
    }
    if (k == n) break;
    const EntryDescription& e = d.entries[order[k]];
    offsets[order[k]] = b.size();
    b.insert(b.end(), e.payload.begin(), e.payload.end());
    pad8(b);
  }
  // sort_index: entries[i].sort_index = P[i], P = indices in folded-name order.
  std::vector<size_t> p(n);
  std::iota(p.begin(), p.end(), size_t{0});
  auto cmp = d.uppercase_sort ? compare_names_uppercase : compare_names_lowercase;
  std::stable_sort(p.begin(), p.end(),
                   [&](size_t a, size_t c) { return cmp(d.entries[a].name, d.entries[c].name) < 0; });
  for (size_t i = 0; i < n; ++i) {
    const EntryDescription& e = d.entries[i];
    append_u32(b, e.type_id);
    append_u32(b, e.attr1);
    append_u32(b, e.attr2);
    append_u32(b, e.payload.size());
    append_u32(b, e.attr3);
    std::array<std::byte, 36> name{};
    for (size_t k = 0; k < e.name.size() && k < 35; ++k) name[k] = static_cast<std::byte>(e.name[k]);
    for (size_t k = 0; k < e.name_tail.size() && e.name.size() + 1 + k < 36; ++k)
      name[e.name.size() + 1 + k] = static_cast<std::byte>(e.name_tail[k]);
    b.insert(b.end(), name.begin(), name.end());
    append_u32(b, offsets[i]);
    append_u32(b, p[i]);
  }
  std::vector<std::byte> header;
  header.insert(header.end(), kMagic.begin(), kMagic.end());
  append_u32(header, kVersion);
  append_u32(header, n);
  append_u32(header, b.size());
  std::copy(header.begin(), header.end(), b.begin());
  return b;
}

}  // namespace meshgate::nres
