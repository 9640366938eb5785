#include "writer/rsli/rsli_writer.hpp"

#include <algorithm>
#include <numeric>

#include "parser/rsli/rsli_cipher.hpp"
#include "writer/rsli/rsli_encode.hpp"

namespace meshgate::rsli {

namespace {

void append_table(PodVector<std::byte>& out, const std::vector<EntryRecord>& rows, uint16_t key) {
  const size_t at = out.size();
  out.resize(at + rows.size() * kEntrySize);
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i].encode(std::span<std::byte>(out.data() + at + i * kEntrySize, kEntrySize));
  xor_in_place(std::span<std::byte>(out.data() + at, rows.size() * kEntrySize), key);
}

void append(PodVector<std::byte>& out, Bytes bytes) {
  const size_t at = out.size();
  out.resize(at + bytes.size());
  std::copy(bytes.begin(), bytes.end(), out.data() + at);
}

WriteResult refuse(std::string path, std::string message) {
  WriteResult r;
  r.error = Diagnostic{"rsli.write-refused", Severity::error, std::move(path), 0, std::move(message)};
  return r;
}

}  // namespace

WriteResult write_rsli(const Library& library) {
  WriteResult r;
  r.bytes.reserve(static_cast<size_t>(library.file_size));
  std::array<std::byte, kHeaderSize> header{};
  library.header.encode(header);
  append(r.bytes, header);
  std::vector<EntryRecord> rows;
  rows.reserve(library.entries.size());
  for (const Entry& e : library.entries) rows.push_back(e.record);
  append_table(r.bytes, rows, table_key(library.header));
  append(r.bytes, library.payload_area);
  return r;
}

WriteResult build_rsli(const std::vector<NewEntry>& entries, uint32_t seed) {
  const size_t n = entries.size();
  if (n > 0x7FFF) return refuse("entries", std::to_string(n) + " rows do not fit the i16 count");
  std::vector<size_t> by_name(n);
  std::iota(by_name.begin(), by_name.end(), size_t{0});
  std::stable_sort(by_name.begin(), by_name.end(),
                   [&](size_t a, size_t b) { return compare_names(entries[a].name, entries[b].name) < 0; });
  std::vector<EntryRecord> rows(n);
  PodVector<std::byte> payloads;
  uint64_t offset = table_end(n), total = 0;
  for (size_t i = 0; i < n; ++i) {
    const NewEntry& e = entries[i];
    const std::string path = "entries[" + std::to_string(i) + "]";
    if (e.name.size() > 12) return refuse(path + ".name", "\"" + e.name + "\" is longer than 12 bytes");
    const uint16_t key = static_cast<uint16_t>(by_name[i]);  // reading F: row i names the i-th in order
    const std::vector<std::byte> packed = encode_entry(e.method, e.plain, key);
    if (packed.size() > UINT32_MAX || e.plain.size() > UINT32_MAX || offset + packed.size() > UINT32_MAX ||
        total + e.plain.size() > UINT32_MAX)
      return refuse(path, "a stream, offset or total over 4 GiB");
    std::copy(e.name.begin(), e.name.end(), reinterpret_cast<char*>(rows[i].raw_mut(entry::name).data()));
    rows[i].set(entry::flags, static_cast<uint16_t>(e.method));
    rows[i].set(entry::sort_to_original, key);
    rows[i].set(entry::unpacked_size, e.plain.size());
    rows[i].set(entry::data_offset, offset);
    rows[i].set(entry::packed_size, packed.size());
    append(payloads, packed);
    offset += packed.size();
    total += e.plain.size();
  }
  HeaderRecord h;
  std::copy_n(kMagic.begin(), 2, h.raw_mut(hdr::magic).begin());  // "NL"; bytes 2 and 3 below
  h.set(hdr::reserved_02, 0);
  h.set(hdr::version, 1);
  h.set(hdr::entry_count, n);
  h.set(hdr::entry_count_copy, n);
  h.set(hdr::presorted, kPresorted);
  h.set(hdr::total_unpacked, total);
  h.set(hdr::seed, seed);
  WriteResult r;
  std::array<std::byte, kHeaderSize> header{};
  h.encode(header);
  append(r.bytes, header);
  append_table(r.bytes, rows, static_cast<uint16_t>(seed & 0xFFFF));
  append(r.bytes, Bytes(payloads.data(), payloads.size()));
  return r;
}

}  // namespace meshgate::rsli
