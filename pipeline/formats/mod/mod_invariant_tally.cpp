// A DMC3 MOD's structural invariants, evaluated on the parsed model: its
// workspaces (spec §5), its streams' alignment, its skin words and its node
// block. A rejected file records none.
#include "pipeline/formats/mod/mod_invariant_tally.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"

namespace meshgate::mod_row {

namespace {

constexpr std::array kStructural{
    DeclaredInvariant{"mod.workspace-capacity", "a mesh's workspace spans align16(6(n-2)) bytes up to the next one or EOF (spec §5)"},
    DeclaredInvariant{"mod.workspace-tiling", "a file's workspaces are contiguous and the last ends at EOF (spec §5)"},
    DeclaredInvariant{"mod.aggregate-vertex-count", "object +0x02 == the sum of its meshes' vertex counts"},
    DeclaredInvariant{"mod.stream-alignment", "every vertex stream starts 16-aligned"},
    DeclaredInvariant{"mod.transform-length", "transform +0x0C == |translation| within 1e-5"},
    DeclaredInvariant{"mod.weight-sum-31", "q0 + q1 + q2 == 31 in every control word (skin rule 1)"},
    DeclaredInvariant{"mod.weights-non-increasing", "q0 >= q1 >= q2 in every control word (corpus observation)"},
    DeclaredInvariant{"mod.blend-lane-x-zero", "BLENDINDICES lane x is 0 (it takes no part in skinning)"},
    DeclaredInvariant{"mod.node-layout-formula",
                      "node arrays at 0x20, +align4(N), +2*align4(N), transforms at align16(0x20+3*align4(N))"},
};

// Positions fixed at compile time: a sweep tallies every file, and looking
// ids up by string cost more than the tallies did. An unknown id does not compile.
consteval size_t invariant(std::string_view id) {
  for (size_t i = 0; i < kStructural.size(); ++i)
    if (kStructural[i].id == id) return i;
  throw "an undeclared invariant id";
}

// Paths are made only for a first violation.
std::string object_path(size_t i) { return "objects[" + std::to_string(i) + "]"; }
std::string mesh_path(size_t i, size_t j) { return object_path(i) + ".meshes[" + std::to_string(j) + "]"; }

// A violation at `path()` (built only when needed) in `file`, at `offset`.
template <typename Path>
auto violation_at(const std::string& file, Path path, uint64_t offset) {
  return [&file, path, offset] { return InvariantViolation{file + "!" + path(), offset}; };
}

// A mesh's workspace (spec §5): where it starts, and the vertex count that sizes it.
struct Workspace {
  uint64_t begin, vertices;
  size_t object, mesh;
};

// One mesh's stream alignment and per-vertex skin items; its workspace, if
// it has one, joins `workspaces`.
void tally_mesh(const std::string& file, const mod::Object& o, size_t i, size_t j, const mod::SkinSummary& skin,
                std::vector<Workspace>& workspaces, InvariantRecorder& into) {
  using namespace mod;
  constexpr size_t align_id = invariant("mod.stream-alignment"), sum_id = invariant("mod.weight-sum-31"),
                   order_id = invariant("mod.weights-non-increasing"), lane_id = invariant("mod.blend-lane-x-zero");
  const Mesh& mesh = o.meshes[j];
  const auto path = [&] { return mesh_path(i, j); };
  const uint64_t record_at = mesh_record_offset(o.record, j).value_or(0);
  const uint64_t n = mesh.record.get(mesh::vertex_count);
  for (size_t s = 0; s < kStreamSpecs.size(); ++s) {
    const uint64_t off = stream_offset(mesh.record, s);
    into.record(align_id, off % kStreamAlignment == 0,
                violation_at(file, [&] { return path() + "." + std::string(kMeshSpec.fields[mesh::stream_offset(s)].name); },
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
  into.record_counts(sum_id, count, skin.sum_mismatches, [&] {
    const size_t v = first_vertex([&](unsigned w, const U8x4&) { return q(w, 0) + q(w, 1) + q(w, 2) != 31; });
    return InvariantViolation{file + "!" + path() + ".control[" + std::to_string(v) + "]", control_at + 2 * v};
  });
  into.record_counts(order_id, count, skin.non_increasing_violations, [&] {
    const size_t v = first_vertex([&](unsigned w, const U8x4&) { return !(q(w, 0) >= q(w, 1) && q(w, 1) >= q(w, 2)); });
    return InvariantViolation{file + "!" + path() + ".control[" + std::to_string(v) + "]", control_at + 2 * v};
  });
  into.record_counts(lane_id, count, skin.lane0_nonzero, [&] {
    const size_t v = first_vertex([](unsigned, const U8x4& lanes) { return lanes[0] != 0; });
    return InvariantViolation{file + "!" + path() + ".blend_indices[" + std::to_string(v) + "]", blend_at + 4 * v};
  });
}

// Each workspace spans its capacity up to the next one (or EOF), and together they tile the file's end.
void tally_workspaces(const std::string& file, std::vector<Workspace>& workspaces, uint64_t file_size,
                      InvariantRecorder& into) {
  constexpr size_t capacity_id = invariant("mod.workspace-capacity"), tiling_id = invariant("mod.workspace-tiling");
  std::sort(workspaces.begin(), workspaces.end(), [](const Workspace& a, const Workspace& b) { return a.begin < b.begin; });
  bool tiled = !workspaces.empty();
  for (size_t k = 0; k < workspaces.size(); ++k) {
    const uint64_t end = k + 1 < workspaces.size() ? workspaces[k + 1].begin : file_size;
    const bool fits = end >= workspaces[k].begin && end - workspaces[k].begin == mod::workspace_capacity(workspaces[k].vertices);
    into.record(capacity_id, fits,
                violation_at(file, [&] { return mesh_path(workspaces[k].object, workspaces[k].mesh) + ".workspace"; },
                             workspaces[k].begin));
    tiled = tiled && fits;
  }
  if (!workspaces.empty())
    into.record(tiling_id, tiled,
                violation_at(file, [&] { return mesh_path(workspaces.front().object, workspaces.front().mesh) + ".workspace"; },
                             workspaces.front().begin));
}

// The node block: its arrays where the retail formula puts them, and each transform's stored translation length.
void tally_nodes(const std::string& file, const mod::Model& m, InvariantRecorder& into) {
  using namespace mod;
  constexpr size_t length_id = invariant("mod.transform-length"), layout_id = invariant("mod.node-layout-formula");
  const uint64_t block = m.header.get(hdr::document_offset);
  const NodeLayout expected = retail_node_layout(m.nodes.order.size());
  const NodeLayout actual{m.nodes.header.get(node::parent_rel), m.nodes.header.get(node::order_rel),
                          m.nodes.header.get(node::group_rel), m.nodes.header.get(node::transform_rel)};
  into.record(layout_id, actual == expected, violation_at(file, [] { return std::string("nodes.parent_array_rel"); }, block));
  for (size_t k = 0; k < m.nodes.transforms.size(); ++k) {
    const TransformRecord& t = m.nodes.transforms[k];
    const double x = t.get_f32(xf::tx), y = t.get_f32(xf::tx + 1), z = t.get_f32(xf::tx + 2);
    const double length = std::sqrt(x * x + y * y + z * z);
    const uint64_t where = block + m.nodes.header.get(node::transform_rel) + k * kTransformSpec.size +
                           kTransformSpec.fields[xf::length].offset;
    into.record(length_id, std::fabs(static_cast<double>(t.get_f32(xf::length)) - length) <= 1e-5,
                violation_at(file, [&] { return "nodes.transforms[" + std::to_string(k) + "].translation_length"; }, where));
  }
}

// A parsed MOD's instances (the per-vertex items reuse the parser's skin summaries).
void tally_model(const std::string& file, const mod::ParseResult& result, InvariantRecorder& into) {
  using namespace mod;
  const Model& m = *result.model;
  size_t analysis = 0;  // the parser's per-mesh analyses, in object/mesh order
  constexpr size_t aggregate_id = invariant("mod.aggregate-vertex-count");
  std::vector<Workspace> workspaces;
  for (size_t i = 0; i < m.objects.size(); ++i) {
    const Object& o = m.objects[i];
    uint64_t sum = 0;
    for (size_t j = 0; j < o.meshes.size(); ++j) {
      sum += o.meshes[j].record.get(mesh::vertex_count);
      tally_mesh(file, o, i, j, result.meshes.at(analysis++).skin, workspaces, into);
    }
    into.record(aggregate_id, o.record.get(obj::aggregate_count) == sum,
                violation_at(file, [&] { return object_path(i) + ".aggregate_element_count"; },
                             object_record_offset(i) + kObjectSpec.fields[obj::aggregate_count].offset));
  }
  tally_workspaces(file, workspaces, m.file_size, into);
  tally_nodes(file, m, into);
  tally_semantics(file, m, into);
}

std::span<const DeclaredInvariant> structural_invariants() { return kStructural; }

void tally(const ParsedView& v, const std::string& path, InvariantRecorder& into) {
  if (const auto* result = v.as<mod::ParseResult>(); result && result->ok()) tally_model(path, *result, into);
}

}  // namespace

const RowInvariants kInvariants{structural_invariants, semantic_invariants, tally};

}  // namespace meshgate::mod_row
