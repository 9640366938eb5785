// Declared corpus invariants with tallies: how many instances hold, how many
// do not, and where the first violation is (file!field path and offset). The
// MOD invariants are evaluated on the parsed model; the MSH ones are the 23
// items of spec §4 (an item holds for a model when none of its codes fired)
// plus two corpus observations of OP's. Tallies merge in file order.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "analysis/semantic_invariants.hpp"

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
  // Semantic invariants: the largest deviation from the relation over every
  // instance, holding or not (0 when every instance was exact); none for the
  // structural ones.
  std::optional<double> max_deviation;
  bool semantic = false;
};

// How many invariants are declared: the MOD ones, the MSH spec items, the MSH
// corpus observations, the PAC/PNST container ones, the semantic ones (invariant_tally.cpp checks the sum
// against its lists).
inline constexpr size_t kStructuralInvariants = 9 + msh::codes::kInvariants.size() + 2 + 3;
inline constexpr size_t kDeclaredInvariants = kStructuralInvariants + kSemanticInvariants.size();

// How far a stored bounding volume is from the vertices it bounds, each
// relation's deviation (a non-finite one +inf) and the tolerance they share
// (semantic_invariants.cpp). The box members are MSH's (slots and model).
struct BoundFit {
  double tolerance = 0;
  double box_shortfall = 0, box_difference = 0;
  double sphere_shortfall = 0, centre_from_midpoint = 0, centre_from_centroid = 0, radius_slack = 0;
};

class InvariantTallies {
 public:
  // A sweep makes one set of tallies per file: counters in place and no first
  // violation yet, so making one costs a zero fill, not a vector of
  // descriptions (a tenth of a 2 KiB MOD's sweep when it was one).
  InvariantTallies() = default;

  // A parsed MOD (result.ok()): the per-vertex items reuse the parser's skin summaries.
  void tally_mod(const std::string& file, const mod::ParseResult& result);
  // Parsed or rejected: a rejected model counts only the item its error belongs to.
  void tally_msh(const std::string& file, const msh::ParseResult& result);
  // A PAC/PNST container, parsed or rejected (a rejection by an offset rule
  // counts only against its invariant).
  void tally_pac(const std::string& file, const pac::ParseResult& result);
  // The semantic invariants (semantic_invariants.cpp); tally_mod/tally_msh call them.
  void tally_mod_semantics(const std::string& file, const mod::Model& model);
  void tally_msh_semantics(const std::string& file, const msh::Model& model);
  void merge(const InvariantTallies& later);

  // Every declared invariant, in declaration order, with its tallies.
  [[nodiscard]] std::vector<InvariantTally> items() const;
  [[nodiscard]] nlohmann::json to_json() const;
  // The ids of the invariants violated at least once, in declaration order.
  [[nodiscard]] std::vector<std::string_view> violated_ids() const;

 private:
  // tally_mod's parts, one concern each (invariant_tally.cpp).
  struct ModWorkspace;
  void tally_mod_mesh(const std::string& file, const mod::Object& object, size_t i, size_t j, const mod::SkinSummary& skin,
                      std::vector<ModWorkspace>& workspaces);
  void tally_mod_workspaces(const std::string& file, std::vector<ModWorkspace>& workspaces, uint64_t file_size);
  void tally_mod_nodes(const std::string& file, const mod::Model& model);
  // The semantic tallies' parts (semantic_invariants.cpp).
  void tally_mod_mesh_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path, uint64_t nodes);
  void tally_mod_strip_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path);
  void record_mod_object_fit(const std::string& file, size_t object, const BoundFit& fit);
  void tally_msh_normal_semantics(const std::string& file, const msh::StreamsByType& streams);
  void record_msh_slot_fit(const std::string& file, size_t slot, uint64_t slot_at, const BoundFit& fit);
  void record_msh_model_fit(const std::string& file, uint64_t res2_at, const BoundFit& fit);

  struct Counts {
    uint64_t holds = 0;
    uint64_t violated = 0;
    double max_deviation = 0;  // semantic invariants only
  };
  struct FirstViolation {
    size_t index;  // into the declared invariants
    InvariantViolation where;
  };
  // `where` is called only for the first violation: paths are built lazily,
  // so a holding invariant over 100,000 vertices allocates nothing.
  template <typename Where>
  void record(size_t index, bool holds, Where&& where) {
    Counts& c = counts_[index];
    if (holds) {
      ++c.holds;
      return;
    }
    if (c.violated++ == 0) first_.push_back({index, where()});
  }
  // `violated` of `total` cases at once (a per-vertex invariant counted by a
  // vectorised pass); `where` runs only when this is the item's first violation.
  template <typename Where>
  void record_counts(size_t index, uint64_t total, uint64_t violated, Where&& where) {
    Counts& c = counts_[index];
    c.holds += total - violated;
    if (violated > 0 && c.violated == 0) first_.push_back({index, where()});
    c.violated += violated;
  }

  // A semantic invariant's instance: it holds when `deviation` <= `tolerance`.
  template <typename Where>
  void record_semantic(size_t semantic_index, double deviation, double tolerance, Where&& where) {
    const size_t index = kStructuralInvariants + semantic_index;
    Counts& c = counts_[index];
    c.max_deviation = std::max(c.max_deviation, deviation);  // callers pass +inf, never NaN, for a non-finite value
    record(index, deviation <= tolerance, where);
  }

  // `total` instances of a semantic invariant at once, `violated` of them
  // beyond the tolerance, the largest deviation `max_deviation` (a per-vertex
  // relation reduced in one tight loop by the caller).
  template <typename Where>
  void record_semantic_counts(size_t semantic_index, uint64_t total, uint64_t violated, double max_deviation,
                              Where&& where) {
    const size_t index = kStructuralInvariants + semantic_index;
    counts_[index].max_deviation = std::max(counts_[index].max_deviation, max_deviation);
    record_counts(index, total, violated, where);
  }

  std::array<Counts, kDeclaredInvariants> counts_{};
  std::vector<FirstViolation> first_;  // one per violated invariant, in the order they were found
};

}  // namespace meshgate
