// Bytes no field explains (alignment padding, unindexed regions, trailing
// bytes), held by the model exactly so the writer can reproduce them.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/small_bytes.hpp"

namespace meshgate {

struct Gap {
  uint64_t offset;
  SmallBytes bytes;

  [[nodiscard]] bool all_zero() const {
    for (std::byte b : bytes)
      if (b != std::byte{0}) return false;
    return true;
  }
  friend bool operator==(const Gap&, const Gap&) = default;
};

// One Gap per uncovered range of the summary, copied out of `data`.
[[nodiscard]] inline std::vector<Gap> collect_gaps(const CoverageSummary& coverage, Bytes data) {
  std::vector<Gap> gaps;
  gaps.reserve(coverage.uncovered.size());
  for (const UncoveredRange& u : coverage.uncovered) {
    gaps.push_back(Gap{u.begin, SmallBytes(data.subspan(static_cast<size_t>(u.begin), static_cast<size_t>(u.end - u.begin)))});
  }
  return gaps;
}

}  // namespace meshgate
