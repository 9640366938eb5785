#include "analysis/invariant_tally.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "parser/core/checked_math.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/pac/pac_diagnostic_codes.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

struct Declared {
  std::string_view id, description;
};

constexpr std::array kModInvariants{
    Declared{"mod.workspace-capacity", "a mesh's workspace spans align16(6(n-2)) bytes up to the next one or EOF (spec §5)"},
    Declared{"mod.workspace-tiling", "a file's workspaces are contiguous and the last ends at EOF (spec §5)"},
    Declared{"mod.aggregate-vertex-count", "object +0x02 == the sum of its meshes' vertex counts"},
    Declared{"mod.stream-alignment", "every vertex stream starts 16-aligned"},
    Declared{"mod.transform-length", "transform +0x0C == |translation| within 1e-5"},
    Declared{"mod.weight-sum-31", "q0 + q1 + q2 == 31 in every control word (skin rule 1)"},
    Declared{"mod.weights-non-increasing", "q0 >= q1 >= q2 in every control word (corpus observation)"},
    Declared{"mod.blend-lane-x-zero", "BLENDINDICES lane x is 0 (it takes no part in skinning)"},
    Declared{"mod.node-layout-formula", "node arrays at 0x20, +align4(N), +2*align4(N), transforms at align16(0x20+3*align4(N))"},
};
constexpr std::array kMshExtra{
    Declared{"msh.batches-tile-res6", "batches cover Res6 contiguously from index 0 to its end (OP)"},
    Declared{"msh.fallback-is-last-key", "an animated node's fallback_key is the last key its frame run names (OP 817/817)"},
};

// PAC/PNST containers (docs/spec/dmc3-containers.md §3). A container the
// parser rejected for one of these counts only against it, at its slot.
constexpr std::array kPacInvariants{
    Declared{"pac.offsets-inside", "every non-zero slot offset lies strictly inside the container"},
    Declared{"pac.no-member-over-table", "no member starts inside the header or the slot table"},
    Declared{"pac.extents-disjoint", "derived extents do not overlap (slots sharing an offset share one extent)"},
};

std::string msh_item_id(int item) { return "msh.4." + std::to_string(item); }

// Positions in declared_invariants(), fixed at compile time: a sweep tallies
// every file, and looking ids up by string cost more than the tallies did.
constexpr size_t kMshItemsFirst = kModInvariants.size();
constexpr size_t kMshExtraFirst = kMshItemsFirst + msh::codes::kInvariants.size();
template <size_t N>
consteval size_t position(const std::array<Declared, N>& list, std::string_view id) {
  for (size_t i = 0; i < N; ++i)
    if (list[i].id == id) return i;
  throw "an undeclared invariant id";  // not a constant expression: a compile error
}
consteval size_t mod_invariant(std::string_view id) { return position(kModInvariants, id); }
consteval size_t msh_extra(std::string_view id) { return kMshExtraFirst + position(kMshExtra, id); }
constexpr size_t kPacFirst = kMshExtraFirst + kMshExtra.size();
consteval size_t pac_invariant(std::string_view id) { return kPacFirst + position(kPacInvariants, id); }

}  // namespace

// Ids and descriptions are built once per process: a sweep makes one set of
// tallies per file, which should cost counters, not strings.
const std::vector<std::pair<std::string, std::string>>& declared_invariants() {
  static const std::vector<std::pair<std::string, std::string>> declared = [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const Declared& d : kModInvariants) out.emplace_back(d.id, d.description);
    for (const auto& inv : msh::codes::kInvariants)
      out.emplace_back(msh_item_id(inv.item), "§4." + std::to_string(inv.item) + " " + std::string(inv.text));
    for (const Declared& d : kMshExtra) out.emplace_back(d.id, d.description);
    for (const Declared& d : kPacInvariants) out.emplace_back(d.id, d.description);
    for (const SemanticInvariant& d : kSemanticInvariants) out.emplace_back(d.id, d.description);
    return out;
  }();
  return declared;
}

static_assert(kStructuralInvariants ==
                  kModInvariants.size() + msh::codes::kInvariants.size() + kMshExtra.size() + kPacInvariants.size(),
              "kStructuralInvariants counts the declared lists");

void InvariantTallies::merge(const InvariantTallies& later) {
  // A later file's first violation is the corpus's first only where this has none.
  for (const FirstViolation& f : later.first_)
    if (counts_[f.index].violated == 0) first_.push_back(f);
  for (size_t i = 0; i < counts_.size(); ++i) {
    counts_[i].holds += later.counts_[i].holds;
    counts_[i].violated += later.counts_[i].violated;
    counts_[i].max_deviation = std::max(counts_[i].max_deviation, later.counts_[i].max_deviation);
  }
}

std::vector<InvariantTally> InvariantTallies::items() const {
  const auto& declared = declared_invariants();
  std::vector<InvariantTally> out;
  out.reserve(declared.size());
  for (size_t i = 0; i < declared.size(); ++i)
  {
    out.push_back({declared[i].first, declared[i].second, counts_[i].holds, counts_[i].violated, std::nullopt, std::nullopt});
    out.back().semantic = i >= kStructuralInvariants;
    if (out.back().semantic && counts_[i].holds + counts_[i].violated > 0)
      out.back().max_deviation = counts_[i].max_deviation;
  }
  for (const FirstViolation& f : first_) out[f.index].first_violation = f.where;
  return out;
}

namespace {

// Paths are made only for a first violation.
std::string mod_object_path(size_t i) { return "objects[" + std::to_string(i) + "]"; }
std::string mod_mesh_path(size_t i, size_t j) { return mod_object_path(i) + ".meshes[" + std::to_string(j) + "]"; }

// A violation at `path()` (built only when needed) in `file`, at `offset`.
template <typename Path>
auto mod_violation_at(const std::string& file, Path path, uint64_t offset) {
  return [&file, path, offset] { return InvariantViolation{file + "!" + path(), offset}; };
}

}  // namespace

// A mesh's workspace (spec §5): where it starts, and the vertex count that sizes it.
struct InvariantTallies::ModWorkspace {
  uint64_t begin, vertices;
  size_t object, mesh;
};

void InvariantTallies::tally_mod(const std::string& file, const mod::ParseResult& result) {
  using namespace mod;
  const Model& m = *result.model;
  size_t analysis = 0;  // the parser's per-mesh analyses, in object/mesh order
  constexpr size_t aggregate_id = mod_invariant("mod.aggregate-vertex-count");
  std::vector<ModWorkspace> workspaces;
  for (size_t i = 0; i < m.objects.size(); ++i) {
    const Object& o = m.objects[i];
    uint64_t sum = 0;
    for (size_t j = 0; j < o.meshes.size(); ++j) {
      sum += o.meshes[j].record.get(mesh::vertex_count);
      tally_mod_mesh(file, o, i, j, result.meshes.at(analysis++).skin, workspaces);
    }
    record(aggregate_id, o.record.get(obj::aggregate_count) == sum,
           mod_violation_at(file, [&] { return mod_object_path(i) + ".aggregate_element_count"; },
                            object_record_offset(i) + kObjectSpec.fields[obj::aggregate_count].offset));
  }
  tally_mod_workspaces(file, workspaces, m.file_size);
  tally_mod_nodes(file, m);
  tally_mod_semantics(file, m);
}

// One mesh's stream alignment and per-vertex skin items; its workspace, if
// it has one, joins `workspaces`.
void InvariantTallies::tally_mod_mesh(const std::string& file, const mod::Object& o, size_t i, size_t j,
                                      const mod::SkinSummary& skin, std::vector<ModWorkspace>& workspaces) {
  using namespace mod;
  constexpr size_t align_id = mod_invariant("mod.stream-alignment"), sum_id = mod_invariant("mod.weight-sum-31"),
                   order_id = mod_invariant("mod.weights-non-increasing"), lane_id = mod_invariant("mod.blend-lane-x-zero");
  const Mesh& mesh = o.meshes[j];
  const auto path = [&] { return mod_mesh_path(i, j); };
  const uint64_t record_at = mesh_record_offset(o.record, j).value_or(0);
  const uint64_t n = mesh.record.get(mesh::vertex_count);
  for (size_t s = 0; s < kStreamSpecs.size(); ++s) {
    const uint64_t off = stream_offset(mesh.record, s);
    record(align_id, off % kStreamAlignment == 0,
           mod_violation_at(file, [&] { return path() + "." + std::string(kMeshSpec.fields[mesh::stream_offset(s)].name); },
                            record_at + kMeshSpec.fields[mesh::stream_offset(s)].offset));
  }
  if (n > 2)
    if (auto ws = workspace_offset(record_at, mesh.record)) workspaces.push_back({*ws, n, i, j});
  // The per-vertex items come from the skin summary's counting pass; a
  // vertex is located (by a scan) only for an item's first violation.
  const size_t count = std::min(mesh.control.size(), mesh.blend_indices.size());
  const uint64_t control_at = stream_offset(mesh.record, stream::control);
  const uint64_t blend_at = stream_offset(mesh.record, stream::blend_indices);
  const auto first_vertex = [&](auto violates) {
    size_t v = 0;
    while (v < count && !violates(mesh.control[v], mesh.blend_indices[v])) ++v;
    return v;
  };
  const auto q = [](unsigned w, unsigned k) { return (w >> (5 * k)) & 0x1Fu; };
  record_counts(sum_id, count, skin.sum_mismatches, [&] {
    const size_t v = first_vertex([&](unsigned w, const U8x4&) { return q(w, 0) + q(w, 1) + q(w, 2) != 31; });
    return InvariantViolation{file + "!" + path() + ".control[" + std::to_string(v) + "]", control_at + 2 * v};
  });
  record_counts(order_id, count, skin.non_increasing_violations, [&] {
    const size_t v = first_vertex([&](unsigned w, const U8x4&) { return !(q(w, 0) >= q(w, 1) && q(w, 1) >= q(w, 2)); });
    return InvariantViolation{file + "!" + path() + ".control[" + std::to_string(v) + "]", control_at + 2 * v};
  });
  record_counts(lane_id, count, skin.lane0_nonzero, [&] {
    const size_t v = first_vertex([](unsigned, const U8x4& lanes) { return lanes[0] != 0; });
    return InvariantViolation{file + "!" + path() + ".blend_indices[" + std::to_string(v) + "]", blend_at + 4 * v};
  });
}

// Each workspace spans its capacity up to the next one (or EOF), and together they tile the file's end.
void InvariantTallies::tally_mod_workspaces(const std::string& file, std::vector<ModWorkspace>& workspaces,
                                            uint64_t file_size) {
  constexpr size_t capacity_id = mod_invariant("mod.workspace-capacity"), tiling_id = mod_invariant("mod.workspace-tiling");
  std::sort(workspaces.begin(), workspaces.end(), [](const ModWorkspace& a, const ModWorkspace& b) { return a.begin < b.begin; });
  bool tiled = !workspaces.empty();
  for (size_t k = 0; k < workspaces.size(); ++k) {
    const uint64_t end = k + 1 < workspaces.size() ? workspaces[k + 1].begin : file_size;
    const bool fits = end >= workspaces[k].begin && end - workspaces[k].begin == mod::workspace_capacity(workspaces[k].vertices);
    record(capacity_id, fits,
           mod_violation_at(file, [&] { return mod_mesh_path(workspaces[k].object, workspaces[k].mesh) + ".workspace"; },
                            workspaces[k].begin));
    tiled = tiled && fits;
  }
  if (!workspaces.empty())
    record(tiling_id, tiled,
           mod_violation_at(file, [&] { return mod_mesh_path(workspaces.front().object, workspaces.front().mesh) + ".workspace"; },
                            workspaces.front().begin));
}

// The node block: its arrays where the retail formula puts them, and each transform's stored translation length.
void InvariantTallies::tally_mod_nodes(const std::string& file, const mod::Model& m) {
  using namespace mod;
  constexpr size_t length_id = mod_invariant("mod.transform-length"), layout_id = mod_invariant("mod.node-layout-formula");
  const uint64_t block = m.header.get(hdr::document_offset);
  const NodeLayout expected = retail_node_layout(m.nodes.order.size());
  const NodeLayout actual{m.nodes.header.get(node::parent_rel), m.nodes.header.get(node::order_rel),
                          m.nodes.header.get(node::group_rel), m.nodes.header.get(node::transform_rel)};
  record(layout_id, actual == expected, mod_violation_at(file, [] { return std::string("nodes.parent_array_rel"); }, block));
  for (size_t k = 0; k < m.nodes.transforms.size(); ++k) {
    const TransformRecord& t = m.nodes.transforms[k];
    const double x = t.get_f32(xf::tx), y = t.get_f32(xf::tx + 1), z = t.get_f32(xf::tx + 2);
    const double length = std::sqrt(x * x + y * y + z * z);
    const uint64_t where = block + m.nodes.header.get(node::transform_rel) + k * kTransformSpec.size +
                           kTransformSpec.fields[xf::length].offset;
    record(length_id, std::fabs(static_cast<double>(t.get_f32(xf::length)) - length) <= 1e-5,
           mod_violation_at(file, [&] { return "nodes.transforms[" + std::to_string(k) + "].translation_length"; }, where));
  }
}

void InvariantTallies::tally_pac(const std::string& file, const pac::ParseResult& r) {
  if (!r.ok()) {
    for (const Diagnostic& d : r.diagnostics) {
      const auto where = [&] { return InvariantViolation{file + "!" + d.path, d.offset}; };
      if (d.code == pac::codes::offset_out_of_bounds.code) record(pac_invariant("pac.offsets-inside"), false, where);
      if (d.code == pac::codes::offset_into_table.code) record(pac_invariant("pac.no-member-over-table"), false, where);
    }
    return;
  }
  const pac::Container& c = *r.container;
  const uint64_t table = pac::table_end(c.slots.size());
  for (size_t k = 0; k < c.slots.size(); ++k) {
    const uint64_t offset = c.slots[k].get(pac::slot::offset);
    if (offset == 0) continue;
    record(pac_invariant("pac.offsets-inside"), offset < c.file_size, [&] {
      return InvariantViolation{file + "!slots[" + std::to_string(k) + "].offset", pac::kHeaderSpec.size + 4 * k};
    });
  }
  for (size_t m = 0; m < c.members.size(); ++m) {
    const pac::Member& member = c.members[m];
    const auto where = [&] { return InvariantViolation{file + "!slots[" + std::to_string(member.slots.front()) + "].member", member.offset}; };
    record(pac_invariant("pac.no-member-over-table"), member.offset >= table, where);
    const uint64_t next = m + 1 < c.members.size() ? c.members[m + 1].offset : c.file_size;
    record(pac_invariant("pac.extents-disjoint"), member.offset + member.extent <= next, where);
  }
}

void InvariantTallies::tally_msh(const std::string& file, const msh::ParseResult& r) {
  for (size_t item = 0; item < msh::codes::kInvariants.size(); ++item) {
    const auto& inv = msh::codes::kInvariants[item];
    const Diagnostic* hit = nullptr;
    for (const Diagnostic& d : r.diagnostics) {
      for (const DiagnosticCode* c : inv.codes)
        if (c && c->code == d.code) hit = &d;
      if (hit) break;
    }
    // A rejected model was not checked past its error: only the failing item counts.
    if (!r.ok() && !hit) continue;
    record(kMshItemsFirst + item, hit == nullptr,
           [&] { return InvariantViolation{file + "!" + hit->path, hit->offset}; });
  }
  if (!r.ok()) return;
  const msh::Model& m = *r.model;
  tally_msh_semantics(file, m);
  using msh::BatchStream;
  constexpr size_t kIndexStart = field_index<msh::kBatchSpec>("index_start");
  constexpr size_t kIndexCount = field_index<msh::kBatchSpec>("index_count");
  if (const auto* batches = m.get<BatchStream>(msh::stream_type::batches)) {
    uint64_t next = 0;
    bool contiguous = true;
    for (const msh::BatchRecord& b : batches->batches) {
      contiguous = contiguous && b.get(kIndexStart) == next;
      next = b.get(kIndexStart) + b.get(kIndexCount);
    }
    const uint64_t res13 = m.find(msh::stream_type::batches)->record.get(nres::entry::data_offset);
    record(msh_extra("msh.batches-tile-res6"), contiguous && next == msh::model_counts(m).indices,
           [&] { return InvariantViolation{file + "!res13", res13}; });
  }
  const auto* map = m.get<msh::WordStream>(msh::stream_type::frame_map);
  const uint64_t frames = msh::model_counts(m).frames;
  const auto nodes = msh::node_views(m);
  for (size_t n = 0; n < nodes.size(); ++n) {
    const msh::NodeView& v = nodes[n];
    if (v.anim_map_start == msh::kNone || !map || frames == 0 || v.anim_map_start + frames > map->words.size()) continue;
    uint16_t last = 0;
    for (uint64_t f = 0; f < frames; ++f) last = std::max(last, map->words[v.anim_map_start + f]);
    const nres::EntryRecord& res1 = m.find(msh::stream_type::nodes)->record;
    const uint64_t where =
        res1.get(nres::entry::data_offset) + n * res1.get(nres::entry::attr3) + msh::kNodeSpec.fields[3].offset;
    record(msh_extra("msh.fallback-is-last-key"), last == v.fallback_key, [&] {
      return InvariantViolation{file + "!res1[" + std::to_string(n) + "].fallback_key", where};
    });
  }
}

std::vector<std::string_view> InvariantTallies::violated_ids() const {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < counts_.size(); ++i)
    if (counts_[i].violated > 0) out.push_back(declared_invariants()[i].first);
  return out;
}

json InvariantTallies::to_json() const {
  json out = json::array();
  for (const InvariantTally& t : items()) {
    out.push_back({{"id", t.id},
                   {"description", t.description},
                   {"holds", t.holds},
                   {"violated", t.violated},
                   {"first_violation", t.first_violation ? json{{"path", t.first_violation->path},
                                                                {"offset", t.first_violation->offset}}
                                                         : json(nullptr)}});
    // Semantic invariants only; null when no instance was seen or the largest was not finite.
    if (t.semantic)
      out.back()["max_deviation"] =
          t.max_deviation && std::isfinite(*t.max_deviation) ? json(*t.max_deviation) : json(nullptr);
  }
  return out;
}

}  // namespace meshgate
