#include "writer/zip/zip_rewrite.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <initializer_list>
#include <set>

#include "parser/zip/zip_rewrite_codes.hpp"
#include "writer/core/atomic_file.hpp"
#include "writer/zip/zip_compress.hpp"

namespace meshgate::zip {

namespace {

constexpr uint16_t kVersionZip64 = 45;  // APPNOTE 4.4.3.2: ZIP64 format extensions
constexpr uint16_t kVersionBzip2 = 46;
constexpr uint16_t kVersionDeflate = 20;
constexpr uint16_t kDosDate1980 = 0x0021;  // 1980-01-01: an added member's fixed date, so a rewrite is reproducible
constexpr size_t kCopyChunk = size_t{1} << 20;

Diagnostic refusal(const std::string& name, std::string message) {
  const auto& c = rewrite_codes::refused;
  return {c.code, c.severity, "members[" + name + "]", 0, std::move(message)};
}

void put16(std::vector<std::byte>& v, size_t at, uint64_t value) { store_uint_le(std::span(v).subspan(at), value, 2); }
void put32(std::vector<std::byte>& v, size_t at, uint64_t value) { store_uint_le(std::span(v).subspan(at), value, 4); }

// What becomes of each member of the central directory.
enum class Action : uint8_t { keep, replace, remove };
struct Matched {
  std::vector<Action> actions;   // per central entry
  std::vector<size_t> edit_of;   // per central entry: its edit (replace)
  std::vector<size_t> additions; // edits that add, in the order given
};

std::optional<Diagnostic> check_replaceable(const CentralEntry& e) {
  if (e.directory()) return refusal(e.name, "is a directory entry, which holds no bytes to replace");
  if (e.encrypted()) return refusal(e.name, "is encrypted: meshgate does not write encrypted members");
  if (!can_write_method(e.method))
    return refusal(e.name, "is compressed by " + method_name(e.method) +
                               ", which meshgate cannot write (it writes stored, deflate and bzip2)");
  return std::nullopt;
}

std::optional<Diagnostic> match_one(const std::multimap<std::string_view, size_t>& by_name, const Edit& edit,
                                    size_t edit_index, Matched& m, const Directory& dir) {
  const auto count = by_name.count(edit.name);
  if (edit.kind == EditKind::add) {
    if (count != 0) return refusal(edit.name, "is already in the volume (add names a new member)");
    if (edit.name.empty() || edit.name.back() == '/' || edit.name.size() > 0xFFFF)
      return refusal(edit.name, "is not a name a new member can have (empty, a directory, or over 65,535 bytes)");
    m.additions.push_back(edit_index);
    return std::nullopt;
  }
  if (count == 0) return refusal(edit.name, "is not a member of the volume");
  if (count > 1) return refusal(edit.name, "names " + std::to_string(count) + " members of the volume");
  const size_t i = by_name.find(edit.name)->second;
  if (edit.kind == EditKind::replace) {
    if (auto p = check_replaceable(dir.entries[i])) return p;
    m.actions[i] = Action::replace;
    m.edit_of[i] = edit_index;
  } else {
    m.actions[i] = Action::remove;
  }
  return std::nullopt;
}

std::optional<Diagnostic> match_edits(const Directory& dir, const std::vector<Edit>& edits, Matched& m) {
  std::multimap<std::string_view, size_t> by_name;
  for (size_t i = 0; i < dir.entries.size(); ++i) by_name.emplace(dir.entries[i].name, i);
  m.actions.assign(dir.entries.size(), Action::keep);
  m.edit_of.assign(dir.entries.size(), 0);
  std::set<std::string_view> edited;
  for (size_t i = 0; i < edits.size(); ++i) {
    if (!edited.insert(edits[i].name).second) return refusal(edits[i].name, "is edited twice in one rewrite");
    if (auto p = match_one(by_name, edits[i], i, m, dir)) return p;
  }
  return std::nullopt;
}

// The ZIP64 extra field (id 1) holding `values` in the format's order.
std::vector<std::byte> zip64_extra(const std::vector<std::pair<uint64_t, size_t>>& values) {
  std::vector<std::byte> out;
  const size_t size = std::accumulate(values.begin(), values.end(), size_t{0}, [](size_t s, auto& v) { return s + v.second; });
  append_uint_le(out, kZip64ExtraId, 2);
  append_uint_le(out, size, 2);
  for (const auto& [value, width] : values) append_uint_le(out, value, width);
  return out;
}

// The extra area with its ZIP64 field replaced by `block` (put first when
// there was none; dropped when `block` is empty); every other field, and
// bytes after the last whole field, kept as they were.
std::vector<std::byte> with_zip64(Bytes area, const std::vector<std::byte>& block) {
  std::vector<std::byte> out;
  bool placed = false;
  size_t parsed_end = 0;
  for (const ExtraField& f : extra_fields(area)) {
    parsed_end = f.at + 4 + f.data.size();
    if (f.id != kZip64ExtraId) {
      out.insert(out.end(), area.begin() + static_cast<ptrdiff_t>(f.at), area.begin() + static_cast<ptrdiff_t>(parsed_end));
    } else if (!placed) {
      out.insert(out.end(), block.begin(), block.end());
      placed = true;
    }
  }
  out.insert(out.end(), area.begin() + static_cast<ptrdiff_t>(parsed_end), area.end());
  if (!placed) out.insert(out.begin(), block.begin(), block.end());
  return out;
}

// A record (local or central) rebuilt around a new extra area: the fixed
// part and the name as given, then `extra`, then the comment (central only).
std::vector<std::byte> with_extra(Bytes fixed_and_name, const std::vector<std::byte>& extra, Bytes comment,
                                  size_t extra_length_at) {
  std::vector<std::byte> out(fixed_and_name.begin(), fixed_and_name.end());
  out.insert(out.end(), extra.begin(), extra.end());
  out.insert(out.end(), comment.begin(), comment.end());
  put16(out, extra_length_at, extra.size());
  return out;
}

// A new member's data and what its records say of it (the data itself is
// moved into the output once its local header is made).
struct NewData {
  std::vector<std::byte> compressed;
  uint64_t compressed_size = 0;
  uint32_t crc32 = 0;
  uint64_t size = 0;
  uint16_t method = 0;
};

// The new local header: the original's fields, name and extra fields, with
// the CRC-32 and sizes of the new data, no data descriptor (bit 3 cleared:
// the sizes are known), and a ZIP64 extra exactly when a size needs one.
std::optional<std::vector<std::byte>> new_local_header(Bytes original, const NewData& d, uint64_t threshold) {
  const ByteReader r(original);
  const size_t name_end = kLocalFixed + *r.read_u16le(26);
  const bool zip64 = d.size >= threshold || d.compressed_size >= threshold;
  std::vector<std::byte> block;
  if (zip64) block = zip64_extra({{d.size, 8}, {d.compressed_size, 8}});
  const auto extra = with_zip64(original.subspan(name_end), block);
  if (extra.size() > 0xFFFF) return std::nullopt;
  auto out = with_extra(original.first(name_end), extra, {}, 28);
  uint16_t needed = *r.read_u16le(4);
  if (zip64) needed = std::max(needed, kVersionZip64);
  if (d.method == kMethodBzip2) needed = std::max(needed, kVersionBzip2);
  put16(out, 4, needed);
  put16(out, 6, *r.read_u16le(6) & uint16_t{0xFFFF ^ kFlagDescriptor});
  put16(out, 8, d.method);
  put32(out, 14, d.crc32);
  put32(out, 18, zip64 ? kZip64Size : d.compressed_size);
  put32(out, 22, zip64 ? kZip64Size : d.size);
  return out;
}

// Which of a central record's values go through its ZIP64 extra.
struct CentralValues {
  uint64_t size, compressed_size, offset;
  bool size_64, compressed_64, offset_64, disk_64;
};

std::optional<std::vector<std::byte>> central_with(const CentralEntry& e, const CentralValues& v) {
  std::vector<std::pair<uint64_t, size_t>> fields;
  if (v.size_64) fields.push_back({v.size, 8});
  if (v.compressed_64) fields.push_back({v.compressed_size, 8});
  if (v.offset_64) fields.push_back({v.offset, 8});
  if (v.disk_64) fields.push_back({0, 4});
  std::vector<std::byte> block;
  if (!fields.empty()) block = zip64_extra(fields);
  const auto extra = with_zip64(e.extra(), block);
  if (extra.size() > 0xFFFF) return std::nullopt;
  auto out = with_extra(Bytes(e.record).first(kCentralFixed + e.name.size()), extra, e.comment(), 30);
  if (!fields.empty()) put16(out, 6, std::max(e.u16_at(6), kVersionZip64));
  put32(out, 20, v.compressed_64 ? kZip64Size : v.compressed_size);
  put32(out, 24, v.size_64 ? kZip64Size : v.size);
  put32(out, 42, v.offset_64 ? kZip64Size : v.offset);
  return out;
}

// An untouched member's central record: as stored but for its offset, which
// is patched where it is (its fixed field, or its place in the ZIP64 extra),
// or moved into a ZIP64 extra when it no longer fits 32 bits.
std::optional<std::vector<std::byte>> kept_central(const CentralEntry& e, uint64_t offset, uint64_t threshold) {
  const bool size_64 = e.u32_at(24) == kZip64Size, compressed_64 = e.u32_at(20) == kZip64Size;
  if (e.u32_at(42) == kZip64Size) {
    for (const ExtraField& f : extra_fields(e.extra())) {
      if (f.id != kZip64ExtraId) continue;
      auto out = e.record;
      const size_t at = kCentralFixed + e.name.size() + f.at + 4 + 8 * (size_t{size_64} + size_t{compressed_64});
      store_uint_le(std::span(out).subspan(at), offset, 8);
      return out;
    }
  }
  if (offset < threshold) {
    auto out = e.record;
    put32(out, 42, offset);
    return out;
  }
  return central_with(e, {e.size, e.compressed_size, offset, size_64, compressed_64, true, e.u16_at(34) == kZip64Count});
}

std::optional<std::vector<std::byte>> new_central(const CentralEntry& e, const NewData& d, uint64_t offset,
                                                  uint64_t threshold) {
  const CentralValues v{d.size, d.compressed_size, offset, d.size >= threshold, d.compressed_size >= threshold,
                        offset >= threshold || e.u32_at(42) == kZip64Size, e.u16_at(34) == kZip64Count};
  auto out = central_with(e, v);
  if (!out) return out;
  uint16_t needed = load_le<uint16_t>(Bytes(*out).subspan(6));
  if (d.method == kMethodBzip2) put16(*out, 6, std::max(needed, kVersionBzip2));
  put16(*out, 8, e.flags & uint16_t{0xFFFF ^ kFlagDescriptor});
  put16(*out, 10, d.method);
  put32(*out, 16, d.crc32);
  return out;
}

// bzip2's block size from the member's own stream header ("BZh1".."BZh9"), else 9.
int bzip2_block_of(VolumeSource& source, const CentralEntry& e) {
  std::array<std::byte, 4> head{};
  if (e.compressed_size < head.size() || !source.read(e.data_offset(), head)) return 9;
  const auto digit = static_cast<char>(head[3]);
  const bool header = head[0] == std::byte{'B'} && head[1] == std::byte{'Z'} && head[2] == std::byte{'h'};
  return header && digit >= '1' && digit <= '9' ? digit - '0' : 9;
}

std::optional<NewData> compress_member(Bytes bytes, const Compression& how) {
  auto compressed = compress(bytes, how);
  if (!compressed) return std::nullopt;
  const uint64_t compressed_size = compressed->size();
  return NewData{std::move(*compressed), compressed_size, crc32_of(bytes), bytes.size(), how.method};
}

// A member that is new to the volume: its records made as a replacement of
// an empty one (deflate, or stored when deflate does not make it smaller;
// made by MS-DOS 2.0; the date 1980-01-01, no attributes).
struct Template {
  std::vector<std::byte> local;
  CentralEntry central;
};
Template template_for(const std::string& name) {
  const bool utf8 = std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  const uint16_t flags = utf8 ? kFlagUtf8 : 0;
  const Bytes name_bytes(reinterpret_cast<const std::byte*>(name.data()), name.size());
  Template t;
  // Appended field by field (GCC 12 misreads a resize followed by an insert as out of bounds).
  for (const auto& [value, width] : std::initializer_list<std::pair<uint64_t, size_t>>{
           {0x04034b50, 4}, {kVersionDeflate, 2}, {flags, 2}, {kMethodStored, 2}, {0, 2}, {kDosDate1980, 2},
           {0, 4}, {0, 4}, {0, 4}, {name.size(), 2}, {0, 2}})
    append_uint_le(t.local, value, width);
  t.local.insert(t.local.end(), name_bytes.begin(), name_bytes.end());
  auto& c = t.central;
  for (const auto& [value, width] : std::initializer_list<std::pair<uint64_t, size_t>>{
           {0x02014b50, 4}, {kVersionDeflate, 2}, {kVersionDeflate, 2}, {flags, 2}, {kMethodStored, 2}, {0, 2},
           {kDosDate1980, 2}, {0, 4}, {0, 4}, {0, 4}, {name.size(), 2}, {0, 2}, {0, 2}, {0, 2}, {0, 2}, {0, 4}, {0, 4}})
    append_uint_le(c.record, value, width);
  c.record.insert(c.record.end(), name_bytes.begin(), name_bytes.end());
  c.name = name;
  c.flags = flags;
  return t;
}

struct Builder {
  Rewrite out;
  uint64_t position = 0;
  std::vector<std::byte> central;
  uint64_t central_count = 0;

  void copy(uint64_t from, uint64_t size) {
    if (size == 0) return;
    if (!out.pieces.empty() && !out.pieces.back().owned &&
        out.pieces.back().source_offset + out.pieces.back().size == from) {
      out.pieces.back().size += size;
    } else {
      out.pieces.push_back({from, size, std::nullopt});
    }
    position += size;
  }
  void own(std::vector<std::byte> bytes) {
    if (bytes.empty()) return;
    position += bytes.size();
    out.pieces.push_back({0, bytes.size(), out.owned.size()});
    out.owned.push_back(std::move(bytes));
  }
};

struct Planner {
  VolumeSource& source;
  const Directory& dir;
  std::vector<Edit>& edits;
  const Matched& matched;
  const RewriteOptions& options;
  Builder b;
  std::vector<uint64_t> new_offsets;                     // per central entry
  std::vector<std::optional<NewData>> replaced;          // per central entry
  std::vector<std::vector<std::byte>> added_central;     // per addition

  std::optional<Diagnostic> emit_member(const std::vector<std::byte>& local_original, NewData& d,
                                        const std::string& name) {
    auto header = new_local_header(local_original, d, options.zip64_threshold);
    if (!header) return refusal(name, "its extra fields and a ZIP64 field would not fit 65,535 bytes");
    b.own(std::move(*header));
    b.own(std::move(d.compressed));
    return std::nullopt;
  }

  std::optional<Diagnostic> replace(size_t i) {
    const CentralEntry& e = dir.entries[i];
    std::vector<std::byte> local(static_cast<size_t>(e.local_header_size));
    if (!source.read(e.local_offset, local)) return refusal(e.name, "its local header cannot be read");
    Compression how{e.method, deflate_level_of_flags(e.flags), 9};
    if (e.method == kMethodBzip2) how.bzip2_block = bzip2_block_of(source, e);
    auto d = compress_member(edits[matched.edit_of[i]].bytes, how);
    if (!d) return refusal(e.name, "its new bytes cannot be compressed by " + method_name(e.method));
    edits[matched.edit_of[i]].bytes = {};  // compressed now: the uncompressed copy is not kept
    if (auto p = emit_member(local, *d, e.name)) return p;
    replaced[i] = std::move(*d);
    return std::nullopt;
  }

  std::optional<Diagnostic> add(Edit& edit) {
    const Template t = template_for(edit.name);
    auto d = compress_member(edit.bytes, {kMethodDeflate, 6, 9});
    if (d && d->compressed_size >= edit.bytes.size()) d = compress_member(edit.bytes, {kMethodStored, 6, 9});
    if (!d) return refusal(edit.name, "its bytes cannot be compressed");
    edit.bytes = {};
    const uint64_t offset = b.position;
    if (auto p = emit_member(t.local, *d, edit.name)) return p;
    auto central = new_central(t.central, *d, offset, options.zip64_threshold);
    if (!central) return refusal(edit.name, "its central record would not fit");
    added_central.push_back(std::move(*central));
    return std::nullopt;
  }

  // Members in volume order; bytes between records that no member claims
  // (a prefix, gaps) are copied where they were relative to their neighbours.
  std::optional<Diagnostic> lay_out_members() {
    std::vector<size_t> order(dir.entries.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t c) { return dir.entries[a].local_offset < dir.entries[c].local_offset; });
    uint64_t cursor = 0;
    for (const size_t i : order) {
      const CentralEntry& e = dir.entries[i];
      b.copy(cursor, e.local_offset - cursor);
      cursor = e.record_end();
      new_offsets[i] = b.position;
      if (matched.actions[i] == Action::keep) b.copy(e.local_offset, e.record_end() - e.local_offset);
      if (matched.actions[i] == Action::replace)
        if (auto p = replace(i)) return p;
    }
    b.copy(cursor, dir.directory_offset - cursor);
    for (const size_t a : matched.additions)
      if (auto p = add(edits[a])) return p;
    return std::nullopt;
  }

  std::optional<Diagnostic> build_central() {
    for (size_t i = 0; i < dir.entries.size(); ++i) {
      const CentralEntry& e = dir.entries[i];
      if (matched.actions[i] == Action::remove) continue;
      auto record = replaced[i] ? new_central(e, *replaced[i], new_offsets[i], options.zip64_threshold)
                                : kept_central(e, new_offsets[i], options.zip64_threshold);
      if (!record) return refusal(e.name, "its extra fields and a ZIP64 field would not fit 65,535 bytes");
      b.central.insert(b.central.end(), record->begin(), record->end());
      ++b.central_count;
    }
    for (const auto& record : added_central) {
      b.central.insert(b.central.end(), record.begin(), record.end());
      ++b.central_count;
    }
    return std::nullopt;
  }

  // The end records: ZIP64 ones when the volume had them or a value needs
  // them; the archive comment as stored.
  void end_records() {
    const uint64_t at = b.position, size = b.central.size(), count = b.central_count;
    const uint64_t t = options.zip64_threshold;
    const bool zip64 = dir.zip64_end || count >= kZip64Count || at >= t || size >= t;
    std::vector<std::byte> end = std::move(b.central);
    if (zip64) {
      const uint64_t record_at = at + size;
      append_uint_le(end, 0x06064b50, 4);
      append_uint_le(end, kZip64EndFixed - 12, 8);
      append_uint_le(end, kVersionZip64, 2);
      append_uint_le(end, kVersionZip64, 2);
      append_uint_le(end, 0, 8);  // this disk, the directory's disk
      append_uint_le(end, count, 8);
      append_uint_le(end, count, 8);
      append_uint_le(end, size, 8);
      append_uint_le(end, at, 8);
      append_uint_le(end, 0x07064b50, 4);
      append_uint_le(end, 0, 4);
      append_uint_le(end, record_at, 8);
      append_uint_le(end, 1, 4);
    }
    append_uint_le(end, 0x06054b50, 4);
    append_uint_le(end, 0, 4);
    const uint64_t count16 = zip64 && count >= kZip64Count ? kZip64Count : count;
    append_uint_le(end, count16, 2);
    append_uint_le(end, count16, 2);
    append_uint_le(end, zip64 && size >= t ? kZip64Size : size, 4);
    append_uint_le(end, zip64 && at >= t ? kZip64Size : at, 4);
    append_uint_le(end, dir.comment.size(), 2);
    end.insert(end.end(), dir.comment.begin(), dir.comment.end());
    b.own(std::move(end));
  }
};

}  // namespace

Planned plan_rewrite(VolumeSource& source, std::vector<Edit> edits, const RewriteOptions& options) {
  auto read = read_directory(source, options.max_members);
  if (!read.directory) return {std::nullopt, std::move(read.problem)};
  const Directory& dir = *read.directory;
  Matched matched;
  if (auto p = match_edits(dir, edits, matched)) return {std::nullopt, std::move(p)};
  Planner planner{source, dir, edits, matched, options, {}, {}, {}, {}};
  planner.new_offsets.assign(dir.entries.size(), 0);
  planner.replaced.resize(dir.entries.size());
  if (auto p = planner.lay_out_members()) return {std::nullopt, std::move(p)};
  if (auto p = planner.build_central()) return {std::nullopt, std::move(p)};
  planner.end_records();
  planner.b.out.size = planner.b.position;
  return {std::move(planner.b.out), std::nullopt};
}

namespace {
// The stream set bad, so that an atomic write discards what it holds.
bool fail(std::ostream& out) {
  out.setstate(std::ios::badbit);
  return false;
}

// A piece copied from the source's file to an atomic write's by the kernel
// (one pass over the bytes, none through this process; the proof still
// reads both files back); false where it cannot be, nothing written then.
bool copied_in_kernel(const Piece& p, const VolumeSource& source, std::ostream& out) {
  const platform::ReadOnlyFile* file = source.file();
  return file && range_fits(p.source_offset, p.size, source.size()) && copy_into(out, *file, p.source_offset, p.size);
}
}  // namespace

bool write_rewrite(const Rewrite& rewrite, VolumeSource& source, std::ostream& out) {
  std::vector<std::byte> buffer;
  auto* in_memory = dynamic_cast<BytesSource*>(&source);
  for (const Piece& p : rewrite.pieces) {
    if (p.owned) {
      const auto& bytes = rewrite.owned[*p.owned];
      out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      continue;
    }
    if (in_memory) {
      if (!range_fits(p.source_offset, p.size, in_memory->size())) return fail(out);
      out.write(reinterpret_cast<const char*>(in_memory->bytes().data() + p.source_offset),
                static_cast<std::streamsize>(p.size));
      continue;
    }
    if (copied_in_kernel(p, source, out)) {
      if (!out) return false;
      continue;
    }
    buffer.resize(static_cast<size_t>(std::min<uint64_t>(kCopyChunk, p.size)));
    for (uint64_t done = 0; done < p.size && out;) {
      const auto chunk = std::span(buffer).first(static_cast<size_t>(std::min<uint64_t>(buffer.size(), p.size - done)));
      if (!source.read(p.source_offset + done, chunk)) return fail(out);
      out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
      done += chunk.size();
    }
  }
  return static_cast<bool>(out);
}

Rewritten rewrite_zip(Bytes volume, std::vector<Edit> edits, const RewriteOptions& options) {
  BytesSource source(volume);
  auto planned = plan_rewrite(source, std::move(edits), options);
  if (!planned.rewrite) return {{}, std::move(planned.problem)};
  const Rewrite& r = *planned.rewrite;
  std::vector<std::byte> out;
  out.reserve(static_cast<size_t>(r.size));
  for (const Piece& p : r.pieces) {
    const Bytes bytes = p.owned ? Bytes(r.owned[*p.owned]) : volume.subspan(static_cast<size_t>(p.source_offset),
                                                                            static_cast<size_t>(p.size));
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return {std::move(out), std::nullopt};
}

}  // namespace meshgate::zip
