#include "analysis/invariant_tally.hpp"

#include <algorithm>
#include <cmath>

namespace meshgate {

using nlohmann::json;

namespace {

// Where a row's invariants stand in the numbering.
struct Placed {
  const RowInvariants* invariants;
  size_t structural_first, semantic_first;
};
struct Numbering {
  std::vector<NumberedInvariant> declared;
  std::vector<Placed> placed;
};

// The rows with a place in the catalogue that declare invariants, in
// catalogue order, each set once (rows that share a parser share their set).
std::vector<const RowInvariants*> declaring_rows() {
  std::vector<const FormatRow*> rows;
  for (const FormatRow* row : format_rows())
    if (row->invariants && row->catalogue_order > 0) rows.push_back(row);
  std::sort(rows.begin(), rows.end(), [](const FormatRow* a, const FormatRow* b) { return a->catalogue_order < b->catalogue_order; });
  std::vector<const RowInvariants*> sets;
  for (const FormatRow* row : rows)
    if (std::find(sets.begin(), sets.end(), row->invariants) == sets.end()) sets.push_back(row->invariants);
  return sets;
}

// Made once per process: a sweep makes one set of tallies per file, which
// should cost counters, not strings.
const Numbering& numbering() {
  static const Numbering n = [] {
    Numbering out;
    const std::vector<const RowInvariants*> sets = declaring_rows();
    for (const RowInvariants* set : sets) {
      out.placed.push_back({set, out.declared.size(), 0});
      for (const DeclaredInvariant& d : set->structural()) out.declared.push_back({d.id, d.description, false});
    }
    for (Placed& p : out.placed) {
      p.semantic_first = out.declared.size();
      for (const DeclaredInvariant& d : p.invariants->semantic()) out.declared.push_back({d.id, d.description, true});
    }
    return out;
  }();
  return n;
}

}  // namespace

std::span<const NumberedInvariant> declared_invariants() { return numbering().declared; }

void InvariantTallies::tally(const FormatRow& row, const ParsedView& parsed, const std::string& path) {
  if (!row.invariants) return;
  const Numbering& n = numbering();
  for (const Placed& p : n.placed)
    if (p.invariants == row.invariants) {
      bind(p.structural_first, p.semantic_first, n.declared.size());
      row.invariants->tally(parsed, path, *this);
      return;
    }
}

void InvariantTallies::merge(const InvariantTallies& later) {
  if (later.counts_.empty()) return;
  if (counts_.size() < later.counts_.size()) counts_.resize(later.counts_.size());
  // A later file's first violation is the corpus's first only where this has none.
  for (const FirstViolation& f : later.first_)
    if (counts_[f.index].violated == 0) first_.push_back(f);
  for (size_t i = 0; i < later.counts_.size(); ++i) {
    counts_[i].holds += later.counts_[i].holds;
    counts_[i].violated += later.counts_[i].violated;
    counts_[i].max_deviation = std::max(counts_[i].max_deviation, later.counts_[i].max_deviation);
  }
}

std::vector<InvariantTally> InvariantTallies::items() const {
  const std::span<const NumberedInvariant> declared = declared_invariants();
  std::vector<InvariantTally> out;
  out.reserve(declared.size());
  for (size_t i = 0; i < declared.size(); ++i) {
    const Counts c = i < counts_.size() ? counts_[i] : Counts{};
    out.push_back({declared[i].id, declared[i].description, c.holds, c.violated, std::nullopt, std::nullopt});
    out.back().semantic = declared[i].semantic;
    if (out.back().semantic && c.holds + c.violated > 0) out.back().max_deviation = c.max_deviation;
  }
  for (const FirstViolation& f : first_) out[f.index].first_violation = f.where;
  return out;
}

std::vector<std::string_view> InvariantTallies::violated_ids() const {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < counts_.size(); ++i)
    if (counts_[i].violated > 0) out.push_back(declared_invariants()[i].id);
  return out;
}

json InvariantTallies::to_json() const {
  json out = json::array();
  for (const InvariantTally& t : items()) {
    out.push_back({{"id", t.id},
                   {"description", t.description},
                   {"holds", t.holds},
                   {"violated", t.violated},
                   {"first_violation", t.first_violation ? json{{"path", t.first_violation->path},
                                                                {"offset", t.first_violation->offset}}
                                                         : json(nullptr)}});
    // Semantic invariants only; null when no instance was seen or the largest was not finite.
    if (t.semantic)
      out.back()["max_deviation"] =
          t.max_deviation && std::isfinite(*t.max_deviation) ? json(*t.max_deviation) : json(nullptr);
  }
  return out;
}

}  // namespace meshgate
