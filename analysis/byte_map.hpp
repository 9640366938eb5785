// What explains each byte of a parsed file, by kind of evidence: the data of
// the byte maps (`meshgate bytemap`, the HTML report). Built from the coverage
// map the parser filled and the field tables behind it; never from a second
// reading of the file. A covered byte takes the primary provenance status of
// the leaf field over it; an uncovered byte is alignment padding, a zero gap
// or a non-zero byte; a byte two leaves claim is an overlap.
#pragma once

#include "pipeline/leaf_info.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/core/field_table.hpp"
#include "parser/detect/format_detect.hpp"

namespace meshgate {

// The first kStatusCount classes are the provenance statuses, in their order.
enum class ByteClass : uint8_t {
  unknown_status = kStatusCount,  // a leaf no table describes (a parser marked a name the tables lack)
  padding,                        // uncovered, zero, exactly the alignment to the next boundary
  zero_gap,                       // uncovered and zero, not alignment
  nonzero,                        // uncovered and not zero: unexplained content
  overlap,                        // claimed by two leaves
};
inline constexpr size_t kByteClassCount = kStatusCount + 5;

[[nodiscard]] ByteClass class_of(StatusSet status);
// "EXE_CONFIRMED" ... "uncovered padding", "uncovered zero gap", "uncovered non-zero", "overlap".
[[nodiscard]] std::string_view byte_class_name(ByteClass c);
// "#rrggbb": one colour per class, chosen so the uncovered classes stand out.
[[nodiscard]] std::string_view byte_class_colour(ByteClass c);

[[nodiscard]] std::optional<LeafInfo> describe_leaf(Format format, const CoverageMap& map, const CoverageMark& mark);

struct ClassRun {
  uint64_t begin, end;
  ByteClass cls;
};
// Every byte of a file of `data.size()` bytes, classified, as runs in order
// that tile the file (adjacent runs of one class merged). `map` must be
// summarized (CoverageMap::summarize) into `summary`.
[[nodiscard]] std::vector<ClassRun> classify_bytes(Format format, const CoverageMap& map, const CoverageSummary& summary,
                                                   Bytes data);

// Byte counts per class, from classify_bytes.
[[nodiscard]] std::array<uint64_t, kByteClassCount> class_totals(const std::vector<ClassRun>& runs);

}  // namespace meshgate
