// A PAC/PNST container with one member replaced, added or removed
// (docs/spec/dmc3-containers.md §1.1, the rule): the slot table follows the
// members that move, empty slots stay empty, every other byte (the header,
// the gap after the table, every other member's extent) is copied, and the
// members after the edited one keep their offset modulo 16.
#pragma once

#include "parser/pac/pac_model.hpp"
#include "writer/core/member_edit.hpp"

namespace meshgate::pac {

// The alignment whose phase the members after an edit keep.
inline constexpr uint64_t kEditAlignment = 16;

// `data`: the bytes `container` was parsed from; `edit.member` indexes
// container.members (ascending offset). An added member takes a new last
// slot and starts where the container ended.
[[nodiscard]] EditedContainer edit_pac(Bytes data, const Container& container, const MemberEdit& edit);

}  // namespace meshgate::pac
