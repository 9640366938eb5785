// Corpus observations computed generically from the field tables: for every
// field, how many records carried it and how many held zero, with min/max;
// for fields whose status is PRESERVED_UNDECODED, RESERVED_OBSERVED_ZERO or
// SEMANTIC_CANDIDATE also a value histogram. Plus element counts and version
// histograms per format. Partial results from worker threads merge in file
// order, so a sweep's observations do not depend on scheduling.
#pragma once

#include <cstdint>
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

  template <const auto& Spec>
  void observe(const Record<Spec>& record) {
    FieldStats* stats = &fields_[first_field(table_index<Spec>())];
    for (size_t i = 0; i < Spec.fields.size(); ++i)
      add(stats[i], Spec.fields[i], record.get(i), Spec.fields[i].is_bytes() ? record.raw(i) : Bytes{});
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
  static void add(FieldStats& s, const FieldSpec& f, uint64_t raw, Bytes bytes);
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
