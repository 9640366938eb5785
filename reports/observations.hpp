// Corpus observations computed generically from the field tables: for every
// field, how many records carried it and how many held zero, with min/max;
// for fields whose status is PRESERVED_UNDECODED, RESERVED_OBSERVED_ZERO or
// SEMANTIC_CANDIDATE also a value histogram. Plus element counts and version
// histograms per format. Partial results from worker threads merge in file
// order, so a sweep's observations do not depend on scheduling.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/field_table.hpp"
#include "parser/mod/mod_model.hpp"
#include "parser/msh/msh_model.hpp"
#include "parser/nres/nres_model.hpp"
#include "reports/field_catalog.hpp"

namespace meshgate {

// Distinct values tracked per field before the histogram stops growing.
inline constexpr size_t kMaxDistinctValues = 256;

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
  std::map<std::string, uint64_t> values;  // histogram fields only; key = canonical value text
  uint64_t values_not_tracked = 0;         // records whose value arrived after kMaxDistinctValues

  void merge(const FieldStats& other);
};

class Observations {
 public:
  Observations();

  // Unrolled over the table at compile time: each field's type and status
  // are constants, so a record costs a few adds and compares per field and
  // only histogram fields (PRESERVED/RESERVED/CANDIDATE) reach the map.
  template <const auto& Spec>
  void observe(const Record<Spec>& record) {
    FieldStats* stats = &fields_[first_field(table_index<Spec>())];
    [&]<size_t... I>(std::index_sequence<I...>) {
      (observe_field<Spec, I>(stats[I], record), ...);
    }(std::make_index_sequence<Spec.fields.size()>());
  }
  void observe_mod(const mod::Model& model);
  void observe_nres(const nres::Archive& archive);
  void observe_msh(const msh::Model& model);

  void count(std::string_view format, std::string_view what, uint64_t n) { counts_[std::string(format)][std::string(what)] += n; }
  void version(std::string_view format, const std::string& v) { ++versions_[std::string(format)][v]; }
  void merge(const Observations& other);

  [[nodiscard]] const FieldStats& stats(size_t table, size_t field) const { return fields_[first_field(table) + field]; }
  // {counts, versions, observations: [histogram fields]} for the evidence report.
  [[nodiscard]] nlohmann::json counts_json() const;
  [[nodiscard]] nlohmann::json versions_json() const;
  [[nodiscard]] nlohmann::json histograms_json() const;
  // One-line corpus evidence for a doc table: "0 in 180/180", "3 distinct in 180: 0x10 x170, ...".
  [[nodiscard]] std::string evidence_text(size_t table, size_t field) const;
  [[nodiscard]] nlohmann::json observed_json(size_t table, size_t field) const;

 private:
  template <const auto& Spec, size_t I>
  static void observe_field(FieldStats& s, const Record<Spec>& record) {
    constexpr FieldSpec f = Spec.fields[I];
    ++s.count;
    if constexpr (f.is_bytes()) {
      const bool zero = record.raw_all_zero(I);
      s.zero += zero;
      if constexpr (wants_histogram(f.status)) add_to_histogram(s, f, 0, record.raw(I), zero);
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
        if (!s.has_range || v < s.min) s.min = v, s.min_bits = bits;
        if (!s.has_range || v > s.max) s.max = v, s.max_bits = bits;
        s.has_range = true;
      }
      if constexpr (wants_histogram(f.status)) add_to_histogram(s, f, raw, {}, raw == 0);
    }
  }
  static void add_to_histogram(FieldStats& s, const FieldSpec& f, uint64_t raw, Bytes bytes, bool is_zero);
  // Where a table's fields start in fields_ (tables in field_catalog() order).
  [[nodiscard]] static size_t first_field(size_t table);

  // Every table's fields in one array: a sweep makes one Observations per
  // file, so it should cost one allocation, not one per table.
  std::vector<FieldStats> fields_;
  std::map<std::string, std::map<std::string, uint64_t>> counts_;
  std::map<std::string, std::map<std::string, uint64_t>> versions_;
};

// A value as the reports print it: decimal for integers, hex for byte fields,
// "%.9g" plus the bits for floats.
[[nodiscard]] std::string value_text(const FieldSpec& f, uint64_t raw, Bytes bytes);

}  // namespace meshgate
