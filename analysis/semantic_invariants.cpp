// The semantic invariants of semantic_invariants.hpp, tallied per instance:
// one per object (MOD bounds), per slot and per model (MSH bounds), per vertex
// (normals, skin indices).
#include "analysis/semantic_invariants.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "parser/msh/msh_streams.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/msh/msh_fields.hpp"
#include "analysis/invariant_tally.hpp"
#include "parser/mod/mod_facing.hpp"

namespace meshgate {

namespace {

using Vec3 = std::array<double, 3>;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

Vec3 vec_of_bits(const std::array<uint32_t, 3>& bits) {
  return {f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])};
}
bool finite(const Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }
// sqrt of the sum of squares in double: every f32 input squares without
// overflow, and std::hypot's care for extreme ranges cost a sweep 4x.
double length(double x, double y, double z) { return std::sqrt(x * x + y * y + z * z); }
double distance(const Vec3& a, const Vec3& b) { return length(a[0] - b[0], a[1] - b[1], a[2] - b[2]); }

// A per-element relation over n elements, reduced in one pass: how many
// deviate beyond `tolerance`, the first that does, the largest deviation
// (+inf for a non-finite one).
struct Reduced {
  uint64_t violated = 0;
  size_t first = 0;
  double max_deviation = 0;
};
// Unit length within `tolerance` over n vectors, from their squared lengths:
// no square root per vector (a sweep visits every normal of every file); the
// largest deviation follows from the extreme squared lengths.
template <typename Length2>
Reduced unit_lengths(size_t n, double tolerance, Length2&& length2_of) {
  Reduced r;
  const double lo = (1 - tolerance) * (1 - tolerance), hi = (1 + tolerance) * (1 + tolerance);
  double min2 = std::numeric_limits<double>::infinity(), max2 = 0;
  bool non_finite = false;
  for (size_t i = 0; i < n; ++i) {
    const double l2 = length2_of(i);
    min2 = std::min(min2, l2);
    max2 = std::max(max2, l2);
    non_finite = non_finite || !std::isfinite(l2);
    if (!(l2 >= lo && l2 <= hi) && r.violated++ == 0) r.first = i;
  }
  if (n > 0) r.max_deviation = non_finite ? std::numeric_limits<double>::infinity()
                                          : std::max(std::fabs(1 - std::sqrt(min2)), std::fabs(std::sqrt(max2) - 1));
  return r;
}

template <typename Deviation>
Reduced reduce(size_t n, double tolerance, Deviation&& deviation_of) {
  Reduced r;
  for (size_t i = 0; i < n; ++i) {
    double d = deviation_of(i);
    if (std::isnan(d)) d = std::numeric_limits<double>::infinity();
    r.max_deviation = std::max(r.max_deviation, d);
    if (!(d <= tolerance) && r.violated++ == 0) r.first = i;
  }
  return r;
}
// A deviation is a distance or a difference; a non-finite one is +inf, never NaN.
double deviation(double d) { return std::isnan(d) ? kInfinity : d; }

// The vertices a stored volume bounds, reduced in one pass: their box, their
// mean and their largest distance from the stored centre. Non-finite positions
// are left out (msh.non-finite-value / mod.non-finite-vector report them).
struct Cloud {
  explicit Cloud(const Vec3& stored_centre) : centre(stored_centre) {}
  Vec3 centre;
  Vec3 lo{kInfinity, kInfinity, kInfinity}, hi{-kInfinity, -kInfinity, -kInfinity}, sum{};
  uint64_t n = 0;
  double max_distance = 0;   // from the stored centre: sqrt(max_distance2), set by finish()
  double max_distance2 = 0;  // squared: no square root per vertex
  double magnitude = 0;      // the largest |coordinate| seen, for the tolerance

  void add(const Vec3& p) {
    if (!finite(p)) return;
    for (size_t c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], p[c]);
      hi[c] = std::max(hi[c], p[c]);
      sum[c] += p[c];
    }
    const double dx = p[0] - centre[0], dy = p[1] - centre[1], dz = p[2] - centre[2];
    max_distance2 = std::max(max_distance2, dx * dx + dy * dy + dz * dz);
    ++n;
  }
  // Call once every vertex is in.
  void finish() {
    max_distance = std::sqrt(max_distance2);
    for (size_t c = 0; c < 3; ++c) magnitude = std::max({magnitude, std::fabs(lo[c]), std::fabs(hi[c])});
  }
  [[nodiscard]] Vec3 midpoint() const { return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}; }
  [[nodiscard]] Vec3 centroid() const {
    const auto k = static_cast<double>(n);
    return {sum[0] / k, sum[1] / k, sum[2] / k};
  }
  // The tolerance of every bound relation on this cloud.
  [[nodiscard]] double tolerance(double radius = 0) const {
    double scale = std::max({1.0, magnitude, std::fabs(radius)});
    for (double c : centre) scale = std::max(scale, std::fabs(c));
    return kBoundsRelativeTolerance * (std::isfinite(scale) ? scale : 1.0);
  }
  // How far the stored box [box_lo, box_hi] falls short of containing the cloud.
  [[nodiscard]] double box_shortfall(const Vec3& box_lo, const Vec3& box_hi) const {
    double d = 0;
    for (size_t c = 0; c < 3; ++c) d = std::max({d, box_lo[c] - lo[c], hi[c] - box_hi[c]});
    return deviation(d);
  }
  // The largest difference between the stored box and the cloud's min/max.
  [[nodiscard]] double box_difference(const Vec3& box_lo, const Vec3& box_hi) const {
    double d = 0;
    for (size_t c = 0; c < 3; ++c) d = std::max({d, std::fabs(box_lo[c] - lo[c]), std::fabs(box_hi[c] - hi[c])});
    return deviation(d);
  }
};

// Squared distances to the segment a-b, the segment's terms computed once.
class Segment {
 public:
  Segment(const Vec3& a, const Vec3& b) : a_(a), ab_{b[0] - a[0], b[1] - a[1], b[2] - a[2]} {
    const double length2 = ab_[0] * ab_[0] + ab_[1] * ab_[1] + ab_[2] * ab_[2];
    inverse_length2_ = length2 > 0 ? 1 / length2 : 0;  // a point-like capsule: distances from a
  }
  [[nodiscard]] double distance2(const Vec3& p) const {
    const Vec3 ap{p[0] - a_[0], p[1] - a_[1], p[2] - a_[2]};
    const double t = std::clamp((ap[0] * ab_[0] + ap[1] * ab_[1] + ap[2] * ab_[2]) * inverse_length2_, 0.0, 1.0);
    const double dx = ap[0] - t * ab_[0], dy = ap[1] - t * ab_[1], dz = ap[2] - t * ab_[2];
    return dx * dx + dy * dy + dz * dz;
  }

 private:
  Vec3 a_, ab_;
  double inverse_length2_;
};

// The fit of a stored sphere (and, for MSH, box) to the cloud it bounds.
BoundFit fit_of(Cloud& cloud, const Vec3& centre, double radius, const Vec3& box_lo = {}, const Vec3& box_hi = {}) {
  cloud.finish();
  BoundFit fit;
  fit.tolerance = cloud.tolerance(radius);
  fit.box_shortfall = cloud.box_shortfall(box_lo, box_hi);
  fit.box_difference = cloud.box_difference(box_lo, box_hi);
  fit.sphere_shortfall = deviation(std::max(0.0, cloud.max_distance - radius));
  fit.centre_from_midpoint = deviation(distance(centre, cloud.midpoint()));
  fit.centre_from_centroid = deviation(distance(centre, cloud.centroid()));
  fit.radius_slack = deviation(std::fabs(radius - cloud.max_distance));
  return fit;
}

// The streams the MSH bound relations read (Res2 and Res3 present), and where Res2 lies.
struct MshVolumeStreams {
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
void gather_slot(const MshVolumeStreams& g, const msh::SlotRecord& slot, size_t s, Cloud& cloud, Cloud& model,
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
auto msh_header_at(const std::string& file, std::string_view name, uint64_t res2_at) {
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

}  // namespace

void InvariantTallies::tally_mod_semantics(const std::string& file, const mod::Model& m) {
  using namespace mod;
  const uint64_t nodes = m.header.get(hdr::node_count);
  for (size_t i = 0; i < m.objects.size(); ++i) {
    const Object& o = m.objects[i];
    const std::string object = "objects[" + std::to_string(i) + "]";
    const Vec3 centre{o.record.get_f32(obj::center_x), o.record.get_f32(obj::center_y), o.record.get_f32(obj::center_z)};
    const double radius = o.record.get_f32(obj::radius);
    Cloud cloud(centre);
    for (size_t j = 0; j < o.meshes.size(); ++j) {
      const Mesh& mesh = o.meshes[j];
      for (const F32x3Bits& p : mesh.positions) cloud.add(vec_of_bits(p));
      const std::string mesh_path = object + ".meshes[" + std::to_string(j) + "]";
      tally_mod_mesh_semantics(file, mesh, mesh_path, nodes);
      tally_mod_strip_semantics(file, mesh, mesh_path);
    }
    if (cloud.n == 0) continue;  // an object without a finite vertex bounds nothing
    record_mod_object_fit(file, i, fit_of(cloud, centre, radius));
  }
}

// A mesh's normals are unit length, and its active blend indices name nodes that exist.
void InvariantTallies::tally_mod_mesh_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path,
                                                uint64_t nodes) {
  using namespace mod;
  constexpr size_t unit_normal = semantic_invariant("mod.normal-unit-length"),
                   skin_index = semantic_invariant("mod.skin-index-resolves");
  const uint64_t normals_at = stream_offset(mesh.record, stream::normals);
  const Reduced normals = unit_lengths(mesh.normals.size(), kModNormalTolerance, [&](size_t v) {
    const Vec3 n = vec_of_bits(mesh.normals[v]);
    return n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
  });
  record_semantic_counts(unit_normal, mesh.normals.size(), normals.violated, normals.max_deviation, [&] {
    return InvariantViolation{file + "!" + mesh_path + ".normals[" + std::to_string(normals.first) + "]",
                              normals_at + 12 * normals.first};
  });
  // q_k pairs with lane k+1 (spec §3); an inactive lane (q = 0) names nothing.
  // The deviation is how many nodes past the last one the furthest active index names.
  const uint64_t blend_at = stream_offset(mesh.record, stream::blend_indices);
  const size_t skinned = std::min(mesh.control.size(), mesh.blend_indices.size());
  const Reduced skin = reduce(skinned, 0, [&](size_t v) {
    double beyond = 0;
    for (unsigned k = 0; k < 3; ++k) {
      const unsigned q = (mesh.control[v] >> (5 * k)) & 0x1Fu;
      const uint64_t bone = mesh.blend_indices[v][k + 1] / kMatrixRowStride;
      if (q > 0 && bone >= nodes) beyond = std::max(beyond, static_cast<double>(bone + 1 - nodes));
    }
    return beyond;
  });
  record_semantic_counts(skin_index, skinned, skin.violated, skin.max_deviation, [&] {
    return InvariantViolation{file + "!" + mesh_path + ".blend_indices[" + std::to_string(skin.first) + "]",
                              blend_at + 4 * skin.first};
  });
}

// Strips against their normals: one instance per strip with a decided
// triangle; the place is the control word that starts it.
void InvariantTallies::tally_mod_strip_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path) {
  using namespace mod;
  constexpr size_t one_way = semantic_invariant("mod.strip-faces-one-way"),
                   start_agrees = semantic_invariant("mod.strip-start-agrees-with-normals");
  const MeshFacing facing = face_mesh(mesh, Winding::strip, /*keep_triangles=*/false);
  const uint64_t control_at = stream_offset(mesh.record, stream::control);
  uint64_t decided = 0, mixed = 0, one_way_strips = 0, reversed = 0;
  double max_minority = 0, max_reversed = 0;
  const StripSummary *first_mixed = nullptr, *first_reversed = nullptr;
  for (const StripSummary& strip : facing.strips) {
    if (strip.facing == StripFacing::undecided) continue;
    ++decided;
    if (strip.facing == StripFacing::inconsistent) {
      if (mixed++ == 0) first_mixed = &strip;
      max_minority = std::max(max_minority, static_cast<double>(std::min(strip.agreeing, strip.disagreeing)));
      continue;
    }
    ++one_way_strips;
    if (strip.facing == StripFacing::reversed) {
      if (reversed++ == 0) first_reversed = &strip;
      max_reversed = std::max(max_reversed, static_cast<double>(strip.disagreeing));
    }
  }
  const auto strip_at = [&](const StripSummary* strip) {
    return [&, strip] {
      return InvariantViolation{file + "!" + mesh_path + ".control[" + std::to_string(strip->first_word) + "]",
                                control_at + 2 * uint64_t{strip->first_word}};
    };
  };
  record_semantic_counts(one_way, decided, mixed, max_minority, strip_at(first_mixed));
  record_semantic_counts(start_agrees, one_way_strips, reversed, max_reversed, strip_at(first_reversed));
}

// An object's stored bounding sphere against its vertices.
void InvariantTallies::record_mod_object_fit(const std::string& file, size_t i, const BoundFit& fit) {
  using namespace mod;
  constexpr size_t contains = semantic_invariant("mod.bound-sphere-contains"),
                   midpoint = semantic_invariant("mod.bound-centre-is-box-midpoint"),
                   centroid = semantic_invariant("mod.bound-centre-is-centroid"),
                   radius_tight = semantic_invariant("mod.bound-radius-is-max-distance");
  const auto field_at = [&](size_t f) {
    return [&file, f, i] {
      return InvariantViolation{file + "!objects[" + std::to_string(i) + "]." + std::string(kObjectSpec.fields[f].name),
                                object_record_offset(i) + kObjectSpec.fields[f].offset};
    };
  };
  record_semantic(contains, fit.sphere_shortfall, fit.tolerance, field_at(obj::radius));
  record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, field_at(obj::center_x));
  record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, field_at(obj::center_x));
  record_semantic(radius_tight, fit.radius_slack, fit.tolerance, field_at(obj::radius));
}

void InvariantTallies::tally_msh_semantics(const std::string& file, const msh::Model& m) {
  using namespace msh;
  const StreamsByType streams(m);
  tally_msh_normal_semantics(file, streams);
  const auto* res2 = streams.get<HeaderSlotStream>(stream_type::header_slots);
  const auto* positions = streams.get<PositionStream>(stream_type::positions);
  if (!res2 || !positions) return;
  const MshVolumeStreams g{*res2, *positions, streams.get<WordStream>(stream_type::indices),
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
    record_msh_slot_fit(file, s, g.res2_at + kModelHeaderSpec.size + s * kSlotSpec.size,
                        fit_of(cloud, centre, slot.get_f32(slot::sphere_radius), box_lo, box_hi));
  }
  if (model.n == 0) return;
  const auto [box_lo, box_hi] = model_box(*res2);
  const BoundFit fit = fit_of(model, model_centre, g.header_f32("sphere_radius"), box_lo, box_hi);
  record_msh_model_fit(file, g.res2_at, fit);

  const Vec3 a{g.header_f32("capsule_a_x"), g.header_f32("capsule_a_y"), g.header_f32("capsule_a_z")};
  const Vec3 b{g.header_f32("capsule_b_x"), g.header_f32("capsule_b_y"), g.header_f32("capsule_b_z")};
  const Segment axis(a, b);
  double farthest2 = 0;
  for (size_t v = 0; v < positions->positions.size(); ++v)
    if (seen.by_model[v] && finite(g.point(v))) farthest2 = std::max(farthest2, axis.distance2(g.point(v)));
  record_semantic(semantic_invariant("msh.model-capsule-contains"),
                  deviation(std::max(0.0, std::sqrt(farthest2) - g.header_f32("capsule_radius"))), fit.tolerance,
                  msh_header_at(file, "capsule_radius", g.res2_at));
}

// Res4's normals are unit length.
void InvariantTallies::tally_msh_normal_semantics(const std::string& file, const msh::StreamsByType& streams) {
  using namespace msh;
  const auto* normals = streams.get<PackedNormalStream>(stream_type::normals);
  if (!normals) return;
  const uint64_t at = streams.find(stream_type::normals)->record.get(nres::entry::data_offset);
  const Reduced r = unit_lengths(normals->normals.size(), kMshNormalTolerance, [&](size_t v) {
    const U8x4& n = normals->normals[v];
    const auto lane = [&](size_t k) { return int{static_cast<int8_t>(n[k])}; };
    return (lane(0) * lane(0) + lane(1) * lane(1) + lane(2) * lane(2)) * (1.0 / (double{msh::kNormalScale} * double{msh::kNormalScale}));
  });
  record_semantic_counts(semantic_invariant("msh.normal-unit-length"), normals->normals.size(), r.violated, r.max_deviation, [&] {
    return InvariantViolation{file + "!res4[" + std::to_string(r.first) + "]", at + 4 * r.first};
  });
}

// A slot's stored box and sphere against the vertices its batches name.
void InvariantTallies::record_msh_slot_fit(const std::string& file, size_t s, uint64_t slot_at, const BoundFit& fit) {
  using namespace msh;
  constexpr size_t box_contains = semantic_invariant("msh.slot-aabb-contains"),
                   box_tight = semantic_invariant("msh.slot-aabb-is-min-max"),
                   sphere_contains = semantic_invariant("msh.slot-sphere-contains"),
                   midpoint = semantic_invariant("msh.slot-sphere-centre-is-box-midpoint"),
                   centroid = semantic_invariant("msh.slot-sphere-centre-is-centroid"),
                   radius_tight = semantic_invariant("msh.slot-sphere-radius-is-max-distance");
  const auto slot_field = [&](size_t f) {
    return [&file, s, f, slot_at] {
      return InvariantViolation{file + "!res2[" + std::to_string(s) + "]." + std::string(kSlotSpec.fields[f].name),
                                slot_at + kSlotSpec.fields[f].offset};
    };
  };
  record_semantic(box_contains, fit.box_shortfall, fit.tolerance, slot_field(slot::aabb_min_x));
  record_semantic(box_tight, fit.box_difference, fit.tolerance, slot_field(slot::aabb_min_x));
  record_semantic(sphere_contains, fit.sphere_shortfall, fit.tolerance, slot_field(slot::sphere_radius));
  record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, slot_field(slot::sphere_center_x));
  record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, slot_field(slot::sphere_center_x));
  record_semantic(radius_tight, fit.radius_slack, fit.tolerance, slot_field(slot::sphere_radius));
}

// The model's stored box (eight corners) and sphere against every vertex a slot names.
void InvariantTallies::record_msh_model_fit(const std::string& file, uint64_t res2_at, const BoundFit& fit) {
  constexpr size_t box_contains = semantic_invariant("msh.model-box-contains"),
                   box_tight = semantic_invariant("msh.model-box-is-min-max"),
                   sphere_contains = semantic_invariant("msh.model-sphere-contains"),
                   midpoint = semantic_invariant("msh.model-sphere-centre-is-box-midpoint"),
                   centroid = semantic_invariant("msh.model-sphere-centre-is-centroid"),
                   radius_tight = semantic_invariant("msh.model-sphere-radius-is-max-distance");
  record_semantic(box_contains, fit.box_shortfall, fit.tolerance, msh_header_at(file, "corner0_x", res2_at));
  record_semantic(box_tight, fit.box_difference, fit.tolerance, msh_header_at(file, "corner0_x", res2_at));
  record_semantic(sphere_contains, fit.sphere_shortfall, fit.tolerance, msh_header_at(file, "sphere_radius", res2_at));
  record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, msh_header_at(file, "sphere_center_x", res2_at));
  record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, msh_header_at(file, "sphere_center_x", res2_at));
  record_semantic(radius_tight, fit.radius_slack, fit.tolerance, msh_header_at(file, "sphere_radius", res2_at));
}

}  // namespace meshgate
