#include "parser/nres/nres_parser.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "parser/core/gap.hpp"
#include "parser/core/record_reader.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"

namespace meshgate::nres {

namespace {


template <char (*Fold)(char)>
int compare_folded(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  // Bytes that match exactly fold alike: skip them eight at a time, straight
  // to the first byte that differs (a model's stream names share a prefix,
  // "M0121.", and the sort check compares every neighbouring pair).
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const auto* pa = reinterpret_cast<const std::byte*>(a.data() + i);
    const auto* pb = reinterpret_cast<const std::byte*>(b.data() + i);
    if (const uint64_t diff = load_fixed_le<8>(pa) ^ load_fixed_le<8>(pb); diff != 0) {
      i += static_cast<size_t>(std::countr_zero(diff)) / 8;  // little-endian words: the lowest differing byte
      break;
    }
  }
  for (; i < n; ++i) {
    const auto x = static_cast<unsigned char>(Fold(a[i])), y = static_cast<unsigned char>(Fold(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}
// Bytes before the name field's NUL terminator (the field's size when it has
// none). Eight bytes at a time: a byte loop is a branch per byte (20 names per
// model add up in fuzzing), and a memchr call costs more than the search on a
// 36-byte field. In a word w, (w - 0x01..01) & ~w & 0x80..80 sets the top bit
// of each zero byte; a borrow can set it in bytes above the first zero too,
// never below, so the lowest set bit is the first NUL (the load is little-endian).
size_t name_length(Bytes name) {
  size_t i = 0;
  for (; i + 8 <= name.size(); i += 8) {
    const uint64_t w = load_fixed_le<8>(name.data() + i);
    const uint64_t zero_bytes = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
    if (zero_bytes != 0) return i + static_cast<size_t>(std::countr_zero(zero_bytes)) / 8;
  }
  for (; i < name.size(); ++i)
    if (name[i] == std::byte{0}) return i;
  return name.size();
}
char to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }
char to_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), options_(options), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    cov_.reserve(expected_marks(in_.bytes()), 2);
    if (parse_header() && parse_directory() && check_overlaps()) {
      check_sort_table();
      finish(result);
    }
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.archive = std::move(archive_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.warn(code, std::move(path), offset, std::move(message));
  }
  // Sort-table findings: errors in the strict profile, warnings otherwise.
  void sort_finding(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    diags_.report_as(code, options_.profile == Profile::strict ? Severity::error : code.severity, std::move(path),
                     offset, std::move(message));
  }
  std::string entry_path(size_t i, std::string_view field) const {
    return "entries[" + std::to_string(i) + "]." + std::string(field);
  }
  uint64_t entry_field_offset(size_t i, size_t field) const {
    return dir_ + i * kEntrySpec.size + kEntrySpec.fields[field].offset;
  }

  // The header's fields, the directory and a payload per entry: the marks of
  // an archive, reserved in one allocation before the header is checked. The
  // entry count is read ahead and bounded by the entries the file can hold.
  static size_t expected_marks(Bytes data) {
    if (data.size() < kHeaderSpec.size) return kHeaderSpec.fields.size();
    const uint64_t count = load_field(data, kHeaderSpec.fields[hdr::entry_count]);
    return kHeaderSpec.fields.size() + 1 + static_cast<size_t>(std::min<uint64_t>(count, data.size() / kEntrySpec.size));
  }

  bool parse_header() {
    const uint32_t owner = cov_.add_owner("header");
    if (looks_like_rsli(in_.bytes()))
      return fail(codes::unsupported_container, "header.magic", 0,
                  "RsLi (\"NL\") library: meshgate does not parse RsLi yet (spec §1.8)");
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 16-byte NRes header");
    (void)read_record(in_, 0, owner, cov_, archive_.header);  // size checked above
    archive_.file_size = in_.size();
    const HeaderRecord& h = archive_.header;
    auto at = [](size_t f) { return uint64_t{kHeaderSpec.fields[f].offset}; };
    if (!std::equal(kMagic.begin(), kMagic.end(), h.raw(hdr::magic).begin()))
      return fail(codes::bad_magic, "header.magic", 0, "magic is not \"NRes\" (4E 52 65 73)");
    if (h.get(hdr::version) != kVersion)
      return fail(codes::bad_version, "header.version", at(hdr::version),
                  "version " + hex_offset(h.get(hdr::version)) + " is not 0x100 (Ngi32 rejects it)");
    const int64_t count = h.get_signed(hdr::entry_count);
    if (count < 0)
      return fail(codes::negative_count, "header.entry_count", at(hdr::entry_count),
                  "entry count " + std::to_string(count) + " is negative");
    if (static_cast<uint64_t>(count) > kMaxEntries || in_.size() > kMaxInputBytes)
      return fail(codes::limit_exceeded, "header.entry_count", at(hdr::entry_count),
                  std::to_string(count) + " entries in a " + std::to_string(in_.size()) +
                      "-byte file exceed the limits (1 Mi entries, 256 MiB)");
    if (h.get(hdr::total_size) != in_.size())
      return fail(codes::total_size_mismatch, "header.total_size", at(hdr::total_size),
                  "total_size " + std::to_string(h.get(hdr::total_size)) + " differs from the file size " +
                      std::to_string(in_.size()));
    count_ = static_cast<uint64_t>(count);
    return true;
  }

  bool parse_directory() {
    const uint64_t dir_bytes = count_ * kEntrySpec.size;  // count_ <= 1 Mi: no overflow
    if (dir_bytes > in_.size() || in_.size() - dir_bytes < kHeaderSpec.size)
      return fail(codes::directory_out_of_bounds, "header.entry_count", kHeaderSpec.fields[hdr::entry_count].offset,
                  std::to_string(count_) + " directory entries (" + std::to_string(dir_bytes) +
                      " bytes) do not fit between the header and EOF of a " + std::to_string(in_.size()) +
                      "-byte file");
    dir_ = in_.size() - dir_bytes;
    archive_.entries.reserve(static_cast<size_t>(count_));  // filled by parse_entries, record by record
    names_.reserve(static_cast<size_t>(count_));
    const uint32_t owner = cov_.add_record_table_owner("entries", dir_, kEntrySpec.size, kEntrySpec.fields);
    const bool parsed = parse_entries(owner);
    // The directory sits at EOF: marked after the payloads (whether or not an
    // entry was rejected), the marks arrive in file order and summarize() has
    // nothing to sort.
    cov_.mark_records(dir_, count_, owner);  // the directory fits: checked above
    return parsed;
  }

  bool parse_entries(uint32_t owner) {
    const Bytes directory = *in_.slice(dir_, count_ * uint64_t{kEntrySpec.size});
    for (size_t i = 0; i < count_; ++i) {
      // Made from its record: a default Entry would be zero-filled first (a
      // `rep stos` per entry, most of the directory's parse time).
      Entry& e = archive_.entries.emplace_back(
          Entry{EntryRecord(directory.subspan(i * size_t{kEntrySpec.size}, kEntrySpec.size)), {}});

      Bytes name = e.record.raw(entry::name);
      const size_t length = name_length(name);
      names_.emplace_back(reinterpret_cast<const char*>(name.data()), length);
      if (length == name.size())
        return fail(codes::name_unterminated, entry_path(i, "name"), entry_field_offset(i, entry::name),
                    "the 36-byte name field has no NUL terminator");
      if (length == 0)
        return fail(codes::name_empty, entry_path(i, "name"), entry_field_offset(i, entry::name), "the name is empty");

      const uint64_t offset = e.record.get(entry::data_offset), size = e.record.get(entry::size);
      if (offset < kHeaderSpec.size || !range_fits(offset, size, dir_))
        return fail(codes::entry_out_of_bounds, entry_path(i, "data_offset"),
                    entry_field_offset(i, entry::data_offset),
                    "payload [" + hex_offset(offset) + ", +" + std::to_string(size) + ") of " + entry_name(e.record) +
                        " is not inside the data region [0x10, " + hex_offset(dir_) + ")");
      if (offset % kPayloadAlignment != 0 &&
          !warn(codes::payload_misaligned, entry_path(i, "data_offset"), entry_field_offset(i, entry::data_offset),
                "payload of " + entry_name(e.record) + " starts at " + hex_offset(offset) + ", not 8-aligned"))
        return false;
      if (options_.copy_payloads) {
        Bytes payload = *in_.slice(offset, size);
        e.payload.assign(payload.begin(), payload.end());
      }
      cov_.mark(offset, size, owner, "payload");
    }
    return true;
  }

  // §1.7.9: active payload ranges never overlap (FP rejects it in every profile).
  bool check_overlaps() {
    if (payloads_ascend_apart()) return true;
    std::vector<size_t> order(archive_.entries.size());
    std::iota(order.begin(), order.end(), size_t{0});
    auto begin = [&](size_t i) { return archive_.entries[i].record.get(entry::data_offset); };
    auto end = [&](size_t i) { return begin(i) + archive_.entries[i].record.get(entry::size); };
    std::erase_if(order, [&](size_t i) { return archive_.entries[i].record.get(entry::size) == 0; });
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return begin(a) < begin(b); });
    for (size_t k = 1; k < order.size(); ++k) {
      if (begin(order[k]) < end(order[k - 1]))
        return fail(codes::payload_overlap, entry_path(order[k], "data_offset"),
                    entry_field_offset(order[k], entry::data_offset),
                    "payload of entries[" + std::to_string(order[k]) + "] at " + hex_offset(begin(order[k])) +
                        " overlaps entries[" + std::to_string(order[k - 1]) + "] which ends at " +
                        hex_offset(end(order[k - 1])));
    }
    return true;
  }

  // The usual layout: each non-empty payload, in directory order, starts at or
  // after the end of the one before. Then the starts ascend strictly, sorting
  // by offset keeps directory order and finds no overlap. Any other layout
  // takes the sorted check, and its report.
  bool payloads_ascend_apart() const {
    uint64_t previous_end = 0;
    for (const Entry& e : archive_.entries) {
      const uint64_t begin = e.record.get(entry::data_offset), size = e.record.get(entry::size);
      if (size == 0) continue;
      if (begin < previous_end) return false;
      previous_end = begin + size;  // inside the data region: checked by parse_directory
    }
    return true;
  }

  // §1.5: entries[i].sort_index = P[i], P = entry indices in case-folded name
  // order; then names that fold to the same text.
  void check_sort_table() { check_duplicate_names(sort_table_in_order()); }

  // Two entries whose names fold to the same text (the engine compares with
  // _strcmpi): a lookup by name can reach only one of them. Warned once, at the
  // second name, with how many pairs there are. `ordered`: the sort table is a
  // permutation in lowercase-folded order, so equal names are neighbours in it.
  void check_duplicate_names(bool ordered) {
    const size_t n = archive_.entries.size();
    if (n < 2) return;
    std::vector<size_t> order;  // sorted entry indices, made only when the table cannot serve
    if (!ordered) {
      order.resize(n);
      std::iota(order.begin(), order.end(), size_t{0});
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return compare_names_lowercase(names_[a], names_[b]) < 0; });
    }
    const auto sorted = [&](size_t i) {
      return ordered ? static_cast<size_t>(archive_.entries[i].record.get(entry::sort_index)) : order[i];
    };
    size_t pairs = 0, first = 0, second = 0;
    for (size_t i = 1; i < n; ++i)
      if (compare_names_lowercase(names_[sorted(i - 1)], names_[sorted(i)]) == 0 && pairs++ == 0)
        first = sorted(i - 1), second = sorted(i);
    if (pairs == 0) return;
    warn(codes::duplicate_name, entry_path(second, "name"), entry_field_offset(second, entry::name),
         "entries " + std::to_string(first) + " and " + std::to_string(second) + " are both named \"" +
             utf8_or_escaped(names_[first]) + "\" as _strcmpi compares; a lookup finds entry " + std::to_string(first) +
             ", the first in sort order" + (pairs > 1 ? " (" + std::to_string(pairs) + " such pairs)" : ""));
  }

  // The §1.5 sort-table findings; true when the table is a permutation in
  // lowercase-folded order.
  bool sort_table_in_order() {
    const size_t n = archive_.entries.size();
    const std::vector<std::string_view>& names = names_;  // entry i's name, as parse_entries measured it
    std::vector<bool> seen(n, false);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t s = archive_.entries[i].record.get(entry::sort_index);
      if (s >= n) {
        sort_finding(codes::sort_index_out_of_range, entry_path(i, "sort_index"),
                     entry_field_offset(i, entry::sort_index),
                     "sort_index " + std::to_string(s) + " is not below the entry count " + std::to_string(n));
        return false;
      }
      if (seen[s]) {
        sort_finding(codes::sort_not_permutation, entry_path(i, "sort_index"), entry_field_offset(i, entry::sort_index),
                     "sort_index " + std::to_string(s) + " appears twice; the table is not a permutation");
        return false;
      }
      seen[s] = true;
    }
    auto first_unsorted = [&](int (*cmp)(std::string_view, std::string_view)) -> std::optional<size_t> {
      for (size_t i = 1; i < n; ++i) {
        const auto a = archive_.entries[i - 1].record.get(entry::sort_index);
        const auto b = archive_.entries[i].record.get(entry::sort_index);
        if (cmp(names[a], names[b]) > 0) return i;
      }
      return std::nullopt;
    };
    if (auto bad = first_unsorted(compare_names_lowercase)) {
      const bool upper_ok = !first_unsorted(compare_names_uppercase);
      const size_t i = *bad;
      const std::string a = utf8_or_escaped(names[archive_.entries[i - 1].record.get(entry::sort_index)]);
      const std::string b = utf8_or_escaped(names[archive_.entries[i].record.get(entry::sort_index)]);
      sort_finding(upper_ok ? codes::sort_order_uppercase_fold : codes::sort_order_mismatch, entry_path(i, "sort_index"),
                   entry_field_offset(i, entry::sort_index),
                   "sorted position " + std::to_string(i) + " names \"" + b + "\" after \"" + a +
                       "\", out of _strcmpi (lowercase) order" +
                       (upper_ok ? "; the table is in uppercase-folded order instead" : ""));
      return false;
    }
    return true;
  }

  std::vector<uint64_t> sorted_payload_ends() const {
    std::vector<uint64_t> ends;
    ends.reserve(archive_.entries.size());
    for (const Entry& e : archive_.entries)
      if (e.record.get(entry::size) > 0) ends.push_back(e.record.get(entry::data_offset) + e.record.get(entry::size));
    std::sort(ends.begin(), ends.end());
    return ends;
  }

  // Uncovered bytes: padding after a payload must be zero (§1.7.11, warning);
  // anything else non-zero is an unindexed region (§1.4), kept exactly.
  void finish(ParseResult& result) {
    result.coverage = cov_.summarize(in_.size());
    archive_.gaps = collect_gaps(result.coverage, in_.bytes());
    // Made for the first non-zero gap only: in most archives every gap is zero padding.
    std::vector<uint64_t> payload_ends;
    bool padding_reported = false, region_reported = false;
    for (const Gap& g : archive_.gaps) {
      if (g.all_zero()) continue;
      if (payload_ends.empty()) payload_ends = sorted_payload_ends();
      const uint64_t end = g.offset + g.bytes.size();
      const bool is_padding = std::binary_search(payload_ends.begin(), payload_ends.end(), g.offset) &&
                              g.bytes.size() < kPayloadAlignment && (end % kPayloadAlignment == 0 || end == dir_);
      if (is_padding && !padding_reported) {
        padding_reported = true;
        warn(codes::nonzero_padding, "padding", g.offset,
             std::to_string(g.bytes.size()) + " padding bytes after a payload are not zero; kept exactly");
      } else if (!is_padding && !region_reported) {
        region_reported = true;
        warn(codes::unindexed_region, "unindexed", g.offset,
             "[" + hex_offset(g.offset) + ", " + hex_offset(end) + ") holds non-zero data no entry references; kept");
      }
    }
  }

  ByteReader in_;
  ParseOptions options_;
  Diagnostics diags_;
  CoverageMap cov_;
  Archive archive_;
  // Each entry's name up to its NUL, a view into its record in archive_
  // (the entries never move once parsed: reserved up front).
  std::vector<std::string_view> names_;
  uint64_t count_ = 0;
  uint64_t dir_ = 0;
};

}  // namespace

std::string_view entry_name_view(const EntryRecord& record) {
  const Bytes name = record.raw(entry::name);
  return std::string_view(reinterpret_cast<const char*>(name.data()), name_length(name));
}

std::string entry_name(const EntryRecord& record) { return utf8_or_escaped(entry_name_view(record)); }

bool looks_like_nres(Bytes data) { return has_magic(data, kMagics[0]); }

bool looks_like_rsli(Bytes data) { return has_magic(data, kRsliMagics[0]); }

int compare_names_lowercase(std::string_view a, std::string_view b) { return compare_folded<to_lower>(a, b); }
int compare_names_uppercase(std::string_view a, std::string_view b) { return compare_folded<to_upper>(a, b); }

ParseResult parse_nres(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

void attach_payloads(Archive& archive, Bytes data) {
  for (Entry& e : archive.entries) {
    Bytes payload = data.subspan(static_cast<size_t>(e.record.get(entry::data_offset)),
                                 static_cast<size_t>(e.record.get(entry::size)));  // validated by the parse
    e.payload.assign(payload.begin(), payload.end());
  }
}

}  // namespace meshgate::nres
