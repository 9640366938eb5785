// The fields a hostile file attacks: every offset, count, size, index and
// range field a parser read, found from the parse's own coverage marks (which
// come from the field tables), with the boundary values worth writing into
// them. Shared by the offset-aware libFuzzer mutator and the deterministic
// malformed-offset matrix, so both attack exactly what the parsers read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"

namespace meshgate::fuzzing {

struct TargetField {
  uint64_t offset;  // file offset of the field
  uint32_t width;   // 1, 2, 4 or 8
};

// True for a leaf name that holds an offset, count, size, index or range
// bound ("positions_offset", "entry_count", "size", "tri_start", "parent_or_link",
// "slot_index_3", "neighbour_0", "base_vertex", "attr1", ...).
[[nodiscard]] bool is_structural_field(std::string_view leaf);

// What one parse of a file offers an attacker: the structural fields among
// its coverage marks (file order) and the starts of its sections (records and
// arrays), for "just past the next section" and "overlapping" values.
// Listed one by one, sorted and unique: the offset matrix walks every field.
struct AttackSurface {
  std::vector<TargetField> fields;
  std::vector<std::string> paths;  // fields[i]'s "objects[0].meshes[1].positions_offset"; empty without paths
  std::vector<uint64_t> section_starts;
};

// `count` equally spaced offsets: begin, begin + stride, ... One field of a
// record table over a run of records, or one plain field (count 1).
struct OffsetRun {
  uint64_t begin = 0, stride = 0, count = 0;
  uint32_t width = 0;  // of each field (0 for section starts)
  uint32_t mark = 0;   // the coverage mark it comes from (for names)
};

// The same surface as runs, for the mutator: a record table of 70,000
// triangles is a few runs, not 280,000 fields built for every mutation. Picks
// the k-th field or start by prefix sums; the neighbours of a value by
// arithmetic on each run. A field two marks both hold counts twice (marks
// rarely overlap), otherwise it offers what the AttackSurface lists.
class MutationSurface {
 public:
  void add_field(const OffsetRun& run);
  void add_start(const OffsetRun& run);
  [[nodiscard]] uint64_t field_count() const { return field_ends_.empty() ? 0 : field_ends_.back(); }
  [[nodiscard]] uint64_t start_count() const { return start_ends_.empty() ? 0 : start_ends_.back(); }
  [[nodiscard]] TargetField field(uint64_t k) const;  // k < field_count()
  [[nodiscard]] uint64_t start(uint64_t k) const;     // k < start_count()
  // The first section start above `value`, and the second-highest one at or
  // below it (boundary_values' "next section" and "overlapping an earlier one").
  [[nodiscard]] std::optional<uint64_t> start_after(uint64_t value) const;
  [[nodiscard]] std::optional<uint64_t> second_start_at_or_below(uint64_t value) const;
  [[nodiscard]] const std::vector<OffsetRun>& field_runs() const { return fields_; }
  [[nodiscard]] const std::vector<OffsetRun>& start_runs() const { return starts_; }
  [[nodiscard]] size_t bytes() const;  // what it holds on the heap, about

 private:
  std::vector<OffsetRun> fields_, starts_;
  std::vector<uint64_t> field_ends_, start_ends_;  // prefix sums of the runs' counts
};

// Parses `data` with the parser its magic selects (MOD, NRes, or MSH inside
// NRes). A parse that stopped early still yields the fields it had read.
// `with_paths` false leaves AttackSurface::paths empty: the mutator runs once per
// fuzzer execution and needs offsets, not names.
[[nodiscard]] AttackSurface attack_surface(Bytes data, bool with_paths = true);
// The same from a coverage map the caller already has (the parse attack_surface would run).
[[nodiscard]] AttackSurface surface_from_coverage(const CoverageMap& cov, bool with_paths);
// The runs behind both: surface_from_coverage lists them sorted and unique.
[[nodiscard]] MutationSurface mutation_surface_from_coverage(const CoverageMap& cov);
// A MutationSurface's fields and starts listed sorted and unique (no paths).
[[nodiscard]] AttackSurface list_surface(const MutationSurface& runs);

// A fuzz target that has just parsed `data` the way attack_surface() would
// hands its coverage over; the mutator, whose next call is usually on exactly
// these bytes (libFuzzer mutates the input it just ran, five times in a row),
// then skips its own parse. Keyed by size and XXH3 of the bytes. The map is
// kept as it is, and the surface is built from it only if the mutator asks for
// these bytes: most executions are never mutated again.
void remember_surface(Bytes data, CoverageMap&& cov);
// Of bytes parsed as parse_msh does (container, then model), the marks the
// mutator's own parse would read: the model's when the container holds a
// model, else the container's.
[[nodiscard]] CoverageMap& mutator_coverage(nres::ParseResult& container, msh::ParseResult& model);
// The runs of attack_surface(data): from the remembered parse when these are
// the bytes just run, else from the surfaces built for earlier requests (the
// corpus units libFuzzer keeps coming back to; 32 MiB of them, oldest dropped
// first), else from a parse. Valid until the next call.
[[nodiscard]] const MutationSurface& attack_surface_for_mutation(Bytes data);
// Where attack_surface_for_mutation's answers came from, for tests and tuning.
struct MutationSurfaceStats {
  uint64_t remembered = 0, cached = 0, parsed = 0;
  size_t cache_bytes = 0;
};
[[nodiscard]] const MutationSurfaceStats& mutation_surface_stats();

// Boundary values for a field in a file of `size` bytes: 0, 1, size-1, size,
// size+1, 0xFFFF, 0xFFFFFFFF, 2^63, the value +1 (unaligned), and the start
// of the next and of an earlier section (`others` are section starts).
[[nodiscard]] std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size,
                                                    const std::vector<uint64_t>& section_starts);
[[nodiscard]] std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size, const MutationSurface& surface);

// Writes the low `width` bytes of `value` at `offset` (little-endian).
void poke(std::span<std::byte> bytes, uint64_t offset, uint32_t width, uint64_t value);

}  // namespace meshgate::fuzzing
