#include "parser/zip/zip_directory.hpp"

#include <algorithm>
#include <cstring>

#include "parser/zip/zip_rewrite_codes.hpp"

namespace meshgate::zip {

namespace {

constexpr uint32_t kLocalSignature = 0x04034b50;    // "PK\3\4"
constexpr uint32_t kCentralSignature = 0x02014b50;  // "PK\1\2"
constexpr uint32_t kEndSignature = 0x06054b50;      // "PK\5\6"
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr uint32_t kDescriptorSignature = 0x08074b50;
constexpr size_t kMaxComment = 0xFFFF;

// A problem found while reading the framing: where and why.
struct Failure {
  std::string path;
  uint64_t offset = 0;
  std::string message;
};

Diagnostic diagnostic(const Failure& f) {
  const auto& c = rewrite_codes::unreadable;
  return {c.code, c.severity, f.path, f.offset, f.message};
}

std::optional<std::vector<std::byte>> read_bytes(VolumeSource& source, uint64_t offset, uint64_t count) {
  if (!range_fits(offset, count, source.size())) return std::nullopt;
  std::vector<std::byte> out(static_cast<size_t>(count));
  if (!source.read(offset, out)) return std::nullopt;
  return out;
}

// The end record: the last "PK\5\6" whose comment ends exactly at the end of
// the volume (a comment may itself hold the signature; a later one that does
// not fit is part of a comment).
struct EndRecord {
  uint64_t at = 0;
  uint64_t count = 0;
  uint64_t directory_size = 0;
  uint64_t directory_offset = 0;
  std::vector<std::byte> comment;
  bool spanned = false;
};

std::optional<EndRecord> find_end(Bytes tail, uint64_t tail_at) {
  if (tail.size() < kEndFixed) return std::nullopt;
  const ByteReader r(tail);
  for (size_t at = tail.size() - kEndFixed + 1; at-- > 0;) {
    if (*r.read_u32le(at) != kEndSignature) continue;
    const uint16_t comment_size = *r.read_u16le(at + 20);
    if (at + kEndFixed + comment_size != tail.size()) continue;
    EndRecord end;
    end.at = tail_at + at;
    end.spanned = *r.read_u16le(at + 4) != 0 || *r.read_u16le(at + 6) != 0 ||
                  *r.read_u16le(at + 8) != *r.read_u16le(at + 10);
    end.count = *r.read_u16le(at + 10);
    end.directory_size = *r.read_u32le(at + 12);
    end.directory_offset = *r.read_u32le(at + 16);
    const Bytes comment = *r.slice(at + kEndFixed, comment_size);
    end.comment.assign(comment.begin(), comment.end());
    return end;
  }
  return std::nullopt;
}

// The ZIP64 end record, when a locator sits just before the end record: its
// count, size and offset replace the 32-bit ones. The central directory must
// end where the ZIP64 record starts.
std::optional<Failure> read_zip64_end(VolumeSource& source, EndRecord& end, uint64_t& directory_end, bool& present) {
  present = false;
  if (end.at < kZip64LocatorSize) return std::nullopt;
  const auto locator = read_bytes(source, end.at - kZip64LocatorSize, kZip64LocatorSize);
  if (!locator) return Failure{"zip64_locator", end.at - kZip64LocatorSize, "the volume cannot be read"};
  const ByteReader l(*locator);
  if (*l.read_u32le(0) != kZip64LocatorSignature) return std::nullopt;
  present = true;
  const uint64_t record_at = *l.read_u64le(8);
  if (*l.read_u32le(4) != 0 || *l.read_u32le(16) > 1)
    return Failure{"zip64_locator", end.at - kZip64LocatorSize, "a spanned volume (more than one disk)"};
  if (!range_fits(record_at, kZip64EndFixed, end.at - kZip64LocatorSize))
    return Failure{"zip64_locator.record_offset", end.at - kZip64LocatorSize + 8,
                   "the ZIP64 end record's offset " + std::to_string(record_at) + " is outside the volume"};
  const auto record = read_bytes(source, record_at, kZip64EndFixed);
  if (!record) return Failure{"zip64_end", record_at, "the volume cannot be read"};
  const ByteReader z(*record);
  if (*z.read_u32le(0) != kZip64EndSignature)
    return Failure{"zip64_end.signature", record_at, "no ZIP64 end record where the locator points"};
  if (*z.read_u32le(16) != 0 || *z.read_u32le(20) != 0 || *z.read_u64le(24) != *z.read_u64le(32))
    return Failure{"zip64_end", record_at, "a spanned volume (more than one disk)"};
  end.count = *z.read_u64le(32);
  end.directory_size = *z.read_u64le(40);
  end.directory_offset = *z.read_u64le(48);
  directory_end = record_at;
  return std::nullopt;
}

// The ZIP64 extra's fields the record defers to (those whose fixed field holds the marker).
std::optional<Zip64Fields> zip64_fields(Bytes extra, bool size, bool compressed, bool offset, bool disk) {
  Zip64Fields f;
  if (!size && !compressed && !offset && !disk) return f;
  for (const ExtraField& field : extra_fields(extra)) {
    if (field.id != kZip64ExtraId) continue;
    const ByteReader r(field.data);
    uint64_t at = 0;
    auto take = [&](bool wanted, auto& into, size_t width) {
      if (!wanted) return true;
      const auto v = r.read_uint_le(at, width);
      if (!v) return false;
      into = static_cast<std::remove_reference_t<decltype(*into)>>(*v);
      at += width;
      return true;
    };
    if (take(size, f.size, 8) && take(compressed, f.compressed_size, 8) && take(offset, f.local_offset, 8) &&
        take(disk, f.disk, 4))
      return f;
    return std::nullopt;
  }
  return std::nullopt;
}

// One central record at `at` within the directory's bytes, its length in `length`.
std::optional<Failure> read_central(const ByteReader& r, uint64_t at, uint64_t directory_offset, CentralEntry& e,
                                    uint64_t& length) {
  const std::string path = "central_directory@" + std::to_string(directory_offset + at);
  if (!r.is_valid_range(at, kCentralFixed) || *r.read_u32le(at) != kCentralSignature)
    return Failure{path, directory_offset + at, "no central directory record here (the count says there is one)"};
  const uint64_t variable = uint64_t{*r.read_u16le(at + 28)} + *r.read_u16le(at + 30) + *r.read_u16le(at + 32);
  length = kCentralFixed + variable;
  const auto whole = r.slice(at, length);
  if (!whole) return Failure{path, directory_offset + at, "the record runs past the central directory"};
  e.record.assign(whole->begin(), whole->end());
  e.name.assign(reinterpret_cast<const char*>(e.record.data() + kCentralFixed), *r.read_u16le(at + 28));
  e.flags = e.u16_at(8);
  e.method = e.u16_at(10);
  e.crc32 = e.u32_at(16);
  e.compressed_size = e.u32_at(20);
  e.size = e.u32_at(24);
  e.local_offset = e.u32_at(42);
  const bool disk_marked = e.u16_at(34) == kZip64Count;
  const auto z = zip64_fields(e.extra(), e.size == kZip64Size, e.compressed_size == kZip64Size,
                              e.local_offset == kZip64Size, disk_marked);
  if (!z) return Failure{path + ".extra", directory_offset + at, "a field defers to a ZIP64 extra that does not hold it"};
  e.size = z->size.value_or(e.size);
  e.compressed_size = z->compressed_size.value_or(e.compressed_size);
  e.local_offset = z->local_offset.value_or(e.local_offset);
  if ((disk_marked ? z->disk.value_or(1) : e.u16_at(34)) != 0)
    return Failure{path + ".disk_start", directory_offset + at, "a spanned volume (a member on another disk)"};
  return std::nullopt;
}

// How long the member's data descriptor is: its CRC-32 and sizes must match
// the central record's, with or without the optional signature, with 4- or
// 8-byte sizes (8 when the local header has a ZIP64 extra, but writers differ).
std::optional<uint64_t> descriptor_size(Bytes after, const CentralEntry& e) {
  const ByteReader r(after);
  for (const uint64_t signature : {4u, 0u}) {
    if (signature && r.read_u32le(0) != kDescriptorSignature) continue;
    if (r.read_u32le(signature) != e.crc32) continue;
    if (r.read_u32le(signature + 4) == e.compressed_size && r.read_u32le(signature + 8) == e.size)
      return signature + 12;
    if (r.read_u64le(signature + 4) == e.compressed_size && r.read_u64le(signature + 12) == e.size)
      return signature + 20;
  }
  return std::nullopt;
}

// The member's local header: its signature, its name as the central record
// gives it, its length; and the data descriptor after its data.
std::optional<Failure> read_local(VolumeSource& source, uint64_t directory_offset, CentralEntry& e) {
  const std::string path = "members[" + e.name + "]";
  const auto fixed = read_bytes(source, e.local_offset, kLocalFixed);
  if (!fixed || e.local_offset + kLocalFixed > directory_offset || load_le<uint32_t>(*fixed) != kLocalSignature)
    return Failure{path + ".local_header", e.local_offset, "no local header where the central directory points"};
  const ByteReader l(*fixed);
  const uint16_t name_size = *l.read_u16le(26);
  e.local_header_size = kLocalFixed + name_size + *l.read_u16le(28);
  const auto name = read_bytes(source, e.local_offset + kLocalFixed, name_size);
  if (!name || name->size() != e.name.size() || std::memcmp(name->data(), e.name.data(), e.name.size()) != 0)
    return Failure{path + ".local_header.name", e.local_offset, "the local header names another member"};
  const auto data_end = checked_add(e.data_offset(), e.compressed_size);
  if (!data_end || *data_end > directory_offset)
    return Failure{path + ".compressed_size", e.local_offset, "the member's data runs into the central directory"};
  if ((e.flags & kFlagDescriptor) == 0) return std::nullopt;
  std::vector<std::byte> after(static_cast<size_t>(std::min<uint64_t>(24, directory_offset - *data_end)));
  if (!source.read(*data_end, after)) return Failure{path + ".data_descriptor", *data_end, "the volume cannot be read"};
  const auto size = descriptor_size(after, e);
  if (!size)
    return Failure{path + ".data_descriptor", *data_end, "the data descriptor disagrees with the central directory"};
  e.descriptor_size = *size;
  return std::nullopt;
}

// Local records in volume order must not overlap (a record shared by two
// entries could not be moved once).
std::optional<Failure> check_disjoint(const std::vector<CentralEntry>& entries) {
  std::vector<const CentralEntry*> order;
  order.reserve(entries.size());
  for (const auto& e : entries) order.push_back(&e);
  std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->local_offset < b->local_offset; });
  for (size_t i = 1; i < order.size(); ++i)
    if (order[i - 1]->record_end() > order[i]->local_offset)
      return Failure{"members[" + order[i]->name + "]", order[i]->local_offset,
                     "its local record overlaps member " + order[i - 1]->name + "'s"};
  return std::nullopt;
}

std::optional<Failure> read_entries(VolumeSource& source, const EndRecord& end, uint64_t max_members,
                                    Directory& dir) {
  if (end.count > max_members)
    return Failure{"end.count", end.at, std::to_string(end.count) + " members, over the tool limit"};
  if (end.count > end.directory_size / kCentralFixed)
    return Failure{"end.count", end.at, "more members than the central directory's size can hold"};
  const auto bytes = read_bytes(source, end.directory_offset, end.directory_size);
  if (!bytes) return Failure{"end.directory_offset", end.at, "the central directory cannot be read"};
  const ByteReader r(*bytes);
  dir.entries.resize(static_cast<size_t>(end.count));
  uint64_t at = 0;
  for (auto& e : dir.entries) {
    uint64_t length = 0;
    if (auto f = read_central(r, at, end.directory_offset, e, length)) return f;
    if (auto f = read_local(source, end.directory_offset, e)) return f;
    at += length;
  }
  if (at != end.directory_size)
    return Failure{"end.directory_size", end.at, "the central directory holds bytes its records do not claim"};
  return check_disjoint(dir.entries);
}

}  // namespace

Bytes CentralEntry::extra() const {
  return Bytes(record).subspan(kCentralFixed + u16_at(28), u16_at(30));
}

Bytes CentralEntry::comment() const {
  return Bytes(record).subspan(kCentralFixed + u16_at(28) + u16_at(30));
}

std::vector<ExtraField> extra_fields(Bytes area) {
  std::vector<ExtraField> out;
  const ByteReader r(area);
  uint64_t at = 0;
  while (r.is_valid_range(at, 4)) {
    const uint16_t id = *r.read_u16le(at);
    const auto data = r.slice(at + 4, *r.read_u16le(at + 2));
    if (!data) break;
    out.push_back({id, static_cast<size_t>(at), *data});
    at += 4 + data->size();
  }
  return out;
}

DirectoryRead read_directory(VolumeSource& source, uint64_t max_members) {
  const uint64_t tail_size = std::min<uint64_t>(source.size(), kEndFixed + kMaxComment);
  const uint64_t tail_at = source.size() - tail_size;
  const auto tail = read_bytes(source, tail_at, tail_size);
  if (!tail) return {std::nullopt, diagnostic({"end", tail_at, "the volume cannot be read"})};
  auto end = find_end(*tail, tail_at);
  if (!end) return {std::nullopt, diagnostic({"end", source.size(), "no end of central directory record"})};
  if (end->spanned) return {std::nullopt, diagnostic({"end", end->at, "a spanned volume (more than one disk)"})};
  Directory dir;
  uint64_t directory_end = end->at;
  if (auto f = read_zip64_end(source, *end, directory_end, dir.zip64_end)) return {std::nullopt, diagnostic(*f)};
  const auto claimed_end = checked_add(end->directory_offset, end->directory_size);
  if (!claimed_end || *claimed_end != directory_end)
    return {std::nullopt, diagnostic({"end.directory_offset", end->at,
                                      "the central directory does not end where the end record begins (a "
                                      "prefixed or damaged volume)"})};
  dir.directory_offset = end->directory_offset;
  dir.directory_size = end->directory_size;
  dir.comment = std::move(end->comment);
  if (auto f = read_entries(source, *end, max_members, dir)) return {std::nullopt, diagnostic(*f)};
  return {std::move(dir), std::nullopt};
}

}  // namespace meshgate::zip
