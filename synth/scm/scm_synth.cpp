#include "synth/scm/scm_synth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "parser/scm/scm_diagnostic_codes.hpp"
#include "parser/scm/scm_layout.hpp"
#include "synth/core/prng.hpp"
#include "writer/scm/scm_writer.hpp"

namespace meshgate::scm {

namespace {

constexpr std::array<float, 4> kVersions = {1.01f, 0.90f, 0.83f, 1.00f};
constexpr std::array<uint32_t, 6> kFlagBits = {0x1, 0x2, 0x4000, 0x80000, 0x100000, 0x200000};

// A strip mesh of n vertices zig-zagging across a wavy sheet: its runs start
// where the topology byte's bit 0x02 is set (on the first two vertices of
// each run, as retail strips restart), colours ramp across it.
// A sine-like rise and fall of period 2 pi from exact arithmetic alone
// (Bhaskara I's approximation): libm's sinf differs in the last bit between
// glibc and mingw-w64, and a generated corpus is the same bytes on Linux and
// Windows (windows_parity).
float wave(float x) {
  constexpr float kPi = 3.14159265f;
  float t = std::fmod(x, 2 * kPi);  // exact, in every libm
  if (t < 0) t += 2 * kPi;
  const float sign = t > kPi ? -1.0f : 1.0f;
  if (t > kPi) t -= kPi;
  const float p = t * (kPi - t);
  return sign * 16 * p / (5 * kPi * kPi - 4 * p);
}

Mesh random_mesh(Prng& rng, uint64_t mirror) {
  Mesh m;
  const auto n = static_cast<size_t>(rng.range(1, 28));
  const float x0 = rng.real(-50, 50), z0 = rng.real(-50, 50), size = rng.real(0.5f, 8.0f);
  // Some sheets face down: their strips start against their normals, which the facing rule turns.
  const float side = rng.chance(30) ? -1.0f : 1.0f;
  size_t run_start = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i >= run_start + 6 && rng.chance(20)) run_start = i;
    const float x = x0 + size * static_cast<float>(i / 2), z = z0 + size * static_cast<float>(i % 2);
    const float y = wave(x * 0.1f) * 2.0f;
    m.positions.push_back({f32_to_bits(x), f32_to_bits(y), f32_to_bits(z)});
    const float tilt = rng.chance(10) ? 1.2f : 1.0f;  // some normals off unit length
    m.normals.push_back({f32_to_bits(0.0f), f32_to_bits(side * tilt), f32_to_bits(0.0f)});
    const auto u = static_cast<int16_t>(static_cast<int>(i / 2) * 1024 % 8192 - 1024);
    const auto v = static_cast<int16_t>(static_cast<int>(i % 2) * 4096);
    m.uv.push_back({u, v});
    const auto r = static_cast<uint8_t>(rng.range(0, 255));
    const auto g = static_cast<uint8_t>(i * 255 / n);
    const auto b = static_cast<uint8_t>(rng.range(0x40, 0x80));
    const bool breaks = i < run_start + 2;
    m.colour.push_back({r, g, b, static_cast<uint8_t>(breaks ? kTopologyBreakBit : 0)});
  }
  m.record.set(mesh::vertex_count, n);
  m.record.set(mesh::texture_index, mirror == 0 ? 0 : rng.range(0, mirror - 1));
  m.workspace.assign(static_cast<size_t>(workspace_capacity(n)), std::byte{0});
  if (m.workspace.size() >= 2) m.workspace[0] = m.workspace[1] = std::byte{0x12};
  return m;
}

// Bounding sphere by the corpus rule: the radius is the largest distance
// from the centre (the box centre here) to a vertex.
void set_bounds(Object& object) {
  std::array<float, 3> lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
  for (const Mesh& m : object.meshes)
    for (const F32x3Bits& p : m.positions)
      for (size_t c = 0; c < 3; ++c) {
        lo[c] = std::min(lo[c], f32_from_bits(p[c]));
        hi[c] = std::max(hi[c], f32_from_bits(p[c]));
      }
  std::array<float, 3> centre{};
  for (size_t c = 0; c < 3; ++c) centre[c] = lo[c] <= hi[c] ? (lo[c] + hi[c]) / 2 : 0.0f;
  float radius = 0;
  for (const Mesh& m : object.meshes)
    for (const F32x3Bits& p : m.positions) {
      float d2 = 0;
      for (size_t c = 0; c < 3; ++c) {
        const float d = f32_from_bits(p[c]) - centre[c];
        d2 += d * d;
      }
      radius = std::max(radius, std::sqrt(d2));
    }
  for (size_t c = 0; c < 3; ++c) object.record.set_f32(obj::center_x + c, centre[c]);
  object.record.set_f32(obj::radius, radius);
}

Object random_object(Prng& rng, uint64_t mirror) {
  Object object;
  const uint64_t meshes = rng.range(1, 3);
  uint64_t total = 0;
  for (uint64_t k = 0; k < meshes; ++k) {
    object.meshes.push_back(random_mesh(rng, mirror));
    total += object.meshes.back().vertex_count();
  }
  for (size_t k = 0; k + 1 < object.meshes.size(); ++k) object.meshes[k].record.set(mesh::continuation, kMeshSpec.size);
  object.record.set(obj::mesh_count, meshes);
  object.record.set(obj::vertex_total, total);
  object.record.set(obj::alpha, rng.chance(85) ? 0x80 : rng.range(0xC0, 0xC5));
  uint32_t flags = 0;
  for (uint32_t bit : kFlagBits)
    if (rng.chance(20)) flags |= bit;
  object.record.set(obj::flags, flags);
  set_bounds(object);
  return object;
}

TransformRecord random_transform(Prng& rng) {
  TransformRecord t;
  std::array<float, 3> at{};
  for (float& c : at) c = rng.real(-20, 20);
  double length2 = 0;
  for (size_t c = 0; c < 3; ++c) {
    t.set_f32(xf::tx + c, at[c]);
    length2 += static_cast<double>(at[c]) * at[c];
  }
  t.set_f32(xf::magnitude, static_cast<float>(std::sqrt(length2)));
  const uint64_t axes = rng.range(0, 3);  // none, one, two or three axes turned
  for (uint64_t a = 0; a < 3; ++a) {
    const float angle = rng.real(-3.0f, 3.0f);
    if (a < axes) t.set_f32(xf::rx + a, angle);
  }
  return t;
}

// N = objects + 1 or + 2: every object bound once (one of them twice when
// there is room), the rest helper nodes; node 0 the root, each later node's
// parent evaluated before it.
void random_scene(Prng& rng, Model& model) {
  const size_t objects = model.objects.size();
  const size_t n = objects + static_cast<size_t>(rng.range(1, 2));
  Scene& sc = model.scene;
  sc.order.resize(n);
  sc.parents.resize(n);
  sc.bindings.assign(n, -1);
  for (size_t p = 0; p < n; ++p) sc.order[p] = static_cast<uint8_t>(p == 0 ? 0 : n - p);  // a non-identity order
  for (size_t p = 0; p < n; ++p) {
    const size_t earlier = p == 0 ? 0 : static_cast<size_t>(rng.range(0, p - 1));
    sc.parents[p] = p == 0 ? int8_t{-1} : static_cast<int8_t>(sc.order[earlier]);
  }
  for (size_t o = 0; o < objects; ++o) sc.bindings[1 + o] = static_cast<int8_t>(o);
  if (objects > 0 && n > objects + 1) sc.bindings[n - 1] = 0;  // object 0 instanced on a second node
  for (size_t k = 0; k < n; ++k) sc.transforms.push_back(random_transform(rng));
  model.header.set(hdr::node_count, n);
  model.header.set(hdr::lighting_node, rng.range(0, n - 1));
}

}  // namespace

Model random_scm_model(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0x9E3779B97F4A7C15ull + index + 0x5C3);
  Model model;
  std::memcpy(model.header.raw_mut(hdr::magic).data(), kMagic.data(), kMagic.size());
  model.header.set_f32(hdr::version, kVersions[index % kVersions.size()]);
  const uint64_t mirror = rng.range(1, 17), objects = rng.range(1, 5);
  model.header.set(hdr::texture_mirror, mirror);
  const uint64_t family = rng.range(3, 8), set = rng.range(0, 999), sub = rng.range(0, 99);
  model.header.set(hdr::resource_code, family * 100000 + set * 100 + sub);
  model.header.set(hdr::object_count, objects);
  for (uint64_t o = 0; o < objects; ++o) model.objects.push_back(random_object(rng, mirror));
  random_scene(rng, model);
  return model;
}

std::vector<std::byte> build_scm(const Model& model) {
  const WriteResult w = write_scm(canonical_model(model).model);
  return {w.bytes.begin(), w.bytes.end()};
}

void synth_scm_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "scm_%05llu.scm", static_cast<unsigned long long>(i));
    if (!sink({name, build_scm(random_scm_model(seed, i))})) return;
  }
}

std::vector<SynthFile> synth_scm_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_scm_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

namespace {

// One triangle: the smallest mesh that draws, at `index`'s place on a grid.
Mesh tiny_mesh(Prng& rng, uint64_t index) {
  Mesh m;
  const float x0 = static_cast<float>(index % 256), z0 = static_cast<float>(index / 256 % 256);
  for (size_t i = 0; i < 3; ++i) {
    const float x = x0 + static_cast<float>(i / 2), z = z0 + static_cast<float>(i % 2);
    m.positions.push_back({f32_to_bits(x), f32_to_bits(wave(x * 0.1f)), f32_to_bits(z)});
    m.normals.push_back({f32_to_bits(0.0f), f32_to_bits(1.0f), f32_to_bits(0.0f)});
    m.uv.push_back({static_cast<int16_t>(i * 1024), static_cast<int16_t>(i % 2 * 4096)});
    m.colour.push_back({static_cast<uint8_t>(rng.range(0, 255)), 0x80, 0x40,
                        static_cast<uint8_t>(i < 2 ? kTopologyBreakBit : 0)});
  }
  m.record.set(mesh::vertex_count, 3);
  m.workspace.assign(static_cast<size_t>(workspace_capacity(3)), std::byte{0});
  m.workspace[0] = m.workspace[1] = std::byte{0x12};
  return m;
}

// Node 0 the root, node 1 + k binding object k (as many as an i8 binding
// names: 127), each a child of the root; the other objects are unbound.
void records_scene(Model& model) {
  const size_t bound = std::min<size_t>(model.objects.size(), 127), n = bound + 1;
  Scene& sc = model.scene;
  sc.bindings.assign(n, -1);
  sc.parents.assign(n, 0);
  sc.parents[0] = -1;
  for (size_t p = 0; p < n; ++p) sc.order.push_back(static_cast<uint8_t>(p));
  for (size_t o = 0; o < bound; ++o) sc.bindings[1 + o] = static_cast<int8_t>(o);
  for (size_t k = 0; k < n; ++k) {
    TransformRecord& t = sc.transforms.emplace_back();
    t.set_f32(xf::tx, static_cast<float>(k));
    t.set_f32(xf::magnitude, static_cast<float>(k));
  }
  model.header.set(hdr::node_count, n);
}

}  // namespace

Model records_scm_model(uint64_t seed, uint64_t meshes) {
  Prng rng(seed * 0x9E3779B97F4A7C15ull + meshes + 0x5C4);
  Model model;
  std::memcpy(model.header.raw_mut(hdr::magic).data(), kMagic.data(), kMagic.size());
  model.header.set_f32(hdr::version, 1.01f);
  model.header.set(hdr::texture_mirror, 1);
  model.header.set(hdr::resource_code, 300000);
  meshes = std::clamp<uint64_t>(meshes, 1, kMaxMeshes);
  for (uint64_t made = 0; made < meshes;) {
    Object& object = model.objects.emplace_back();
    const uint64_t count = std::min<uint64_t>(255, meshes - made);
    for (uint64_t k = 0; k < count; ++k) object.meshes.push_back(tiny_mesh(rng, made + k));
    for (uint64_t k = 0; k + 1 < count; ++k) object.meshes[k].record.set(mesh::continuation, kMeshSpec.size);
    object.record.set(obj::mesh_count, count);
    object.record.set(obj::vertex_total, 3 * count);
    object.record.set(obj::alpha, 0x80);
    set_bounds(object);
    made += count;
  }
  model.header.set(hdr::object_count, model.objects.size());
  records_scene(model);
  return model;
}

SynthFile synth_scm_records(uint64_t seed, uint64_t meshes) {
  char name[32];
  std::snprintf(name, sizeof name, "records_%05llu.scm", static_cast<unsigned long long>(meshes));
  return {name, build_scm(records_scm_model(seed, meshes))};
}

namespace {

// The base every malformed variant mutates: the first corpus model whose
// object 0 has two meshes of at least four vertices, under 0x4000 bytes (so
// 0xFF objects cannot fit), with three or more nodes.
Model malformed_base(uint64_t seed) {
  for (uint64_t i = 0;; ++i) {
    Model m = random_scm_model(seed, i);
    const auto& meshes = m.objects[0].meshes;
    if (meshes.size() >= 2 && meshes[0].vertex_count() >= 4 && m.scene.order.size() >= 3 && m.objects.size() >= 2 &&
        build_scm(m).size() < 0x4000)
      return canonical_model(m).model;
  }
}

void put(std::vector<std::byte>& b, uint64_t at, uint64_t value, unsigned width) {
  for (unsigned k = 0; k < width; ++k) b[static_cast<size_t>(at + k)] = static_cast<std::byte>(value >> (8 * k));
}

struct Mutation {
  const DiagnosticCode& code;
  void (*apply)(const Model& base, std::vector<std::byte>& bytes);
};

uint64_t mesh_at(const Model& m, size_t o, size_t k) { return m.objects[o].record.get(obj::mesh_table) + k * kMeshSpec.size; }
uint64_t field(uint64_t record, const auto& spec, size_t f) { return record + spec.fields[f].offset; }
uint64_t scene_at(const Model& m) { return m.header.get(hdr::scene_offset); }
uint64_t array_at(const Model& m, size_t rel) { return scene_at(m) + m.scene.header.get(rel); }
uint64_t size_of(const std::vector<std::byte>& b) { return b.size(); }

const Mutation kMutations[] = {
    {codes::truncated_header, [](const Model&, std::vector<std::byte>& b) { b.resize(0x3F); }},
    {codes::not_scm, [](const Model&, std::vector<std::byte>& b) { b[2] = std::byte{'X'}; }},
    {codes::truncated_object_table,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(0, kHeaderSpec, hdr::object_count), 0xFF, 1); }},
    {codes::mesh_table_out_of_bounds,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(object_record_offset(0), kObjectSpec, obj::mesh_table), size_of(b), 8); }},
    {codes::mesh_continuation_mismatch,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::continuation), 0, 8); }},
    {codes::mesh_stream_out_of_bounds,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::positions), size_of(b) - 4, 8); }},
    {codes::object_vertex_count_mismatch,
     [](const Model& m, std::vector<std::byte>& b) {
       put(b, field(object_record_offset(0), kObjectSpec, obj::vertex_total), m.objects[0].record.get(obj::vertex_total) + 1, 2);
     }},
    {codes::region_overlap,
     [](const Model& m, std::vector<std::byte>& b) {
       put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::normals), m.objects[0].meshes[0].record.get(mesh::positions), 8);
     }},
    {codes::scene_block_out_of_bounds,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(0, kHeaderSpec, hdr::scene_offset), size_of(b) - 0x10, 8); }},
    {codes::scene_arrays_out_of_bounds,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(scene_at(m), kSceneHeaderSpec, scene::transform_rel), 0, 4); }},
    {codes::scene_parent_out_of_range,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::parent_rel) + 1, 0x7F, 1); }},
    {codes::scene_order_not_permutation,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::order_rel) + 1, m.scene.order[0], 1); }},
    {codes::scene_object_binding_out_of_range,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::binding_rel), m.objects.size(), 1); }},
    {codes::lighting_node_out_of_range,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(0, kHeaderSpec, hdr::lighting_node), m.scene.order.size(), 1); }},
    {codes::unconfirmed_version,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(0, kHeaderSpec, hdr::version), f32_to_bits(0.5f), 4); }},
    {codes::header_reserved_nonzero,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(0, kHeaderSpec, hdr::reserved18), 1, 1); }},
    {codes::object_reserved_nonzero,
     [](const Model&, std::vector<std::byte>& b) { put(b, field(object_record_offset(1), kObjectSpec, obj::reserved14), 1, 1); }},
    {codes::mesh_reserved_nonzero,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(mesh_at(m, 0, 1), kMeshSpec, mesh::reserved30), 1, 1); }},
    {codes::generated_count_nonzero,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::generated_count), 6, 4); }},
    {codes::unconfirmed_topology_bits,
     [](const Model& m, std::vector<std::byte>& b) { put(b, m.objects[0].meshes[0].record.get(mesh::colour) + 4 * 3 + 3, 0x04, 1); }},
    {codes::index_workspace_sentinel,
     [](const Model& m, std::vector<std::byte>& b) { put(b, mesh_at(m, 0, 0) + m.objects[0].meshes[0].record.get(mesh::workspace_rel), 0, 2); }},
    {codes::scene_header_reserved_nonzero,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(scene_at(m), kSceneHeaderSpec, scene::shell), 1, 1); }},
    {codes::scene_translation_magnitude,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::transform_rel) + 0x0C, f32_to_bits(1000.0f), 4); }},
    {codes::scene_transform_reserved_nonzero,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::transform_rel) + 0x1C, f32_to_bits(1.0f), 4); }},
    {codes::scene_hierarchy_not_topological,
     [](const Model& m, std::vector<std::byte>& b) { put(b, array_at(m, scene::parent_rel), m.scene.order[1], 1); }},
    {codes::layout_noncanonical, nullptr},  // made from the model (below): a stream moved to the end
    {codes::stream_misaligned, nullptr},    // the same, 4 bytes further on
    {codes::non_finite_vector,
     [](const Model& m, std::vector<std::byte>& b) { put(b, m.objects[0].meshes[0].record.get(mesh::positions), 0x7FC00000, 4); }},
    {codes::gs_clamp_field_out_of_range,
     [](const Model& m, std::vector<std::byte>& b) { put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::clamp_first), 0x400, 2); }},
    {codes::texture_index_exceeds_mirror,
     [](const Model& m, std::vector<std::byte>& b) {
       put(b, field(mesh_at(m, 0, 0), kMeshSpec, mesh::texture_index), m.header.get(hdr::texture_mirror), 2);
     }},
    {codes::trailing_bytes, nullptr},  // made from the model (below): 16 bytes after the last workspace
};

// A stream moved to the end of the file, `shift` bytes past the canonical end:
// non-canonical (shift 0 mod 16) or misaligned as well (shift 4).
std::vector<std::byte> moved_stream(const Model& base, uint64_t shift) {
  Model m = base;
  Mesh& mesh = m.objects[0].meshes[0];
  const uint64_t old = mesh.record.get(mesh::uv), length = 4 * mesh.vertex_count();
  const uint64_t to = m.file_size + shift;
  mesh.record.set(mesh::uv, to);
  m.gaps.push_back(Gap{old, SmallBytes(std::vector<std::byte>(static_cast<size_t>(length)))});
  if (shift > 0) m.gaps.push_back(Gap{m.file_size, SmallBytes(std::vector<std::byte>(static_cast<size_t>(shift)))});
  m.file_size = to + length;
  const WriteResult w = write_scm(m);
  return {w.bytes.begin(), w.bytes.end()};
}

}  // namespace

std::vector<MalformedCase> malformed_scm_cases(uint64_t seed) {
  const Model base = malformed_base(seed);
  const WriteResult written = write_scm(base);
  const std::vector<std::byte> bytes(written.bytes.begin(), written.bytes.end());
  std::vector<MalformedCase> cases;
  for (const Mutation& mutation : kMutations) {
    std::vector<std::byte> b = bytes;
    if (mutation.apply) mutation.apply(base, b);
    else if (mutation.code.code == codes::layout_noncanonical.code) b = moved_stream(base, 0);
    else if (mutation.code.code == codes::stream_misaligned.code) b = moved_stream(base, 4);
    else b.insert(b.end(), 16, std::byte{0});  // trailing bytes
    std::string name = "malformed_" + std::string(mutation.code.code.substr(4)) + ".scm";
    cases.push_back({mutation.code.code, {std::move(name), std::move(b)}});
  }
  return cases;
}

std::vector<CompanionCase> scm_companion_cases(uint64_t seed) {
  const Model base = malformed_base(seed);
  const WriteResult w = write_scm(base);
  std::vector<std::byte> bytes(w.bytes.begin(), w.bytes.end());
  uint64_t highest = 0;
  for (const Object& o : base.objects)
    for (const Mesh& m : o.meshes) highest = std::max(highest, m.record.get(mesh::texture_index));
  return {{codes::texture_index_out_of_range.code, bytes, highest},
          {codes::texture_mirror_mismatch.code, bytes, base.header.get(hdr::texture_mirror) + 1}};
}

}  // namespace meshgate::scm
