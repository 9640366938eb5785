#include "writer/nres/nres_member_edit.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "parser/nres/nres_parser.hpp"

namespace meshgate::nres {

namespace {

void append(std::vector<std::byte>& out, Bytes bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); }
void append_zeros(std::vector<std::byte>& out, uint64_t n) { out.resize(out.size() + static_cast<size_t>(n)); }

uint64_t offset_of(const Entry& e) { return e.record.get(entry::data_offset); }
uint64_t size_of(const Entry& e) { return e.record.get(entry::size); }

bool all_zero(Bytes b) {
  return std::all_of(b.begin(), b.end(), [](std::byte x) { return x == std::byte{0}; });
}

// The entries in the order their payloads lie.
std::vector<size_t> layout_order(const Archive& a) {
  std::vector<size_t> order(a.entries.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return offset_of(a.entries[x]) < offset_of(a.entries[y]); });
  return order;
}

// Payloads that share bytes cannot move apart: such an archive is refused.
std::optional<std::string> overlap(const Archive& a, const std::vector<size_t>& order) {
  for (size_t k = 1; k < order.size(); ++k) {
    const Entry& before = a.entries[order[k - 1]];
    if (offset_of(before) + size_of(before) > offset_of(a.entries[order[k]]))
      return "entries " + std::to_string(order[k - 1]) + " and " + std::to_string(order[k]) +
             " share payload bytes, so neither can move on its own";
  }
  return std::nullopt;
}

// The new bytes of one entry's region (its payload and the bytes after it
// up to the next payload or the directory) with `payload` in its place: the
// old zero padding is replaced by the padding the new size needs; anything
// else after it (an unindexed region) is kept after it.
void replaced_region(std::vector<std::byte>& out, Bytes region, uint64_t old_size, Bytes payload) {
  const Bytes tail = region.subspan(static_cast<size_t>(old_size));
  append(out, payload);
  if (all_zero(tail) && tail.size() < kPayloadAlignment) {
    append_zeros(out, padding_keeping_phase(region.size(), payload.size(), kPayloadAlignment));
    return;
  }
  append_zeros(out, padding_keeping_phase(old_size, payload.size(), kPayloadAlignment));
  append(out, tail);
}

using Compare = int (*)(std::string_view, std::string_view);

// The fold the archive's sort table follows: the engine's lowercase
// _strcmpi, or uppercase where the table is in that order only.
Compare archive_fold(const Archive& a) {
  const auto in_order = [&](Compare compare) {
    for (size_t i = 1; i < a.entries.size(); ++i) {
      const uint64_t p = a.entries[i - 1].record.get(entry::sort_index), q = a.entries[i].record.get(entry::sort_index);
      if (p >= a.entries.size() || q >= a.entries.size()) return false;
      if (compare(entry_name_view(a.entries[p].record), entry_name_view(a.entries[q].record)) > 0) return false;
    }
    return true;
  };
  return !in_order(compare_names_lowercase) && in_order(compare_names_uppercase) ? compare_names_uppercase
                                                                                : compare_names_lowercase;
}

void rebuild_sort_table(std::vector<EntryRecord>& records, Compare compare) {
  std::vector<size_t> order(records.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return compare(entry_name_view(records[x]), entry_name_view(records[y])) < 0;
  });
  for (size_t i = 0; i < records.size(); ++i) records[i].set(entry::sort_index, order[i]);
}

std::optional<std::string> check_new_name(const Archive& a, const std::string& name) {
  if (name.empty() || name.size() > kEntrySpec.fields[entry::name].width - 1 || name.find('\0') != std::string::npos)
    return "an NRes entry's name is 1 to 35 bytes without NUL; \"" + name + "\" is not";
  for (const Entry& e : a.entries)
    if (compare_names_lowercase(entry_name_view(e.record), name) == 0)
      return "the archive already holds an entry \"" + entry_name(e.record) + "\" (names are compared in any case)";
  return std::nullopt;
}

EntryRecord added_record(const MemberEdit& edit) {
  EntryRecord r;
  r.set(entry::type_id, edit.nres_type_id);
  std::span<std::byte> name = r.raw_mut(entry::name);
  std::transform(edit.name.begin(), edit.name.end(), name.begin(), [](char c) { return static_cast<std::byte>(c); });
  return r;
}

EditedContainer refused(std::string why) {
  EditedContainer out;
  out.error = std::move(why);
  return out;
}

}  // namespace

EditedContainer edit_nres(Bytes data, const Archive& a, const MemberEdit& edit) {
  EditedContainer out;
  const std::vector<size_t> order = layout_order(a);
  if (auto why = overlap(a, order)) return refused(std::move(*why));
  if (edit.kind == MemberEditKind::add)
    if (auto why = check_new_name(a, edit.name)) return refused(std::move(*why));
  const uint64_t dir = directory_offset(a.header);
  std::vector<EntryRecord> records;
  for (const Entry& e : a.entries) records.push_back(e.record);
  std::vector<std::byte>& bytes = out.bytes;
  append(bytes, data.first(kHeaderSpec.size));
  const uint64_t first = order.empty() ? dir : offset_of(a.entries[order.front()]);
  append(bytes, data.subspan(kHeaderSpec.size, static_cast<size_t>(first - kHeaderSpec.size)));
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    const uint64_t start = offset_of(a.entries[i]);
    const uint64_t end = k + 1 < order.size() ? offset_of(a.entries[order[k + 1]]) : dir;
    const Bytes region = data.subspan(static_cast<size_t>(start), static_cast<size_t>(end - start));
    const bool edited = edit.kind != MemberEditKind::add && edit.member == i;
    if (edited && edit.kind == MemberEditKind::remove) {
      append_zeros(bytes, region.size() % kPayloadAlignment);  // the payloads after it keep their phase
      continue;
    }
    records[i].set(entry::data_offset, bytes.size());
    if (!edited) {
      append(bytes, region);
      continue;
    }
    records[i].set(entry::size, edit.bytes.size());
    replaced_region(bytes, region, size_of(a.entries[i]), edit.bytes);
  }
  if (edit.kind == MemberEditKind::add) {
    append_zeros(bytes, padding_keeping_phase(0, bytes.size(), kPayloadAlignment));
    EntryRecord& r = records.emplace_back(added_record(edit));
    r.set(entry::data_offset, bytes.size());
    r.set(entry::size, edit.bytes.size());
    append(bytes, edit.bytes);
    append_zeros(bytes, padding_keeping_phase(0, edit.bytes.size(), kPayloadAlignment));
    out.added_name = edit.name;
  }
  if (edit.kind == MemberEditKind::remove) records.erase(records.begin() + static_cast<std::ptrdiff_t>(edit.member));
  if (edit.kind != MemberEditKind::replace) rebuild_sort_table(records, archive_fold(a));
  const uint64_t total = bytes.size() + records.size() * kEntrySpec.size;
  if (total > std::numeric_limits<uint32_t>::max())
    return refused("the archive would be " + std::to_string(total) + " bytes, past the 4 GiB of its u32 total_size");
  const size_t at = bytes.size();
  bytes.resize(static_cast<size_t>(total));
  for (size_t i = 0; i < records.size(); ++i) records[i].encode(std::span(bytes).subspan(at + i * kEntrySpec.size, kEntrySpec.size));
  HeaderRecord header = a.header;
  header.set(hdr::entry_count, records.size());
  header.set(hdr::total_size, total);
  header.encode(std::span(bytes).first(kHeaderSpec.size));
  return out;
}

}  // namespace meshgate::nres
