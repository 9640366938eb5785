// Declared corpus invariants with tallies: how many instances hold, how many
// do not, and where the first violation is (file!field path and offset).
// Each format's row declares its invariants and records its files' instances
// (FormatRow::invariants, observe/invariant_recorder.hpp); this numbers them
// (every row's structural invariants in catalogue order, then every row's
// semantic ones) and keeps the corpus's tallies, merged in file order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "observe/invariant_recorder.hpp"
#include "pipeline/format_rows.hpp"

namespace meshgate {

struct InvariantTally {
  std::string_view id;           // static: the process-wide declaration
  std::string_view description;
  uint64_t holds = 0;
  uint64_t violated = 0;
  std::optional<InvariantViolation> first_violation;
  // Semantic invariants: the largest deviation from the relation over every
  // instance, holding or not (0 when every instance was exact); none for the
  // structural ones.
  std::optional<double> max_deviation;
  bool semantic = false;
};

// An invariant in the numbering of every row's: its row's declaration, and
// whether it is semantic.
struct NumberedInvariant {
  std::string_view id, description;
  bool semantic = false;
};
// Every declared invariant, in the order the reports list them.
[[nodiscard]] std::span<const NumberedInvariant> declared_invariants();

class InvariantTallies : public InvariantRecorder {
 public:
  // A sweep makes one set of tallies per file: no counters until its row
  // records (most files record none), then one per declared invariant.
  InvariantTallies() = default;

  // The instances of a file of `row`'s format (parsed or rejected) its row's invariants record.
  void tally(const FormatRow& row, const ParsedView& parsed, const std::string& path);
  void merge(const InvariantTallies& later);

  // Every declared invariant, in declaration order, with its tallies.
  [[nodiscard]] std::vector<InvariantTally> items() const;
  [[nodiscard]] nlohmann::json to_json() const;
  // The ids of the invariants violated at least once, in declaration order.
  [[nodiscard]] std::vector<std::string_view> violated_ids() const;
};

}  // namespace meshgate
