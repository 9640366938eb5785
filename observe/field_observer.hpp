// What a format's observations write into (its row's `observe`): per field of
// every table it reads, how many records carried the field, how many held
// zero, min/max, and for fields whose status is PRESERVED_UNDECODED,
// RESERVED_OBSERVED_ZERO or SEMANTIC_CANDIDATE a value histogram; plus
// counts and versions under the format's name, and names one format asks
// for and another holds (a material's textures). The corpus's aggregation,
// merging and reports are analysis/observations.hpp, which builds on this.
// This room sits below the rows (pipeline/) so that a row's code can write
// here; it knows no format and no catalogue: a table is known by its
// RecordSpec's address (table_id).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "observe/value_histogram.hpp"
#include "parser/core/field_table.hpp"

namespace meshgate {

[[nodiscard]] constexpr bool wants_histogram(StatusSet s) {
  return s.has(Status::preserved_undecoded) || s.has(Status::reserved_observed_zero) ||
         s.has(Status::semantic_candidate);
}

struct FieldStats {
  uint64_t count = 0;
  uint64_t zero = 0;
  bool has_range = false;
  double min = 0, max = 0;          // numeric value (signed / float as decoded; non-finite floats skipped)
  uint32_t min_bits = 0, max_bits = 0;  // f32 fields: the raw bits of min and max
  // Histogram fields: 1 + the index of the field's histogram in its
  // FieldObserver (0: no value yet). The histograms live apart so that stats
  // stay plain data: a file's sweep makes and merges a hundred of them, and
  // with a vector in each, making them alone was 5% of a sweep.
  uint32_t histogram = 0;

  // Widens the range to [lo, hi]; a tie keeps the bits seen first.
  void widen(double lo, uint32_t lo_bits, double hi, uint32_t hi_bits) {
    if (!has_range || lo < min) min = lo, min_bits = lo_bits;
    if (!has_range || hi > max) max = hi, max_bits = hi_bits;
    has_range = true;
  }
};

// A table's number in this process, given on its first use (the order
// differs from run to run with the order tables are first reached, so it is
// never printed: reports walk the catalogue and ask table_id_of).
[[nodiscard]] size_t table_id_of(const void* spec, std::span<const FieldSpec> fields);
template <const auto& Spec>
[[nodiscard]] size_t table_id() {
  static const size_t id = table_id_of(&Spec, std::span<const FieldSpec>(Spec.fields));
  return id;
}
// The fields of table `id`, and how many tables have a number yet.
[[nodiscard]] std::span<const FieldSpec> table_fields(size_t id);
[[nodiscard]] size_t table_ids();

// Case-insensitive name order (the engine compares texture names with _strcmpi).
struct AnyCaseLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const;
};

class FieldObserver {
 public:
  // Unrolled over the table at compile time: each field's type and status
  // are constants, so a record costs a few adds and compares per field and
  // only histogram fields (PRESERVED/RESERVED/CANDIDATE) reach a histogram.
  template <const auto& Spec>
  void observe(const Record<Spec>& record) {
    FieldStats* stats = table_stats(table_id<Spec>(), Spec.fields.size());
    [&]<size_t... I>(std::index_sequence<I...>) {
      (observe_field<Spec, I>(stats[I], record), ...);
    }(std::make_index_sequence<Spec.fields.size()>());
  }
  // A run of records, as observe() on each in order would record it: fields
  // of at most 32 bits that need no histogram are reduced column by column in
  // their own integer type (min, max, zeros; every such value is exact in a
  // double and its bits follow from it, so the result is the same), and
  // folded into their stats once. f32, byte and histogram fields go record by
  // record. Res7 alone is 80,000 field values in a 10,000-vertex model.
  template <const auto& Spec>
  void observe_all(std::span<const Record<Spec>> records) {
    FieldStats* stats = table_stats(table_id<Spec>(), Spec.fields.size());
    if constexpr (is_row_of_plain_words(Spec)) {
      observe_rows_of_words(stats, Spec.fields, reinterpret_cast<const std::byte*>(records.data()), records.size());
    } else {
      [&]<size_t... I>(std::index_sequence<I...>) {
        (observe_column<Spec, I>(stats[I], records), ...);
      }(std::make_index_sequence<Spec.fields.size()>());
    }
  }

  // `format` and `what` must outlive the observer (the formats' names and literals).
  void count(std::string_view format, std::string_view what, uint64_t n);
  void version(std::string_view format, std::string_view v, uint64_t n = 1);
  // A name files of `format` ask for (a MAT0 phase's texture), and one the
  // corpus holds (a Texm entry's): the reports count, under `format` and
  // `what`, the names asked for and how many of them some file holds, in any
  // case ("texture_names", "texture_names_resolved").
  void name_wanted(std::string_view format, std::string_view what, std::string name);
  void name_present(std::string_view format, std::string_view what, std::string_view name);

  // The stats of table `id`'s fields (nullptr: none of its records was seen).
  [[nodiscard]] const FieldStats* table_stats_of(size_t id) const;
  // A histogram field's values (empty for other fields and unobserved ones).
  [[nodiscard]] const ValueHistogram& histogram_of(const FieldStats& s) const;

 protected:
  // Adds `other`'s observations after this one's (analysis merges a sweep's files in order).
  void merge_observer(const FieldObserver& other);

  struct Count {
    std::string_view format, what;
    uint64_t n;
  };
  struct VersionCount {
    std::string_view format;
    std::string version;
    uint64_t n;
  };
  struct NameSets {
    std::set<std::string, AnyCaseLess> wanted, present;
  };
  std::vector<Count> counts_;  // a dozen names at most: a list beats a map of strings
  std::vector<VersionCount> versions_;
  std::map<std::pair<std::string_view, std::string_view>, NameSets> names_;

 private:
  // A 16-byte record of eight 16-bit integer fields, none with a histogram
  // (Res7): its records are rows of eight lanes, reduced lane-wise in one
  // vectorised pass (field_observer.cpp), as observe_column would per field.
  template <size_t N>
  static constexpr bool is_row_of_plain_words(const RecordSpec<N>& spec) {
    if (spec.size != 16 || N != 8) return false;
    for (const FieldSpec& f : spec.fields)
      if (f.width != 2 || f.is_bytes() || f.type == FieldType::f32 || wants_histogram(f.status)) return false;
    return true;
  }
  static void observe_rows_of_words(FieldStats* stats, std::span<const FieldSpec, 8> fields, const std::byte* rows,
                                    size_t count);
  template <const auto& Spec, size_t I>
  void observe_column(FieldStats& s, std::span<const Record<Spec>> records) {
    constexpr FieldSpec f = Spec.fields[I];
    if constexpr (f.is_bytes() || f.type == FieldType::f32 || f.width > 4 || wants_histogram(f.status)) {
      for (const Record<Spec>& r : records) observe_field<Spec, I>(s, r);
    } else {
      if (records.empty()) return;
      constexpr bool is_signed = f.type == FieldType::i16 || f.type == FieldType::i32;
      using Value = std::conditional_t<is_signed, int64_t, uint64_t>;
      Value lo = std::numeric_limits<Value>::max(), hi = std::numeric_limits<Value>::min();
      uint64_t zeros = 0;
      for (const Record<Spec>& r : records) {
        const Value v = is_signed ? static_cast<Value>(r.get_signed(I)) : static_cast<Value>(r.get(I));
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        zeros += v == 0;
      }
      // The bits observe_field keeps: the field's raw value (a negative i16 as its 16 bits).
      constexpr uint64_t kMask = (uint64_t{1} << (8 * f.width)) - 1;
      const auto bits = [](Value v) { return static_cast<uint32_t>(static_cast<uint64_t>(v) & kMask); };
      s.count += records.size();
      s.zero += zeros;
      s.widen(static_cast<double>(lo), bits(lo), static_cast<double>(hi), bits(hi));
    }
  }
  template <const auto& Spec, size_t I>
  void observe_field(FieldStats& s, const Record<Spec>& record) {
    constexpr FieldSpec f = Spec.fields[I];
    ++s.count;
    if constexpr (f.is_bytes()) {
      const bool zero = record.raw_all_zero(I);
      s.zero += zero;
      if constexpr (wants_histogram(f.status)) {
        if constexpr (f.width > 16)
          histogram_for(s).add(HistogramKey::of_bits(zero ? 0 : 1));  // summarised: no payload bytes in reports
        else
          histogram_for(s).add(HistogramKey::of_bytes(record.raw(I)));
      }
    } else {
      const uint64_t raw = record.get(I);
      s.zero += raw == 0;
      double v = 0;
      bool finite = true;
      if constexpr (f.type == FieldType::f32) {
        const float x = f32_from_bits(static_cast<uint32_t>(raw));
        v = static_cast<double>(x);
        finite = std::isfinite(x);
      } else if constexpr (f.type == FieldType::i16) {
        v = static_cast<double>(static_cast<int16_t>(raw));
      } else if constexpr (f.type == FieldType::i32) {
        v = static_cast<double>(static_cast<int32_t>(raw));
      } else {
        v = static_cast<double>(raw);
      }
      if (finite) {
        const auto bits = static_cast<uint32_t>(raw);
        s.widen(v, bits, v, bits);
      }
      if constexpr (wants_histogram(f.status)) histogram_for(s).add(HistogramKey::of_bits(raw));
    }
  }
  // The stats of table `id`'s `fields` fields, made on the table's first record.
  FieldStats* table_stats(size_t id, size_t fields);
  // The field's histogram, made on its first value.
  ValueHistogram& histogram_for(FieldStats& s) {
    if (s.histogram == 0) {
      histograms_.emplace_back();
      s.histogram = static_cast<uint32_t>(histograms_.size());
    }
    return histograms_[s.histogram - 1];
  }

  // The stats of the tables records reached, each table's fields together,
  // tables in the order first reached; first_[id] is where table id's start
  // (kUnseen: none reached). A sweep makes one observer per file and a file
  // reaches a handful of tables: making and merging stats for all of them
  // was most of a small file's sweep, and a vector per table an allocation each.
  static constexpr uint32_t kUnseen = UINT32_MAX;
  std::vector<uint32_t> first_;
  std::vector<FieldStats> fields_;
  std::vector<ValueHistogram> histograms_;  // FieldStats::histogram - 1 indexes here
};

// Adds `later` (the histogram of field `f` over later files) to `into`. Past
// the cap, which later values are still tracked depends on their order: they
// arrive in the order of their text, as the reports sort them.
void merge_histogram(ValueHistogram& into, const ValueHistogram& later, const FieldSpec& f);

// A value as the reports print it: decimal for integers, hex for byte fields,
// "%.9g" plus the bits for floats.
[[nodiscard]] std::string value_text(const FieldSpec& f, uint64_t raw, Bytes bytes);
// A histogram key as the reports print it (value_text, or "all zero" /
// "non-zero" for a byte field longer than 16).
[[nodiscard]] std::string key_text(const FieldSpec& f, HistogramKey key);

}  // namespace meshgate
