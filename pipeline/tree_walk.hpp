// The walk of one input's tree (parse_tree), shared by parse_tree.cpp, which
// walks a file and its children in order, and member_branches.cpp, which
// walks a volume's members on several threads.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pipeline/parse_tree.hpp"

namespace meshgate::tree_walk {

// One input's walk (or one member's, on a thread of its own): what every
// level shares.
struct Walk {
  const ParseTreeOptions& options;
  const ParsedFileVisitor& enter;
  const ParsedFileVisitor& leave;
  TreeBudget budget;
  bool stopped = false;    // a visitor found what it looked for
  bool in_branch = false;  // a member's own walk: the volumes under it walk their members on its thread
  // The least the budget held before a visitor gave a reservation back: the
  // most the walk drew at once is what it started with less this.
  uint64_t least_inflated_left = std::numeric_limits<uint64_t>::max();
  uint64_t least_nested_left = std::numeric_limits<uint64_t>::max();

  void note_low_water() {
    least_inflated_left = std::min(least_inflated_left, budget.inflated_left);
    least_nested_left = std::min(least_nested_left, budget.nested_left);
  }
};

void walk(Walk& w, std::string path, Bytes data, unsigned depth, const Origin& origin);

// A child whose bytes its container's row inflates (a volume's member: its
// bytes live until its `leave`), walked as a file; one that cannot be
// inflated is visited as a file of its format that says why and holds no
// bytes. `buffer` is the previous child's, filled again and handed back for
// the next.
std::vector<std::byte> walk_inflated(Walk& w, const ParsedFile& container, const NestedChild& child,
                                     std::vector<std::byte> buffer);

// Walks f's children, a volume's members, on the threads options.jobs allows
// when options.branch is set; false (nothing walked) otherwise.
bool walk_members_on_threads(Walk& w, const ParsedFile& f);

}  // namespace meshgate::tree_walk
