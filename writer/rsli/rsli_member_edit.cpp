#include "writer/rsli/rsli_member_edit.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <string>

#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "writer/rsli/rsli_encode.hpp"
#include "writer/rsli/rsli_writer.hpp"

namespace meshgate::rsli {

namespace {

// A row of the library being written: its plain record, and either the
// packed bytes it keeps (with the key an XOR method encrypted them under) or
// the plain bytes meshgate's encoder packs once the row's key is known.
struct Row {
  EntryRecord record;
  Method method = Method::stored;
  Bytes kept;            // an untouched row's packed bytes
  uint16_t kept_key = 0;  // their key (the old effective sort field)
  bool fresh = false;
  Bytes plain;  // fresh: what the row must hold; else what it decoded to
};

EditedContainer refused(std::string why) {
  EditedContainer out;
  out.error = std::move(why);
  return out;
}

Method method_of_row(const EntryRecord& r) { return method_of(r.get(entry::flags)).value_or(Method::stored); }

std::optional<std::string> check_new_name(const Library& library, const std::string& name) {
  if (name.empty() || name.size() > kEntrySpec.fields[entry::name].width || name.find('\0') != std::string::npos)
    return "an RsLi entry's name is 1 to 12 bytes without NUL; \"" + name + "\" is not";
  for (const Entry& e : library.entries)
    if (compare_names(entry_name_view(e.record), name) == 0)
      return "the library already holds an entry \"" + entry_name(e.record) + "\"";
  return std::nullopt;
}

EntryRecord new_record(const std::string& name, Method method) {
  EntryRecord r;
  std::transform(name.begin(), name.end(), r.raw_mut(entry::name).begin(), [](char c) { return static_cast<std::byte>(c); });
  r.set(entry::flags, static_cast<uint16_t>(method));
  return r;
}

// The rows after the edit, in table order: an added row last.
std::vector<Row> rows_after(const Library& library, const MemberEdit& edit) {
  std::vector<Row> rows;
  for (size_t i = 0; i < library.entries.size(); ++i) {
    const Entry& e = library.entries[i];
    if (i == edit.member && edit.kind == MemberEditKind::remove) continue;
    Row row{e.record, method_of_row(e.record), packed_bytes(library, i), e.effective_sort, false, e.decoded};
    if (i == edit.member && edit.kind == MemberEditKind::replace) row.fresh = true, row.plain = edit.bytes;
    rows.push_back(row);
  }
  if (edit.kind == MemberEditKind::add) {
    const Method method = method_for_edit(library, edit);
    rows.push_back(Row{new_record(edit.name, method), method, {}, 0, true, edit.bytes});
  }
  return rows;
}

// Reading F (§3.3): row i's +0x12 names the row that is i-th in strcmp
// order; under 0xABBA it is also the XOR methods' key (§4.3).
std::vector<uint16_t> sort_keys(const std::vector<Row>& rows) {
  std::vector<size_t> by_name(rows.size());
  std::iota(by_name.begin(), by_name.end(), size_t{0});
  std::stable_sort(by_name.begin(), by_name.end(), [&](size_t a, size_t b) {
    return compare_names(entry_name_view(rows[a].record), entry_name_view(rows[b].record)) < 0;
  });
  return {by_name.begin(), by_name.end()};
}

// What row `row` stores under `key`: its kept bytes, re-keyed when an XOR
// method's key moved (decrypted with the old key, encrypted with the new),
// or its plain bytes packed afresh.
std::vector<std::byte> packed_for(const Row& row, uint16_t key) {
  if (row.fresh) return encode_entry(row.method, row.plain, key);
  if (!uses_xor(row.method) || row.kept_key == key) return {row.kept.begin(), row.kept.end()};
  return xor_copy(xor_copy(row.kept, row.kept_key), key);
}

// 0x14 (§7.3): kept, unless it was the payload area's size (reading M of
// C5), which it then stays.
uint32_t seed_after(const Library& library, uint64_t new_payload_area) {
  const uint32_t seed = static_cast<uint32_t>(library.header.get(hdr::seed));
  return seed == library.payload_area.size() ? static_cast<uint32_t>(new_payload_area) : seed;
}

// The written library parsed back: every row decodes to what it should hold.
std::optional<std::string> check_written(Bytes written, const std::vector<Row>& rows) {
  const ParseResult back = parse_rsli(written);
  if (!back.ok())
    return "the edited library does not parse back (" + std::string(back.diagnostics.back().code) + ": " +
           back.diagnostics.back().message + "); nothing written";
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::vector<std::byte>& got = back.library->entries[i].decoded;
    if (!std::equal(got.begin(), got.end(), rows[i].plain.begin(), rows[i].plain.end()))
      return "entry " + std::to_string(i) + " (" + entry_name(rows[i].record) +
             ") does not decode back to its bytes; nothing written";
  }
  return std::nullopt;
}

}  // namespace

Method method_for_edit(const Library& library, const MemberEdit& edit) {
  if (edit.kind == MemberEditKind::replace && edit.member < library.entries.size())
    return method_of_row(library.entries[edit.member].record);
  std::array<size_t, kMethodMask + 1> uses{};
  for (const Entry& e : library.entries) ++uses[static_cast<size_t>(method_of_row(e.record))];
  std::optional<Method> most;
  for (const Entry& e : library.entries) {
    const Method m = method_of_row(e.record);
    if (!most || uses[static_cast<size_t>(m)] > uses[static_cast<size_t>(*most)]) most = m;
  }
  return most.value_or(Method::deflate);
}

namespace {

// §7.3's layout of `rows`: payloads in row order from 32 + 32n, exact
// sizes, both counts, the total, 0xABBA with reading F's keys, the seed's
// rule; an AO trailer stays at the end, offsets stored less its overlay.
EditedContainer lay_out(const Library& library, std::vector<Row> rows) {
  if (rows.size() > 0x7FFF) return refused(std::to_string(rows.size()) + " rows do not fit the i16 count");
  const std::vector<uint16_t> keys = sort_keys(rows);
  Library out;
  out.header = library.header;
  out.has_trailer = library.has_trailer;
  const Bytes trailer = library.has_trailer ? Bytes(library.payload_area).last(kTrailerSize) : Bytes{};
  uint64_t offset = table_end(rows.size()), total = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    Row& row = rows[i];
    const std::vector<std::byte> packed = packed_for(row, keys[i]);
    if (offset < library.overlay) return refused("entry " + std::to_string(i) + " would lie below the AO overlay");
    if (offset + packed.size() > UINT32_MAX || row.plain.size() > UINT32_MAX || total + row.plain.size() > UINT32_MAX)
      return refused("entry " + std::to_string(i) + ": a stream, offset or total over 4 GiB");
    row.record.set(entry::sort_to_original, keys[i]);
    row.record.set(entry::unpacked_size, row.plain.size());
    row.record.set(entry::data_offset, offset - library.overlay);  // the trailer's overlay is added back on load
    row.record.set(entry::packed_size, packed.size());
    out.entries.push_back(Entry{row.record, keys[i], {}});
    out.payload_area.insert(out.payload_area.end(), packed.begin(), packed.end());
    offset += packed.size();
    total += row.plain.size();
  }
  out.payload_area.insert(out.payload_area.end(), trailer.begin(), trailer.end());
  out.header.set(hdr::entry_count, rows.size());
  out.header.set(hdr::entry_count_copy, rows.size());
  out.header.set(hdr::presorted, kPresorted);
  out.header.set(hdr::total_unpacked, total);
  out.header.set(hdr::seed, seed_after(library, out.payload_area.size()));
  out.file_size = table_end(rows.size()) + out.payload_area.size();
  const WriteResult written = write_rsli(out);
  if (!written.ok()) return refused(written.error->message);
  EditedContainer result;
  result.bytes.assign(written.bytes.begin(), written.bytes.end());
  if (auto why = check_written(result.bytes, rows)) return refused(std::move(*why));
  return result;
}

// An entry replaced by the bytes it already decodes to changes nothing: the
// library is written as it was (its lossless write), not laid out afresh,
// so that a member put back unedited leaves its container byte-identical
// whatever layout (gaps, order, seed) it had.
bool puts_back_as_it_was(const Library& library, const MemberEdit& edit) {
  const std::vector<std::byte>& now = library.entries[edit.member].decoded;
  return std::equal(now.begin(), now.end(), edit.bytes.begin(), edit.bytes.end());
}

EditedContainer written_as_it_was(const Library& library) {
  const WriteResult written = write_rsli(library);
  if (!written.ok()) return refused(written.error->message);
  EditedContainer result;
  result.bytes.assign(written.bytes.begin(), written.bytes.end());
  return result;
}

}  // namespace

EditedContainer edit_rsli(const Library& library, const MemberEdit& edit) {
  if (edit.kind != MemberEditKind::add && edit.member >= library.entries.size())
    return refused("the library has no entry " + std::to_string(edit.member));
  if (edit.kind == MemberEditKind::add)
    if (auto why = check_new_name(library, edit.name)) return refused(std::move(*why));
  if (edit.kind == MemberEditKind::replace && puts_back_as_it_was(library, edit)) return written_as_it_was(library);
  EditedContainer result = lay_out(library, rows_after(library, edit));
  if (!result.error && edit.kind == MemberEditKind::add) result.added_name = edit.name;
  return result;
}

Rebuilt rebuild_rsli(const Library& library, std::span<const PlainBytes> replaced) {
  std::vector<Row> rows = rows_after(library, {.kind = MemberEditKind::replace, .member = library.entries.size()});
  for (const PlainBytes& p : replaced) {
    Row& row = rows.at(p.entry);
    if (std::equal(p.plain.begin(), p.plain.end(), row.plain.begin(), row.plain.end())) continue;  // never re-encoded
    row.fresh = true, row.plain = p.plain;
  }
  EditedContainer laid = lay_out(library, std::move(rows));
  return {std::move(laid.bytes), std::move(laid.error)};
}

}  // namespace meshgate::rsli
