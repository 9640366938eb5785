#include "observe/field_observer.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <mutex>

#include "parser/core/element_kernel.hpp"

namespace meshgate {

namespace {

struct TableShape {
  const void* spec;
  std::span<const FieldSpec> fields;
};

// The tables numbered so far. Guarded: a sweep's threads number the tables
// they first reach (once per table and process: table_id caches the number).
std::mutex table_mutex;
std::vector<TableShape>& tables() {
  static std::vector<TableShape> list;
  return list;
}

char fold(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

}  // namespace

size_t table_id_of(const void* spec, std::span<const FieldSpec> fields) {
  const std::lock_guard lock(table_mutex);
  std::vector<TableShape>& list = tables();
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].spec == spec) return i;
  list.push_back({spec, fields});
  return list.size() - 1;
}

std::span<const FieldSpec> table_fields(size_t id) {
  const std::lock_guard lock(table_mutex);
  return tables().at(id).fields;
}

size_t table_ids() {
  const std::lock_guard lock(table_mutex);
  return tables().size();
}

bool AnyCaseLess::operator()(std::string_view a, std::string_view b) const {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](char x, char y) { return fold(x) < fold(y); });
}

std::string value_text(const FieldSpec& f, uint64_t raw, Bytes bytes) {
  char buf[64];
  switch (f.type) {
    case FieldType::bytes: {
      static constexpr char kDigits[] = "0123456789abcdef";
      std::string out = "0x";
      for (std::byte b : bytes) {
        out += kDigits[static_cast<unsigned>(b) >> 4];
        out += kDigits[static_cast<unsigned>(b) & 0xF];
      }
      return out;
    }
    case FieldType::f32:
      std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", static_cast<double>(f32_from_bits(static_cast<uint32_t>(raw))),
                    static_cast<uint32_t>(raw));
      return buf;
    case FieldType::i16: return std::to_string(static_cast<int16_t>(raw));
    case FieldType::i32: return std::to_string(static_cast<int32_t>(raw));
    default:
      std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(raw));
      return buf;
  }
}

std::string key_text(const FieldSpec& f, HistogramKey key) {
  if (!f.is_bytes()) return value_text(f, key.lo, {});
  if (f.width > 16) return key.lo == 0 ? "all zero" : "non-zero";
  std::byte bytes[16];
  key.bytes_into(bytes, f.width);
  return value_text(f, 0, Bytes(bytes, f.width));
}

void merge_histogram(ValueHistogram& into, const ValueHistogram& later, const FieldSpec& f) {
  into.add_not_tracked(later.not_tracked());
  size_t unseen = 0;
  for (const ValueHistogram::Entry& e : later.entries()) unseen += !into.contains(e.key);
  if (into.size() + unseen <= kMaxDistinctValues) {
    for (const ValueHistogram::Entry& e : later.entries()) into.add(e.key, e.count);
    return;
  }
  // Past the cap the order decides: later values arrive in the order of their
  // text, so the outcome does not depend on how keys are encoded.
  std::vector<std::pair<std::string, const ValueHistogram::Entry*>> by_text;
  for (const ValueHistogram::Entry& e : later.entries()) by_text.emplace_back(key_text(f, e.key), &e);
  std::sort(by_text.begin(), by_text.end());
  for (const auto& [text, e] : by_text) into.add(e->key, e->count);
}

FieldStats* FieldObserver::table_stats(size_t id, size_t fields) {
  if (fields_.empty()) fields_.reserve(512);  // one allocation for the handful of tables a file reaches
  if (id >= first_.size()) first_.resize(id + 1, kUnseen);
  if (first_[id] == kUnseen) {
    first_[id] = static_cast<uint32_t>(fields_.size());
    fields_.resize(fields_.size() + fields);
  }
  return fields_.data() + first_[id];
}

const FieldStats* FieldObserver::table_stats_of(size_t id) const {
  if (id >= first_.size() || first_[id] == kUnseen) return nullptr;
  return fields_.data() + first_[id];
}

const ValueHistogram& FieldObserver::histogram_of(const FieldStats& s) const {
  static const ValueHistogram kEmpty;
  return s.histogram == 0 ? kEmpty : histograms_[s.histogram - 1];
}

void FieldObserver::count(std::string_view format, std::string_view what, uint64_t n) {
  for (Count& c : counts_)
    if (c.format == format && c.what == what) {
      c.n += n;
      return;
    }
  if (counts_.empty()) counts_.reserve(16);  // a format's names: one allocation, not four
  counts_.push_back({format, what, n});
}

void FieldObserver::version(std::string_view format, std::string_view v, uint64_t n) {
  for (VersionCount& c : versions_)
    if (c.format == format && c.version == v) {
      c.n += n;
      return;
    }
  versions_.push_back({format, std::string(v), n});
}

void FieldObserver::name_wanted(std::string_view format, std::string_view what, std::string name) {
  names_[{format, what}].wanted.insert(std::move(name));
}

void FieldObserver::name_present(std::string_view format, std::string_view what, std::string_view name) {
  names_[{format, what}].present.emplace(name);
}

void FieldObserver::merge_observer(const FieldObserver& o) {
  for (size_t id = 0; id < o.first_.size(); ++id) {
    if (o.first_[id] == kUnseen) continue;
    const std::span<const FieldSpec> fields = table_fields(id);
    FieldStats* mine = table_stats(id, fields.size());
    const FieldStats* theirs = o.fields_.data() + o.first_[id];
    for (size_t i = 0; i < fields.size(); ++i) {
      FieldStats& m = mine[i];
      const FieldStats& o_stats = theirs[i];
      m.count += o_stats.count;
      m.zero += o_stats.zero;
      if (o_stats.has_range) m.widen(o_stats.min, o_stats.min_bits, o_stats.max, o_stats.max_bits);
      if (o_stats.histogram != 0) merge_histogram(histogram_for(m), o.histograms_[o_stats.histogram - 1], fields[i]);
    }
  }
  for (const Count& c : o.counts_) count(c.format, c.what, c.n);
  for (const VersionCount& c : o.versions_) version(c.format, c.version, c.n);
  for (const auto& [key, sets] : o.names_) {
    NameSets& mine = names_[key];
    mine.wanted.insert(sets.wanted.begin(), sets.wanted.end());
    mine.present.insert(sets.present.begin(), sets.present.end());
  }
}

namespace {

// Lane-wise minimum, maximum and zero count over rows of eight 16-bit lanes.
// Signed lanes arrive biased by 0x8000 (`bias`), so one unsigned order serves
// both; a lane is zero when it equals its bias. 16-bit zero counters are
// flushed every 0xFFFF rows, before they could wrap.
struct WordRowStats {
  std::array<uint16_t, 8> lo, hi;
  std::array<uint64_t, 8> zeros{};
};
MESHGATE_ELEMENT_KERNEL void reduce_word_rows(const std::byte* rows, size_t count, const std::array<uint16_t, 8>& bias,
                                             WordRowStats& out) {
  std::array<uint16_t, 8> lo, hi;
  lo.fill(0xFFFF);
  hi.fill(0);
  for (size_t at = 0; at < count; at += 0xFFFF) {
    std::array<uint16_t, 8> zeros{};
    const size_t end = std::min(count, at + 0xFFFF);
    for (size_t r = at; r < end; ++r)
      for (size_t l = 0; l < 8; ++l) {
        const auto w = static_cast<uint16_t>(load_fixed_le<2>(rows + 16 * r + 2 * l) ^ bias[l]);
        lo[l] = std::min(lo[l], w);
        hi[l] = std::max(hi[l], w);
        zeros[l] = static_cast<uint16_t>(zeros[l] + (w == bias[l]));
      }
    for (size_t l = 0; l < 8; ++l) out.zeros[l] += zeros[l];
  }
  out.lo = lo;
  out.hi = hi;
}

}  // namespace

void FieldObserver::observe_rows_of_words(FieldStats* stats, std::span<const FieldSpec, 8> fields, const std::byte* rows,
                                          size_t count) {
  if (count == 0) return;
  std::array<uint16_t, 8> bias{};
  for (size_t l = 0; l < 8; ++l) bias[l] = fields[l].type == FieldType::i16 ? 0x8000 : 0;
  WordRowStats r;
  reduce_word_rows(rows, count, bias, r);
  for (size_t l = 0; l < 8; ++l) {
    FieldStats& s = stats[l];
    // Back to the field's value and raw bits, as observe_field records them.
    const auto bits_lo = static_cast<uint16_t>(r.lo[l] ^ bias[l]), bits_hi = static_cast<uint16_t>(r.hi[l] ^ bias[l]);
    const bool is_signed = bias[l] != 0;
    const double lo = is_signed ? static_cast<int16_t>(bits_lo) : bits_lo;
    const double hi = is_signed ? static_cast<int16_t>(bits_hi) : bits_hi;
    s.count += count;
    s.zero += r.zeros[l];
    s.widen(lo, bits_lo, hi, bits_hi);
  }
}

}  // namespace meshgate
