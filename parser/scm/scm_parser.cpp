#include "parser/scm/scm_parser.hpp"

#include <algorithm>
#include <cmath>

#include "parser/core/checked_math.hpp"
#include "parser/core/record_reader.hpp"
#include "parser/scm/scm_diagnostic_codes.hpp"
#include "parser/scm/scm_layout.hpp"
#include "parser/scm/scm_scene.hpp"

namespace meshgate::scm {

namespace {

std::string range_text(uint64_t begin, uint64_t length) {
  const auto end = checked_add(begin, length);
  return "[" + hex_offset(begin) + ", " + (end ? hex_offset(*end) : std::string("overflow")) + ")";
}

bool is_finite_bits(uint32_t bits) { return (bits & 0x7F800000u) != 0x7F800000u; }

std::string object_path(size_t o) { return "objects[" + std::to_string(o) + "]"; }
std::string mesh_path(size_t o, size_t m) { return object_path(o) + ".meshes[" + std::to_string(m) + "]"; }

// A part of the file a record places: proven inside the file and disjoint
// from every other part before any stream is copied.
struct Region {
  uint64_t begin, length;
  std::string path;
};

// Where a mesh's parts lie, resolved from its record (bounds checked).
struct MeshPlacement {
  uint32_t owner = 0;  // "objects[i].meshes[j]" in the coverage map
  uint64_t record = 0;
  std::array<uint64_t, 4> streams{};
  uint64_t workspace = 0, capacity = 0;
};

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_objects() && parse_scene() && check_regions() && load_contents() &&
        check_scene() && check_layout(result)) {
      result.coverage = cov_.summarize(in_.size());
      model_.gaps = collect_gaps(result.coverage, in_.bytes());
      check_trailing();
    }
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.model = std::move(model_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.warn(code, std::move(path), offset, std::move(message));
  }
  void add_region(uint64_t begin, uint64_t length, std::string path) {
    if (length > 0) regions_.push_back({begin, length, std::move(path)});
  }
  // The listed byte fields of `record` at `offset` that are not all zero: one warning each.
  template <const auto& Spec>
  bool warn_nonzero(const Record<Spec>& record, uint64_t offset, const std::string& path,
                    std::initializer_list<size_t> fields, const DiagnosticCode& code) {
    for (size_t f : fields) {
      const Bytes raw = record.raw(f);
      if (std::all_of(raw.begin(), raw.end(), [](std::byte b) { return b == std::byte{0}; })) continue;
      const FieldSpec& spec = Spec.fields[f];
      if (!warn(code, path + "." + std::string(spec.name), offset + spec.offset,
                std::string(spec.name) + " is not zero (zero in every corpus); raw bytes kept"))
        return false;
    }
    return true;
  }

  // ---- header (spec §2) ------------------------------------------------------
  bool parse_header() {
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 0x40-byte SCM header");
    (void)read_record(in_, 0, cov_.add_owner("header"), cov_, model_.header);  // size checked above
    model_.file_size = in_.size();
    const HeaderRecord& h = model_.header;
    if (!looks_like_scm(in_.bytes()))
      return fail(codes::not_scm, "header.magic", 0, "the first four bytes are not \"SCM \" (53 43 4D 20)");
    const float version = h.get_f32(hdr::version);
    const bool known = std::any_of(kKnownVersions.begin(), kKnownVersions.end(),
                                   [&](float k) { return std::fabs(version - k) <= kVersionEpsilon; });
    if (!known && !warn(codes::unconfirmed_version, "header.version", kHeaderSpec.fields[hdr::version].offset,
                        "version " + std::to_string(version) + " is not one of 0.83, 0.90, 1.00, 1.01"))
      return false;
    if (!warn_nonzero(h, 0, "header", {hdr::reserved08, hdr::reserved18, hdr::reserved28},
                      codes::header_reserved_nonzero))
      return false;
    const uint64_t objects = h.get(hdr::object_count);
    table_end_ = object_record_offset(objects);
    if (table_end_ > in_.size())
      return fail(codes::truncated_object_table, "header.object_count", kHeaderSpec.fields[hdr::object_count].offset,
                  std::to_string(objects) + " objects need an object table " +
                      range_text(kObjectTableOffset, table_end_ - kObjectTableOffset) + " past the " +
                      std::to_string(in_.size()) + "-byte file");
    add_region(0, kHeaderSpec.size, "header");
    add_region(kObjectTableOffset, table_end_ - kObjectTableOffset, "object table");
    return true;
  }

  // ---- objects and mesh records (spec §3, §4) --------------------------------
  bool parse_objects() {
    const auto count = static_cast<size_t>(model_.header.get(hdr::object_count));
    model_.objects.resize(count);
    for (size_t o = 0; o < count; ++o)
      (void)read_record(in_, object_record_offset(o), cov_.add_owner(object_path(o)), cov_,
                        model_.objects[o].record);  // the table fits (parse_header)
    for (size_t o = 0; o < count; ++o)
      if (!parse_object(o)) return false;
    return true;
  }

  bool parse_object(size_t o) {
    Object& object = model_.objects[o];
    const ObjectRecord& r = object.record;
    const uint64_t at = object_record_offset(o);
    if (!warn_nonzero(r, at, object_path(o), {obj::reserved04, obj::reserved14}, codes::object_reserved_nonzero))
      return false;
    const uint64_t meshes = r.get(obj::mesh_count), table = r.get(obj::mesh_table);
    const uint64_t field_at = at + kObjectSpec.fields[obj::mesh_table].offset;
    if (meshes > 0) {
      if (!range_fits(table, meshes * kMeshSpec.size, in_.size()) || table < table_end_)
        return fail(codes::mesh_table_out_of_bounds, object_path(o) + ".mesh_table_offset", field_at,
                    std::to_string(meshes) + " mesh records " + range_text(table, meshes * kMeshSpec.size) +
                        (table < table_end_ ? " start inside the header or object table"
                                            : " run past the " + std::to_string(in_.size()) + "-byte file"));
      add_region(table, meshes * kMeshSpec.size, object_path(o) + " mesh table");
    }
    object.meshes.resize(static_cast<size_t>(meshes));
    uint64_t vertex_sum = 0;
    for (size_t m = 0; m < meshes; ++m) {
      if (!parse_mesh_record(o, m, table + m * kMeshSpec.size)) return false;
      vertex_sum += object.meshes[m].record.get(mesh::vertex_count);
    }
    const uint64_t total = r.get(obj::vertex_total);
    if (total != vertex_sum)
      return fail(codes::object_vertex_count_mismatch, object_path(o) + ".total_vertex_count",
                  at + kObjectSpec.fields[obj::vertex_total].offset,
                  "total vertex count " + std::to_string(total) + " differs from the sum " +
                      std::to_string(vertex_sum) + " of the object's mesh vertex counts");
    return true;
  }

  bool parse_mesh_record(size_t o, size_t m, uint64_t at) {
    const std::string path = mesh_path(o, m);
    Mesh& mesh = model_.objects[o].meshes[m];
    const uint32_t owner = cov_.add_owner(path);
    (void)read_record(in_, at, owner, cov_, mesh.record);  // the table fits (parse_object)
    const MeshRecord& r = mesh.record;
    auto field_at = [&](size_t f) { return at + kMeshSpec.fields[f].offset; };
    const bool last = m + 1 == model_.objects[o].meshes.size();
    const uint64_t span = r.get(mesh::continuation);
    if (span != (last ? 0 : kMeshSpec.size))
      return fail(codes::mesh_continuation_mismatch, path + ".continuation_span", field_at(mesh::continuation),
                  "continuation span " + hex_offset(span) + " on the " + (last ? "last" : "non-final") +
                      " mesh of its object; it must be " + (last ? "0" : "0x50"));
    for (size_t f = mesh::clamp_first; f <= mesh::clamp_last; ++f)
      if (r.get(f) > 0x3FF &&
          !warn(codes::gs_clamp_field_out_of_range, path + "." + std::string(kMeshSpec.fields[f].name), field_at(f),
                "GS CLAMP value " + hex_offset(r.get(f)) + " exceeds 10 bits; raw value kept"))
        return false;
    if (!warn_nonzero(r, at, path, {mesh::reserved0c, mesh::reserved30, mesh::reserved4c}, codes::mesh_reserved_nonzero))
      return false;
    if (r.get(mesh::generated_count) != 0 &&
        !warn(codes::generated_count_nonzero, path + ".generated_index_count", field_at(mesh::generated_count),
              "generated index count " + std::to_string(r.get(mesh::generated_count)) +
                  " is not 0: serialized files hold 0, a post-loaded image does not"))
      return false;
    const uint64_t slot = r.get(mesh::texture_index), mirror = model_.header.get(hdr::texture_mirror);
    if (slot >= mirror &&
        !warn(codes::texture_index_exceeds_mirror, path + ".texture_index", field_at(mesh::texture_index),
              "texture index " + std::to_string(slot) + " is not below the header's mirror " +
                  std::to_string(mirror) + " (the companion's count decides)"))
      return false;
    return place_mesh(path, owner, at, r);
  }

  // Each stream and the workspace inside the file (spec §10 mesh-stream-out-of-bounds).
  bool place_mesh(const std::string& path, uint32_t owner, uint64_t at, const MeshRecord& r) {
    const uint64_t n = r.get(mesh::vertex_count);
    MeshPlacement p;
    p.owner = owner;
    p.record = at;
    for (size_t s = 0; s < kStreamSpecs.size(); ++s) {
      const size_t f = mesh::kStreamField[s];
      p.streams[s] = r.get(f);
      const uint64_t length = kStreamSpecs[s].stride * n;
      if (!range_fits(p.streams[s], length, in_.size()))
        return fail(codes::mesh_stream_out_of_bounds, path + "." + std::string(kMeshSpec.fields[f].name),
                    at + kMeshSpec.fields[f].offset,
                    std::string(kStreamSpecs[s].name) + " stream " + range_text(p.streams[s], length) +
                        " lies outside the " + std::to_string(in_.size()) + "-byte file");
      add_region(p.streams[s], length, path + "." + std::string(kStreamSpecs[s].name));
    }
    p.capacity = workspace_capacity(n);
    const uint64_t rel = r.get(mesh::workspace_rel);
    const auto ws = checked_add(at, rel);
    if (!ws || !range_fits(*ws, p.capacity, in_.size()))
      return fail(codes::mesh_stream_out_of_bounds, path + ".workspace_rel", at + kMeshSpec.fields[mesh::workspace_rel].offset,
                  "workspace at mesh record " + hex_offset(at) + " + " + hex_offset(rel) + " = " +
                      (ws ? range_text(*ws, p.capacity) : std::string("overflow")) + " lies outside the file");
    p.workspace = *ws;
    add_region(p.workspace, p.capacity, path + ".workspace");
    placements_.push_back(p);
    return true;
  }

  // ---- scene-node block (spec §7): bounds ------------------------------------
  bool parse_scene() {
    const uint64_t block = model_.header.get(hdr::scene_offset);
    const uint64_t field_at = kHeaderSpec.fields[hdr::scene_offset].offset;
    if (!range_fits(block, kSceneHeaderSpec.size, in_.size()))
      return fail(codes::scene_block_out_of_bounds, "header.scene_node_block_offset", field_at,
                  "scene block header " + range_text(block, kSceneHeaderSpec.size) + " runs past the " +
                      std::to_string(in_.size()) + "-byte file");
    scene_owner_ = cov_.add_owner("scene");
    (void)read_record(in_, block, scene_owner_, cov_, model_.scene.header);
    add_region(block, kSceneHeaderSpec.size, "scene header");
    const SceneHeaderRecord& h = model_.scene.header;
    if (!warn_nonzero(h, block, "scene", {scene::shell}, codes::scene_header_reserved_nonzero)) return false;
    const uint64_t n = model_.header.get(hdr::node_count);
    const std::array<size_t, 4> fields = {scene::parent_rel, scene::order_rel, scene::binding_rel, scene::transform_rel};
    const std::array<uint64_t, 4> room = {n, n, n, kTransformSpec.size * n};
    const std::array<const char*, 4> names = {"parent array", "order array", "object binding array", "transform table"};
    for (size_t k = 0; k < 4; ++k) {
      const uint64_t rel = h.get(fields[k]);
      const uint64_t floor = k == 0 ? kSceneHeaderSpec.size : h.get(fields[k - 1]) + room[k - 1];
      const auto begin = checked_add(block, rel);
      if (rel < floor || !begin || !range_fits(*begin, room[k], in_.size()))
        return fail(codes::scene_arrays_out_of_bounds, "scene." + std::string(kSceneHeaderSpec.fields[fields[k]].name),
                    block + kSceneHeaderSpec.fields[fields[k]].offset,
                    std::string(names[k]) + " at block " + hex_offset(block) + " + " + hex_offset(rel) +
                        (rel < floor ? " starts before " + hex_offset(floor) + " (the relatives must increase with room for " +
                                           std::to_string(n) + " nodes)"
                                     : " (" + std::to_string(room[k]) + " bytes) runs past the end of the file"));
      add_region(*begin, room[k], std::string("scene ") + names[k]);
    }
    return true;
  }

  // ---- every region disjoint (spec §10 region-overlap) -----------------------
  bool check_regions() {
    std::sort(regions_.begin(), regions_.end(), [](const Region& a, const Region& b) { return a.begin < b.begin; });
    for (size_t k = 1; k < regions_.size(); ++k) {
      const Region& prev = regions_[k - 1];
      const Region& cur = regions_[k];
      if (cur.begin < prev.begin + prev.length)
        return fail(codes::region_overlap, cur.path, cur.begin,
                    cur.path + " " + range_text(cur.begin, cur.length) + " overlaps " + prev.path + " " +
                        range_text(prev.begin, prev.length));
    }
    if (!regions_.empty()) regions_end_ = regions_.back().begin + regions_.back().length;
    return true;
  }

  // ---- contents: streams, workspaces, node arrays and transforms -------------
  bool load_contents() {
    size_t p = 0;
    for (size_t o = 0; o < model_.objects.size(); ++o)
      for (size_t m = 0; m < model_.objects[o].meshes.size(); ++m)
        if (!load_mesh(o, m, placements_[p++])) return false;
    load_scene_arrays();
    return true;
  }

  bool load_mesh(size_t o, size_t m, const MeshPlacement& p) {
    Mesh& mesh = model_.objects[o].meshes[m];
    const auto n = static_cast<size_t>(mesh.record.get(mesh::vertex_count));
    const std::string path = mesh_path(o, m);
    const uint32_t owner = p.owner;
    mesh.positions.resize(n);
    mesh.normals.resize(n);
    mesh.uv.resize(n);
    mesh.colour.resize(n);
    load_le_elements(*in_.slice(p.streams[stream::positions], 12 * n), std::span(mesh.positions));
    load_le_elements(*in_.slice(p.streams[stream::normals], 12 * n), std::span(mesh.normals));
    load_le_elements(*in_.slice(p.streams[stream::uv], 4 * n), std::span(mesh.uv));
    load_le_elements(*in_.slice(p.streams[stream::colour], 4 * n), std::span(mesh.colour));
    for (size_t s = 0; s < kStreamSpecs.size(); ++s) {
      cov_.mark(p.streams[s], kStreamSpecs[s].stride * n, owner, kStreamSpecs[s].name);
      if (n > 0 && p.streams[s] % kStreamAlignment != 0 &&
          !warn(codes::stream_misaligned, path + "." + std::string(kStreamSpecs[s].name), p.streams[s],
                std::string(kStreamSpecs[s].name) + " stream starts at " + hex_offset(p.streams[s]) + ", not 16-aligned"))
        return false;
    }
    const Bytes ws = *in_.slice(p.workspace, p.capacity);
    mesh.workspace.assign(ws.begin(), ws.end());
    cov_.mark(p.workspace, p.capacity, owner, kWorkspaceSpec.name);
    return check_mesh_contents(path, p, mesh);
  }

  bool check_mesh_contents(const std::string& path, const MeshPlacement& p, const Mesh& mesh) {
    if (p.capacity > 0 && p.workspace % kStreamAlignment != 0 &&
        !warn(codes::stream_misaligned, path + ".workspace", p.workspace,
              "workspace starts at " + hex_offset(p.workspace) + ", not 16-aligned"))
      return false;
    if (p.capacity >= 2) {
      const auto first = static_cast<uint16_t>(load_uint_le(Bytes(mesh.workspace).first(2), 2));
      if (first != kWorkspaceSentinel &&
          !warn(codes::index_workspace_sentinel, path + ".workspace", p.workspace,
                "the workspace opens with " + hex_offset(first) + ", not the 0x1212 sentinel post-load looks for"))
        return false;
    }
    size_t non_finite = 0, odd_topology = 0;
    for (size_t v = 0; v < mesh.positions.size(); ++v) {
      for (size_t c = 0; c < 3; ++c)
        non_finite += !is_finite_bits(mesh.positions[v][c]) + !is_finite_bits(mesh.normals[v][c]);
      odd_topology += (mesh.colour[v][3] & ~kTopologyBreakBit) != 0;
    }
    if (non_finite > 0 &&
        !warn(codes::non_finite_vector, path + ".positions", p.streams[stream::positions],
              std::to_string(non_finite) + " position/normal components are NaN or infinite; raw bits kept"))
      return false;
    if (odd_topology > 0 &&
        !warn(codes::unconfirmed_topology_bits, path + ".colour", p.streams[stream::colour],
              std::to_string(odd_topology) + " vertices have a topology byte other than 0x00 and 0x02; kept raw"))
      return false;
    return true;
  }

  void load_scene_arrays() {
    Scene& sc = model_.scene;
    const uint64_t block = model_.header.get(hdr::scene_offset);
    const auto n = static_cast<size_t>(model_.header.get(hdr::node_count));
    const uint32_t owner = scene_owner_;
    auto copy = [&](size_t field, auto& out, std::string_view leaf) {
      const uint64_t at = block + sc.header.get(field);
      const Bytes bytes = *in_.slice(at, n);  // checked by parse_scene
      out.resize(n);
      std::transform(bytes.begin(), bytes.end(), out.begin(),
                     [](std::byte b) { return static_cast<typename std::decay_t<decltype(out)>::value_type>(b); });
      cov_.mark(at, n, owner, leaf);
    };
    copy(scene::parent_rel, sc.parents, kParentArraySpec.name);
    copy(scene::order_rel, sc.order, kOrderArraySpec.name);
    copy(scene::binding_rel, sc.bindings, kBindingArraySpec.name);
    const uint64_t xf = block + sc.header.get(scene::transform_rel);
    const uint32_t xf_owner =
        cov_.add_record_table_owner("scene.transforms", xf, kTransformSpec.size, kTransformSpec.fields);
    cov_.mark_records(xf, n, xf_owner);
    sc.transforms.resize(n);
    for (size_t k = 0; k < n; ++k) sc.transforms[k].decode(*in_.slice(xf + k * kTransformSpec.size, kTransformSpec.size));
  }

  // ---- scene values (spec §7, §10) -------------------------------------------
  bool check_scene() {
    const Scene& sc = model_.scene;
    const uint64_t block = model_.header.get(hdr::scene_offset);
    const uint64_t n = sc.order.size(), objects = model_.objects.size();
    auto array_at = [&](size_t field, size_t k) { return block + sc.header.get(field) + k; };
    for (size_t k = 0; k < n; ++k)
      if (sc.parents[k] < -1 || sc.parents[k] >= static_cast<int64_t>(n))
        return fail(codes::scene_parent_out_of_range, "scene.parents[" + std::to_string(k) + "]",
                    array_at(scene::parent_rel, k),
                    "parent " + std::to_string(sc.parents[k]) + " at order position " + std::to_string(k) +
                        " is not -1 or a node index below " + std::to_string(n));
    std::vector<bool> seen(n, false);
    for (size_t k = 0; k < n; ++k) {
      if (sc.order[k] >= n || seen[sc.order[k]])
        return fail(codes::scene_order_not_permutation, "scene.order[" + std::to_string(k) + "]",
                    array_at(scene::order_rel, k),
                    "order value " + std::to_string(sc.order[k]) + " at position " + std::to_string(k) +
                        (sc.order[k] >= n ? " is not below N = " + std::to_string(n) : " repeats an earlier one"));
      seen[sc.order[k]] = true;
    }
    for (size_t k = 0; k < n; ++k)
      if (sc.bindings[k] < -1 || sc.bindings[k] >= static_cast<int64_t>(objects))
        return fail(codes::scene_object_binding_out_of_range, "scene.object_bindings[" + std::to_string(k) + "]",
                    array_at(scene::binding_rel, k),
                    "node " + std::to_string(k) + " binds object " + std::to_string(sc.bindings[k]) +
                        ", not -1 or an object index below " + std::to_string(objects));
    const uint64_t light = model_.header.get(hdr::lighting_node);
    if (light >= n)
      return fail(codes::lighting_node_out_of_range, "header.lighting_reference_node_index",
                  kHeaderSpec.fields[hdr::lighting_node].offset,
                  "lighting reference node " + std::to_string(light) + " is not below N = " + std::to_string(n));
    return check_transforms(block) && check_hierarchy(block);
  }

  bool check_transforms(uint64_t block) {
    const Scene& sc = model_.scene;
    const uint64_t xf = block + sc.header.get(scene::transform_rel);
    for (size_t k = 0; k < sc.transforms.size(); ++k) {
      const TransformRecord& t = sc.transforms[k];
      const std::string path = "scene.transforms[" + std::to_string(k) + "]";
      const uint64_t at = xf + k * kTransformSpec.size;
      size_t non_finite = 0;
      for (size_t f = 0; f < xf::reserved1c; ++f) non_finite += !is_finite_bits(static_cast<uint32_t>(t.get(f)));
      if (non_finite > 0 && !warn(codes::non_finite_vector, path, at,
                                  std::to_string(non_finite) + " transform components are NaN or infinite; raw bits kept"))
        return false;
      const double x = t.get_f32(xf::tx), y = t.get_f32(xf::tx + 1), z = t.get_f32(xf::tx + 2);
      const double length = std::sqrt(x * x + y * y + z * z), stored = t.get_f32(xf::magnitude);
      if (std::fabs(length - stored) > std::max(0.001, 1e-4 * length) &&
          !warn(codes::scene_translation_magnitude, path + ".translation_magnitude",
                at + kTransformSpec.fields[xf::magnitude].offset,
                "stored magnitude " + std::to_string(stored) + " differs from |t| = " + std::to_string(length)))
        return false;
      if (t.get(xf::reserved1c) != 0 &&
          !warn(codes::scene_transform_reserved_nonzero, path + ".reserved1c",
                at + kTransformSpec.fields[xf::reserved1c].offset, "transform +0x1C is not zero; raw bits kept"))
        return false;
    }
    return true;
  }

  bool check_hierarchy(uint64_t block) {
    const auto bad = first_non_topological_position(model_.scene);
    if (!bad) return true;
    const Scene& sc = model_.scene;
    return warn(codes::scene_hierarchy_not_topological, "scene.parents[" + std::to_string(*bad) + "]",
                block + sc.header.get(scene::parent_rel) + *bad,
                *bad == 0 ? "order position 0 is not a root (-1); glTF export of this file fails closed"
                          : "parent " + std::to_string(sc.parents[*bad]) + " at order position " + std::to_string(*bad) +
                                " is not evaluated at an earlier position; glTF export of this file fails closed");
  }

  // ---- layout (spec §6) -------------------------------------------------------
  bool check_layout(ParseResult& result) {
    std::vector<std::vector<uint64_t>> counts(model_.objects.size());
    for (size_t o = 0; o < model_.objects.size(); ++o)
      for (const Mesh& m : model_.objects[o].meshes) counts[o].push_back(m.positions.size());
    const CanonicalPlacement c = canonical_placement(counts, model_.scene.order.size());
    const std::optional<std::string> differs = first_noncanonical(c);
    result.canonical_layout = !differs;
    return !differs || warn(codes::layout_noncanonical, *differs, 0,
                            *differs + " differs from the canonical layout (spec §6); the stored offsets are kept");
  }

  std::optional<std::string> first_noncanonical(const CanonicalPlacement& c) const {
    if (model_.header.get(hdr::scene_offset) != c.scene_block) return "header.scene_node_block_offset";
    const SceneHeaderRecord& h = model_.scene.header;
    if (SceneRelatives{h.get(scene::parent_rel), h.get(scene::order_rel), h.get(scene::binding_rel),
                       h.get(scene::transform_rel)} != c.scene)
      return "scene.parent_rel";
    size_t p = 0;
    for (size_t o = 0; o < model_.objects.size(); ++o) {
      const Object& object = model_.objects[o];
      if (!object.meshes.empty() && object.record.get(obj::mesh_table) != c.objects[o].mesh_table)
        return object_path(o) + ".mesh_table_offset";
      for (size_t m = 0; m < object.meshes.size(); ++m, ++p) {
        const CanonicalMesh& want = c.objects[o].meshes[m];
        for (size_t s = 0; s < kStreamSpecs.size(); ++s)
          if (placements_[p].streams[s] != want.streams[s])
            return mesh_path(o, m) + "." + std::string(kMeshSpec.fields[mesh::kStreamField[s]].name);
        if (placements_[p].workspace != want.workspace) return mesh_path(o, m) + ".workspace_rel";
      }
    }
    if (c.end != in_.size() && c.end != regions_end_) return "end of file";
    return std::nullopt;
  }

  // Bytes after the last region: a recorded gap (a container extent's padding), kept.
  void check_trailing() {
    if (regions_end_ < in_.size())
      warn(codes::trailing_bytes, "trailing", regions_end_,
           std::to_string(in_.size() - regions_end_) + " bytes after the model's last region at " +
               hex_offset(regions_end_) + "; kept as a gap");
  }

  ByteReader in_;
  Diagnostics diags_;
  CoverageMap cov_;
  Model model_;
  std::vector<Region> regions_;
  std::vector<MeshPlacement> placements_;  // in object, mesh order
  uint64_t table_end_ = 0, regions_end_ = 0;
  uint32_t scene_owner_ = 0;
};

}  // namespace

bool looks_like_scm(Bytes prefix) { return has_magic(prefix, kMagics[0]); }

ParseResult parse_scm(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

std::vector<Diagnostic> check_companion(const Model& model, uint64_t texture_count) {
  Diagnostics diags;
  const uint64_t mirror = model.header.get(hdr::texture_mirror);
  if (mirror != texture_count)
    diags.warn(codes::texture_mirror_mismatch, "header.texture_slot_mirror",
               kHeaderSpec.fields[hdr::texture_mirror].offset,
               "the header mirrors " + std::to_string(mirror) + " textures; the companion holds " +
                   std::to_string(texture_count));
  for (size_t o = 0; o < model.objects.size(); ++o)
    for (size_t m = 0; m < model.objects[o].meshes.size(); ++m) {
      const uint64_t slot = model.objects[o].meshes[m].record.get(mesh::texture_index);
      if (slot < texture_count) continue;
      diags.reject(codes::texture_index_out_of_range, mesh_path(o, m) + ".texture_index",
                   model.objects[o].record.get(obj::mesh_table) + m * kMeshSpec.size +
                       kMeshSpec.fields[mesh::texture_index].offset,
                   "texture index " + std::to_string(slot) + " is not below the companion's " +
                       std::to_string(texture_count) + " textures");
      return diags.take();
    }
  return diags.take();
}

}  // namespace meshgate::scm
