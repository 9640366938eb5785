#include "fuzz/offset_fields.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <unordered_map>

#include "parser/core/hashing.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"

namespace meshgate::fuzzing {

namespace {

constexpr std::array<std::string_view, 16> kStructuralWords = {
    "offset", "count", "size", "_rel", "start", "index", "parent", "fallback",
    "neighbour", "attr1", "attr3", "base_vertex", "batch_0e", "document", "anim_map", "length",
};

// Whose marks an NRes input's attack surface comes from: the model's when
// the container holds one, else the container's.
bool surface_is_the_models(const nres::ParseResult& container) {
  return container.ok() && msh::is_model_archive(*container.archive);
}

// The coverage map of the right parser, kept alive for the caller.
CoverageMap coverage_of(Bytes data) {
  if (mod::looks_like_mod(data)) return mod::parse_mod(data).coverage_map;
  nres::ParseResult container = nres::parse_nres(data);
  if (surface_is_the_models(container)) return msh::parse_msh_archive(data, container).coverage_map;
  return std::move(container.coverage_map);
}

}  // namespace

bool is_structural_field(std::string_view leaf) {
  // Floats named "translation_length" are values, not ranges.
  if (leaf.starts_with("translation") || leaf.starts_with("aabb") || leaf.starts_with("sphere")) return false;
  return std::any_of(kStructuralWords.begin(), kStructuralWords.end(),
                     [&](std::string_view w) { return leaf.find(w) != std::string_view::npos; });
}

AttackSurface attack_surface(Bytes data, bool with_paths) { return surface_from_coverage(coverage_of(data), with_paths); }

namespace {
// The surfaces the mutator asked for. libFuzzer mutates an input in a chain:
// it copies a corpus unit, mutates and runs it, then mutates the bytes it just
// ran, five times over; and it comes back to each corpus unit again and again.
// The bytes just run are the target's remembered parse (`last`); a corpus unit
// is looked up in `built`, where each surface the mutator had to parse for
// stays, up to kBudget bytes, oldest dropped first. Keys are size + XXH3.
struct SurfaceKey {
  uint64_t size = 0, hash = 0;
  bool operator==(const SurfaceKey&) const = default;
};
SurfaceKey key_of(Bytes data) { return {data.size(), xxh3_64(data)}; }
struct SurfaceKeyHash {
  size_t operator()(const SurfaceKey& k) const { return static_cast<size_t>(k.hash ^ (k.size * 0x9E3779B97F4A7C15ull)); }
};

class MutationSurfaces {
 public:
  // Within the rss limit of every target's options (512 MB), ASan included.
  static constexpr size_t kBudget = size_t{32} << 20;

  void remember(Bytes data, CoverageMap&& cov) {
    last_.key = key_of(data);
    last_.coverage = std::move(cov);
    last_.surface.reset();
    last_.valid = true;
  }

  const MutationSurface& for_mutation(Bytes data) {
    const SurfaceKey key = key_of(data);
    if (last_.valid && last_.key == key) {
      ++stats_.remembered;
      if (!last_.surface) last_.surface = mutation_surface_from_coverage(last_.coverage);
      return *last_.surface;
    }
    if (auto it = built_.find(key); it != built_.end()) {
      ++stats_.cached;
      return it->second;
    }
    ++stats_.parsed;
    MutationSurface surface = mutation_surface_from_coverage(coverage_of(data));
    const size_t bytes = surface.bytes();
    while (!order_.empty() && stats_.cache_bytes + bytes > kBudget) {
      stats_.cache_bytes -= built_.at(order_.front()).bytes();
      built_.erase(order_.front());
      order_.pop_front();
    }
    stats_.cache_bytes += bytes;
    order_.push_back(key);
    return built_.emplace(key, std::move(surface)).first->second;
  }

  [[nodiscard]] const MutationSurfaceStats& stats() const { return stats_; }

 private:
  struct Remembered {
    SurfaceKey key;
    bool valid = false;
    CoverageMap coverage;
    std::optional<MutationSurface> surface;  // built from `coverage` on the first request
  } last_;
  std::unordered_map<SurfaceKey, MutationSurface, SurfaceKeyHash> built_;
  std::deque<SurfaceKey> order_;  // insertion order, for eviction
  MutationSurfaceStats stats_;
};

MutationSurfaces& surfaces() {
  static MutationSurfaces s;  // libFuzzer runs the target and the mutator on one thread
  return s;
}
}  // namespace

void remember_surface(Bytes data, CoverageMap&& cov) { surfaces().remember(data, std::move(cov)); }

CoverageMap& mutator_coverage(nres::ParseResult& container, msh::ParseResult& model) {
  return surface_is_the_models(container) ? model.coverage_map : container.coverage_map;
}

const MutationSurface& attack_surface_for_mutation(Bytes data) { return surfaces().for_mutation(data); }

const MutationSurfaceStats& mutation_surface_stats() { return surfaces().stats(); }

namespace {
bool starts_section(uint64_t width, std::string_view leaf) {
  return width >= 16 || leaf == "magic" || leaf == "type_id" || leaf == "flags";
}
bool is_target(uint64_t width, std::string_view leaf) {
  return (width == 1 || width == 2 || width == 4 || width == 8) && is_structural_field(leaf);  // not arrays or blobs
}

// A record run repeats one table thousands of times, and the mutator builds
// surfaces all the time: each field table's fields are judged once per
// thread (the tables are static, so their address is their identity).
struct TableChoice {
  const FieldSpec* table;
  size_t size;
  std::vector<const FieldSpec*> starts, targets;
};
const TableChoice& choice_for(std::span<const FieldSpec> fields) {
  thread_local std::deque<TableChoice> choices;  // a deque: references stay valid as it grows
  for (const TableChoice& c : choices)
    if (c.table == fields.data() && c.size == fields.size()) return c;
  TableChoice& c = choices.emplace_back(TableChoice{fields.data(), fields.size(), {}, {}});
  for (const FieldSpec& f : fields) {
    if (starts_section(f.width, f.name)) c.starts.push_back(&f);
    if (is_target(f.width, f.name)) c.targets.push_back(&f);
  }
  return c;
}
}  // namespace

MutationSurface mutation_surface_from_coverage(const CoverageMap& cov) {
  MutationSurface surface;
  const std::vector<CoverageMark>& marks = cov.marks();
  for (uint32_t i = 0; i < marks.size(); ++i) {
    const CoverageMark& m = marks[i];
    const CoverageMap::RecordLayout layout = cov.record_layout(m);
    if (layout.fields.empty()) {
      const uint64_t width = m.end - m.begin;
      if (starts_section(width, m.leaf)) surface.add_start({m.begin, 0, 1, 0, i});
      if (is_target(width, m.leaf)) surface.add_field({m.begin, 0, 1, static_cast<uint32_t>(width), i});
      continue;
    }
    // Records at begin, begin + stride, ... while below end (a cut last record included).
    const uint64_t records = layout.stride == 0 ? 1 : (m.end - m.begin + layout.stride - 1) / layout.stride;
    if (records == 0) continue;
    const TableChoice& c = choice_for(layout.fields);
    for (const FieldSpec* f : c.starts) surface.add_start({m.begin + f->offset, layout.stride, records, 0, i});
    for (const FieldSpec* f : c.targets) surface.add_field({m.begin + f->offset, layout.stride, records, f->width, i});
  }
  return surface;
}

namespace {
struct Found {
  uint64_t offset;
  uint32_t width, mark;
};
// The runs listed one by one: starts sorted and unique; fields by (offset,
// mark), as a stable sort of the marks' order would give, and of two marks
// holding one offset the first one names it.
std::vector<Found> list_runs(const MutationSurface& runs, std::vector<uint64_t>& starts) {
  starts.clear();
  starts.reserve(runs.start_count());
  for (const OffsetRun& r : runs.start_runs())
    for (uint64_t k = 0; k < r.count; ++k) starts.push_back(r.begin + k * r.stride);
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  std::vector<Found> found;
  found.reserve(runs.field_count());
  for (const OffsetRun& r : runs.field_runs())
    for (uint64_t k = 0; k < r.count; ++k) found.push_back({r.begin + k * r.stride, r.width, r.mark});
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.offset < b.offset || (a.offset == b.offset && a.mark < b.mark);
  });
  found.erase(std::unique(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.offset == b.offset; }),
              found.end());
  return found;
}
}  // namespace

AttackSurface list_surface(const MutationSurface& runs) {
  AttackSurface surface;
  for (const Found& f : list_runs(runs, surface.section_starts)) surface.fields.push_back({f.offset, f.width});
  return surface;
}

AttackSurface surface_from_coverage(const CoverageMap& cov, bool with_paths) {
  AttackSurface surface;
  const std::vector<Found> found = list_runs(mutation_surface_from_coverage(cov), surface.section_starts);
  surface.fields.reserve(found.size());
  for (const Found& f : found) surface.fields.push_back({f.offset, f.width});
  if (with_paths) {
    const std::vector<CoverageMark>& marks = cov.marks();
    surface.paths.reserve(found.size());
    for (const Found& f : found) {
      const CoverageMark& m = marks[f.mark];
      surface.paths.push_back(cov.record_layout(m).fields.empty() ? cov.path_of(m) : cov.path_of(m, f.offset));
    }
  }
  return surface;
}

namespace {
void add_run(std::vector<OffsetRun>& runs, std::vector<uint64_t>& ends, const OffsetRun& run) {
  if (run.count == 0) return;
  runs.push_back(run);
  ends.push_back((ends.empty() ? 0 : ends.back()) + run.count);
}
// The k-th offset over the runs, counted in run order.
uint64_t kth(const std::vector<OffsetRun>& runs, const std::vector<uint64_t>& ends, uint64_t k, size_t* which) {
  const size_t r = static_cast<size_t>(std::upper_bound(ends.begin(), ends.end(), k) - ends.begin());
  const uint64_t first = r == 0 ? 0 : ends[r - 1];
  *which = r;
  return runs[r].begin + (k - first) * runs[r].stride;
}
}  // namespace

void MutationSurface::add_field(const OffsetRun& run) { add_run(fields_, field_ends_, run); }
void MutationSurface::add_start(const OffsetRun& run) { add_run(starts_, start_ends_, run); }

TargetField MutationSurface::field(uint64_t k) const {
  size_t r = 0;
  const uint64_t offset = kth(fields_, field_ends_, k, &r);
  return {offset, fields_[r].width};
}

uint64_t MutationSurface::start(uint64_t k) const {
  size_t r = 0;
  return kth(starts_, start_ends_, k, &r);
}

std::optional<uint64_t> MutationSurface::start_after(uint64_t value) const {
  std::optional<uint64_t> best;
  for (const OffsetRun& r : starts_) {
    uint64_t candidate = r.begin;
    if (value >= r.begin) {
      if (r.count == 1 || r.stride == 0) continue;
      const uint64_t k = (value - r.begin) / r.stride + 1;
      if (k >= r.count) continue;
      candidate = r.begin + k * r.stride;
    }
    if (!best || candidate < *best) best = candidate;
  }
  return best;
}

std::optional<uint64_t> MutationSurface::second_start_at_or_below(uint64_t value) const {
  // The two highest distinct starts at or below `value`: each run offers its
  // highest there and the one before it.
  std::optional<uint64_t> first, second;
  const auto offer = [&](uint64_t v) {
    if (v == first || v == second) return;
    if (!first || v > *first) {
      second = first;
      first = v;
    } else if (!second || v > *second) {
      second = v;
    }
  };
  for (const OffsetRun& r : starts_) {
    if (value < r.begin) continue;
    const uint64_t k = r.count == 1 || r.stride == 0 ? 0 : std::min((value - r.begin) / r.stride, r.count - 1);
    offer(r.begin + k * r.stride);
    if (k > 0) offer(r.begin + (k - 1) * r.stride);
  }
  return second;
}

size_t MutationSurface::bytes() const {
  return (fields_.capacity() + starts_.capacity()) * sizeof(OffsetRun) +
         (field_ends_.capacity() + start_ends_.capacity()) * sizeof(uint64_t) + 128;
}

namespace {
// 0, 1, size-1, size, size+1, 0xFFFF, 0xFFFFFFFF, 2^63, current+1, and the
// section starts next to the current value, sorted and unique.
std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size, std::optional<uint64_t> next_start,
                                      std::optional<uint64_t> earlier_start) {
  std::vector<uint64_t> v = {0, 1, size - 1, size, size + 1, 0xFFFF, 0xFFFFFFFF, uint64_t{1} << 63, current + 1};
  if (size == 0) v[2] = 0;
  if (next_start) v.push_back(*next_start);
  if (earlier_start) v.push_back(*earlier_start);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}
}  // namespace

std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size, const std::vector<uint64_t>& starts) {
  // The start of the next section after the current value, and of an earlier one (overlap).
  auto next = std::upper_bound(starts.begin(), starts.end(), current);
  std::optional<uint64_t> after, earlier;
  if (next != starts.end()) after = *next;
  if (next != starts.begin() && next - 1 != starts.begin()) earlier = *(next - 2);
  return boundary_values(current, size, after, earlier);
}

std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size, const MutationSurface& surface) {
  return boundary_values(current, size, surface.start_after(current), surface.second_start_at_or_below(current));
}

void poke(std::span<std::byte> bytes, uint64_t offset, uint32_t width, uint64_t value) {
  if (offset >= bytes.size()) return;
  const size_t n = std::min<size_t>(width, bytes.size() - offset);  // a field cut by EOF gets its low bytes
  store_uint_le(std::span(bytes).subspan(offset, n), value, n);
}

}  // namespace meshgate::fuzzing
