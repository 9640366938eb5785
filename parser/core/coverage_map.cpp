#include "parser/core/coverage_map.hpp"

#include <algorithm>
#include <cstdio>

#include "parser/core/field_table.hpp"

namespace meshgate {

std::string_view gap_kind_name(GapKind k) {
  switch (k) {
    case GapKind::alignment_padding: return "alignment_padding";
    case GapKind::trailing: return "trailing";
    case GapKind::gap: return "gap";
  }
  return "gap";
}

uint32_t CoverageMap::add_owner(Owner owner, std::initializer_list<std::string_view> parts) {
  owner.path_begin = paths_.size();
  for (std::string_view part : parts) paths_.append(part);
  owner.path_size = paths_.size() - owner.path_begin;
  owners_.push_back(owner);
  return static_cast<uint32_t>(owners_.size() - 1);
}

uint32_t CoverageMap::add_owner(std::string_view path) { return add_owner(Owner{}, {path}); }

uint32_t CoverageMap::add_owner(std::initializer_list<std::string_view> parts) { return add_owner(Owner{}, parts); }

uint32_t CoverageMap::add_record_table_owner(std::string_view prefix, uint64_t base, uint32_t stride,
                                             std::span<const FieldSpec> fields) {
  Owner table;
  table.base = base;
  table.stride = stride;
  table.fields = fields;
  return add_owner(table, {prefix});
}

void CoverageMap::mark_records(uint64_t begin, uint64_t count, uint32_t owner) {
  mark(begin, count * owners_[owner].stride, owner, {});
}

void CoverageMap::mark_record(uint64_t offset, uint32_t owner, std::span<const FieldSpec> fields, uint32_t size) {
  Owner& o = owners_[owner];
  if (o.stride != 0) {  // the owner already names a table: mark this record field by field
    for (const FieldSpec& f : fields) mark(offset + f.offset, f.width, owner, f.name);
    return;
  }
  o.base = offset;
  o.stride = size;
  o.fields = fields;
  o.indexed = false;
  mark(offset, size, owner, {});
}

namespace {
// The field of `fields` (tiling a record) that holds byte `within` of it.
const FieldSpec* field_at(std::span<const FieldSpec> fields, uint64_t within) {
  for (const FieldSpec& f : fields)
    if (within >= f.offset && within < uint64_t{f.offset} + f.width) return &f;
  return nullptr;
}
}  // namespace

CoverageMap::RecordLayout CoverageMap::record_layout(const CoverageMark& m) const {
  const Owner& o = owners_[m.owner];
  if (o.fields.empty() || !m.leaf.empty()) return {};
  return {o.fields, o.stride, o.base, o.indexed};
}

void CoverageMap::mark(uint64_t begin, uint64_t length, uint32_t owner, std::string_view leaf) {
  if (length == 0) return;
  marks_.push_back(CoverageMark{begin, begin + length, owner, leaf});
  sorted_ = false;
}

std::string CoverageMap::path_of(const CoverageMark& m, uint64_t offset) const {
  const Owner& o = owners_[m.owner];
  std::string_view leaf = m.leaf;
  // A record mark (its owner has a table) names the record and field holding
  // `offset`; any other mark names itself, from its first byte.
  const uint64_t at = o.fields.empty() ? m.begin : offset;
  if (!o.fields.empty() && leaf.empty() && at >= o.base)
    if (const FieldSpec* f = field_at(o.fields, (at - o.base) % o.stride)) leaf = f->name;
  // "owner[index].leaf", built in one allocation: a hostile file reports
  // dozens of overlaps, each naming two paths.
  char index[24] = "";
  if (o.stride != 0 && o.indexed)
    std::snprintf(index, sizeof index, "[%llu]", static_cast<unsigned long long>((at - o.base) / o.stride));
  const std::string_view index_text(index), owner_path = owner(m.owner);
  const bool dot = (!owner_path.empty() || !index_text.empty()) && !leaf.empty();
  std::string path;
  path.reserve(owner_path.size() + index_text.size() + dot + leaf.size());
  path.append(owner_path).append(index_text);
  if (dot) path.push_back('.');
  path.append(leaf);
  return path;
}

GapKind classify_gap(uint64_t begin, uint64_t end, uint64_t file_size) {
  if (end == file_size) return GapKind::trailing;
  const uint64_t length = end - begin;
  // Padding is the shortest run that brings `begin` up to an alignment of at
  // most 16 (the strictest boundary either format uses) at `end`.
  for (uint64_t a = 2; a <= 16; a *= 2) {
    if (length < a && end % a == 0 && (begin % a) != 0) return GapKind::alignment_padding;
  }
  return GapKind::gap;
}

// A small map marked out of file order (a few dozen marks: a MOD file whose
// workspaces are not its trailer, say) sorts in place: stable like sort_runs,
// and without its two allocations, which cost more than the moves at this size.
template <typename Less>
void CoverageMap::sort_by_insertion(Less less) {
  for (size_t i = 1; i < marks_.size(); ++i) {
    const CoverageMark m = marks_[i];
    size_t j = i;
    for (; j > 0 && less(m, marks_[j - 1]); --j) marks_[j] = marks_[j - 1];
    marks_[j] = m;
  }
}

// Marks arrive as a few long blocks of back-to-back fields (one per record
// table or stream): order the blocks by their first mark and concatenate them,
// O(n + b log b). Only when blocks overlap or marks tie does a full stable
// sort remain.
template <typename Less>
void CoverageMap::sort_runs(Less less) {
  // Counted first, so the list is one allocation; ordered by std::sort with
  // the run's index as tie-break (stable, without stable_sort's buffer).
  size_t run_count = 0;
  for (size_t i = 0; i < marks_.size(); ++i) run_count += i == 0 || marks_[i].begin != marks_[i - 1].end;
  std::vector<std::pair<size_t, size_t>> runs;  // [begin, end) indices of contiguous blocks
  runs.reserve(run_count);
  for (size_t i = 0; i < marks_.size();) {
    size_t j = i + 1;
    while (j < marks_.size() && marks_[j].begin == marks_[j - 1].end) ++j;
    runs.emplace_back(i, j);
    i = j;
  }
  std::sort(runs.begin(), runs.end(), [&](const auto& a, const auto& b) {
    if (less(marks_[a.first], marks_[b.first])) return true;
    return !less(marks_[b.first], marks_[a.first]) && a.first < b.first;
  });
  std::vector<CoverageMark> sorted;
  sorted.reserve(marks_.size());
  for (const auto& [b, e] : runs) sorted.insert(sorted.end(), marks_.begin() + static_cast<std::ptrdiff_t>(b),
                                                marks_.begin() + static_cast<std::ptrdiff_t>(e));
  // Strictly ascending, the concatenation is the one sorted order there is.
  // Otherwise (runs that overlap, or marks of the same range, whose order
  // names overlaps) the marks are sorted stably from the order they came in:
  // the concatenation may already have put a later mark of a range first.
  if (std::adjacent_find(sorted.begin(), sorted.end(), [&](const CoverageMark& a, const CoverageMark& b) {
        return !less(a, b);
      }) == sorted.end())
    marks_ = std::move(sorted);
  else
    std::stable_sort(marks_.begin(), marks_.end(), less);
}

CoverageSummary CoverageMap::summarize(uint64_t file_size) {
  // Parsers mark mostly in file order: skip the sort when it would change nothing.
  const auto by_position = [](const CoverageMark& a, const CoverageMark& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  };
  if (!std::is_sorted(marks_.begin(), marks_.end(), by_position)) {
    if (marks_.size() <= kInsertionSortMarks)
      sort_by_insertion(by_position);
    else
      sort_runs(by_position);
  }
  sorted_ = true;

  CoverageSummary s;
  s.file_size = file_size;
  // Gaps sit between marks; most files have a few dozen at most (one allocation, not a doubling series).
  s.uncovered.reserve(std::min<size_t>(marks_.size() + 1, 64));
  uint64_t cursor = 0;           // end of the covered union so far
  const CoverageMark* reach = nullptr;  // mark that reaches furthest so far
  for (const CoverageMark& m : marks_) {
    const uint64_t begin = std::min(m.begin, file_size);
    const uint64_t end = std::min(m.end, file_size);
    if (reach && m.begin < reach->end) {
      ++s.overlap_count;
      if (s.overlaps.size() < kMaxReportedOverlaps)
        s.overlaps.push_back({m.begin, std::min(m.end, reach->end), path_of(*reach, m.begin), path_of(m, m.begin)});
    }
    if (begin > cursor) s.uncovered.push_back({cursor, begin, classify_gap(cursor, begin, file_size)});
    if (end > cursor) {
      s.covered_bytes += end - std::max(begin, cursor);
      cursor = end;
    }
    if (!reach || m.end > reach->end) reach = &m;
  }
  if (cursor < file_size) s.uncovered.push_back({cursor, file_size, GapKind::trailing});
  s.uncovered_bytes = file_size - s.covered_bytes;
  return s;
}

std::string CoverageMap::path_at(uint64_t offset) const {
  for (const CoverageMark& m : marks_)
    if (m.begin <= offset && offset < m.end) return path_of(m, offset);
  return {};
}

}  // namespace meshgate
