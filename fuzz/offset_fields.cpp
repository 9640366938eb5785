#include "fuzz/offset_fields.hpp"

#include <algorithm>
#include <array>

#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"

namespace meshgate::fuzzing {

namespace {

constexpr std::array<std::string_view, 16> kStructuralWords = {
    "offset", "count", "size", "_rel", "start", "index", "parent", "fallback",
    "neighbour", "attr1", "attr3", "base_vertex", "batch_0e", "document", "anim_map", "length",
};

// The coverage map of the right parser, kept alive for the caller.
CoverageMap coverage_of(Bytes data) {
  if (mod::looks_like_mod(data)) return mod::parse_mod(data).coverage_map;
  nres::ParseResult container = nres::parse_nres(data);
  if (container.ok() && msh::is_model_archive(*container.archive))
    return msh::parse_msh_archive(data, container).coverage_map;
  return std::move(container.coverage_map);
}

}  // namespace

bool is_structural_field(std::string_view leaf) {
  // Floats named "translation_length" are values, not ranges.
  if (leaf.starts_with("translation") || leaf.starts_with("aabb") || leaf.starts_with("sphere")) return false;
  return std::any_of(kStructuralWords.begin(), kStructuralWords.end(),
                     [&](std::string_view w) { return leaf.find(w) != std::string_view::npos; });
}

AttackSurface attack_surface(Bytes data, bool with_paths) {
  const CoverageMap cov = coverage_of(data);
  AttackSurface surface;
  std::vector<TargetField>& out = surface.fields;
  std::vector<uint64_t>& starts = surface.section_starts;
  // Leaf names are static strings from the tables and a record run repeats a
  // few dozen of them thousands of times: decide each name once (the mutator
  // runs this on every fuzzer execution).
  std::vector<std::pair<const char*, bool>> structural;
  const auto is_structural = [&](std::string_view leaf) {
    for (const auto& [name, yes] : structural)
      if (name == leaf.data()) return yes;
    structural.emplace_back(leaf.data(), is_structural_field(leaf));
    return structural.back().second;
  };
  cov.for_each_field([&](uint64_t begin, uint64_t width, std::string_view leaf, const CoverageMark& m) {
    if (width >= 16 || leaf == "magic" || leaf == "type_id" || leaf == "flags") starts.push_back(begin);
    if (width != 1 && width != 2 && width != 4 && width != 8) return;  // arrays and byte blobs are not fields
    if (!is_structural(leaf)) return;
    out.push_back({begin, static_cast<uint32_t>(width), with_paths ? cov.path_of(m, begin) : std::string()});
  });
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  std::stable_sort(out.begin(), out.end(), [](const TargetField& a, const TargetField& b) { return a.offset < b.offset; });
  out.erase(std::unique(out.begin(), out.end(), [](const TargetField& a, const TargetField& b) { return a.offset == b.offset; }),
            out.end());
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

void poke(std::vector<std::byte>& bytes, uint64_t offset, uint32_t width, uint64_t value) {
  if (offset >= bytes.size()) return;
  const size_t n = std::min<size_t>(width, bytes.size() - offset);  // a field cut by EOF gets its low bytes
  store_uint_le(std::span(bytes).subspan(offset, n), value, n);
}

}  // namespace meshgate::fuzzing
