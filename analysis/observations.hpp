// Corpus observations computed generically from the field tables: for every
// field, how many records carried it and how many held zero, with min/max;
// for fields whose status is PRESERVED_UNDECODED, RESERVED_OBSERVED_ZERO or
// SEMANTIC_CANDIDATE also a value histogram. Plus element counts and version
// histograms per format. Each format's row records its files into the
// observer (observe/field_observer.hpp, FormatRow::observe); this is the
// corpus's side: partial results from worker threads merge in file order, so
// a sweep's observations do not depend on scheduling, and the reports read
// them by the catalogue's tables (analysis/field_catalog.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/field_catalog.hpp"
#include "observe/field_observer.hpp"

namespace meshgate {

// A histogram with each value as the reports print it.
[[nodiscard]] std::map<std::string, uint64_t> value_counts(const ValueHistogram& h, const FieldSpec& f);

class Observations : public FieldObserver {
 public:
  Observations() = default;

  void merge(const Observations& other) { merge_observer(other); }

  // The stats of field `field` of the catalogue's table `table`.
  [[nodiscard]] const FieldStats& stats(size_t table, size_t field) const;
  // A histogram field's values (empty for other fields and unobserved ones).
  [[nodiscard]] const ValueHistogram& histogram(size_t table, size_t field) const;
  // {counts, versions, observations: [histogram fields]} for the evidence report.
  [[nodiscard]] nlohmann::json counts_json() const;
  [[nodiscard]] nlohmann::json versions_json() const;
  [[nodiscard]] nlohmann::json histograms_json() const;
  // One-line corpus evidence for a doc table: "0 in 180/180", "3 distinct in 180: 0x10 x170, ...".
  [[nodiscard]] std::string evidence_text(size_t table, size_t field) const;
  [[nodiscard]] nlohmann::json observed_json(size_t table, size_t field) const;
};

}  // namespace meshgate
