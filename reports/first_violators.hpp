// Which files of a paged report may be the first, in report order, to
// violate an invariant (the index links each invariant's first violation to
// its file's page), decided on the sweep's threads before that order is
// known, so that no time goes into pages the report then drops: most
// invariants are builder hypotheses that half of a corpus may break, and
// drawing a page for each of their violators cost the report more than the
// pages it kept.
// Report order is input order, then nesting order within an input. A claim
// keeps, per invariant, the earliest input seen violating it: a file of a
// later input cannot be first, a file of an earlier or the same input may
// be. The first violator always is: when it is drawn, no file of an earlier
// input can have claimed the invariant, at any --jobs and in any
// scheduling. Its input's other violators are drawn too (within one input
// the threads may take a volume's members in any order).
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pipeline/input_scan.hpp"

namespace meshgate {

class FirstViolators {
 public:
  // The sweep's inputs in input order, before it starts.
  void set_inputs(const std::vector<InputFile>& inputs);
  // Whether the file at `path` (an input's display path, or one nested in it
  // "input!member") may be the first violator of one of `ids`; claims them.
  // True for a path of no known input: a page too many, never one missing.
  bool may_be_first(std::string_view path, const std::vector<std::string_view>& ids);

 private:
  static constexpr size_t kUnknown = static_cast<size_t>(-1);
  [[nodiscard]] size_t input_of(std::string_view path) const;

  std::unordered_map<std::string_view, size_t> inputs_;  // display path -> input number (views into displays_)
  std::vector<std::string> displays_;
  std::mutex mutex_;
  std::map<std::string_view, size_t, std::less<>> earliest_;  // invariant id (static) -> earliest input seen
};

}  // namespace meshgate
