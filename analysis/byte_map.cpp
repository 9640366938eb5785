#include "analysis/byte_map.hpp"

#include <algorithm>

#include "pipeline/format_rows.hpp"


namespace meshgate {

namespace {

// Colour precedence when runs meet at one pixel of a scaled map is the
// class order's reverse: unexplained bytes win.
void push_run(std::vector<ClassRun>& runs, uint64_t begin, uint64_t end, ByteClass cls) {
  if (begin >= end) return;
  if (!runs.empty() && runs.back().end == begin && runs.back().cls == cls) {
    runs.back().end = end;
    return;
  }
  runs.push_back({begin, end, cls});
}

}  // namespace

ByteClass class_of(StatusSet status) {
  for (int i = 0; i < kStatusCount; ++i)
    if (status.has(static_cast<Status>(i))) return static_cast<ByteClass>(i);  // the primary status: first member
  return ByteClass::unknown_status;
}

std::string_view byte_class_name(ByteClass c) {
  switch (c) {
    case ByteClass::unknown_status: return "field without a status";
    case ByteClass::padding: return "uncovered padding";
    case ByteClass::zero_gap: return "uncovered zero gap";
    case ByteClass::nonzero: return "uncovered non-zero";
    case ByteClass::overlap: return "overlap";
    default: return status_name(static_cast<Status>(c));
  }
}

std::string_view byte_class_colour(ByteClass c) {
  // Confirmed statuses in greens and blues, candidates and preserved bytes in
  // ambers, uncovered bytes grey (zero) or magenta/red (content, overlaps).
  static constexpr std::array<std::string_view, kByteClassCount> kColours{
      "#2e7d32",  // EXE_CONFIRMED
      "#81c784",  // CORPUS_CONFIRMED
      "#00695c",  // EXE_AND_CORPUS_CONFIRMED
      "#1e88e5",  // STRUCTURAL_CONFIRMED
      "#fdd835",  // SEMANTIC_CANDIDATE
      "#fb8c00",  // PRESERVED_UNDECODED
      "#bcaaa4",  // RESERVED_OBSERVED_ZERO
      "#6d4c41",  // REJECTED
      "#000000",  // field without a status
      "#e0e0e0",  // uncovered padding
      "#9e9e9e",  // uncovered zero gap
      "#e91e63",  // uncovered non-zero
      "#d50000",  // overlap
  };
  return kColours[static_cast<size_t>(c)];
}

std::optional<LeafInfo> describe_leaf(Format format, const CoverageMap& map, const CoverageMark& mark) {
  if (const FieldSpec* f = field_named(map.owner_fields(mark.owner), mark.leaf)) return of_field(*f);
  const FormatRow& row = row_of(format);
  if (!row.describe_mark) return std::nullopt;
  return row.describe_mark(map.owner(mark.owner), mark.leaf);
}

std::vector<ClassRun> classify_bytes(Format format, const CoverageMap& map, const CoverageSummary& summary, Bytes data) {
  std::vector<ClassRun> covered;
  uint64_t painted = 0;  // marks are sorted by begin; a byte already painted is an overlap, drawn below
  for (const CoverageMark& m : map.marks()) {
    const uint64_t end = std::min<uint64_t>(m.end, data.size());
    if (m.begin >= end || end <= painted) continue;
    const uint64_t begin = std::max(m.begin, painted);
    const CoverageMap::RecordLayout layout = map.record_layout(m);
    if (layout.fields.empty()) {
      const std::optional<LeafInfo> leaf = describe_leaf(format, map, m);
      push_run(covered, begin, end, leaf ? class_of(leaf->status) : ByteClass::unknown_status);
    } else {
      // Records: one run per field, merged where neighbours share a class.
      for (uint64_t record = layout.base + (begin - layout.base) / layout.stride * layout.stride; record < end;
           record += layout.stride)
        for (const FieldSpec& f : layout.fields)
          push_run(covered, std::max(begin, record + f.offset), std::min(end, record + f.offset + f.width), class_of(f.status));
    }
    painted = end;
  }
  std::vector<ClassRun> uncovered;
  for (const UncoveredRange& u : summary.uncovered) {
    const uint64_t end = std::min<uint64_t>(u.end, data.size());
    const ByteClass zero = u.kind == GapKind::alignment_padding ? ByteClass::padding : ByteClass::zero_gap;
    for (uint64_t i = u.begin; i < end; ++i) push_run(uncovered, i, i + 1, data[i] == std::byte{0} ? zero : ByteClass::nonzero);
  }
  std::vector<ClassRun> runs;
  runs.reserve(covered.size() + uncovered.size());
  std::merge(covered.begin(), covered.end(), uncovered.begin(), uncovered.end(), std::back_inserter(runs),
             [](const ClassRun& a, const ClassRun& b) { return a.begin < b.begin; });
  // Overlaps (at most CoverageMap::kMaxReportedOverlaps of them) are cut in last.
  for (const CoverageOverlap& o : summary.overlaps) {
    std::vector<ClassRun> cut;
    for (const ClassRun& r : runs) {
      if (r.end <= o.begin || r.begin >= o.end) {
        cut.push_back(r);
        continue;
      }
      if (r.begin < o.begin) cut.push_back({r.begin, o.begin, r.cls});
      cut.push_back({std::max(r.begin, o.begin), std::min(r.end, o.end), ByteClass::overlap});
      if (r.end > o.end) cut.push_back({o.end, r.end, r.cls});
    }
    runs = std::move(cut);
  }
  std::vector<ClassRun> merged;
  for (const ClassRun& r : runs) push_run(merged, r.begin, r.end, r.cls);
  return merged;
}

std::array<uint64_t, kByteClassCount> class_totals(const std::vector<ClassRun>& runs) {
  std::array<uint64_t, kByteClassCount> totals{};
  for (const ClassRun& r : runs) totals[static_cast<size_t>(r.cls)] += r.end - r.begin;
  return totals;
}

}  // namespace meshgate
