// What a format's invariant tallies write into (its row's `invariants`,
// pipeline/format_rows.hpp): per declared invariant, how many instances hold,
// how many do not, where the first violation is (file!field path and offset),
// and for a semantic invariant (a relation between decoded values, not
// between bytes) the largest deviation from the relation over every instance.
// A row records by the position of an invariant in its own lists; where its
// lists stand among every row's, and the corpus's merging and reports, are
// analysis/invariant_tally.hpp, which builds on this. Like the field observer
// this room sits below the rows and knows no format.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

struct InvariantViolation {
  std::string path;  // "dir/file.mod!objects[0].meshes[1].control_offset"
  uint64_t offset = 0;
};

// An invariant as its row declares it; both strings live as long as the process.
struct DeclaredInvariant {
  std::string_view id;  // "mod.stream-alignment": the format's name first, unique among every row's
  std::string_view description;
};

class InvariantRecorder {
 public:
  // Instance of the row's structural invariant `index`. `where` is called
  // only for the invariant's first violation: paths are built lazily, so a
  // holding invariant over 100,000 vertices allocates nothing.
  template <typename Where>
  void record(size_t index, bool holds, Where&& where) {
    record_at(structural_first_ + index, holds, where);
  }
  // `violated` of `total` instances at once (a per-vertex invariant counted by
  // a vectorised pass); `where` runs only when this is the item's first violation.
  template <typename Where>
  void record_counts(size_t index, uint64_t total, uint64_t violated, Where&& where) {
    record_counts_at(structural_first_ + index, total, violated, where);
  }
  // Instance of the row's semantic invariant `index`: it holds when
  // `deviation` <= `tolerance`. Pass +inf, never NaN, for a non-finite value.
  template <typename Where>
  void record_semantic(size_t index, double deviation, double tolerance, Where&& where) {
    const size_t at = semantic_first_ + index;
    counts_[at].max_deviation = std::max(counts_[at].max_deviation, deviation);
    record_at(at, deviation <= tolerance, where);
  }
  // `total` instances of a semantic invariant at once, `violated` of them
  // beyond the tolerance, the largest deviation `max_deviation` (a per-vertex
  // relation reduced in one tight loop by the caller).
  template <typename Where>
  void record_semantic_counts(size_t index, uint64_t total, uint64_t violated, double max_deviation, Where&& where) {
    const size_t at = semantic_first_ + index;
    counts_[at].max_deviation = std::max(counts_[at].max_deviation, max_deviation);
    record_counts_at(at, total, violated, where);
  }

 protected:
  InvariantRecorder() = default;

  // The next records are those of a row whose structural list starts at
  // `structural_first` in the numbering of every declared invariant, and its
  // semantic list at `semantic_first`; `declared` in all. The counters are
  // made on a file's first row: a sweep makes one recorder per file, and most
  // files (textures, volumes) record nothing.
  void bind(size_t structural_first, size_t semantic_first, size_t declared) {
    structural_first_ = structural_first;
    semantic_first_ = semantic_first;
    if (counts_.size() < declared) counts_.resize(declared);
  }

  struct Counts {
    uint64_t holds = 0;
    uint64_t violated = 0;
    double max_deviation = 0;  // semantic invariants only
  };
  struct FirstViolation {
    size_t index;  // in the numbering of every declared invariant
    InvariantViolation where;
  };
  std::vector<Counts> counts_;  // empty until a row records; then one per declared invariant
  std::vector<FirstViolation> first_;  // one per violated invariant, in the order they were found

 private:
  template <typename Where>
  void record_at(size_t at, bool holds, Where& where) {
    Counts& c = counts_[at];
    if (holds) {
      ++c.holds;
      return;
    }
    if (c.violated++ == 0) first_.push_back({at, where()});
  }
  template <typename Where>
  void record_counts_at(size_t at, uint64_t total, uint64_t violated, Where& where) {
    Counts& c = counts_[at];
    c.holds += total - violated;
    if (violated > 0 && c.violated == 0) first_.push_back({at, where()});
    c.violated += violated;
  }

  size_t structural_first_ = 0, semantic_first_ = 0;
};

}  // namespace meshgate
