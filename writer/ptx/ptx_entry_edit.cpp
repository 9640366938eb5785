#include "writer/ptx/ptx_entry_edit.hpp"

#include <algorithm>

#include "parser/core/byte_reader.hpp"

namespace meshgate::ptx {

namespace {

void append(std::vector<std::byte>& out, Bytes bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); }

EditedContainer refused(std::string why) {
  EditedContainer out;
  out.error = std::move(why);
  return out;
}

// Where the table's slot for entry `i` lies.
uint64_t count_at(size_t i) { return kHeaderSpec.size + i * kBlockCountSpec.size; }

bool zeros_at(Bytes data, uint64_t offset, uint64_t size) {
  if (offset + size > data.size()) return false;
  const Bytes b = data.subspan(static_cast<size_t>(offset), static_cast<size_t>(size));
  return std::all_of(b.begin(), b.end(), [](std::byte x) { return x == std::byte{0}; });
}

// Why the table cannot take the edit: a new count needs the 4 bytes after
// the table, which must be inside the 0x800-byte header and zero (they are
// the header rest, kept otherwise); a final entry of count 0 runs to the end,
// so nothing can follow it.
std::optional<std::string> table_refuses(Bytes data, const Companion& c, const MemberEdit& edit) {
  const size_t k = c.entries.size();
  if (edit.kind != MemberEditKind::add) return std::nullopt;
  if (count_at(k + 1) > kBlockSize || !zeros_at(data, count_at(k), kBlockCountSpec.size))
    return "the count table cannot grow: the 4 bytes after it (the header rest) are past 0x800 or not zero";
  if (k > 0 && c.block_counts.back().get(block_count) == 0)
    return "the last entry's block count is 0 (it runs to the end of the file), so no entry can follow it";
  return std::nullopt;
}

}  // namespace

EditedContainer edit_ptx(Bytes data, const Companion& c, const MemberEdit& edit) {
  if (auto why = table_refuses(data, c, edit)) return refused(std::move(*why));
  if (edit.kind != MemberEditKind::remove && edit.bytes.empty()) return refused("a PTX entry cannot be empty");
  const bool add = edit.kind == MemberEditKind::add;
  EditedContainer out;
  std::vector<std::byte>& bytes = out.bytes;
  const uint64_t header_end = std::min<uint64_t>(kBlockSize, data.size());
  append(bytes, data.first(static_cast<size_t>(header_end)));
  std::vector<uint32_t> counts;
  uint64_t at = header_end;
  for (size_t i = 0; i < c.entries.size(); ++i) {
    const uint64_t size = c.entries[i].byte_size();
    const uint32_t count = static_cast<uint32_t>(c.block_counts[i].get(block_count));
    const bool edited = !add && edit.member == i;
    if (!edited) {
      append(bytes, data.subspan(static_cast<size_t>(at), static_cast<size_t>(size)));
      counts.push_back(count);
    } else if (edit.kind == MemberEditKind::replace) {
      append(bytes, edit.bytes);
      // A final count of 0 runs to the end: it stays 0 and needs no padding.
      const bool to_end = count == 0;
      if (!to_end) bytes.resize(bytes.size() + static_cast<size_t>(padding_keeping_phase(0, edit.bytes.size(), kBlockSize)));
      counts.push_back(to_end ? 0 : static_cast<uint32_t>((edit.bytes.size() + kBlockSize - 1) / kBlockSize));
    }
    at += size;
  }
  if (add) {
    append(bytes, edit.bytes);
    bytes.resize(bytes.size() + static_cast<size_t>(padding_keeping_phase(0, edit.bytes.size(), kBlockSize)));
    counts.push_back(static_cast<uint32_t>((edit.bytes.size() + kBlockSize - 1) / kBlockSize));
    out.added_name = std::to_string(c.entries.size());
  }
  append(bytes, data.subspan(static_cast<size_t>(at)));  // the trailing bytes
  if (bytes.size() < kBlockSize && !counts.empty()) return refused("the companion would end inside its 0x800-byte header");
  store_fixed_le<4>(bytes.data(), counts.size());
  for (size_t i = 0; i < counts.size(); ++i) store_fixed_le<4>(bytes.data() + count_at(i), counts[i]);
  // A removed entry's count becomes zero bytes of the header rest.
  if (edit.kind == MemberEditKind::remove) store_fixed_le<4>(bytes.data() + count_at(counts.size()), 0);
  return out;
}

}  // namespace meshgate::ptx
