// Declared corpus invariants with tallies: how many instances hold, how many
// do not, and where the first violation is (file!field path and offset). The
// MOD invariants are evaluated on the parsed model; the MSH ones are the 23
// items of spec §4 (an item holds for a model when none of its codes fired)
// plus two corpus observations of OP's. Tallies merge in file order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"

namespace meshgate {

struct InvariantViolation {
  std::string path;  // "dir/file.mod!objects[0].meshes[1].control_offset"
  uint64_t offset = 0;
};

struct InvariantTally {
  std::string_view id;           // static: the process-wide declaration
  std::string_view description;
  uint64_t holds = 0;
  uint64_t violated = 0;
  std::optional<InvariantViolation> first_violation;
};

class InvariantTallies {
 public:
  InvariantTallies();

  // A parsed MOD (result.ok()): the per-vertex items reuse the parser's skin summaries.
  void tally_mod(const std::string& file, const mod::ParseResult& result);
  // Parsed or rejected: a rejected model counts only the item its error belongs to.
  void tally_msh(const std::string& file, const msh::ParseResult& result);
  void merge(const InvariantTallies& later);

  [[nodiscard]] const std::vector<InvariantTally>& items() const { return items_; }
  [[nodiscard]] nlohmann::json to_json() const;

 private:
  // `where` is called only for the first violation: paths are built lazily,
  // so a holding invariant over 100,000 vertices allocates nothing.
  template <typename Where>
  void record(size_t index, bool holds, Where&& where) {
    InvariantTally& t = items_[index];
    if (holds) {
      ++t.holds;
      return;
    }
    if (t.violated++ == 0) t.first_violation = where();
  }
  // `violated` of `total` cases at once (a per-vertex invariant counted by a
  // vectorised pass); `where` runs only when this is the item's first violation.
  template <typename Where>
  void record_counts(size_t index, uint64_t total, uint64_t violated, Where&& where) {
    InvariantTally& t = items_[index];
    t.holds += total - violated;
    if (violated > 0 && t.violated == 0) t.first_violation = where();
    t.violated += violated;
  }

  std::vector<InvariantTally> items_;
};

}  // namespace meshgate
