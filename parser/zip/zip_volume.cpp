#include "parser/zip/zip_volume.hpp"

#include <libdeflate.h>
#include <zip.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <span>

#include "parser/core/reuse_pool.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"

namespace meshgate::zip {

namespace {

zip_t* archive(const std::shared_ptr<void>& handle) { return static_cast<zip_t*>(handle.get()); }

Diagnostic member_problem(const DiagnosticCode& code, const Member& m, std::string message) {
  return {code.code, code.severity, m.name, 0, std::move(message)};
}

// Reads up to `out.size()` bytes of an open member; -1 on a libzip error.
int64_t read_into(zip_file_t* file, std::span<std::byte> out) {
  uint64_t done = 0;
  while (done < out.size()) {
    const zip_int64_t n = zip_fread(file, out.data() + done, out.size() - done);
    if (n < 0) return -1;
    if (n == 0) break;
    done += static_cast<uint64_t>(n);
  }
  return static_cast<int64_t>(done);
}

std::string crc_hex(uint32_t crc) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", crc);
  return text;
}

// Reused member after member (one lease per member): libdeflate's
// decompressor (its tables) and the buffer a member's compressed bytes are
// copied into.
struct WholeInflater {
  std::unique_ptr<libdeflate_decompressor, decltype(&libdeflate_free_decompressor)> decompressor{
      libdeflate_alloc_decompressor(), &libdeflate_free_decompressor};
  std::vector<std::byte> compressed;
};

ReusePool<WholeInflater>& inflaters() {
  static ReusePool<WholeInflater> pool;
  return pool;
}

// `buffer` grown to `size` bytes (never shrunk first): growing from the
// previous member's size zero-fills only the difference, not the member.
std::span<std::byte> room_for(std::vector<std::byte>& buffer, uint64_t size) {
  if (buffer.size() < size) buffer.resize(static_cast<size_t>(size));
  return std::span<std::byte>(buffer).first(static_cast<size_t>(size));
}

}  // namespace

bool looks_like_zip(Bytes prefix) {
  return std::any_of(kMagics.begin(), kMagics.end(), [&](const Magic& m) { return has_magic(prefix, m); });
}

bool unsafe_member_name(std::string_view name) {
  if (name.find('\0') != std::string_view::npos) return true;
  if (!name.empty() && (name.front() == '/' || name.front() == '\\')) return true;
  if (name.size() >= 2 && name[1] == ':') return true;  // C:...
  size_t start = 0;
  while (start <= name.size()) {
    const size_t end = name.find_first_of("/\\", start);
    const std::string_view part = name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (part == "..") return true;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

namespace {

// libzip's view of a VolumeSource: a seekable, read-only source whose reads
// are VolumeSource::read's positioned ones (no file name goes to libzip, so
// a UTF-8 path opens as platform/ opens it).
struct SourceState {
  std::shared_ptr<VolumeSource> source;
  uint64_t position = 0;
  zip_error_t error{};
};

zip_int64_t source_failed(SourceState& s, int code) {
  zip_error_set(&s.error, code, 0);
  return -1;
}

zip_int64_t source_read(SourceState& s, void* data, zip_uint64_t length) {
  const uint64_t n = std::min<uint64_t>(length, s.source->size() - std::min(s.position, s.source->size()));
  if (n > 0 && !s.source->read(s.position, std::span(static_cast<std::byte*>(data), static_cast<size_t>(n))))
    return source_failed(s, ZIP_ER_READ);
  s.position += n;
  return static_cast<zip_int64_t>(n);
}

zip_int64_t source_command(void* state, void* data, zip_uint64_t length, zip_source_cmd_t command) {
  auto& s = *static_cast<SourceState*>(state);
  switch (command) {
    case ZIP_SOURCE_OPEN: s.position = 0; return 0;
    case ZIP_SOURCE_READ: return source_read(s, data, length);
    case ZIP_SOURCE_CLOSE: return 0;
    case ZIP_SOURCE_TELL: return static_cast<zip_int64_t>(s.position);
    case ZIP_SOURCE_SEEK: {
      const zip_int64_t at = zip_source_seek_compute_offset(s.position, s.source->size(), data, length, &s.error);
      if (at < 0) return -1;
      s.position = static_cast<uint64_t>(at);
      return 0;
    }
    case ZIP_SOURCE_STAT: {
      auto* st = static_cast<zip_stat_t*>(data);
      zip_stat_init(st);
      st->size = s.source->size();
      st->valid |= ZIP_STAT_SIZE;
      return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_ERROR: return zip_error_to_data(&s.error, data, length);
    case ZIP_SOURCE_FREE:
      zip_error_fini(&s.error);
      delete &s;
      return 0;
    case ZIP_SOURCE_SUPPORTS:
      return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT,
                                            ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL,
                                            ZIP_SOURCE_SUPPORTS, -1);
    default: return source_failed(s, ZIP_ER_OPNOTSUPP);
  }
}

ParseResult open_volume(zip_source_t* source, zip_error_t& error, uint64_t byte_count);

}  // namespace

ParseResult parse_volume(std::shared_ptr<VolumeSource> source) {
  zip_error_t error;
  zip_error_init(&error);
  const uint64_t size = source->size();
  auto* state = new SourceState{std::move(source), 0, {}};
  zip_error_init(&state->error);
  zip_source_t* zs = zip_source_function_create(source_command, state, &error);
  if (!zs) {
    zip_error_fini(&state->error);
    delete state;
  }
  return open_volume(zs, error, size);
}

ParseResult parse_volume(Bytes data) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(data.data(), data.size(), 0, &error);
  return open_volume(source, error, data.size());
}

namespace {

ParseResult open_volume(zip_source_t* source, zip_error_t& error, uint64_t byte_count) {
  ParseResult out;
  zip_t* za = source ? zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) : nullptr;
  if (!za) {
    if (source) zip_source_free(source);
    out.diagnostics.push_back({codes::unreadable.code, Severity::error, "", 0,
                               std::string("libzip: ") + zip_error_strerror(&error)});
    zip_error_fini(&error);
    return out;
  }
  zip_error_fini(&error);
  Volume volume;
  volume.byte_count = byte_count;
  volume.handle = std::shared_ptr<void>(za, [](void* p) { zip_discard(static_cast<zip_t*>(p)); });
  const zip_int64_t count = zip_get_num_entries(za, 0);
  if (count < 0 || static_cast<uint64_t>(count) > kMaxMembers) {
    out.diagnostics.push_back({codes::member_limit.code, Severity::error, "", 0,
                               "the central directory lists " + std::to_string(count) + " members; the limit is " +
                                   std::to_string(kMaxMembers)});
    return out;
  }
  volume.members.reserve(static_cast<size_t>(count));
  for (zip_uint64_t i = 0; i < static_cast<zip_uint64_t>(count); ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(za, i, ZIP_FL_ENC_RAW, &st) != 0) {
      out.diagnostics.push_back({codes::unreadable.code, Severity::error, "", 0,
                                 "member " + std::to_string(i) + ": libzip: " + zip_strerror(za)});
      return out;
    }
    Member m;
    m.index = i;
    // ZIP_FL_ENC_RAW: the stored bytes; a NUL inside is possible only through
    // the name's length, which libzip's C string cannot carry past.
    if (st.valid & ZIP_STAT_NAME) m.name = st.name;
    if (st.valid & ZIP_STAT_SIZE) m.size = st.size;
    if (st.valid & ZIP_STAT_COMP_SIZE) m.compressed_size = st.comp_size;
    if (st.valid & ZIP_STAT_COMP_METHOD) m.method = st.comp_method;
    if (st.valid & ZIP_STAT_CRC) m.crc32 = st.crc;
    m.encrypted = (st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE;
    m.declared = (st.valid & ZIP_STAT_SIZE) && (st.valid & ZIP_STAT_COMP_SIZE) && (st.valid & ZIP_STAT_CRC);
    m.directory = !m.name.empty() && m.name.back() == '/' && m.size == 0;
    if (unsafe_member_name(m.name))
      out.diagnostics.push_back({codes::unsafe_name.code, Severity::warning, m.name, 0,
                                 "member " + std::to_string(i) + "'s name would leave a folder; it is only ever a report path"});
    volume.members.push_back(std::move(m));
  }
  out.volume = std::move(volume);
  return out;
}

}  // namespace

std::vector<std::byte> Volume::peek(const Member& m, size_t count) const {
  if (m.encrypted || m.directory) return {};
  const std::lock_guard hold(*lock);
  zip_file_t* file = zip_fopen_index(archive(handle), m.index, 0);
  if (!file) return {};
  std::vector<std::byte> out(count);
  const int64_t n = read_into(file, out);
  zip_fclose(file);
  if (n < 0) return {};
  out.resize(static_cast<size_t>(n));
  return out;
}

uint64_t peek_cost(const Member& m, size_t count) {
  constexpr uint64_t kBzip2Block = 900'000;
  return m.method == ZIP_CM_BZIP2 ? kBzip2Block : count;
}

uint64_t most_inflated(const Member& m) {
  constexpr uint64_t kDeflateMaxRatio = 1032;  // 258 bytes from a 2-bit code: deflate's most
  if (m.method == ZIP_CM_STORE) return m.compressed_size;
  if (m.method == ZIP_CM_DEFLATE) return m.compressed_size * kDeflateMaxRatio + kDeflateMaxRatio;
  return std::numeric_limits<uint64_t>::max() - 1;  // bzip2 and the rest: not bounded by their input
}

bool inflates_whole(const Member& m, uint64_t volume_bytes) {
  // Deflate stores incompressible data in blocks of 65,535 bytes with 5 bytes
  // of header each; a quarter more covers any encoder's fixed-code blocks.
  const uint64_t most_compressed = m.size + m.size / 4 + 1024;
  return m.method == ZIP_CM_DEFLATE && !m.encrypted && m.declared && m.compressed_size <= volume_bytes &&
         m.compressed_size <= most_compressed;
}

Volume::Inflated Volume::inflate(const Member& m, uint64_t limit, std::vector<std::byte> buffer) const {
  Inflated out;
  out.bytes = std::move(buffer);
  if (m.size > limit) {
    out.problem = member_problem(codes::member_too_large, m,
                                 "declares " + std::to_string(m.size) + " bytes; the limit for its format is " +
                                     std::to_string(limit) + "; not inflated");
  } else if (m.encrypted) {
    out.problem = member_problem(codes::member_unreadable, m, "encrypted; not read");
  } else if (inflates_whole(m, byte_count)) {
    inflate_whole(m, out);
  } else {
    inflate_streamed(m, out);
  }
  if (out.problem) out.bytes.clear();
  return out;
}

// The raw deflate stream copied out through libzip (under the lock), then
// inflated by libdeflate into room for the declared size, no more than the
// compressed bytes can inflate to: a stream that would pass it stops there
// (zip.size-mismatch), so nothing is written past what was sized and checked.
void Volume::inflate_whole(const Member& m, Inflated& out) const {
  const ReusePool<WholeInflater>::Lease lease = inflaters().lease();
  if (!lease->decompressor) return inflate_streamed(m, out);  // libdeflate could not allocate its tables
  WholeInflater& inflater = *lease;
  const std::span<std::byte> compressed = room_for(inflater.compressed, m.compressed_size);
  int64_t n = 0;
  std::string why;
  {
    const std::lock_guard hold(*lock);
    zip_file_t* file = zip_fopen_index(archive(handle), m.index, ZIP_FL_COMPRESSED);
    if (!file) {
      out.problem = member_problem(codes::member_unreadable, m, std::string("libzip: ") + zip_strerror(archive(handle)));
      return;
    }
    n = read_into(file, compressed);
    if (n < 0) why = std::string("libzip: ") + zip_error_strerror(zip_file_get_error(file));
    zip_fclose(file);
  }
  if (n < 0 || static_cast<uint64_t>(n) != m.compressed_size) {
    out.problem = member_problem(codes::member_unreadable, m,
                                 n < 0 ? why : "its compressed data ends " + std::to_string(m.compressed_size - static_cast<uint64_t>(n)) +
                                                   " bytes early");
    return;
  }
  const std::span<std::byte> room = room_for(out.bytes, std::min(m.size, most_inflated(m)));
  size_t produced = 0;
  const libdeflate_result result = libdeflate_deflate_decompress(
      inflater.decompressor.get(), compressed.data(), compressed.size(), room.data(), room.size(), &produced);
  const std::string declares = "declares " + std::to_string(m.size) + " bytes and inflates to ";
  if (result == LIBDEFLATE_INSUFFICIENT_SPACE) {
    out.problem = member_problem(codes::size_mismatch, m, declares + "more");
  } else if (result != LIBDEFLATE_SUCCESS) {
    out.problem = member_problem(codes::member_unreadable, m, "its deflate stream is invalid (libdeflate)");
  } else if (produced != m.size) {
    out.problem = member_problem(codes::size_mismatch, m, declares + std::to_string(produced));
  } else if (const uint32_t crc = static_cast<uint32_t>(libdeflate_crc32(0, room.data(), produced)); crc != m.crc32) {
    out.problem = member_problem(codes::member_unreadable, m,
                                 "CRC error: its bytes' CRC-32 is " + crc_hex(crc) + ", the directory declares " +
                                     crc_hex(m.crc32));
  } else {
    out.bytes.resize(produced);
  }
}

// Through libzip (which checks the CRC-32), in chunks, up to one byte more
// than declared, into a buffer sized once from the declared size (already
// within the limit): growing it chunk by chunk would leave it up to twice the
// member. A declared size is only a claim, so the buffer is no larger than
// the compressed bytes can inflate to; pages are touched only as they fill,
// so memory follows what the member really holds, and a member that inflates
// past its size is caught without inflating the rest of it.
void Volume::inflate_streamed(const Member& m, Inflated& out) const {
  out.bytes.clear();
  const std::lock_guard hold(*lock);
  zip_file_t* file = zip_fopen_index(archive(handle), m.index, 0);
  if (!file) {
    out.problem = member_problem(codes::member_unreadable, m, std::string("libzip: ") + zip_strerror(archive(handle)));
    return;
  }
  constexpr size_t kChunk = size_t{1} << 20;
  const uint64_t want = m.size + 1;
  out.bytes.reserve(static_cast<size_t>(std::min(want, most_inflated(m) + 1)));
  int64_t n = 0;
  while (static_cast<uint64_t>(n) < want) {
    const size_t step = static_cast<size_t>(std::min<uint64_t>(kChunk, want - static_cast<uint64_t>(n)));
    out.bytes.resize(static_cast<size_t>(n) + step);
    const int64_t got = read_into(file, std::span<std::byte>(out.bytes).subspan(static_cast<size_t>(n), step));
    if (got < 0) {
      n = -1;
      break;
    }
    n += got;
    if (static_cast<size_t>(got) < step) break;  // the member's end
  }
  std::string why = n < 0 ? std::string("libzip: ") + zip_error_strerror(zip_file_get_error(file)) : "";
  zip_fclose(file);
  if (n < 0) {
    out.problem = member_problem(codes::member_unreadable, m, why);
  } else if (static_cast<uint64_t>(n) != m.size) {
    out.problem = member_problem(codes::size_mismatch, m,
                                 "declares " + std::to_string(m.size) + " bytes and inflates to " +
                                     (static_cast<uint64_t>(n) > m.size ? "more" : std::to_string(n)));
  } else {
    out.bytes.resize(static_cast<size_t>(n));
  }
}

}  // namespace meshgate::zip
