// A parsed PAC/PNST container. Slots are kept as slots (an empty one too: slot
// numbers are identity). Members are the distinct non-zero offsets, ascending;
// each member's extent runs to the next larger distinct offset or to the end
// of the container (the spec's tooling rule: there is no size field), so a
// member includes any padding before the next one. Slots that share an offset
// share the member.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/pac/pac_fields.hpp"

namespace meshgate::pac {

using HeaderRecord = Record<kHeaderSpec>;
using SlotRecord = Record<kSlotSpec>;

enum class Kind : uint8_t { pac, pnst };
// What a member is, by its own bytes (never by slot position).
enum class MemberKind : uint8_t { mod, pac, pnst, opaque };
[[nodiscard]] std::string_view member_kind_name(MemberKind k);

struct Member {
  uint64_t offset = 0;
  uint64_t extent = 0;          // derived: to the next larger distinct offset, or the end
  std::vector<uint32_t> slots;  // the slots that hold this offset, ascending; the first names it
  MemberKind kind = MemberKind::opaque;
  std::vector<std::byte> bytes;  // its extent's exact bytes (filled by attach_members)

  friend bool operator==(const Member&, const Member&) = default;
};

struct Container {
  uint64_t file_size = 0;
  Kind kind = Kind::pac;
  HeaderRecord header;
  std::vector<SlotRecord> slots;  // table order
  std::vector<Member> members;    // ascending offset
  std::vector<Gap> gaps;          // bytes after the table no member claims, exact

  friend bool operator==(const Container&, const Container&) = default;
};

[[nodiscard]] inline uint64_t table_end(uint64_t slot_count) { return kHeaderSpec.size + slot_count * kSlotSpec.size; }

// The report-path component of the file nested in a slot: "slot_0002".
[[nodiscard]] std::string slot_name(uint32_t slot);

}  // namespace meshgate::pac
