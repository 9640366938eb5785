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
size_t bytes_of(const AttackSurface& s) {
  return s.fields.capacity() * sizeof(TargetField) + s.section_starts.capacity() * sizeof(uint64_t) + 64;
}

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

  const AttackSurface& for_mutation(Bytes data) {
    const SurfaceKey key = key_of(data);
    if (last_.valid && last_.key == key) {
      ++stats_.remembered;
      if (!last_.surface) last_.surface = surface_from_coverage(last_.coverage, false);
      return *last_.surface;
    }
    if (auto it = built_.find(key); it != built_.end()) {
      ++stats_.cached;
      return it->second;
    }
    ++stats_.parsed;
    AttackSurface surface = attack_surface(data, false);
    const size_t bytes = bytes_of(surface);
    while (!order_.empty() && stats_.cache_bytes + bytes > kBudget) {
      stats_.cache_bytes -= bytes_of(built_.at(order_.front()));
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
    std::optional<AttackSurface> surface;  // built from `coverage` on the first request
  } last_;
  std::unordered_map<SurfaceKey, AttackSurface, SurfaceKeyHash> built_;
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

const AttackSurface& attack_surface_for_mutation(Bytes data) { return surfaces().for_mutation(data); }

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

AttackSurface surface_from_coverage(const CoverageMap& cov, bool with_paths) {
  AttackSurface surface;
  std::vector<uint64_t>& starts = surface.section_starts;
  // Collected compactly; (offset, mark) orders them as a stable sort of the
  // marks' order would (offsets rise within a mark), and names come last,
  // for the fields that stay. Marks are visited in file order, so what they
  // yield is usually sorted already: a rejected parse leaves its marks in
  // reading order (an NRes directory before the payloads it names).
  struct Found {
    uint64_t offset;
    uint32_t width, mark;
  };
  std::vector<Found> found;
  const std::vector<CoverageMark>& marks = cov.marks();
  std::vector<uint32_t> visit(marks.size());
  for (uint32_t i = 0; i < visit.size(); ++i) visit[i] = i;
  const auto by_begin = [&](uint32_t a, uint32_t b) {
    return marks[a].begin < marks[b].begin || (marks[a].begin == marks[b].begin && a < b);
  };
  if (!std::is_sorted(visit.begin(), visit.end(), by_begin)) std::sort(visit.begin(), visit.end(), by_begin);
  for (const uint32_t i : visit) {
    const CoverageMark& m = marks[i];
    const CoverageMap::RecordLayout layout = cov.record_layout(m);
    if (layout.fields.empty()) {
      const uint64_t width = m.end - m.begin;
      if (starts_section(width, m.leaf)) starts.push_back(m.begin);
      if (is_target(width, m.leaf)) found.push_back({m.begin, static_cast<uint32_t>(width), i});
      continue;
    }
    const TableChoice& c = choice_for(layout.fields);
    for (uint64_t record = m.begin; record < m.end; record += layout.stride) {
      for (const FieldSpec* f : c.starts) starts.push_back(record + f->offset);
      for (const FieldSpec* f : c.targets) found.push_back({record + f->offset, f->width, i});
    }
  }
  // Sort only what is not in order already (a merge sort of an ordered array
  // was a tenth of msh_parse_fuzzer's time).
  if (!std::is_sorted(starts.begin(), starts.end())) std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  const auto by_offset = [](const Found& a, const Found& b) {
    return a.offset < b.offset || (a.offset == b.offset && a.mark < b.mark);
  };
  if (!std::is_sorted(found.begin(), found.end(), by_offset)) std::sort(found.begin(), found.end(), by_offset);
  found.erase(std::unique(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.offset == b.offset; }),
              found.end());
  surface.fields.reserve(found.size());
  for (const Found& f : found) surface.fields.push_back({f.offset, f.width});
  if (with_paths) {
    surface.paths.reserve(found.size());
    for (const Found& f : found) {
      const CoverageMark& m = marks[f.mark];
      surface.paths.push_back(cov.record_layout(m).fields.empty() ? cov.path_of(m) : cov.path_of(m, f.offset));
    }
  }
  return surface;
}

std::vector<uint64_t> boundary_values(uint64_t current, uint64_t size, const std::vector<uint64_t>& starts) {
  std::vector<uint64_t> v = {0, 1, size - 1, size, size + 1, 0xFFFF, 0xFFFFFFFF, uint64_t{1} << 63, current + 1};
  if (size == 0) v[2] = 0;
  // The start of the next section after the current value, and of an earlier one (overlap).
  auto next = std::upper_bound(starts.begin(), starts.end(), current);
  if (next != starts.end()) v.push_back(*next);
  if (next != starts.begin() && next - 1 != starts.begin()) v.push_back(*(next - 2));
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

void poke(std::span<std::byte> bytes, uint64_t offset, uint32_t width, uint64_t value) {
  if (offset >= bytes.size()) return;
  const size_t n = std::min<size_t>(width, bytes.size() - offset);  // a field cut by EOF gets its low bytes
  store_uint_le(std::span(bytes).subspan(offset, n), value, n);
}

}  // namespace meshgate::fuzzing
