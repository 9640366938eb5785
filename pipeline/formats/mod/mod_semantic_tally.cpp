// A DMC3 MOD's semantic invariants, tallied per instance: one per object
// (its stored bounding sphere against its meshes' positions), per vertex
// (unit normals, skin indices that name real nodes) and per strip (facing
// against the normals). A report says "centre is the box midpoint in 180/180
// objects, largest deviation 0".
#include <algorithm>
#include <array>
#include <string>

#include "observe/bound_fit.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/mod/mod_facing.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_skin.hpp"
#include "pipeline/formats/mod/mod_invariant_tally.hpp"

namespace meshgate::mod_row {

namespace {

using namespace measure;

// MOD normals are f32: a unit vector stored in f32 is within a few ulp of 1.
// The export's rule (parser/core/unit_normal.hpp): a normal it would scale
// is a violation.
constexpr double kNormalTolerance = kUnitNormalTolerance;

constexpr std::array kSemantic{
    DeclaredInvariant{"mod.bound-sphere-contains",
                      "every position of an object's meshes lies inside its bounding sphere (tolerance 1e-4 relative)"},
    DeclaredInvariant{"mod.bound-centre-is-box-midpoint", "object bounding centre == midpoint of its positions' min/max box"},
    DeclaredInvariant{"mod.bound-centre-is-centroid", "object bounding centre == mean of its positions"},
    DeclaredInvariant{"mod.bound-radius-is-max-distance",
                      "object bounding radius == largest distance of its positions from the stored centre"},
    DeclaredInvariant{"mod.normal-unit-length", "every normal is finite and |n| == 1 within 1e-3 (f32)"},
    DeclaredInvariant{"mod.skin-index-resolves",
                      "every active blend index (q > 0) names an existing node (byte/4 < node count)"},
    // Facing (parser/mod/mod_facing.hpp): per strip, a run of
    // triangles between break bits wound by strict alternation. Together the
    // two tallies split the strips into agreeing, reversed and inconsistent.
    DeclaredInvariant{"mod.strip-faces-one-way",
                      "a strip's triangles (strict alternation) all agree or all disagree with the sum of their vertex "
                      "normals; deviation: the triangles on the minority side"},
    DeclaredInvariant{"mod.strip-start-agrees-with-normals",
                      "a strip that faces one way agrees with its normals (violated: the strip starts reversed); "
                      "deviation: its triangles"},
};

// The position of `id` in kSemantic, at compile time (an unknown id does not compile).
consteval size_t semantic(std::string_view id) {
  for (size_t i = 0; i < kSemantic.size(); ++i)
    if (kSemantic[i].id == id) return i;
  throw "an undeclared semantic invariant";
}

// A mesh's normals are unit length, and its active blend indices name nodes that exist.
void tally_mesh_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path, uint64_t nodes,
                InvariantRecorder& into) {
  using namespace mod;
  constexpr size_t unit_normal = semantic("mod.normal-unit-length"), skin_index = semantic("mod.skin-index-resolves");
  const uint64_t normals_at = stream_offset(mesh.record, stream::normals);
  const Reduced normals = unit_lengths(mesh.normals.size(), kNormalTolerance, [&](size_t v) {
    const Vec3 n = vec_of_bits(mesh.normals[v]);
    return n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
  });
  into.record_semantic_counts(unit_normal, mesh.normals.size(), normals.violated, normals.max_deviation, [&] {
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
  into.record_semantic_counts(skin_index, skinned, skin.violated, skin.max_deviation, [&] {
    return InvariantViolation{file + "!" + mesh_path + ".blend_indices[" + std::to_string(skin.first) + "]",
                              blend_at + 4 * skin.first};
  });
}

// Strips against their normals: one instance per strip with a decided
// triangle; the place is the control word that starts it.
void tally_strip_semantics(const std::string& file, const mod::Mesh& mesh, const std::string& mesh_path, InvariantRecorder& into) {
  using namespace mod;
  constexpr size_t one_way = semantic("mod.strip-faces-one-way"), start_agrees = semantic("mod.strip-start-agrees-with-normals");
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
  into.record_semantic_counts(one_way, decided, mixed, max_minority, strip_at(first_mixed));
  into.record_semantic_counts(start_agrees, one_way_strips, reversed, max_reversed, strip_at(first_reversed));
}

// An object's stored bounding sphere against its vertices.
void record_object_fit(const std::string& file, size_t i, const BoundFit& fit, InvariantRecorder& into) {
  using namespace mod;
  constexpr size_t contains = semantic("mod.bound-sphere-contains"), midpoint = semantic("mod.bound-centre-is-box-midpoint"),
                   centroid = semantic("mod.bound-centre-is-centroid"),
                   radius_tight = semantic("mod.bound-radius-is-max-distance");
  const auto field_at = [&](size_t f) {
    return [&file, f, i] {
      return InvariantViolation{file + "!objects[" + std::to_string(i) + "]." + std::string(kObjectSpec.fields[f].name),
                                object_record_offset(i) + kObjectSpec.fields[f].offset};
    };
  };
  into.record_semantic(contains, fit.sphere_shortfall, fit.tolerance, field_at(obj::radius));
  into.record_semantic(midpoint, fit.centre_from_midpoint, fit.tolerance, field_at(obj::center_x));
  into.record_semantic(centroid, fit.centre_from_centroid, fit.tolerance, field_at(obj::center_x));
  into.record_semantic(radius_tight, fit.radius_slack, fit.tolerance, field_at(obj::radius));
}

}  // namespace

std::span<const DeclaredInvariant> semantic_invariants() { return kSemantic; }

void tally_semantics(const std::string& file, const mod::Model& m, InvariantRecorder& into) {
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
      tally_mesh_semantics(file, mesh, mesh_path, nodes, into);
      tally_strip_semantics(file, mesh, mesh_path, into);
    }
    if (cloud.n == 0) continue;  // an object without a finite vertex bounds nothing
    record_object_fit(file, i, fit_of(cloud, centre, radius), into);
  }
}

}  // namespace meshgate::mod_row
