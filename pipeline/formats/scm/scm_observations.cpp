// The corpus tallies of DMC3 SCM stages (docs/spec/dmc3-scm.md §11 "what a
// harness must prove"): histograms, not rejections, so a user's sweep shows
// how far each open question of the spec reaches in their files.
#include "pipeline/formats/scm/scm_observations.hpp"

#include <charconv>
#include <cmath>
#include <map>

#include "parser/scm/scm_parser.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"

namespace meshgate::scm_row {

namespace {

void observe_object(const scm::Object& object, uint64_t mirror, FieldObserver& o);
void observe_scene(const scm::Model& model, FieldObserver& o);

void observe_stage(const scm::Model& model, bool canonical_layout, FieldObserver& o) {
  using namespace scm;
  const std::string_view f = kFormatName;
  o.observe(model.header);
  o.count(f, "stages", 1);
  char v[16];
  const auto w = std::to_chars(v, v + sizeof v, static_cast<double>(model.header.get_f32(hdr::version)),
                               std::chars_format::fixed, 2);
  o.version(f, std::string(v, w.ec == std::errc() ? w.ptr : v));
  o.count(f, "objects", model.objects.size());
  o.count(f, "noncanonical", canonical_layout ? 0 : 1);
  uint64_t nonzero_gap = 0;
  for (const Gap& g : model.gaps) nonzero_gap += !g.all_zero();
  o.count(f, "nonzero_gaps", nonzero_gap);
  for (const Object& object : model.objects) observe_object(object, model.header.get(hdr::texture_mirror), o);
  observe_scene(model, o);
}

void observe_object(const scm::Object& object, uint64_t mirror, FieldObserver& o) {
  using namespace scm;
  const std::string_view f = kFormatName;
  o.observe(object.record);
  static constexpr std::array<std::pair<uint32_t, std::string_view>, 12> kFlagKeys{{
      {0x1, "flag_bit=0x1"}, {0x2, "flag_bit=0x2"}, {0x4, "flag_bit=0x4"}, {0x8, "flag_bit=0x8"},
      {0x20, "flag_bit=0x20"}, {0x4000, "flag_bit=0x4000"}, {0x10000, "flag_bit=0x10000"},
      {0x20000, "flag_bit=0x20000"}, {0x40000, "flag_bit=0x40000"}, {0x80000, "flag_bit=0x80000"},
      {0x100000, "flag_bit=0x100000"}, {0x200000, "flag_bit=0x200000"}}};
  const auto flags = static_cast<uint32_t>(object.record.get(obj::flags));
  for (const auto& [bit, key] : kFlagKeys) o.count(f, key, (flags & bit) != 0 ? 1 : 0);
  o.count(f, object.record.get(obj::alpha) == 0x80 ? "alpha_control=0x80" : "alpha_control=other", 1);
  for (const Mesh& m : object.meshes) {
    o.observe(m.record);
    o.count(f, "meshes", 1);
    o.count(f, "vertices", m.vertex_count());
    o.count(f, "texture_index_at_or_past_mirror", m.record.get(mesh::texture_index) >= mirror ? 1 : 0);
    uint64_t breaks = 0, odd = 0;
    for (const U8x4& c : m.colour) {
      breaks += breaks_strip(c);
      odd += (c[3] & ~kTopologyBreakBit) != 0;
    }
    o.count(f, "break_flagged_vertices", breaks);
    o.count(f, "topology_bits_other", odd);
    const MeshFacing facing = face_mesh(m, Winding::normals, false);
    o.count(f, "runs", facing.strips.size());
    o.count(f, "zero_area_triangles", facing.dropped_degenerates);
    o.count(f, "generated_words", generated_index_list(m).size());
    o.count(f, "workspace_bytes", m.workspace.size());
    bool fill = false;
    for (size_t k = 2; k < m.workspace.size(); ++k) fill = fill || m.workspace[k] != std::byte{0};
    o.count(f, "nonzero_workspace_fill", fill ? 1 : 0);
  }
}

void observe_scene(const scm::Model& model, FieldObserver& o) {
  using namespace scm;
  const std::string_view f = kFormatName;
  const Scene& sc = model.scene;
  o.observe(sc.header);
  o.observe_all(std::span<const TransformRecord>(sc.transforms));
  o.count(f, "nodes", sc.order.size());
  uint64_t helpers = 0, roots = 0, magnitude_off = 0;
  std::map<int, uint64_t> bound;
  for (int8_t b : sc.bindings) {
    helpers += b < 0;
    if (b >= 0) ++bound[b];
  }
  for (int8_t p : sc.parents) roots += p < 0;
  o.count(f, "helper_nodes", helpers);
  for (size_t k = 0; k < model.objects.size(); ++k) {
    const uint64_t n = bound.count(static_cast<int>(k)) ? bound[static_cast<int>(k)] : 0;
    o.count(f, n == 0 ? "objects_bound_by=0" : n == 1 ? "objects_bound_by=1" : "objects_bound_by=2+", 1);
  }
  static constexpr std::array<std::string_view, 8> kRoots = {"roots=0", "roots=1", "roots=2", "roots=3",
                                                             "roots=4", "roots=5", "roots=6", "roots=7+"};
  o.count(f, kRoots[std::min<uint64_t>(roots, 7)], 1);
  static constexpr std::array<std::string_view, 8> kExtra = {
      "nodes_minus_objects=0", "nodes_minus_objects=1", "nodes_minus_objects=2", "nodes_minus_objects=3",
      "nodes_minus_objects=4", "nodes_minus_objects=5", "nodes_minus_objects=6", "nodes_minus_objects=7+"};
  if (sc.order.size() >= model.objects.size())
    o.count(f, kExtra[std::min<uint64_t>(sc.order.size() - model.objects.size(), 7)], 1);
  for (const TransformRecord& t : sc.transforms) {
    const double x = t.get_f32(xf::tx), y = t.get_f32(xf::tx + 1), z = t.get_f32(xf::tx + 2);
    const double length = std::sqrt(x * x + y * y + z * z);
    magnitude_off += std::fabs(length - t.get_f32(xf::magnitude)) > std::max(0.001, 1e-4 * length);
  }
  o.count(f, "translation_magnitude_off", magnitude_off);
  const RotationReach reach = rotation_reach(sc);
  o.count(f, "rotation=zero", reach.zero);
  o.count(f, "rotation=single_axis", reach.single_axis);
  o.count(f, "rotation=multi_axis", reach.multi_axis);
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<scm::ParseResult>(); r && r->ok()) observe_stage(*r->model, r->canonical_layout, into.corpus);
}

}  // namespace meshgate::scm_row
