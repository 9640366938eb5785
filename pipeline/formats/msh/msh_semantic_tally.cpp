// An MSH model's semantic invariants, tallied per instance: per slot and per
// model (Res2's stored boxes, spheres and capsule against the vertices the
// batches reach), per vertex (Res4's normals of unit length). Batch, index
// and node references are spec §4 items (msh.4.*): a model whose references
// do not resolve is rejected, so they are tallied there, not here.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "observe/bound_fit.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_streams.hpp"
#include "pipeline/formats/msh/msh_invariant_tally.hpp"

namespace meshgate::msh_row {

namespace {

using namespace measure;

// MSH normals are s8/127: each component is off by at most 0.5/127, so the
// length by at most sqrt(3) * 0.5/127 = 0.0068; 0.01 leaves room for the
// builder's own rounding and nothing more.
constexpr double kNormalTolerance = 0.01;

constexpr std::array kSemantic{
    DeclaredInvariant{"msh.model-box-contains", "Res2 corner box contains every vertex the batches reach"},
    DeclaredInvariant{"msh.model-box-is-min-max", "Res2 corner box == min/max of the vertices the batches reach"},
    DeclaredInvariant{"msh.model-sphere-contains", "Res2 bounding sphere contains every vertex the batches reach"},
    DeclaredInvariant{"msh.model-sphere-centre-is-box-midpoint", "Res2 sphere centre == midpoint of the vertices' min/max box"},
    DeclaredInvariant{"msh.model-sphere-centre-is-centroid", "Res2 sphere centre == mean of the vertices the batches reach"},
    DeclaredInvariant{"msh.model-sphere-radius-is-max-distance",
                      "Res2 sphere radius == largest distance of those vertices from the stored centre"},
    DeclaredInvariant{"msh.model-capsule-contains", "every reached vertex lies within capsule_radius of segment A-B"},
    DeclaredInvariant{"msh.slot-aabb-contains", "a slot's AABB contains every vertex its batches reach"},
    DeclaredInvariant{"msh.slot-aabb-is-min-max", "a slot's AABB == min/max of the vertices its batches reach"},
    DeclaredInvariant{"msh.slot-sphere-contains", "a slot's sphere contains every vertex its batches reach"},
    DeclaredInvariant{"msh.slot-sphere-centre-is-box-midpoint", "a slot's sphere centre == midpoint of its AABB of vertices"},
    DeclaredInvariant{"msh.slot-sphere-centre-is-centroid", "a slot's sphere centre == mean of the vertices it reaches"},
    DeclaredInvariant{"msh.slot-sphere-radius-is-max-distance",
                      "a slot's sphere radius == largest distance of its vertices from the stored centre"},
    DeclaredInvariant{"msh.normal-unit-length", "every Res4 normal (s8/127, 3 lanes) has |n| == 1 within 0.01"},
};

// The position of `id` in kSemantic, at compile time (an unknown id does not compile).
consteval size_t semantic(std::string_view id) {
  for (size_t i = 0; i < kSemantic.size(); ++i)
    if (kSemantic[i].id == id) return i;
  throw "an undeclared semantic invariant";
}

// The streams the bound relations read (Res2 and Res3 present), and where Res2 lies.
struct VolumeStreams {
  const msh::HeaderSlotStream& res2;
  const msh::PositionStream& positions;
  const msh::WordStream* indices;
  const msh::BatchStream* batches;
  uint64_t res2_at;

  [[nodiscard]] Vec3 point(size_t v) const { return vec_of_bits(positions.positions[v]); }
  [[nodiscard]] double header_f32(std::string_view name) const {
    for (size_t f = 0; f < msh::kModelHeaderSpec.fields.size(); ++f)
      if (msh::kModelHeaderSpec.fields[f].name == name) return static_cast<double>(res2.header.get_f32(f));
    return 0.0;
  }
};

// Each vertex is added once per volume: the centroid is over distinct
// vertices. seen_by_slot[v] = 1 + the last slot that added v.
struct SeenVertices {
  explicit SeenVertices(size_t vertex_count) : by_slot(vertex_count, 0), by_model(vertex_count, false) {}
  std::vector<uint32_t> by_slot;
  std::vector<bool> by_model;
};

// The vertices slot `s`'s batches name, into its cloud and (the first time
// each is seen) the model's. References that do not resolve are skipped:
// the parser rejects such a model (§4), so none reaches here unless the checks change.
void gather_slot(const VolumeStreams& g, const msh::SlotRecord& slot, size_t s, Cloud& cloud, Cloud& model,
                 SeenVertices& seen) {
  using namespace msh;
  const size_t vertex_count = g.positions.positions.size();
  const size_t index_count = g.indices ? g.indices->words.size() : 0;
  const size_t batch_count = g.batches ? g.batches->batches.size() : 0;
  const uint64_t first_batch = slot.get(slot::batch_start), batches_named = slot.get(slot::batch_count);
  for (uint64_t b = first_batch; b < std::min<uint64_t>(first_batch + batches_named, batch_count); ++b) {
    const BatchRecord& batch = g.batches->batches[b];
    const uint64_t start = batch.get(batch::index_start), count = batch.get(batch::index_count), base = batch.get(batch::base_vertex);
    for (uint64_t k = start; k < start + count; ++k) {
      if (k >= index_count || base + g.indices->words[k] >= vertex_count) continue;
      const size_t v = base + g.indices->words[k];
      if (seen.by_slot[v] != s + 1) {
        seen.by_slot[v] = static_cast<uint32_t>(s + 1);
        cloud.add(g.point(v));
      }
      if (!seen.by_model[v]) {
        seen.by_model[v] = true;
        model.add(g.point(v));
      }
    }
  }
}

// A violation at the model header's field `name`.
auto header_at(const std::string& file, std::string_view name, uint64_t res2_at) {
  return [&file, name, res2_at] {
    for (const FieldSpec& f : msh::kModelHeaderSpec.fields)
      if (f.name == name) return InvariantViolation{file + "!res2.header." + std::string(name), res2_at + f.offset};
    return InvariantViolation{file + "!res2.header", res2_at};
  };
}

// The model box is the min/max over the eight stored corners.
std::pair<Vec3, Vec3> model_box(const msh::HeaderSlotStream& res2) {
  Vec3 box_lo{kInfinity, kInfinity, kInfinity}, box_hi{-kInfinity, -kInfinity, -kInfinity};
  for (size_t corner = 0; corner < 8; ++corner)
    for (size_t c = 0; c < 3; ++c) {
      const double x = res2.header.get_f32(3 * corner + c);
      box_lo[c] = std::min(box_lo[c], x);
      box_hi[c] = std::max(box_hi[c], x);
    }
  return {box_lo, box_hi};
}

// Res4's normals are unit length.
void tally_normals(const std::string& file, const msh::StreamsByType& streams, InvariantRecorder& into) {
  using namespace msh;
  const auto* normals = streams.get<PackedNormalStream>(stream_type::normals);
  if (!normals) return;
  const uint64_t at = streams.find(stream_type::normals)->record.get(nres::entry::data_offset);
  const Reduced r = unit_lengths(normals->normals.size(), kNormalTolerance, [&](size_t v) {
    const U8x4& n = normals->normals[v];
    const auto lane = [&](size_t k) { return int{static_cast<int8_t>(n[k])}; };
    return (lane(0) * lane(0) + lane(1) * lane(1) + lane(2) * lane(2)) * (1.0 / (double{msh::kNormalScale} * double{msh::kNormalScale}));
  });
  into.record_semantic_counts(semantic("msh.normal-unit-length"), normals->normals.size(), r.violated, r.max_deviation, [&] {
    return InvariantViolation{file + "!res4[" + std::to_string(r.first) + "]", at + 4 * r.first};
  });
}

// A slot's stored box and sphere against the vertices its batches name.
void record_slot_fit(const std::string& file, size_t s, uint64_t slot_at, const BoundFit& fit, InvariantRecorder& into) {
  using namespace msh;
  constexpr size_t box_contains = semantic("msh.slot-aabb-contains"), box_tight = semantic("msh.slot-aabb-is-min-max"),
                   sphere_contains = semantic("msh.slot-sphere-contains"),
                   midpoint = semantic("msh.slot-sphere-centre-is-box-midpoint"),
                   centroid = semantic("msh.slot-sphere-centre-is-centroid"),
                   radius_tight = semantic("msh.slot-sphere-radius-is-max-distance");
  const auto slot_field = [&](size_t f) {
    return [&file, s, f, slot_at] {
      return InvariantViolation{file + "!res2[" + std::to_string(s) + "]." + std::string(kSlotSpec.fields[f].name),
                                slot_at + kSlotSpec.fields[f].offset};
    };
  };
  into.record_semantic(box_contains, fit.box_shortfall, fit.tolerance, slot_field(slot::aabb_min_x));
  into.record_semantic(box_tight, fit.box_difference, fit.tolerance, slot_field(slot::aabb_min_x));
  into.record_semantic(sphere_contains, fit.sphere_shortfall, fit.tolerance, slot_field(slot::sphere_radius));
  into.record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, slot_field(slot::sphere_center_x));
  into.record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, slot_field(slot::sphere_center_x));
  into.record_semantic(radius_tight, fit.radius_slack, fit.tolerance, slot_field(slot::sphere_radius));
}

// The model's stored box (eight corners) and sphere against every vertex a slot names.
void record_model_fit(const std::string& file, uint64_t res2_at, const BoundFit& fit, InvariantRecorder& into) {
  constexpr size_t box_contains = semantic("msh.model-box-contains"), box_tight = semantic("msh.model-box-is-min-max"),
                   sphere_contains = semantic("msh.model-sphere-contains"),
                   midpoint = semantic("msh.model-sphere-centre-is-box-midpoint"),
                   centroid = semantic("msh.model-sphere-centre-is-centroid"),
                   radius_tight = semantic("msh.model-sphere-radius-is-max-distance");
  into.record_semantic(box_contains, fit.box_shortfall, fit.tolerance, header_at(file, "corner0_x", res2_at));
  into.record_semantic(box_tight, fit.box_difference, fit.tolerance, header_at(file, "corner0_x", res2_at));
  into.record_semantic(sphere_contains, fit.sphere_shortfall, fit.tolerance, header_at(file, "sphere_radius", res2_at));
  into.record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, header_at(file, "sphere_center_x", res2_at));
  into.record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, header_at(file, "sphere_center_x", res2_at));
  into.record_semantic(radius_tight, fit.radius_slack, fit.tolerance, header_at(file, "sphere_radius", res2_at));
}

// Every reached vertex within capsule_radius of the capsule's axis.
void record_capsule(const std::string& file, const VolumeStreams& g, const SeenVertices& seen, double tolerance,
                    InvariantRecorder& into) {
  const Vec3 a{g.header_f32("capsule_a_x"), g.header_f32("capsule_a_y"), g.header_f32("capsule_a_z")};
  const Vec3 b{g.header_f32("capsule_b_x"), g.header_f32("capsule_b_y"), g.header_f32("capsule_b_z")};
  const Segment axis(a, b);
  double farthest2 = 0;
  for (size_t v = 0; v < g.positions.positions.size(); ++v)
    if (seen.by_model[v] && finite(g.point(v))) farthest2 = std::max(farthest2, axis.distance2(g.point(v)));
  into.record_semantic(semantic("msh.model-capsule-contains"),
                       deviation(std::max(0.0, std::sqrt(farthest2) - g.header_f32("capsule_radius"))), tolerance,
                       header_at(file, "capsule_radius", g.res2_at));
}

}  // namespace

std::span<const DeclaredInvariant> semantic_invariants() { return kSemantic; }

void tally_semantics(const std::string& file, const msh::Model& m, InvariantRecorder& into) {
  using namespace msh;
  const StreamsByType streams(m);
  tally_normals(file, streams, into);
  const auto* res2 = streams.get<HeaderSlotStream>(stream_type::header_slots);
  const auto* positions = streams.get<PositionStream>(stream_type::positions);
  if (!res2 || !positions) return;
  const VolumeStreams g{*res2, *positions, streams.get<WordStream>(stream_type::indices),
                        streams.get<BatchStream>(stream_type::batches),
                        streams.find(stream_type::header_slots)->record.get(nres::entry::data_offset)};
  static_assert(slot::tri_start == 0);
  SeenVertices seen(positions->positions.size());
  const Vec3 model_centre{g.header_f32("sphere_center_x"), g.header_f32("sphere_center_y"), g.header_f32("sphere_center_z")};
  Cloud model(model_centre);
  for (size_t s = 0; s < res2->slots.size(); ++s) {
    const SlotRecord& slot = res2->slots[s];
    const Vec3 box_lo{slot.get_f32(slot::aabb_min_x), slot.get_f32(slot::aabb_min_x + 1), slot.get_f32(slot::aabb_min_x + 2)};
    const Vec3 box_hi{slot.get_f32(slot::aabb_max_x), slot.get_f32(slot::aabb_max_x + 1), slot.get_f32(slot::aabb_max_x + 2)};
    const Vec3 centre{slot.get_f32(slot::sphere_center_x), slot.get_f32(slot::sphere_center_x + 1), slot.get_f32(slot::sphere_center_x + 2)};
    Cloud cloud(centre);
    gather_slot(g, slot, s, cloud, model, seen);
    if (cloud.n == 0) continue;
    record_slot_fit(file, s, g.res2_at + kModelHeaderSpec.size + s * kSlotSpec.size,
                    fit_of(cloud, centre, slot.get_f32(slot::sphere_radius), box_lo, box_hi), into);
  }
  if (model.n == 0) return;
  const auto [box_lo, box_hi] = model_box(*res2);
  const BoundFit fit = fit_of(model, model_centre, g.header_f32("sphere_radius"), box_lo, box_hi);
  record_model_fit(file, g.res2_at, fit, into);
  record_capsule(file, g, seen, fit.tolerance, into);
}

}  // namespace meshgate::msh_row
