// Which field explains which byte. Marks are intervals [begin, end) owned by a
// leaf field (a record field, or a stream/array whose elements are all the same
// leaf type), or by a whole run of table-driven records: a field table tiles
// its record exactly (checked at compile time), so one interval explains every
// byte of 10,000 records and the field at any offset is computed from the
// table when asked. The map never holds per-byte state, so its cost grows with
// the number of sections, not the file size. Alignment padding is deliberately not a
// field: it shows up as uncovered (the seed's "5,106 uncovered bytes" counts it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

struct CoverageMark {
  uint64_t begin;
  uint64_t end;
  uint32_t owner;          // index into owner paths ("objects[2].meshes[0]")
  std::string_view leaf;   // static name from a field table or a stream name; "" for a record run
};

struct FieldSpec;

enum class GapKind : uint8_t {
  alignment_padding,  // exactly what is needed to reach the next 2/4/8/16 boundary
  trailing,           // runs to end of file
  gap,                // anything else
};
[[nodiscard]] std::string_view gap_kind_name(GapKind k);

struct UncoveredRange {
  uint64_t begin;
  uint64_t end;
  GapKind kind;
};

struct CoverageOverlap {
  uint64_t begin;  // first byte claimed twice
  uint64_t end;
  std::string first_path;
  std::string second_path;
};

struct CoverageSummary {
  uint64_t file_size = 0;
  uint64_t covered_bytes = 0;
  uint64_t uncovered_bytes = 0;
  std::vector<UncoveredRange> uncovered;
  std::vector<CoverageOverlap> overlaps;  // at most kMaxReportedOverlaps
  uint64_t overlap_count = 0;
};

class CoverageMap {
 public:
  static constexpr size_t kMaxReportedOverlaps = 64;

  // Owner paths are kept end to end in one string: a MOD mesh's
  // "objects[12].meshes[0]" outgrows std::string's inline buffer, and a heap
  // block per owner was a third of a pooled round trip's allocations.
  uint32_t add_owner(std::string_view path);
  // An owner whose path is `parts` joined ("objects[", "3", "].meshes[", ...).
  uint32_t add_owner(std::initializer_list<std::string_view> parts);
  // One owner for a whole array of records (`prefix`[k], k = (offset - base) /
  // stride) described by a field table (`fields` tiles `stride` bytes):
  // mark_records() then covers whole records with one mark, so a stream of
  // 10,000 triangle records costs one path string and one mark.
  uint32_t add_record_table_owner(std::string_view prefix, uint64_t base, uint32_t stride,
                                  std::span<const FieldSpec> fields);
  // `count` records of a table owner, starting at `begin`.
  void mark_records(uint64_t begin, uint64_t count, uint32_t owner);
  // One record described by `fields` (tiling `size` bytes) at `offset`, owned by
  // a plain owner ("objects[2]"): one mark, fields resolved from the table.
  // An owner holds one table; a second record for it is marked field by field.
  void mark_record(uint64_t offset, uint32_t owner, std::span<const FieldSpec> fields, uint32_t size);
  // Room for `marks` marks and `owners` owners whose paths total `path_bytes`.
  void reserve(size_t marks, size_t owners = 0, size_t path_bytes = 0) {
    marks_.reserve(marks);
    owners_.reserve(owners);
    paths_.reserve(path_bytes);
  }
  [[nodiscard]] size_t size() const { return marks_.size(); }
  [[nodiscard]] size_t owner_count() const { return owners_.size(); }
  // Zero-length marks are ignored: an empty stream explains no byte.
  void mark(uint64_t begin, uint64_t length, uint32_t owner, std::string_view leaf);

  // The field path of the byte at `offset` inside mark `m` ("res7[12].index_start").
  [[nodiscard]] std::string path_of(const CoverageMark& m, uint64_t offset) const;
  [[nodiscard]] std::string path_of(const CoverageMark& m) const { return path_of(m, m.begin); }
  // For a mark that covers whole records (mark_records / mark_record): their
  // field table and size, so tools that attack single fields can expand it;
  // an empty table for a leaf mark.
  struct RecordLayout {
    std::span<const FieldSpec> fields;
    uint32_t stride = 0;
    uint64_t base = 0;     // record k starts at base + k * stride
    bool indexed = false;  // paths read "owner[k].field" (a record array), not "owner.field" (one record)
  };
  [[nodiscard]] RecordLayout record_layout(const CoverageMark& m) const;
  // The owner's path (for a record array, its prefix); valid while the map is
  // unchanged.
  [[nodiscard]] std::string_view owner(uint32_t id) const {
    return std::string_view(paths_).substr(owners_[id].path_begin, owners_[id].path_size);
  }
  // The field table an owner's records follow (empty for a plain owner): a
  // leaf mark of such an owner is one of these fields, marked on its own.
  [[nodiscard]] std::span<const FieldSpec> owner_fields(uint32_t id) const { return owners_[id].fields; }
  [[nodiscard]] const std::vector<CoverageMark>& marks() const { return marks_; }
  // Sorts marks by position and derives covered/uncovered ranges and overlaps.
  [[nodiscard]] CoverageSummary summarize(uint64_t file_size);
  // The leaf that covers `offset`, or "" (after summarize()).
  [[nodiscard]] std::string path_at(uint64_t offset) const;

 private:
  struct Owner {
    size_t path_begin = 0;  // the path: paths_[path_begin, path_begin + path_size)
    size_t path_size = 0;
    uint64_t base = 0;
    uint32_t stride = 0;  // 0: a plain owner; else the size of its table's record
    std::span<const FieldSpec> fields;  // a record table owner's fields
    bool indexed = true;  // false: one record, named by the path alone (mark_record)
  };
  static constexpr size_t kInsertionSortMarks = 64;  // up to this many, sort_by_insertion; more, sort_runs
  template <typename Less>
  void sort_by_insertion(Less less);
  template <typename Less>
  void sort_runs(Less less);

  uint32_t add_owner(Owner owner, std::initializer_list<std::string_view> parts);

  std::vector<Owner> owners_;
  std::string paths_;  // every owner's path, end to end
  std::vector<CoverageMark> marks_;
  bool sorted_ = false;
};

[[nodiscard]] GapKind classify_gap(uint64_t begin, uint64_t end, uint64_t file_size);

}  // namespace meshgate
