#include "synth/mod/mod_synth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "parser/mod/mod_diagnostic_codes.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_skin.hpp"
#include "synth/core/prng.hpp"

namespace meshgate::mod {

namespace {

constexpr float kPi = 3.14159265f;

// Retail flag values (spec §2.2) and +0x14 values (spec §7.4), as realistic choices.
constexpr std::array<uint32_t, 8> kFlagValues = {0x0,        0x00100001, 0x00020001, 0x00020000,
                                                 0x00200000, 0x00120002, 0x00100201, 0x00024000};
constexpr std::array<uint32_t, 5> kMetadataValues = {100407, 202900, 217, 1000000, 601715};

uint16_t vertex_count(Prng& rng) {
  const uint64_t roll = rng.range(0, 99);
  if (roll < 70) return static_cast<uint16_t>(rng.range(3, 60));
  if (roll < 95) return static_cast<uint16_t>(rng.range(61, 300));
  return static_cast<uint16_t>(rng.range(301, 800));
}

// Splits 31 into `k` positive quantized weights, non-increasing (q0 >= q1 >= q2
// holds in the corpus although it is not a validity rule).
std::array<unsigned, 3> split_weights(Prng& rng, unsigned k) {
  std::array<unsigned, 3> q{};
  unsigned left = kQuantizedWeightSum;
  for (unsigned i = 0; i + 1 < k; ++i) {
    const unsigned take = static_cast<unsigned>(rng.range(1, left - (k - 1 - i)));
    q[i] = take;
    left -= take;
  }
  q[k - 1] = left;
  std::sort(q.begin(), q.end(), std::greater<>());  // unused lanes are 0 and stay last
  return q;
}

// A strip's geometry, facing as planned (in retail files each
// strip's starting orientation is arbitrary). The mesh's vertices are cut into
// segments; segment [s, e] is a zig-zag strip on a plane (vertex s+m at
// (m/2 steps along u, m%2 along v), a little off-plane noise), words s and
// s+1 carry the break bit (a new strip starts at s+2), and its normals are
// the plane's normal, with noise, on the side the plan chose:
// - agrees: the first triangle (s, s+1, s+2) winds with its normals;
// - reversed: against them (the normals point the other way);
// - inconsistent (a few): the normals of the segment's vertices from k on
//   point the other way, so its triangles from k+1 on (two of their three
//   normals turned) disagree with the ones before.
// A segment may also carry one single break at j (a triangle skipped, the
// strip restarting at j+1 on the same zig-zag): strict alternation restarts
// there, so the second run faces the other way when j+1-(s+2) is odd.
struct Segment {
  size_t start = 0, length = 0;
  int normal_side = 1;        // +1: normals along the plane normal, -1: against
  size_t turn = SIZE_MAX;     // inconsistent: first vertex whose normal is turned
  size_t single_break = 0;    // 0: none
};

// The side (+1 agrees, -1 disagrees) the plan gives the triangle ending at
// word j of segment g, wound by strict alternation from `run_start`: the
// zig-zag's triangle ending at j, as stored (j-2, j-1, j), has the plane
// normal's sign -(-1)^(j-s-2) (the first, (0,0),(0,1),(1,0) in (u,v), winds
// clockwise); alternation swaps it when j - run_start is odd.
int planned_side(const Segment& g, size_t run_start, size_t j) {
  const int stored = ((j - g.start - 2) % 2 == 0) ? -1 : 1;
  const int wound = ((j - run_start) % 2 == 0) ? stored : -stored;
  const int normals = j > g.turn ? -g.normal_side : g.normal_side;  // two of its three normals turned
  return wound * normals;
}

std::array<float, 3> normalised(std::array<float, 3> v) {
  const float len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  for (float& c : v) c /= len;
  return v;
}
std::array<float, 3> cross(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

void plan_geometry(Prng& rng, uint16_t n, MeshDescription& m, std::vector<bool>& breaks, FacingPlan* plan) {
  std::vector<Segment> segments;
  for (size_t s = 0; s < n;) {
    size_t length = rng.chance(80) ? rng.range(3, 24) : rng.range(25, 90);
    if (n - s - length < 3 || length > n - s) length = n - s;  // the last segment takes the rest
    Segment g;
    g.start = s, g.length = length;
    g.normal_side = rng.chance(70) ? -1 : 1;  // -1: the first triangle agrees (it winds against +normal)
    if (length >= 6 && rng.chance(6)) g.turn = s + rng.range(3, length - 2);  // inconsistent
    if (length >= 5 && rng.chance(15)) g.single_break = s + rng.range(3, length - 2);
    segments.push_back(g);
    s += length;
  }
  breaks.assign(n, false);
  m.positions.resize(n);
  m.normals.resize(n);
  for (const Segment& g : segments) {
    if (g.start >= 2) breaks[g.start] = breaks[g.start + 1] = true;
    if (g.single_break) breaks[g.single_break] = true;
    // A plane through a point in the usual box, its frame (u, v, normal).
    const std::array<float, 3> origin{rng.real(-1.5f, 1.5f), rng.real(0.5f, 2.5f), rng.real(-1.5f, 1.5f)};
    const std::array<float, 3> normal = normalised({rng.real(-1, 1), rng.real(-1, 1), rng.real(0.2f, 1)});
    const std::array<float, 3> helper = std::abs(normal[0]) < 0.9f ? std::array<float, 3>{1, 0, 0} : std::array<float, 3>{0, 1, 0};
    const std::array<float, 3> u = normalised(cross(helper, normal)), v = cross(normal, u);
    const float step = 1.0f / static_cast<float>((g.length + 1) / 2), height = rng.real(0.1f, 0.5f);
    for (size_t k = 0; k < g.length; ++k) {
      const float along = static_cast<float>(k / 2) * step + rng.real(-0.15f, 0.15f) * step;
      const float across = static_cast<float>(k % 2) * height;
      const float off = rng.real(-0.01f, 0.01f) * std::min(step, height);
      for (size_t c = 0; c < 3; ++c) m.positions[g.start + k][c] = origin[c] + along * u[c] + across * v[c] + off * normal[c];
      const int side = g.start + k >= g.turn ? -g.normal_side : g.normal_side;
      std::array<float, 3> nrm{};
      for (size_t c = 0; c < 3; ++c) nrm[c] = static_cast<float>(side) * normal[c] + rng.real(-0.15f, 0.15f);
      m.normals[g.start + k] = normalised(nrm);
    }
    if (!plan) continue;
    // The strips of the segment and their planned sides.
    const size_t end = g.start + g.length;  // one past
    for (size_t run_start = g.start + 2; run_start < end;) {
      size_t run_end = run_start;  // one past the run's last triangle
      while (run_end < end && run_end != g.single_break) ++run_end;
      uint64_t agree = 0, disagree = 0;
      for (size_t j = run_start; j < run_end; ++j) (planned_side(g, run_start, j) > 0 ? agree : disagree) += 1;
      if (agree + disagree > 0) {
        ++plan->strips;
        plan->triangles += agree + disagree;
        plan->flipped += disagree;
        if (agree && disagree) ++plan->inconsistent;
        else if (agree) ++plan->agreeing;
        else ++plan->reversed;
      }
      run_start = run_end + 1;
    }
  }
}

MeshDescription random_mesh(Prng& rng, unsigned nodes, unsigned texture_slots, FacingPlan* plan) {
  MeshDescription m;
  const uint16_t n = vertex_count(rng);
  m.texture_slot = static_cast<uint16_t>(rng.range(0, texture_slots - 1));
  std::vector<bool> breaks;
  plan_geometry(rng, n, m, breaks, plan);
  for (uint16_t i = 0; i < n; ++i) {
    m.uv.push_back({static_cast<int16_t>(rng.range(0, 4096)), static_cast<int16_t>(static_cast<int>(rng.range(0, 4276)) - 180)});

    // 1..3 influences on distinct bones; lane = bone * 4; zero-weight lanes hold 0.
    const unsigned influences = std::min<unsigned>(nodes, static_cast<unsigned>(rng.chance(75) ? 1 : rng.range(2, 3)));
    const std::array<unsigned, 3> q = split_weights(rng, influences);
    U8x4 lanes{0, 0, 0, 0};
    std::array<unsigned, 3> bones{};
    for (unsigned k = 0; k < influences; ++k) {
      unsigned bone;
      do bone = static_cast<unsigned>(rng.range(0, nodes - 1));
      while (std::find(bones.begin(), bones.begin() + k, bone) != bones.begin() + k);
      bones[k] = bone;
      lanes[k + 1] = static_cast<uint8_t>(bone * kMatrixRowStride);
    }
    m.blend_indices.push_back(lanes);
    uint16_t word = static_cast<uint16_t>(q[0] | (q[1] << 5) | (q[2] << 10));
    if (breaks[i]) word |= kTopologyBreakMask;
    m.control.push_back(word);
  }
  return m;
}

}  // namespace

namespace {
ModDescription random_mod(uint64_t seed, uint64_t index, FacingPlan* plan) {
  Prng rng(seed * 0x100000001B3ull ^ (index + 1) * 0x9E3779B97F4A7C15ull);
  rng.next();
  ModDescription d;
  d.version = kKnownVersions[rng.range(0, kKnownVersions.size() - 1)];
  d.texture_slot_count = static_cast<uint8_t>(rng.range(1, 8));
  d.runtime_metadata = rng.chance(80) ? kMetadataValues[rng.range(0, kMetadataValues.size() - 1)]
                                      : static_cast<uint32_t>(rng.next());

  const unsigned nodes = static_cast<unsigned>(rng.range(1, 40));
  d.default_joint_index = static_cast<uint8_t>(rng.range(0, std::min(1u, nodes - 1)));
  std::vector<uint8_t> order(nodes);
  for (unsigned k = 0; k < nodes; ++k) order[k] = static_cast<uint8_t>(k);
  for (unsigned k = nodes; k > 1; --k) std::swap(order[k - 1], order[rng.range(0, k - 1)]);
  for (unsigned k = 0; k < nodes; ++k) {
    NodeDescription nd;
    nd.node = order[k];
    nd.parent = k == 0 ? kRootParent : order[rng.range(0, k - 1)];
    nd.motion_group = static_cast<uint8_t>(rng.chance(60) ? 0 : rng.range(1, 2));
    d.nodes.push_back(nd);
  }
  for (unsigned k = 0; k < nodes; ++k) {
    TransformDescription t;
    t.translation = {rng.real(-0.5f, 0.5f), rng.real(-0.5f, 0.5f), rng.real(-0.5f, 0.5f)};
    t.translation_length = std::sqrt(t.translation[0] * t.translation[0] + t.translation[1] * t.translation[1] +
                                     t.translation[2] * t.translation[2]);
    if (rng.chance(50)) t.rotation = {rng.real(-kPi, kPi), rng.real(-kPi, kPi), rng.real(-kPi, kPi)};
    d.transforms.push_back(t);
  }

  // Mostly small files as in retail (2 KB .. 220 KB), a tail up to 30 objects.
  const size_t objects = rng.chance(70) ? rng.range(1, 6) : rng.range(7, 30);
  for (size_t i = 0; i < objects; ++i) {
    ObjectDescription o;
    o.alpha_control = rng.chance(90) ? 0x80 : static_cast<uint8_t>(rng.range(0, 255));
    o.source_flags = kFlagValues[rng.range(0, kFlagValues.size() - 1)];
    if (o.source_flags & 0x600) {
      o.conditional_param_18 = 1.25f;
      o.conditional_param_1c = 2;
    }
    const size_t meshes = rng.range(1, 3);
    for (size_t j = 0; j < meshes; ++j) o.meshes.push_back(random_mesh(rng, nodes, d.texture_slot_count, plan));
    compute_bounds(o);
    d.objects.push_back(std::move(o));
  }

  // Every fifth file carries non-zero PRESERVED fields, another fifth non-zero
  // padding: the writer must keep both exactly (never normalise to zero).
  if (index % 5 == 3) {
    d.reserved_08 = {1, 2, 3, 4, 5, 6, 7, 8};
    d.reserved_28[23] = 0xEE;
    d.node_shell[0] = 0x10;
    d.objects[0].reserved_20[5] = 0x42;
    d.objects[0].meshes[0].preserved0c = 0xDEADBEEF;
    d.transforms[0].reserved1c_bits = 0x3F800001;
  }
  if (index % 5 == 4) d.padding_fill = 0xA5;
  // Every seventh file also has values the parser warns about but keeps.
  if (index % 7 == 6) {
    d.objects[0].meshes[0].reserved4c = 7;
    d.objects[0].meshes[0].blend_indices[0][0] = 0xA5;
  }
  return d;
}
}  // namespace

ModDescription random_mod_description(uint64_t seed, uint64_t index) { return random_mod(seed, index, nullptr); }

FacingPlan planned_facing(uint64_t seed, uint64_t index) {
  FacingPlan plan;
  (void)random_mod(seed, index, &plan);
  return plan;
}

void synth_mod_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "synth_%04llu.mod", static_cast<unsigned long long>(i));
    if (!sink({name, build_mod(random_mod_description(seed, i)).bytes})) return;
  }
}

namespace {

// One triangle at `index`'s place on a grid, every vertex on node 0 with the
// whole weight; the first two start the strip (as in every retail strip).
MeshDescription tiny_mesh(Prng& rng, uint64_t index) {
  MeshDescription m;
  const float x0 = static_cast<float>(index % 256), z0 = static_cast<float>(index / 256 % 256);
  for (uint16_t i = 0; i < 3; ++i) {
    m.positions.push_back({x0 + static_cast<float>(i / 2), rng.real(-0.5f, 0.5f), z0 + static_cast<float>(i % 2)});
    m.normals.push_back({0.0f, 1.0f, 0.0f});
    m.uv.push_back({static_cast<int16_t>(i * 1024), static_cast<int16_t>(i % 2 * 4096)});
    m.blend_indices.push_back({0, 0, 0, 0});
    m.control.push_back(static_cast<uint16_t>(kQuantizedWeightSum | (i < 2 ? kTopologyBreakMask : 0)));
  }
  return m;
}

}  // namespace

ModDescription records_mod_description(uint64_t seed, uint64_t meshes) {
  Prng rng(seed * 0x100000001B3ull + meshes + 0x30D);
  ModDescription d;
  d.nodes.push_back(NodeDescription{});
  d.transforms.push_back(TransformDescription{});
  meshes = std::clamp<uint64_t>(meshes, 1, kMaxMeshes);
  for (uint64_t made = 0; made < meshes;) {
    ObjectDescription& o = d.objects.emplace_back();
    const uint64_t count = std::min<uint64_t>(255, meshes - made);
    for (uint64_t k = 0; k < count; ++k) o.meshes.push_back(tiny_mesh(rng, made + k));
    compute_bounds(o);
    made += count;
  }
  return d;
}

SynthFile synth_mod_records(uint64_t seed, uint64_t meshes) {
  char name[32];
  std::snprintf(name, sizeof name, "records_%05llu.mod", static_cast<unsigned long long>(meshes));
  return {name, build_mod(records_mod_description(seed, meshes)).bytes};
}

std::vector<SynthFile> synth_mod_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_mod_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

namespace {

uint64_t peek(const std::vector<std::byte>& b, uint64_t at, size_t width) {
  return load_uint_le(Bytes(b).subspan(static_cast<size_t>(at), width), width);
}
void poke(std::vector<std::byte>& b, uint64_t at, uint64_t value, size_t width) {
  store_uint_le(std::span<std::byte>(b).subspan(static_cast<size_t>(at), width), value, width);
}

template <const auto& Spec>
constexpr uint64_t at_field(uint64_t base, size_t field) {
  return base + Spec.fields[field].offset;
}

// The base of the malformed and violation variants: the first corpus file
// with >= 2 objects and >= 2 nodes, object 0 holding at least two meshes; all
// warning-free.
BuiltMod variant_base(uint64_t seed) {
  ModDescription base;
  for (uint64_t i = 0;; ++i) {
    base = random_mod_description(seed, i * 5);  // index % 5 == 0: no planted fields
    if (base.objects.size() >= 2 && base.nodes.size() >= 2 && base.objects[0].meshes.size() >= 2) break;
  }
  return build_mod(base);
}

}  // namespace

std::vector<ViolationCase> semantic_violation_mod_cases(uint64_t seed) {
  const BuiltMod built = variant_base(seed);
  const uint64_t o0 = object_record_offset(0);
  const uint64_t m0 = built.mesh_record_offsets[0];
  using Bytes_ = std::vector<std::byte>;
  const auto f32_at = [](const Bytes_& b, uint64_t at) { return f32_from_bits(static_cast<uint32_t>(peek(b, at, 4))); };
  const auto set_f32 = [](Bytes_& b, uint64_t at, float v) { poke(b, at, f32_to_bits(v), 4); };
  const uint64_t radius_at = at_field<kObjectSpec>(o0, obj::radius), centre_at = at_field<kObjectSpec>(o0, obj::center_x);
  const float radius = f32_at(built.bytes, radius_at);
  const uint64_t normals = peek(built.bytes, at_field<kMeshSpec>(m0, mesh::stream_offset(stream::normals)), 8);
  const uint64_t blend = peek(built.bytes, at_field<kMeshSpec>(m0, mesh::stream_offset(stream::blend_indices)), 8);
  const std::vector<std::pair<std::string_view, std::function<void(Bytes_&)>>> mutations = {
      {"mod.bound-sphere-contains", [=](Bytes_& b) { set_f32(b, radius_at, radius / 2); }},
      {"mod.bound-centre-is-box-midpoint", [=](Bytes_& b) { set_f32(b, centre_at, f32_at(b, centre_at) + radius / 2); }},
      {"mod.bound-radius-is-max-distance", [=](Bytes_& b) { set_f32(b, radius_at, radius * 2); }},
      {"mod.normal-unit-length", [=](Bytes_& b) { set_f32(b, normals, 2.0f); }},
      // Vertex 0's first influence (q0 > 0: the weights sum to 31 and do not
      // increase) names bone 63, past every generated node count.
      {"mod.skin-index-resolves", [=](Bytes_& b) { b[blend + 1] = std::byte{63 * kMatrixRowStride}; }},
  };
  std::vector<ViolationCase> cases;
  for (const auto& [id, mutate] : mutations) {
    ViolationCase c{id, {"violates_" + std::string(id) + ".mod", built.bytes}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<MalformedCase> malformed_mod_cases(uint64_t seed) {
  const BuiltMod built = variant_base(seed);
  const uint64_t size = built.bytes.size();
  const uint64_t m0 = built.mesh_record_offsets[0];
  const uint64_t o0 = object_record_offset(0);
  const uint64_t nb = built.node_block_offset;
  auto stream = [&](size_t s) { return peek(built.bytes, at_field<kMeshSpec>(m0, mesh::stream_offset(s)), 8); };
  auto node_rel = [&](size_t f) { return peek(built.bytes, at_field<kNodeHeaderSpec>(nb, f), 4); };

  using Bytes_ = std::vector<std::byte>;
  using Mutation = std::function<void(Bytes_&)>;
  auto header = [](size_t f) { return at_field<kHeaderSpec>(0, f); };
  auto set_header = [&](size_t f, uint64_t v) { return [=](Bytes_& b) { poke(b, header(f), v, kHeaderSpec.fields[f].width); }; };
  auto set_object0 = [&](size_t f, uint64_t v) {
    return [=](Bytes_& b) { poke(b, at_field<kObjectSpec>(o0, f), v, kObjectSpec.fields[f].width); };
  };
  auto set_mesh0 = [&](size_t f, uint64_t v) {
    return [=](Bytes_& b) { poke(b, at_field<kMeshSpec>(m0, f), v, kMeshSpec.fields[f].width); };
  };
  auto set_node = [&](size_t f, uint64_t v) { return [=](Bytes_& b) { poke(b, at_field<kNodeHeaderSpec>(nb, f), v, 4); }; };

  const std::vector<std::pair<std::string_view, Mutation>> mutations = {
      {codes::truncated_header.code, [](Bytes_& b) { b.resize(0x20); }},
      {codes::header_fields.code, [](Bytes_& b) { b[0] = std::byte{'X'}; }},
      {codes::unconfirmed_version.code, set_header(hdr::version, f32_to_bits(0.83f))},
      {codes::zero_transform_domain.code, set_header(hdr::node_count, 0)},
      {codes::document_out_of_bounds.code, set_header(hdr::document_offset, size + 0x100)},
      {codes::object_table_out_of_bounds.code, [](Bytes_& b) { b.resize(kObjectTableOffset + 0x20); }},
      {codes::default_joint_out_of_range.code, set_header(hdr::default_joint, 200)},
      {codes::aggregate_mismatch.code,
       set_object0(obj::aggregate_count, peek(built.bytes, at_field<kObjectSpec>(o0, obj::aggregate_count), 2) + 1)},
      {codes::inner_table_out_of_bounds.code, set_object0(obj::mesh_table_offset, size + 16)},
      {codes::inner_record_truncated.code, set_object0(obj::mesh_table_offset, size - 0x20)},
      {codes::gs_clamp_out_of_range.code, set_mesh0(mesh::clamp_first, 0x400)},
      {codes::inner_38_nonzero.code, set_mesh0(mesh::reserved38, 0x1234)},
      {codes::generated_count_nonzero.code, set_mesh0(mesh::generated_count, 9)},
      {codes::inner_4c_nonzero.code, set_mesh0(mesh::reserved4c, 1)},
      {codes::mesh_stream_out_of_bounds.code, set_mesh0(mesh::positions_offset, size - 4)},
      {codes::generated_workspace_out_of_bounds.code, set_mesh0(mesh::workspace_rel, size * 2)},
      // n large enough that five streams aliased at 0x40 claim more than the file.
      {codes::sections_exceed_file.code,
       [=](Bytes_& b) {
         poke(b, at_field<kMeshSpec>(m0, mesh::vertex_count), std::min<uint64_t>((size - 0x40) / 13, 0xFFFF), 2);
         for (size_t s = 0; s < kStreamSpecs.size(); ++s) poke(b, at_field<kMeshSpec>(m0, mesh::stream_offset(s)), 0x40, 8);
       }},
      {codes::texture_slot_beyond_mirror.code, set_mesh0(mesh::texture_slot, 255)},
      {codes::stream_misaligned.code, set_mesh0(mesh::positions_offset, stream(stream::positions) + 4)},
      {codes::non_finite_vector.code, [=](Bytes_& b) { poke(b, stream(stream::positions), 0x7FC00000, 4); }},
      {codes::blend_lane0_nonzero.code, [=](Bytes_& b) { poke(b, stream(stream::blend_indices), 0xA5, 1); }},
      {codes::skin_invariant_mismatch.code, [=](Bytes_& b) { poke(b, stream(stream::control), 0, 2); }},
      {codes::workspace_misaligned.code,
       set_mesh0(mesh::workspace_rel, peek(built.bytes, at_field<kMeshSpec>(m0, mesh::workspace_rel), 8) - 2)},
      {codes::workspace_trailer_not_tiled.code, [](Bytes_& b) { b.resize(b.size() + 16, std::byte{0}); }},
      {codes::td_document_header.code, set_header(hdr::document_offset, size - 0x10)},
      {codes::td_header.code, set_node(node::parent_rel, 0x10)},
      {codes::td_table_range.code,
       [=](Bytes_& b) {
         poke(b, at_field<kNodeHeaderSpec>(nb, node::group_rel), size, 4);
         poke(b, at_field<kNodeHeaderSpec>(nb, node::transform_rel), size + 0x100, 4);
       }},
      {codes::td_table_spans.code, set_node(node::order_rel, node_rel(node::parent_rel))},
      {codes::td_transform_truncated.code, set_node(node::transform_rel, size)},
      {codes::td_layout_variant.code, set_node(node::transform_rel, node_rel(node::transform_rel) + 16)},
      {codes::td_permutation_incomplete.code,
       [=](Bytes_& b) { b[nb + node_rel(node::order_rel) + 1] = b[nb + node_rel(node::order_rel)]; }},
      {codes::td_hierarchy_invalid.code, [=](Bytes_& b) { b[nb + node_rel(node::parent_rel)] = std::byte{0}; }},
      {codes::td_non_finite_transform.code,
       [=](Bytes_& b) { poke(b, nb + node_rel(node::transform_rel), 0x7F800000, 4); }},
      {codes::coverage_overlap.code, set_mesh0(mesh::stream_offset(stream::normals), stream(stream::positions))},
  };

  std::vector<MalformedCase> cases;
  for (const auto& [code, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".mod", built.bytes}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::mod
