// The PAC/PNST layout builder: a container from a plain description (header,
// slot table, members at offsets of a chosen alignment and phase, padding of
// one byte value). Padding after a member becomes part of its derived extent
// (the container has no size field); padding after the table, before the
// first member, is a gap of the container. Used by the canonical rebuild and
// the synthetic-corpus generator alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "parser/pac/pac_model.hpp"

namespace meshgate::pac {

struct MemberDescription {
  std::vector<uint32_t> slots;  // every slot that holds this member's offset
  std::vector<std::byte> bytes;
};

struct ContainerDescription {
  Kind kind = Kind::pac;
  uint32_t slot_count = 0;
  std::vector<MemberDescription> members = {};  // layout order; slots not named by any member are empty
  uint64_t alignment = 16;                 // each member starts at offset % alignment == phase
  uint64_t phase = 0;                      // 8 with alignment 16: the "8 mod 16" offsets seen on retail files
  std::byte padding{0};
};

// Throws std::invalid_argument when a member names a slot >= slot_count or the
// container would exceed 4 GiB (u32 offsets): descriptions come from meshgate's
// own generators and rebuilds, which never make one.
[[nodiscard]] std::vector<std::byte> build_pac(const ContainerDescription& description);

}  // namespace meshgate::pac
