#include "parser/rsli/rsli_parser.hpp"

#include <algorithm>
#include <numeric>

#include "parser/core/record_reader.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_diagnostic_codes.hpp"

namespace meshgate::rsli {

namespace {

struct RangeProblem {
  const DiagnosticCode* code;
  size_t row;
  std::string message;
};

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), options_(options), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_table() && place_ranges() && check_sort() && decode_entries()) finish(result);
    result.diagnostics = diags_.take();
    result.notes = std::move(notes_);
    if (!diags_.has_error()) result.library = std::move(lib_);
    result.coverage_map = std::move(cov_);
    if (result.coverage.file_size == 0) result.coverage = result.coverage_map.summarize(in_.size());
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.warn(code, std::move(path), offset, std::move(message));
  }
  void note(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    notes_.push_back(Diagnostic{code.code, Severity::warning, std::move(path), offset, std::move(message)});
  }
  static std::string row_path(size_t i, std::string_view field) {
    return "entries[" + std::to_string(i) + "]." + std::string(field);
  }
  static uint64_t row_offset(size_t i, size_t field) {
    return kHeaderSize + i * kEntrySize + kEntrySpec.fields[field].offset;
  }
  static uint64_t header_offset(size_t field) { return kHeaderSpec.fields[field].offset; }
  const EntryRecord& row(size_t i) const { return lib_.entries[i].record; }
  uint64_t eff(size_t i) const { return row(i).get(entry::data_offset) + lib_.overlay; }

  // §7.1.1, in its order.
  bool parse_header() {
    const uint32_t owner = cov_.add_owner("header");
    if (in_.size() < kHeaderSize)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 32-byte RsLi header");
    (void)read_record(in_, 0, owner, cov_, lib_.header);  // size checked above
    lib_.file_size = in_.size();
    const HeaderRecord& h = lib_.header;
    if (h.raw(hdr::magic)[0] != kMagic[0] || h.raw(hdr::magic)[1] != kMagic[1])
      return fail(codes::bad_magic, "header.magic", 0, "magic is not \"NL\" (4E 4C)");
    if (h.get(hdr::reserved_02) != 0)
      return fail(codes::bad_reserved, "header.reserved_02", header_offset(hdr::reserved_02),
                  "byte 2 is " + hex_offset(h.get(hdr::reserved_02)) + ", not 0 (the loader requires 0)");
    if (h.get(hdr::version) != 1)
      return fail(codes::bad_version, "header.version", header_offset(hdr::version),
                  "version " + std::to_string(h.get(hdr::version)) + " is not 1");
    const int64_t n = h.get_signed(hdr::entry_count);
    if (n < 0)
      return fail(codes::negative_count, "header.entry_count", header_offset(hdr::entry_count),
                  "entry count " + std::to_string(n) + " is negative");
    if (h.get_signed(hdr::entry_count_copy) != n)
      return fail(codes::count_mismatch, "header.entry_count_copy", header_offset(hdr::entry_count_copy),
                  "the count's copy " + std::to_string(h.get_signed(hdr::entry_count_copy)) + " differs from " +
                      std::to_string(n) + " (Parkan's loader checks both, OP)");
    if (in_.size() > options_.limits.input_bytes || static_cast<uint64_t>(n) > options_.limits.entries)
      return fail(codes::limit_exceeded, "header.entry_count", header_offset(hdr::entry_count),
                  std::to_string(n) + " entries in a " + std::to_string(in_.size()) + "-byte file exceed the limits (" +
                      std::to_string(options_.limits.entries) + " entries, " +
                      std::to_string(options_.limits.input_bytes) + " bytes)");
    count_ = static_cast<uint64_t>(n);
    if (table_end(count_) > in_.size())
      return fail(codes::table_out_of_bounds, "header.entry_count", header_offset(hdr::entry_count),
                  std::to_string(count_) + " rows need " + std::to_string(table_end(count_)) +
                      " bytes of header and table; the file has " + std::to_string(in_.size()));
    for (size_t f : {hdr::raw_08, hdr::raw_0c, hdr::raw_18})
      if (!h.is_zero(f) && !warn(codes::header_reserved_nonzero, "header." + std::string(kHeaderSpec.fields[f].name),
                                 header_offset(f), "reserved bytes are not zero; kept"))
        return false;
    return true;
  }

  // §7.1.2: the table is one keystream over all rows, never reset per row.
  bool parse_table() {
    std::vector<std::byte> plain(in_.bytes().begin() + static_cast<std::ptrdiff_t>(kHeaderSize),
                                 in_.bytes().begin() + static_cast<std::ptrdiff_t>(table_end(count_)));
    const uint16_t key = table_key(lib_.header);
    xor_in_place(plain, key);
    if (key == 0 && count_ > 0)
      note(codes::table_plaintext, "header.seed", header_offset(hdr::seed),
           "seed low word 0: the table is stored in plain text");
    lib_.entries.reserve(static_cast<size_t>(count_));
    for (size_t i = 0; i < count_; ++i)
      lib_.entries.push_back(Entry{EntryRecord(Bytes(plain).subspan(i * kEntrySize, kEntrySize)), 0, {}});
    const uint32_t owner = cov_.add_record_table_owner("entries", kHeaderSize, kEntrySpec.size, kEntrySpec.fields);
    cov_.mark_records(kHeaderSize, count_, owner);
    names_.reserve(lib_.entries.size());
    for (const Entry& e : lib_.entries) names_.push_back(entry_name_view(e.record));
    for (size_t i = 0; i < count_; ++i)
      if (!check_row(i)) return false;
    return true;
  }

  bool check_row(size_t i) {
    const uint64_t flags = row(i).get(entry::flags);
    if (!method_of(flags))
      return fail(codes::method_unknown, row_path(i, "flags"), row_offset(i, entry::flags),
                  "flags " + hex_offset(flags) + ": method " + hex_offset(flags & kMethodMask) +
                      " is none of 0x000/0x020/0x040/0x060/0x080/0x0A0/0x100 (bytes kept)");
    if ((flags & ~uint64_t{kMethodMask}) != 0 &&
        !warn(codes::flags_extra_bits, row_path(i, "flags"), row_offset(i, entry::flags),
              "flags " + hex_offset(flags) + " set bits outside 0x1E0 (meaning unknown; kept)"))
      return false;
    if (!row(i).is_zero(entry::service) &&
        !warn(codes::service_nonzero, row_path(i, "service"), row_offset(i, entry::service),
              "service bytes of " + entry_name(row(i)) + " are not zero; kept"))
      return false;
    return check_name(i);
  }

  // §3.4: what the engine's lookup (upper-cased query, strcmp) can reach.
  bool check_name(size_t i) {
    const std::string_view name = names_[i];
    const std::string path = row_path(i, "name");
    const uint64_t at = row_offset(i, entry::name);
    if (name.empty() && !warn(codes::name_empty, path, at, "the name is empty")) return false;
    if (std::any_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; }) &&
        !warn(codes::name_not_uppercase, path, at,
              "\"" + entry_name(row(i)) + "\" has lower-case letters: rsFind upper-cases its query and cannot find it"))
      return false;
    if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }) &&
        !warn(codes::name_non_ascii, path, at, "\"" + entry_name(row(i)) + "\" has bytes >= 0x80"))
      return false;
    const Bytes field = row(i).raw(entry::name);
    const bool tail = std::any_of(field.begin() + static_cast<std::ptrdiff_t>(name.size()), field.end(),
                                  [](std::byte b) { return b != std::byte{0}; });
    if (tail && !warn(codes::name_tail_nonzero, path, at, "bytes after the name's NUL are not zero; kept"))
      return false;
    return true;
  }

  // The first row whose range is invalid with `overlay` added (§5.1); a
  // Deflate row one byte past EOF passes here and is judged by its decode (§5.3).
  std::optional<RangeProblem> range_problem(uint64_t overlay) const {
    const uint64_t area = table_end(count_);
    for (size_t i = 0; i < count_; ++i) {
      const uint64_t begin = row(i).get(entry::data_offset) + overlay, size = row(i).get(entry::packed_size);
      if (begin < area)
        return RangeProblem{&codes::offset_in_header, i,
                            "range of " + entry_name(row(i)) + " starts at " + hex_offset(begin) +
                                ", inside the header and table [0, " + hex_offset(area) + ")"};
      if (begin + size > in_.size() && !(begin + size == in_.size() + 1 && is_deflate(i)))
        return RangeProblem{&codes::range_past_eof, i,
                            "range [" + hex_offset(begin) + ", +" + std::to_string(size) + ") of " +
                                entry_name(row(i)) + " ends past EOF " + hex_offset(in_.size())};
    }
    return std::nullopt;
  }
  bool is_deflate(size_t i) const { return method_of(row(i).get(entry::flags)) == Method::deflate; }

  // §5.2: a trailer is honoured only when the ranges need it.
  bool place_ranges() {
    const uint64_t size = in_.size();
    const Bytes tail = size >= table_end(count_) + kTrailerSize ? in_.bytes().last(kTrailerSize) : Bytes{};
    lib_.has_trailer = !tail.empty() && tail[0] == std::byte{'A'} && tail[1] == std::byte{'O'};
    std::optional<RangeProblem> plain = range_problem(0);
    if (lib_.has_trailer) {
      const uint64_t overlay = load_uint_le(tail.subspan(2), 4);
      if (!warn(codes::ao_trailer, "trailer", size - kTrailerSize,
                "the last 6 bytes are an \"AO\" trailer, overlay " + std::to_string(overlay) + "; kept verbatim"))
        return false;
      if (plain && overlay > size)
        return fail(codes::overlay_out_of_bounds, "trailer.overlay", size - 4,
                    "overlay " + std::to_string(overlay) + " is larger than the file (" + std::to_string(size) + ")");
      if (plain && overlay != 0 && !range_problem(overlay)) {
        lib_.overlay = static_cast<uint32_t>(overlay);
        plain.reset();
        if (!warn(codes::ao_overlay_applied, "trailer.overlay", size - 4,
                  "ranges are valid only with the overlay " + std::to_string(overlay) + " added; applied"))
          return false;
      }
    }
    if (plain)
      return fail(*plain->code, row_path(plain->row, "data_offset"), row_offset(plain->row, entry::data_offset),
                  plain->message);
    return check_sizes();
  }

  // §7.1.3: sizes within the limits before anything is allocated for them.
  bool check_sizes() {
    const Limits& lim = options_.limits;
    uint64_t total = 0;
    for (size_t i = 0; i < count_; ++i) {
      const uint64_t packed = row(i).get(entry::packed_size), unpacked = row(i).get(entry::unpacked_size);
      if (packed > lim.packed_per_entry || unpacked > lim.unpacked_per_entry)
        return fail(codes::limit_exceeded, row_path(i, "unpacked_size"), row_offset(i, entry::unpacked_size),
                    entry_name(row(i)) + ": packed " + std::to_string(packed) + ", unpacked " +
                        std::to_string(unpacked) + " bytes exceed the per-entry limits (" +
                        std::to_string(lim.packed_per_entry) + ", " + std::to_string(lim.unpacked_per_entry) + ")");
      total += unpacked;
    }
    if (options_.decode && total > lim.unpacked_per_load)
      return fail(codes::limit_exceeded, "header.total_unpacked", header_offset(hdr::total_unpacked),
                  "the entries decode to " + std::to_string(total) + " bytes in all, over the limit of " +
                      std::to_string(lim.unpacked_per_load));
    total_unpacked_ = total;
    return true;
  }

  // §3.3 and §7.1.4.
  bool check_sort() {
    const size_t n = lib_.entries.size();
    std::vector<size_t> by_name(n);
    std::iota(by_name.begin(), by_name.end(), size_t{0});
    std::stable_sort(by_name.begin(), by_name.end(),
                     [&](size_t a, size_t b) { return compare_names(names_[a], names_[b]) < 0; });
    if (lib_.header.get(hdr::presorted) == kPresorted) {
      if (!check_presorted()) return false;
    } else {
      if (!warn(codes::presorted_absent, "header.presorted", header_offset(hdr::presorted),
                "presorted is " + hex_offset(lib_.header.get(hdr::presorted)) +
                    ", not 0xABBA: the loader rebuilds the sort field by strcmp"))
        return false;
      for (size_t i = 0; i < n; ++i) lib_.entries[i].effective_sort = static_cast<uint16_t>(by_name[i]);
    }
    return check_duplicates(by_name);
  }

  bool check_presorted() {
    const size_t n = lib_.entries.size();
    std::vector<size_t> field(n);
    std::vector<bool> seen(n, false);
    for (size_t i = 0; i < n; ++i) {
      const int64_t s = row(i).get_signed(entry::sort_to_original);
      if (s < 0 || static_cast<uint64_t>(s) >= n || seen[static_cast<size_t>(s)])
        return fail(codes::sort_not_permutation, row_path(i, "sort_to_original"), row_offset(i, entry::sort_to_original),
                    "sort field " + std::to_string(s) + " is out of range or repeated: not a permutation of 0.." +
                        std::to_string(n == 0 ? 0 : n - 1));
      seen[static_cast<size_t>(s)] = true;
      field[i] = static_cast<size_t>(s);
      lib_.entries[i].effective_sort = static_cast<uint16_t>(s);
    }
    auto ascends = [&](auto name_at) {
      for (size_t i = 1; i < n; ++i)
        if (compare_names(name_at(i - 1), name_at(i)) > 0) return false;
      return true;
    };
    if (ascends([&](size_t i) { return names_[field[i]]; })) return true;  // reading F (FP)
    if (ascends([&](size_t i) { return names_[i]; }))                       // reading O (OP, MR)
      return warn(codes::sort_reading_alt, "entries", kHeaderSize,
                  "names ascend in row order (reading O of C1), not through the sort field (reading F)");
    return fail(codes::sort_unordered, "entries", kHeaderSize,
                "under 0xABBA the names ascend under neither reading of the sort field (C1)");
  }

  // §3.4: binary search finds one of two equal names.
  bool check_duplicates(const std::vector<size_t>& by_name) {
    for (size_t k = 1; k < by_name.size(); ++k)
      if (compare_names(names_[by_name[k - 1]], names_[by_name[k]]) == 0)
        return warn(codes::duplicate_name, row_path(by_name[k], "name"), row_offset(by_name[k], entry::name),
                    "rows " + std::to_string(by_name[k - 1]) + " and " + std::to_string(by_name[k]) +
                        " are both named \"" + entry_name(row(by_name[k])) + "\"");
    return true;
  }

  // §7.1.5; the Deflate +1 row is decoded even when decoding is off: its
  // range is valid only if its stream completes (§5.3).
  bool decode_entries() {
    for (size_t i = 0; i < count_; ++i)
      if (!decode_entry_at(i)) return false;
    return true;
  }

  bool decode_entry_at(size_t i) {
    const EntryRecord& r = row(i);
    const Method method = *method_of(r.get(entry::flags));
    const uint64_t begin = eff(i), packed_size = r.get(entry::packed_size), unpacked = r.get(entry::unpacked_size);
    const bool plus_one = begin + packed_size == in_.size() + 1;
    const uint16_t key = lib_.entries[i].effective_sort;
    if (uses_xor(method) && key == 0)
      note(codes::xor_key_zero, row_path(i, "sort_to_original"), row_offset(i, entry::sort_to_original),
           entry_name(r) + ": XOR key 0, the payload is stored unchanged");
    if (method != Method::stored && method != Method::xor_only && packed_size == unpacked)
      note(codes::size_equal_but_packed, row_path(i, "packed_size"), row_offset(i, entry::packed_size),
           entry_name(r) + " is " + std::string(method_name(method)) +
               " with equal sizes; a reader deciding by sizes (MR) would take it as stored");
    const Bytes packed = in_.bytes().subspan(static_cast<size_t>(begin),
                                             static_cast<size_t>(plus_one ? packed_size - 1 : packed_size));
    cov_.mark(begin, packed.size(), cov_.add_owner({"entries[", std::to_string(i), "]"}), "packed");
    if (!options_.decode && !plus_one) return true;
    DecodeResult d = decode_entry(method, packed, unpacked, key);
    if (plus_one) {
      if (!d.ok())
        return fail(codes::range_past_eof, row_path(i, "packed_size"), row_offset(i, entry::packed_size),
                    entry_name(r) + " claims one byte past EOF and its stream does not complete in the bytes there: " +
                        d.detail);
      if (!warn(codes::deflate_eof_plus_one, row_path(i, "packed_size"), row_offset(i, entry::packed_size),
                entry_name(r) + " claims one byte past EOF; its Deflate stream completes before it (" +
                    (entry_name_view(r) == "INTERF8.TEX" ? "the registered sprites.lib entry" : "not the registered name") +
                    "); packed_size kept"))
        return false;
    }
    if (!report_decode(i, d, packed.size())) return false;
    if (options_.decode) lib_.entries[i].decoded = std::move(d.bytes);
    return true;
  }

  bool report_decode(size_t i, const DecodeResult& d, uint64_t available) {
    const std::string name = entry_name(row(i));
    switch (d.status) {
      case DecodeStatus::ok: break;
      case DecodeStatus::truncated:
        return fail(codes::decode_truncated, row_path(i, "packed_size"), row_offset(i, entry::packed_size), name + ": " + d.detail);
      case DecodeStatus::failed:
        return fail(codes::decode_failed, row_path(i, "packed_size"), row_offset(i, entry::packed_size), name + ": " + d.detail);
      case DecodeStatus::size_mismatch:
        return fail(codes::size_mismatch, row_path(i, "unpacked_size"), row_offset(i, entry::unpacked_size), name + ": " + d.detail);
      case DecodeStatus::stored_size_mismatch:
        return fail(codes::stored_size_mismatch, row_path(i, "packed_size"), row_offset(i, entry::packed_size),
                    name + ": " + d.detail);
    }
    if (d.consumed < available &&
        !warn(codes::packed_trailing, row_path(i, "packed_size"), row_offset(i, entry::packed_size),
              name + ": the decoder used " + std::to_string(d.consumed) + " of " + std::to_string(available) +
                  " packed bytes; the rest are kept"))
      return false;
    if (d.match_cut && !warn(codes::match_overrun, row_path(i, "unpacked_size"), row_offset(i, entry::unpacked_size),
                             name + ": the last match runs past unpacked_size and is cut there"))
      return false;
    return true;
  }

  // §7.1.6-7: coverage of the payload area, then the header's relations.
  void finish(ParseResult& result) {
    if (lib_.has_trailer) cov_.mark(in_.size() - kTrailerSize, kTrailerSize, cov_.add_owner("trailer"), "ao_trailer");
    result.coverage = cov_.summarize(in_.size());
    const uint64_t area = table_end(count_);
    lib_.payload_area.assign(in_.bytes().begin() + static_cast<std::ptrdiff_t>(area), in_.bytes().end());
    if (!report_gaps(result.coverage) || !report_overlaps()) return;
    report_relations();
  }

  bool report_gaps(const CoverageSummary& s) {
    if (s.uncovered.empty()) return true;
    return warn(codes::gap, "payload_area", s.uncovered.front().begin,
                std::to_string(s.uncovered.size()) + " range(s), " + std::to_string(s.uncovered_bytes) +
                    " bytes of the payload area no entry covers; kept");
  }

  bool report_overlaps() {
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    for (size_t i = 0; i < count_; ++i) {
      const uint64_t b = eff(i), e = std::min(b + row(i).get(entry::packed_size), in_.size());
      if (e > b) ranges.emplace_back(b, e);
    }
    std::sort(ranges.begin(), ranges.end());
    size_t overlaps = 0;
    uint64_t first = 0, reach = 0;
    for (const auto& [b, e] : ranges) {
      if (b < reach && overlaps++ == 0) first = b;
      reach = std::max(reach, e);
    }
    if (overlaps == 0) return true;
    return warn(codes::range_overlap, "payload_area", first,
                std::to_string(overlaps) + " payload range(s) overlap an earlier one; bytes kept");
  }

  void report_relations() {
    const HeaderRecord& h = lib_.header;
    if (h.get(hdr::total_unpacked) != total_unpacked_ &&
        !warn(codes::total_unpacked_mismatch, "header.total_unpacked", header_offset(hdr::total_unpacked),
              "total_unpacked " + std::to_string(h.get(hdr::total_unpacked)) + " differs from the sum " +
                  std::to_string(total_unpacked_)))
      return;
    uint64_t packed = 0;
    for (const Entry& e : lib_.entries) packed += e.record.get(entry::packed_size);
    const uint64_t seed = h.get(hdr::seed), area = in_.size() - table_end(count_);
    note(codes::seed_vs_payload, "header.seed", header_offset(hdr::seed),
         "seed " + std::to_string(seed) + (seed == area ? " equals" : " differs from") + " the payload size " +
             std::to_string(area) + " (MR's reading M) and" + (seed == packed ? " equals" : " differs from") +
             " the sum of packed_size " + std::to_string(packed));
  }

  ByteReader in_;
  ParseOptions options_;
  Diagnostics diags_;
  std::vector<Diagnostic> notes_;
  CoverageMap cov_;
  Library lib_;
  std::vector<std::string_view> names_;  // into lib_.entries' records, which never move once read
  uint64_t count_ = 0;
  uint64_t total_unpacked_ = 0;
};

}  // namespace

ParseResult parse_rsli(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::rsli
