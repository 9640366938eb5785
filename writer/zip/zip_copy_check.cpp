#include "writer/zip/zip_copy_check.hpp"

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
  return std::nullopt;
}

}  // namespace meshgate::zip
