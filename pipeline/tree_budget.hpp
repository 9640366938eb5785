// What the rest of one input's tree may still cost (ParseTreeOptions::limits):
// every level draws on the same budget, so nesting cannot multiply a limit.
// Children are admitted (and their declared sizes reserved) by the file that
// holds them, before its visitors see it, so its findings name the cut.
#pragma once

#include <cstdint>
#include <string>

#include "parser/detect/format_detect.hpp"

namespace meshgate {

struct ParsedFile;

struct TreeBudget {
  uint64_t inflated_left;
  uint64_t nested_left;
  uint64_t inflated_total;  // for messages
  uint64_t nested_total;
  // A check found too little left, so what was read depended on what was
  // left: a volume member walked on its own thread with a share of the
  // budget (pipeline/member_branches.cpp) is then walked again, in turn.
  bool exhausted = false;
};

[[nodiscard]] inline TreeBudget budget_of(const SizeLimits& limits) {
  return {limits.inflated_bytes, limits.nested_files, limits.inflated_bytes, limits.nested_files};
}

[[nodiscard]] bool at_nesting_limit(unsigned depth);
// `where`: the table whose children are cut ("entries", "slots", "members").
void note_nesting_cut(ParsedFile& f, const char* where);
// Marks the budget exhausted.
void note_nested_limit(ParsedFile& f, TreeBudget& budget, const char* where);
// The children f listed that will be descended into: none past the nesting
// depth, and no more than the budget has left.
void admit_children(ParsedFile& f, unsigned depth, const char* where, TreeBudget& budget);
// "...would take the bytes inflated from the input past N (--max-inflated)".
[[nodiscard]] std::string inflated_limit_text(const TreeBudget& budget, const char* doing);

}  // namespace meshgate
