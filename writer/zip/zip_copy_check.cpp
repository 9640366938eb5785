#include "writer/zip/zip_copy_check.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace meshgate::zip {

namespace {

constexpr size_t kChunk = size_t{1} << 20;

uint64_t record_size(const CentralEntry& e) { return e.record_end() - e.local_offset; }

// The two ranges compared a chunk at a time; why not equal, or none.
std::optional<std::string> compare_ranges(VolumeSource& source, uint64_t from, VolumeSource& written, uint64_t to,
                                          uint64_t size, std::vector<std::byte>& a, std::vector<std::byte>& b) {
  for (uint64_t done = 0; done < size;) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kChunk, size - done));
    if (!source.read(from + done, std::span(a).first(n))) return "the source cannot be read at " + std::to_string(from + done);
    if (!written.read(to + done, std::span(b).first(n))) return "it cannot be read back at " + std::to_string(to + done);
    if (std::memcmp(a.data(), b.data(), n) != 0) {
      size_t at = 0;
      while (a[at] == b[at]) ++at;
      return "its local record differs from the bytes it was copied from at byte " + std::to_string(done + at) +
             " of " + std::to_string(size) + " (offset " + std::to_string(to + done + at) + " of the written volume)";
    }
    done += n;
  }
  return std::nullopt;
}

struct Range {
  uint64_t offset = 0, size = 0;
};

// The bytes before the central directory that no local record claims (a
// prefix, gaps between records, a tail after the last), in volume order:
// the writer copies them in this order around the records it lays out, so
// the written volume's, read in order, are the source's (a removed record
// joins the two around it; an added one comes after them all).
std::vector<Range> unclaimed(const Directory& d) {
  std::vector<Range> records;
  for (const CentralEntry& e : d.entries) records.push_back({e.local_offset, record_size(e)});
  std::sort(records.begin(), records.end(), [](const Range& x, const Range& y) { return x.offset < y.offset; });
  std::vector<Range> out;
  uint64_t cursor = 0;
  for (const Range& r : records) {
    if (r.offset > cursor) out.push_back({cursor, r.offset - cursor});
    cursor = std::max(cursor, r.offset + r.size);
  }
  if (d.directory_offset > cursor) out.push_back({cursor, d.directory_offset - cursor});
  return out;
}

uint64_t total(const std::vector<Range>& ranges) {
  uint64_t sum = 0;
  for (const Range& r : ranges) sum += r.size;
  return sum;
}

// The source's unclaimed bytes and the written volume's, each read as one
// stream, compared a chunk at a time; why not equal, or none.
std::optional<std::string> compare_unclaimed(VolumeSource& source, const std::vector<Range>& from, VolumeSource& written,
                                             const std::vector<Range>& to, std::vector<std::byte>& a, std::vector<std::byte>& b) {
  if (total(from) != total(to))
    return "its records leave " + std::to_string(total(to)) + " bytes between them before its central directory, not the " +
           std::to_string(total(from)) + " copied from the source";
  uint64_t i = 0, j = 0, in_i = 0, in_j = 0;
  while (i < from.size() && j < to.size()) {
    const size_t n = static_cast<size_t>(std::min({uint64_t{kChunk}, from[i].size - in_i, to[j].size - in_j}));
    const uint64_t at = from[i].offset + in_i, to_at = to[j].offset + in_j;
    if (!source.read(at, std::span(a).first(n))) return "the source cannot be read at " + std::to_string(at);
    if (!written.read(to_at, std::span(b).first(n))) return "it cannot be read back at " + std::to_string(to_at);
    if (std::memcmp(a.data(), b.data(), n) != 0) {
      size_t k = 0;
      while (a[k] == b[k]) ++k;
      return "the bytes between its records differ from those they were copied from at offset " + std::to_string(to_at + k) +
             " of the written volume (offset " + std::to_string(at + k) + " of the source)";
    }
    in_i += n, in_j += n;
    if (in_i == from[i].size) ++i, in_i = 0;
    if (in_j == to[j].size) ++j, in_j = 0;
  }
  return std::nullopt;
}

std::optional<std::string> same_entry(const CentralEntry& was, const CentralEntry& now) {
  if (was.name != now.name) return "member " + was.name + " is not where it was in the central directory (" + now.name + " is)";
  if (was.crc32 != now.crc32 || was.size != now.size || was.compressed_size != now.compressed_size ||
      was.method != now.method || record_size(was) != record_size(now))
    return "member " + was.name + "'s central record no longer says its CRC-32, sizes and method";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_copied_records(VolumeSource& source, VolumeSource& written, const EditedEntry& edited,
                                                uint64_t max_members) {
  const DirectoryRead before = read_directory(source, max_members);
  const DirectoryRead after = read_directory(written, max_members);
  if (!before.directory) return "the source's framing cannot be read again: " + before.problem->message;
  if (!after.directory) return "its framing cannot be read: " + after.problem->path + ": " + after.problem->message;
  const auto& was = before.directory->entries;
  const auto& now = after.directory->entries;
  const size_t expected = was.size() - (edited.removed ? 1 : 0) + (edited.added ? 1 : 0);
  if (now.size() != expected)
    return "its central directory lists " + std::to_string(now.size()) + " members, not " + std::to_string(expected);
  std::vector<std::byte> a(kChunk), b(kChunk);
  for (size_t i = 0, j = 0; i < was.size(); ++i) {
    if (edited.index == i && edited.removed) continue;
    const CentralEntry& w = was[i];
    const CentralEntry& n = now[j++];
    if (edited.index == i) {
      if (w.name != n.name) return "member " + w.name + " is not where it was in the central directory";
      continue;
    }
    if (auto why = same_entry(w, n)) return why;
    if (auto why = compare_ranges(source, w.local_offset, written, n.local_offset, record_size(w), a, b))
      return "member " + w.name + ": " + *why;
  }
  return compare_unclaimed(source, unclaimed(*before.directory), written, unclaimed(*after.directory), a, b);
}

}  // namespace meshgate::zip
