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

// Widens `range` (none yet: made) by the point (u, v).
void widen(std::optional<UvRange>& range, double u, double v) {
  if (!range) range = UvRange{u, u, v, v};
  range->u_min = std::min(range->u_min, u), range->u_max = std::max(range->u_max, u);
  range->v_min = std::min(range->v_min, v), range->v_max = std::max(range->v_max, v);
}

}  // namespace

std::optional<UvRange> uv_range(const mod::Model& model) {
  std::optional<UvRange> range;
  for (const mod::Object& o : model.objects)
    for (const mod::Mesh& mesh : o.meshes)
      for (const mod::I16x2& uv : mesh.uv) widen(range, mod::decode_uv(uv[0]), mod::decode_uv(uv[1]));
  return range;
}

std::optional<UvRange> uv_range(const msh::Model& model) {
  std::optional<UvRange> range;
  if (const auto* uv = model.get<msh::WordPairStream>(5))
    for (const msh::U16x2& pair : uv->pairs)
      widen(range, msh::decode_uv_signed(pair[0]), msh::decode_uv_signed(pair[1]));
  return range;
}

void InvariantTallies::tally_mod_semantics(const std::string& file, const mod::Model& m) {
  using namespace mod;
  constexpr size_t contains = semantic_invariant("mod.bound-sphere-contains"),
                   midpoint = semantic_invariant("mod.bound-centre-is-box-midpoint"),
                   centroid = semantic_invariant("mod.bound-centre-is-centroid"),
                   radius_tight = semantic_invariant("mod.bound-radius-is-max-distance"),
                   unit_normal = semantic_invariant("mod.normal-unit-length"),
                   skin_index = semantic_invariant("mod.skin-index-resolves"),
                   one_way = semantic_invariant("mod.strip-faces-one-way"),
                   start_agrees = semantic_invariant("mod.strip-start-agrees-with-normals");
  const uint64_t nodes = m.header.get(hdr::node_count);
  for (size_t i = 0; i < m.objects.size(); ++i) {
    const Object& o = m.objects[i];
    const std::string object = "objects[" + std::to_string(i) + "]";
    const auto field_at = [&](size_t f) {
      return [&file, &object, f, i] {
        return InvariantViolation{file + "!" + object + "." + std::string(kObjectSpec.fields[f].name),
                                  object_record_offset(i) + kObjectSpec.fields[f].offset};
      };
    };
    const Vec3 centre{o.record.get_f32(obj::center_x), o.record.get_f32(obj::center_y), o.record.get_f32(obj::center_z)};
    const double radius = o.record.get_f32(obj::radius);
    Cloud cloud(centre);
    for (size_t j = 0; j < o.meshes.size(); ++j) {
      const Mesh& mesh = o.meshes[j];
      for (const F32x3Bits& p : mesh.positions) cloud.add(vec_of_bits(p));
      const std::string mesh_path = object + ".meshes[" + std::to_string(j) + "]";
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
      // Strips against their normals: one instance per strip with a decided
      // triangle; the place is the control word that starts it.
      const mod::MeshFacing facing = mod::face_mesh(mesh, mod::Winding::strip, /*keep_triangles=*/false);
      const uint64_t control_at = stream_offset(mesh.record, stream::control);
      uint64_t decided = 0, mixed = 0, one_way_strips = 0, reversed = 0;
      double max_minority = 0, max_reversed = 0;
      const mod::StripSummary *first_mixed = nullptr, *first_reversed = nullptr;
      for (const mod::StripSummary& strip : facing.strips) {
        if (strip.facing == mod::StripFacing::undecided) continue;
        ++decided;
        if (strip.facing == mod::StripFacing::inconsistent) {
          if (mixed++ == 0) first_mixed = &strip;
          max_minority = std::max(max_minority, static_cast<double>(std::min(strip.agreeing, strip.disagreeing)));
          continue;
        }
        ++one_way_strips;
        if (strip.facing == mod::StripFacing::reversed) {
          if (reversed++ == 0) first_reversed = &strip;
          max_reversed = std::max(max_reversed, static_cast<double>(strip.disagreeing));
        }
      }
      const auto strip_at = [&](const mod::StripSummary* strip) {
        return [&, strip] {
          return InvariantViolation{file + "!" + mesh_path + ".control[" + std::to_string(strip->first_word) + "]",
                                    control_at + 2 * uint64_t{strip->first_word}};
        };
      };
      record_semantic_counts(one_way, decided, mixed, max_minority, strip_at(first_mixed));
      record_semantic_counts(start_agrees, one_way_strips, reversed, max_reversed, strip_at(first_reversed));
    }
    if (cloud.n == 0) continue;  // an object without a finite vertex bounds nothing
    cloud.finish();
    const double tolerance = cloud.tolerance(radius);
    record_semantic(contains, deviation(std::max(0.0, cloud.max_distance - radius)), tolerance, field_at(obj::radius));
    record_semantic(midpoint, deviation(distance(centre, cloud.midpoint())), tolerance, field_at(obj::center_x));
    record_semantic(centroid, deviation(distance(centre, cloud.centroid())), tolerance, field_at(obj::center_x));
    record_semantic(radius_tight, deviation(std::fabs(radius - cloud.max_distance)), tolerance, field_at(obj::radius));
  }
}

void InvariantTallies::tally_msh_semantics(const std::string& file, const msh::Model& m) {
  using namespace msh;
  constexpr size_t model_box_contains = semantic_invariant("msh.model-box-contains"),
                   model_box_tight = semantic_invariant("msh.model-box-is-min-max"),
                   model_sphere_contains = semantic_invariant("msh.model-sphere-contains"),
                   model_midpoint = semantic_invariant("msh.model-sphere-centre-is-box-midpoint"),
                   model_centroid = semantic_invariant("msh.model-sphere-centre-is-centroid"),
                   model_radius_tight = semantic_invariant("msh.model-sphere-radius-is-max-distance"),
                   capsule_contains = semantic_invariant("msh.model-capsule-contains"),
                   slot_box_contains = semantic_invariant("msh.slot-aabb-contains"),
                   slot_box_tight = semantic_invariant("msh.slot-aabb-is-min-max"),
                   slot_sphere_contains = semantic_invariant("msh.slot-sphere-contains"),
                   slot_midpoint = semantic_invariant("msh.slot-sphere-centre-is-box-midpoint"),
                   slot_centroid = semantic_invariant("msh.slot-sphere-centre-is-centroid"),
                   slot_radius_tight = semantic_invariant("msh.slot-sphere-radius-is-max-distance"),
                   unit_normal = semantic_invariant("msh.normal-unit-length");
  const StreamsByType streams(m);
  const auto data_offset = [&](uint32_t type) { return streams.find(type)->record.get(nres::entry::data_offset); };

  if (const auto* normals = streams.get<PackedNormalStream>(4)) {
    const uint64_t at = data_offset(4);
    const Reduced r = unit_lengths(normals->normals.size(), kMshNormalTolerance, [&](size_t v) {
      const U8x4& n = normals->normals[v];
      const auto lane = [&](size_t k) { return int{static_cast<int8_t>(n[k])}; };
      return (lane(0) * lane(0) + lane(1) * lane(1) + lane(2) * lane(2)) * (1.0 / (double{msh::kNormalScale} * double{msh::kNormalScale}));
    });
    record_semantic_counts(unit_normal, normals->normals.size(), r.violated, r.max_deviation, [&] {
      return InvariantViolation{file + "!res4[" + std::to_string(r.first) + "]", at + 4 * r.first};
    });
  }

  const auto* res2 = streams.get<HeaderSlotStream>(2);
  const auto* positions = streams.get<PositionStream>(3);
  if (!res2 || !positions) return;
  const auto* indices = streams.get<WordStream>(6);
  const auto* batches = streams.get<BatchStream>(13);
  const size_t vertex_count = positions->positions.size();
  const size_t index_count = indices ? indices->words.size() : 0;
  const size_t batch_count = batches ? batches->batches.size() : 0;
  const uint64_t res2_at = data_offset(2);
  const auto point = [&](size_t v) { return vec_of_bits(positions->positions[v]); };

  const auto header_f32 = [&](std::string_view name) {
    for (size_t f = 0; f < kModelHeaderSpec.fields.size(); ++f)
      if (kModelHeaderSpec.fields[f].name == name) return static_cast<double>(res2->header.get_f32(f));
    return 0.0;
  };
  const auto header_at = [&](std::string_view name) {
    return [&file, name, res2_at] {
      for (const FieldSpec& f : kModelHeaderSpec.fields)
        if (f.name == name) return InvariantViolation{file + "!res2.header." + std::string(name), res2_at + f.offset};
      return InvariantViolation{file + "!res2.header", res2_at};
    };
  };

  static_assert(slot::tri_start == 0);

  // Each vertex is added once per volume: the centroid is over distinct
  // vertices. seen_by_slot[v] = 1 + the last slot that added v.
  std::vector<uint32_t> seen_by_slot(vertex_count, 0);
  std::vector<bool> seen_by_model(vertex_count, false);
  const Vec3 model_centre{header_f32("sphere_center_x"), header_f32("sphere_center_y"), header_f32("sphere_center_z")};
  Cloud model(model_centre);
  for (size_t s = 0; s < res2->slots.size(); ++s) {
    const SlotRecord& slot = res2->slots[s];
    const uint64_t slot_at = res2_at + kModelHeaderSpec.size + s * kSlotSpec.size;
    const auto slot_field = [&](size_t f) {
      return [&file, s, f, slot_at] {
        return InvariantViolation{file + "!res2[" + std::to_string(s) + "]." + std::string(kSlotSpec.fields[f].name),
                                  slot_at + kSlotSpec.fields[f].offset};
      };
    };
    const Vec3 box_lo{slot.get_f32(slot::aabb_min_x), slot.get_f32(slot::aabb_min_x + 1), slot.get_f32(slot::aabb_min_x + 2)};
    const Vec3 box_hi{slot.get_f32(slot::aabb_max_x), slot.get_f32(slot::aabb_max_x + 1), slot.get_f32(slot::aabb_max_x + 2)};
    const Vec3 centre{slot.get_f32(slot::sphere_center_x), slot.get_f32(slot::sphere_center_x + 1), slot.get_f32(slot::sphere_center_x + 2)};
    const double radius = slot.get_f32(slot::sphere_radius);
    Cloud cloud(centre);
    // References that do not resolve are skipped: the parser rejects such a
    // model (§4), so none reaches here unless the checks change.
    const uint64_t first_batch = slot.get(slot::batch_start), batches_named = slot.get(slot::batch_count);
    for (uint64_t b = first_batch; b < std::min<uint64_t>(first_batch + batches_named, batch_count); ++b) {
      const BatchRecord& batch = batches->batches[b];
      const uint64_t start = batch.get(batch::index_start), count = batch.get(batch::index_count), base = batch.get(batch::base_vertex);
      for (uint64_t k = start; k < start + count; ++k) {
        if (k >= index_count || base + indices->words[k] >= vertex_count) continue;
        const size_t v = base + indices->words[k];
        if (seen_by_slot[v] != s + 1) {
          seen_by_slot[v] = static_cast<uint32_t>(s + 1);
          cloud.add(point(v));
        }
        if (!seen_by_model[v]) {
          seen_by_model[v] = true;
          model.add(point(v));
        }
      }
    }
    if (cloud.n == 0) continue;
    cloud.finish();
    const double tolerance = cloud.tolerance(radius);
    record_semantic(slot_box_contains, cloud.box_shortfall(box_lo, box_hi), tolerance, slot_field(slot::aabb_min_x));
    record_semantic(slot_box_tight, cloud.box_difference(box_lo, box_hi), tolerance, slot_field(slot::aabb_min_x));
    record_semantic(slot_sphere_contains, deviation(std::max(0.0, cloud.max_distance - radius)), tolerance,
                    slot_field(slot::sphere_radius));
    record_semantic(slot_midpoint, deviation(distance(centre, cloud.midpoint())), tolerance, slot_field(slot::sphere_center_x));
    record_semantic(slot_centroid, deviation(distance(centre, cloud.centroid())), tolerance, slot_field(slot::sphere_center_x));
    record_semantic(slot_radius_tight, deviation(std::fabs(radius - cloud.max_distance)), tolerance, slot_field(slot::sphere_radius));
  }
  if (model.n == 0) return;
  model.finish();

  // The model box is the min/max over the eight stored corners.
  Vec3 box_lo{kInfinity, kInfinity, kInfinity}, box_hi{-kInfinity, -kInfinity, -kInfinity};
  for (size_t corner = 0; corner < 8; ++corner)
    for (size_t c = 0; c < 3; ++c) {
      const double x = res2->header.get_f32(3 * corner + c);
      box_lo[c] = std::min(box_lo[c], x);
      box_hi[c] = std::max(box_hi[c], x);
    }
  const double radius = header_f32("sphere_radius");
  const double tolerance = model.tolerance(radius);
  record_semantic(model_box_contains, model.box_shortfall(box_lo, box_hi), tolerance, header_at("corner0_x"));
  record_semantic(model_box_tight, model.box_difference(box_lo, box_hi), tolerance, header_at("corner0_x"));
  record_semantic(model_sphere_contains, deviation(std::max(0.0, model.max_distance - radius)), tolerance,
                  header_at("sphere_radius"));
  record_semantic(model_midpoint, deviation(distance(model_centre, model.midpoint())), tolerance, header_at("sphere_center_x"));
  record_semantic(model_centroid, deviation(distance(model_centre, model.centroid())), tolerance, header_at("sphere_center_x"));
  record_semantic(model_radius_tight, deviation(std::fabs(radius - model.max_distance)), tolerance, header_at("sphere_radius"));

  const Vec3 a{header_f32("capsule_a_x"), header_f32("capsule_a_y"), header_f32("capsule_a_z")};
  const Vec3 b{header_f32("capsule_b_x"), header_f32("capsule_b_y"), header_f32("capsule_b_z")};
  const double capsule_radius = header_f32("capsule_radius");
  const Segment axis(a, b);
  double farthest2 = 0;
  for (size_t v = 0; v < vertex_count; ++v)
    if (seen_by_model[v] && finite(point(v))) farthest2 = std::max(farthest2, axis.distance2(point(v)));
  record_semantic(capsule_contains, deviation(std::max(0.0, std::sqrt(farthest2) - capsule_radius)), tolerance,
                  header_at("capsule_radius"));
}

}  // namespace meshgate
