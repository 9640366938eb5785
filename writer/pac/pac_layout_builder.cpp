#include "writer/pac/pac_layout_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "parser/core/byte_reader.hpp"
#include "parser/pac/pac_fields.hpp"

namespace meshgate::pac {

std::vector<std::byte> build_pac(const ContainerDescription& d) {
  if (d.alignment == 0 || d.phase >= d.alignment) throw std::invalid_argument("build_pac: phase must be below the alignment");
  std::vector<std::byte> out(static_cast<size_t>(table_end(d.slot_count)), std::byte{0});
  const std::array<std::byte, 4>& magic = d.kind == Kind::pac ? kPacMagic : kPnstMagic;
  std::copy(magic.begin(), magic.end(), out.begin());
  store_uint_le(std::span(out).subspan(4, 4), d.slot_count, 4);
  for (const MemberDescription& m : d.members) {
    uint64_t at = out.size();
    // The table's end is never a member's offset when it is 0 (a member needs bytes).
    if (m.bytes.empty()) throw std::invalid_argument("build_pac: an empty member has no extent");
    while (at % d.alignment != d.phase) ++at;
    // Padding after a member is the tail of its extent; after the table it is
    // a gap of the container, zero (non-zero would be pac.unclaimed-bytes).
    const bool after_table = out.size() == table_end(d.slot_count);
    out.resize(static_cast<size_t>(at), after_table ? std::byte{0} : d.padding);
    if (at + m.bytes.size() > 0xFFFFFFFFull) throw std::invalid_argument("build_pac: container above 4 GiB");
    for (uint32_t s : m.slots) {
      if (s >= d.slot_count) throw std::invalid_argument("build_pac: slot beyond the table");
      store_uint_le(std::span(out).subspan(kHeaderSpec.size + size_t{s} * kSlotSpec.size, 4), at, 4);
    }
    out.insert(out.end(), m.bytes.begin(), m.bytes.end());
  }
  return out;
}

}  // namespace meshgate::pac
