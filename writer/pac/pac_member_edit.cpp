#include "writer/pac/pac_member_edit.hpp"

#include <algorithm>
#include <limits>

#include "parser/core/byte_reader.hpp"

namespace meshgate::pac {

namespace {

void append(std::vector<std::byte>& out, Bytes bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); }

struct Plan {
  std::vector<std::optional<uint64_t>> new_offset;  // per member; none: removed
  std::vector<std::byte> body;                      // everything after the new table
  std::optional<std::string> error;
};

// The members' extents in layout order, the edited one changed; `body_start`
// is where the body begins in the new file.
Plan lay_out(Bytes data, const Container& c, const MemberEdit& edit, uint64_t old_table_end, uint64_t body_start) {
  Plan plan;
  plan.new_offset.resize(c.members.size());
  const uint64_t first = c.members.empty() ? data.size() : c.members.front().offset;
  // The gap after the table is kept; a table grown by a slot is followed by
  // zeros so that the members keep their offset modulo 16.
  const uint64_t grown = body_start - old_table_end;
  if (!c.members.empty()) plan.body.resize(static_cast<size_t>(padding_keeping_phase(0, grown, kEditAlignment)));
  append(plan.body, data.subspan(static_cast<size_t>(old_table_end), static_cast<size_t>(first - old_table_end)));
  for (size_t m = 0; m < c.members.size(); ++m) {
    const Member& member = c.members[m];
    const Bytes extent = data.subspan(static_cast<size_t>(member.offset), static_cast<size_t>(member.extent));
    const bool edited = edit.kind != MemberEditKind::add && edit.member == m;
    if (edited && edit.kind == MemberEditKind::remove) {
      const uint64_t left = member.extent % kEditAlignment;
      // Bytes left where it was would lengthen the extent of the member before it.
      if (left != 0 && m != 0 && m + 1 != c.members.size()) {
        plan.error = "removing " + slot_name(member.slots.front()) + " (extent " + std::to_string(member.extent) +
                     ", not a multiple of 16) would change the extent of " + slot_name(c.members[m - 1].slots.front()) +
                     " or move the members after it off their offset modulo 16";
        return plan;
      }
      if (m + 1 != c.members.size()) plan.body.resize(plan.body.size() + static_cast<size_t>(left));
      continue;
    }
    plan.new_offset[m] = body_start + plan.body.size();
    if (!edited) {
      append(plan.body, extent);
      continue;
    }
    append(plan.body, edit.bytes);
    plan.body.resize(plan.body.size() + static_cast<size_t>(padding_keeping_phase(member.extent, edit.bytes.size(), kEditAlignment)));
  }
  return plan;
}

}  // namespace

EditedContainer edit_pac(Bytes data, const Container& c, const MemberEdit& edit) {
  EditedContainer out;
  if (edit.kind != MemberEditKind::remove && edit.bytes.empty()) {
    out.error = "a PAC/PNST member cannot be empty: a slot's offset must lie inside the container";
    return out;
  }
  const uint64_t old_slots = c.slots.size();
  const uint64_t new_slots = old_slots + (edit.kind == MemberEditKind::add ? 1 : 0);
  const uint64_t old_table_end = table_end(old_slots);
  Plan plan = lay_out(data, c, edit, old_table_end, table_end(new_slots));
  if (plan.error) {
    out.error = std::move(plan.error);
    return out;
  }
  const uint64_t added_at = table_end(new_slots) + plan.body.size();
  if (edit.kind == MemberEditKind::add) append(plan.body, edit.bytes);
  const uint64_t total = table_end(new_slots) + plan.body.size();
  if (total > std::numeric_limits<uint32_t>::max()) {
    out.error = "the container would be " + std::to_string(total) + " bytes, past the 4 GiB its u32 offsets reach";
    return out;
  }
  std::vector<uint64_t> slot_offsets(static_cast<size_t>(new_slots), 0);
  for (size_t m = 0; m < c.members.size(); ++m)
    if (plan.new_offset[m])
      for (uint32_t s : c.members[m].slots) slot_offsets[s] = *plan.new_offset[m];
  if (edit.kind == MemberEditKind::add) {
    slot_offsets.back() = added_at;
    out.added_name = slot_name(static_cast<uint32_t>(new_slots - 1));
  }
  out.bytes.reserve(static_cast<size_t>(total));
  append(out.bytes, data.first(4));  // the magic
  out.bytes.resize(static_cast<size_t>(table_end(new_slots)));
  store_fixed_le<4>(out.bytes.data() + 4, new_slots);
  for (size_t s = 0; s < slot_offsets.size(); ++s)
    store_fixed_le<4>(out.bytes.data() + 8 + 4 * s, slot_offsets[s]);
  append(out.bytes, plan.body);
  return out;
}

}  // namespace meshgate::pac
