#include "synth/msh/msh_synth.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

#include "parser/core/byte_reader.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_model.hpp"
#include "parser/msh/msh_streams.hpp"
#include "synth/core/prng.hpp"

namespace meshgate::msh {

namespace {

constexpr std::array<uint16_t, 6> kNodeFlags = {0, 0x0001, 0x0020, 0x0040, 0x0800, 0x0041};
constexpr std::array<const char*, 8> kNodeNames = {"o01", "i14", "Base_TL", "CP_m1o1", "B_Dn", "e_tur_bb", "Base_gun",
                                                   "central"};

Prng model_rng(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0xD6E8FEB86659FD93ull ^ (index + 1) * 0x9E3779B97F4A7C15ull);
  rng.next();
  return rng;
}

// A strip over n >= 3 vertices: triangles (k, k+1, k+2) with alternating
// winding, so every vertex is reached (§4.20) and neighbours share edges.
ExportBatch strip_batch(Prng& rng, size_t n, const std::array<float, 3>& origin, float scale) {
  ExportBatch b;
  b.wear_row = static_cast<uint8_t>(rng.range(0, 12));
  b.batch_flags = rng.chance(80) ? 0 : static_cast<uint16_t>(rng.range(0, 3) * 2);
  for (size_t k = 0; k < n; ++k) {
    ExportVertex v;
    const float along = static_cast<float>(k / 2) * scale, side = static_cast<float>(k % 2) * scale;
    v.position = {origin[0] + along, origin[1] + side, origin[2] + rng.real(-scale, scale)};
    const float nx = rng.real(-1, 1), ny = rng.real(-1, 1), nz = rng.real(0.2f, 1);
    const float len = std::sqrt(nx * nx + ny * ny + nz * nz);
    v.normal = {nx / len, ny / len, nz / len};
    v.uv = {rng.real(-2, 4), rng.real(-2, 4)};
    b.vertices.push_back(v);
  }
  for (size_t k = 0; k + 2 < n; ++k) {
    const auto a = static_cast<uint16_t>(k), c = static_cast<uint16_t>(k + 1), d = static_cast<uint16_t>(k + 2);
    if (k % 2 == 0)
      b.indices.insert(b.indices.end(), {a, c, d});
    else
      b.indices.insert(b.indices.end(), {c, a, d});
    b.tri_flags.push_back(rng.chance(85) ? 0 : static_cast<uint16_t>(std::array{2, 4, 16, 32, 34}[rng.range(0, 4)]));
  }
  return b;
}

std::vector<ExportKey> random_track(Prng& rng, uint32_t frames) {
  std::vector<ExportKey> track;
  const uint64_t keys = rng.range(2, std::min<uint64_t>(6, frames));
  float time = 0;
  for (uint64_t k = 0; k < keys; ++k) {
    ExportKey key;
    key.time = time;
    key.translation = {rng.real(-50, 50), rng.real(-50, 50), rng.real(-5, 5)};
    float q[4] = {rng.real(-1, 1), rng.real(-1, 1), rng.real(-1, 1), rng.real(0.1f, 1)};
    const float len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    key.rotation = {q[0] / len, q[1] / len, q[2] / len, q[3] / len};
    track.push_back(key);
    const uint64_t left = frames - 1 - static_cast<uint64_t>(time), needed = keys - 1 - k;
    if (needed == 0) break;
    time += static_cast<float>(rng.range(1, std::max<uint64_t>(1, left / needed)));
  }
  return track;
}

uint64_t pick_vertex_budget(Prng& rng) {
  const uint64_t roll = rng.range(0, 99);
  if (roll < 60) return rng.range(12, 300);
  if (roll < 90) return rng.range(300, 2000);
  return rng.range(2000, 10000);
}

}  // namespace

ExportModel random_export_model(uint64_t seed, uint64_t index) {
  Prng rng = model_rng(seed, index);
  ExportModel m;
  char name[32];
  std::snprintf(name, sizeof name, "M%04llu", static_cast<unsigned long long>(index % 10000));
  m.name = name;
  const uint64_t roll = rng.range(0, 99);
  const size_t node_count = roll < 60 ? rng.range(1, 8) : roll < 90 ? rng.range(9, 20) : rng.range(21, 40);
  const bool animated = rng.chance(40);
  m.frame_count = animated ? static_cast<uint32_t>(rng.range(8, 64)) : 0;
  const bool names_empty = rng.chance(20);  // static.rlb style: every Res10 record has len 0
  const uint64_t budget = pick_vertex_budget(rng);

  // Which nodes carry geometry and in which slot words.
  std::vector<std::vector<std::pair<unsigned, unsigned>>> words(node_count);
  size_t slot_total = 0;
  for (size_t n = 0; n < node_count; ++n) {
    if (n > 0 && rng.chance(25)) continue;  // a helper/socket node without geometry
    words[n].push_back({0, 0});
    for (unsigned lod = 1; lod <= 3 && rng.chance(30); ++lod) words[n].push_back({0, lod});
    if (rng.chance(10)) words[n].push_back({0, 4});  // the "fifth slot" (collision)
    if (rng.chance(15)) {
      words[n].push_back({1, 0});
      if (rng.chance(20)) words[n].push_back({2, 0});
    }
    slot_total += words[n].size();
  }
  const uint64_t per_slot = std::max<uint64_t>(3, budget / std::max<size_t>(1, slot_total));
  for (size_t n = 0; n < node_count; ++n) {
    ExportNode node;
    node.parent = n == 0 || rng.chance(5) ? 0xFFFF : static_cast<uint16_t>(rng.range(0, n - 1));
    node.flags = kNodeFlags[rng.range(0, kNodeFlags.size() - 1)];
    if (!names_empty && rng.chance(85)) {
      node.name = kNodeNames[rng.range(0, kNodeNames.size() - 1)] + std::to_string(n);
      if (rng.chance(10)) node.name += "\xCA\xEE\xF0\xEF\xF3\xF1";  // Windows-1251 text ("Корпус")
    }
    const std::array<float, 3> origin = {rng.real(-100, 100), rng.real(-100, 100), rng.real(0, 30)};
    for (auto [block, column] : words[n]) {
      ExportSlot slot{block, column, {}};
      // LOD columns get fewer vertices, as the corpus's triangle counts fall along a chain.
      const uint64_t verts = std::max<uint64_t>(3, per_slot >> std::min(column, 3u));
      const uint64_t batches = std::min<uint64_t>(rng.range(1, 3), verts / 3);
      for (uint64_t b = 0; b < batches; ++b) {
        const uint64_t n_b = b + 1 == batches ? verts - (verts / batches) * b : verts / batches;
        slot.batches.push_back(strip_batch(rng, std::max<uint64_t>(3, n_b), origin, rng.real(0.5f, 8)));
      }
      node.slots.push_back(std::move(slot));
    }
    if (animated && rng.chance(60)) node.track = random_track(rng, m.frame_count);
    m.nodes.push_back(std::move(node));
  }
  uint64_t vertices = 0;
  for (const ExportNode& node : m.nodes)
    for (const ExportSlot& s : node.slots)
      for (const ExportBatch& b : s.batches) vertices += b.vertices.size();
  m.with_res9 = rng.chance(90);
  m.with_res15 = rng.chance(95);
  if (rng.chance(50))
    for (uint64_t v = 0; v < vertices; ++v) {
      std::array<uint8_t, 8> e{};
      for (auto& x : e) x = static_cast<uint8_t>(rng.range(0, 255));
      m.res15.push_back(e);
    }
  if (rng.chance(10)) {  // an "extended" model: Res18 lightmap UVs and Res20 light entries
    for (uint64_t v = 0; v < vertices; ++v)
      m.res18.push_back({static_cast<uint16_t>(rng.range(0, 4096)), static_cast<uint16_t>(rng.range(0, 4096))});
    for (uint64_t k = rng.range(1, 4); k > 0; --k) {
      std::array<uint8_t, 48> light{};
      for (auto& x : light) x = static_cast<uint8_t>(rng.range(0, 255));
      m.res20.push_back(light);
    }
  }
  return m;
}

nres::ArchiveDescription random_model_archive(uint64_t seed, uint64_t index, nres::SortFold fold) {
  const ExportResult r = describe_msh(random_export_model(seed, index));
  nres::ArchiveDescription d = r.archive;  // the generator only makes valid models: r.ok()
  d.uppercase_sort = fold == nres::SortFold::upper;
  Prng rng = model_rng(seed ^ 0x5EEDull, index);
  if (index % 7 == 3)  // bytes after the names' NULs, kept by a lossless writer (§1.3)
    for (auto& e : d.entries)
      for (size_t k = e.name.size() + 1; k < 36 && rng.chance(60); ++k)
        e.name_tail.push_back(static_cast<uint8_t>(rng.range(0, 255)));
  if (index % 5 == 2) {  // payloads out of directory order (§1.4: readers must not assume it)
    d.data_order.resize(d.entries.size());
    std::iota(d.data_order.begin(), d.data_order.end(), size_t{0});
    for (size_t k = d.data_order.size(); k > 1; --k) std::swap(d.data_order[k - 1], d.data_order[rng.range(0, k - 1)]);
  }
  return d;
}

void synth_msh_corpus(uint64_t seed, uint64_t count, nres::SortFold fold, const SynthSink& sink) {
  char name[64];
  for (uint64_t i = 0; i < count; ++i) {
    std::snprintf(name, sizeof name, "synth_msh_%04llu.msh", static_cast<unsigned long long>(i));
    if (!sink({name, nres::build_nres(random_model_archive(seed, i, fold))})) return;
  }
  const uint64_t packs = count == 0 ? 0 : std::max<uint64_t>(1, count / 10);
  uint64_t next_model = count;
  for (uint64_t p = 0; p < packs; ++p) {
    Prng rng = model_rng(seed ^ 0xAC4ull, p);
    nres::ArchiveDescription outer;
    for (uint64_t k = rng.range(2, 6); k > 0; --k, ++next_model) {
      nres::EntryDescription e;
      e.type_id = 0x4853454D;  // "MESH"
      std::snprintf(name, sizeof name, "MODEL%02llu.MSH", static_cast<unsigned long long>(k));
      e.name = name;
      if (p % 2 == 1)
        for (size_t t = e.name.size() + 1; t < 36; ++t) e.name_tail.push_back(static_cast<uint8_t>(rng.range(0, 255)));
      e.payload = nres::build_nres(random_model_archive(seed, next_model, fold));
      outer.entries.push_back(std::move(e));
    }
    if (p % 3 == 0) {  // a non-zero region no entry references (Part 2 Textures.lib, §1.4)
      outer.unindexed_after = rng.range(0, outer.entries.size());
      for (uint64_t k = rng.range(64, 700); k > 0; --k) outer.unindexed_bytes.push_back(static_cast<std::byte>(rng.range(1, 255)));
    }
    outer.uppercase_sort = fold == nres::SortFold::upper;
    std::snprintf(name, sizeof name, "synth_pack_%04llu.rlb", static_cast<unsigned long long>(p));
    if (!sink({name, nres::build_nres(outer)})) return;
  }
}

std::vector<SynthFile> synth_msh_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_msh_corpus(seed, count, nres::SortFold::lower, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

ExportModel chain_export_model(uint64_t seed, uint64_t nodes) {
  Prng rng = model_rng(seed ^ 0xC4A1Full, nodes);
  ExportModel m;
  m.name = "CHAIN";
  m.frame_count = 8;
  for (uint64_t n = 0; n < std::min(nodes, kMaxChainNodes); ++n) {
    ExportNode node;
    node.parent = n == 0 ? 0xFFFF : static_cast<uint16_t>(n - 1);
    node.name = kNodeNames[n % kNodeNames.size()] + std::to_string(n);
    if (n % 4 == 0) {
      const std::array<float, 3> origin = {static_cast<float>(n % 100), static_cast<float>(n / 100 % 100), 0};
      node.slots.push_back({0, 0, {strip_batch(rng, 4, origin, 1)}});
    }
    if (n % 8 == 0) node.track = random_track(rng, m.frame_count);
    m.nodes.push_back(std::move(node));
  }
  return m;
}

SynthFile synth_msh_chain(uint64_t seed, uint64_t nodes) {
  char name[64];
  std::snprintf(name, sizeof name, "chain_%05llu.msh", static_cast<unsigned long long>(nodes));
  std::string error;
  std::vector<std::byte> bytes = export_msh(chain_export_model(seed, nodes), &error);
  // An empty file written with exit 0 (as from 48,000 nodes on) is no model:
  // the exporter's reason is the command's message.
  if (bytes.empty()) throw std::runtime_error("a chain of " + std::to_string(nodes) + " nodes: " + error);
  return {name, std::move(bytes)};
}

// A node for the record-limit models: named, the first a root, the rest its children.
ExportNode record_node(uint64_t n) {
  ExportNode node;
  node.parent = n == 0 ? 0xFFFF : 0;
  node.name = "rec" + std::to_string(n);
  return node;
}

// One one-triangle batch, placed on a 256 x 256 grid by its number.
ExportBatch record_batch(Prng& rng, uint64_t k) {
  return strip_batch(rng, 3, {static_cast<float>(k % 256), static_cast<float>(k / 256 % 256), 0}, 1);
}

ExportModel slots_export_model(uint64_t seed, uint64_t slots) {
  Prng rng = model_rng(seed ^ 0x5107Full, slots);
  ExportModel m;
  m.name = "SLOTS";
  slots = std::min(slots, kMaxSlotRecords);
  for (uint64_t k = 0; k < slots; ++k) {
    const uint64_t word = k % (kSlotBlocks * kSlotsPerBlock);
    if (word == 0) m.nodes.push_back(record_node(m.nodes.size()));
    m.nodes.back().slots.push_back({static_cast<unsigned>(word / kSlotsPerBlock),
                                    static_cast<unsigned>(word % kSlotsPerBlock), {record_batch(rng, k)}});
  }
  return m;
}

ExportModel batches_export_model(uint64_t seed, uint64_t batches) {
  Prng rng = model_rng(seed ^ 0xBA7C4ull, batches);
  ExportModel m;
  m.name = "BATCHES";
  m.nodes.push_back(record_node(0));
  m.nodes.back().slots.push_back({0, 0, {}});
  for (uint64_t k = 0; k < std::min(batches, kMaxSlotRecords); ++k)
    m.nodes.back().slots.back().batches.push_back(record_batch(rng, k));
  return m;
}

namespace {

SynthFile record_model_file(const char* stem, uint64_t records, const ExportModel& model) {
  char name[64];
  std::snprintf(name, sizeof name, "%s_%05llu.msh", stem, static_cast<unsigned long long>(records));
  std::string error;
  std::vector<std::byte> bytes = export_msh(model, &error);
  if (bytes.empty()) throw std::runtime_error(std::string(stem) + " " + std::to_string(records) + ": " + error);
  return {name, std::move(bytes)};
}

}  // namespace

SynthFile synth_msh_slots(uint64_t seed, uint64_t slots) {
  return record_model_file("slots", slots, slots_export_model(seed, slots));
}

SynthFile synth_msh_batches(uint64_t seed, uint64_t batches) {
  return record_model_file("batches", batches, batches_export_model(seed, batches));
}

// ---- malformed variants -------------------------------------------------------

ExportModel malformed_base_model() {
  Prng rng(7);
  ExportModel m;
  m.name = "BASE";
  m.frame_count = 6;
  auto node = [&](uint16_t parent, std::string name, std::vector<ExportSlot> slots) {
    ExportNode n;
    n.parent = parent;
    n.name = std::move(name);
    n.slots = std::move(slots);
    return n;
  };
  m.nodes.push_back(node(0xFFFF, "root", {{0, 0, {strip_batch(rng, 6, {0, 0, 0}, 1), strip_batch(rng, 5, {4, 0, 0}, 1)}}}));
  m.nodes.push_back(node(0, "turret", {{0, 0, {strip_batch(rng, 7, {0, 4, 1}, 1)}}, {0, 1, {strip_batch(rng, 4, {0, 4, 1}, 1)}}}));
  m.nodes.back().track = {{{0, 0, 0}, 0, {0, 0, 0, 1}}, {{1, 0, 0}, 2, {0, 0, 0.6f, 0.8f}}, {{2, 0, 0}, 4, {0, 0, 0, 1}}};
  m.nodes.push_back(node(1, "gun", {{0, 0, {strip_batch(rng, 3, {0, 8, 2}, 1)}}}));
  for (auto& n : m.nodes)
    for (auto& s : n.slots)
      for (auto& b : s.batches) std::fill(b.tri_flags.begin(), b.tri_flags.end(), uint16_t{0});
  return m;
}

namespace {

using Desc = nres::ArchiveDescription;

nres::EntryDescription& stream(Desc& d, uint32_t type) {
  for (auto& e : d.entries)
    if (e.type_id == type) return e;
  return d.entries.front();  // every type the mutations name is in the base model
}
void poke(std::vector<std::byte>& b, uint64_t at, uint64_t v, size_t width) {
  store_uint_le(std::span(b).subspan(at, width), v, width);
}
uint64_t peek(const std::vector<std::byte>& b, uint64_t at, size_t width) {
  return load_uint_le(Bytes(b).subspan(at, width), width);
}
// Field `name` of record `k` of stream `type`, with the record table giving the offset.
template <const auto& Spec>
void poke_field(Desc& d, uint32_t type, uint64_t k, std::string_view name, uint64_t v, uint64_t first = 0) {
  for (const FieldSpec& f : Spec.fields)
    if (f.name == name) poke(stream(d, type).payload, first + k * Spec.size + f.offset, v, f.width);
}
template <const auto& Spec>
uint64_t peek_field(Desc& d, uint32_t type, uint64_t k, std::string_view name, uint64_t first = 0) {
  for (const FieldSpec& f : Spec.fields)
    if (f.name == name) return peek(stream(d, type).payload, first + k * Spec.size + f.offset, f.width);
  return 0;
}
void drop_tail(Desc& d, uint32_t type, size_t bytes, bool fix_count) {
  auto& e = stream(d, type);
  e.payload.resize(e.payload.size() - bytes);
  if (fix_count) --e.attr1;
}
void remove_stream(Desc& d, uint32_t type) {
  std::erase_if(d.entries, [&](const nres::EntryDescription& e) { return e.type_id == type; });
}
void add_vertex(Desc& d) {
  for (uint32_t type : {stream_type::positions, stream_type::normals, stream_type::uv0, stream_type::res15}) {
    auto& e = stream(d, type);
    e.payload.resize(e.payload.size() + e.payload.size() / e.attr1, std::byte{0});
    ++e.attr1;
  }
}

}  // namespace

std::vector<ViolationCase> semantic_violation_msh_cases() {
  const Desc base = describe_msh(malformed_base_model()).archive;
  constexpr uint64_t kSlots = kModelHeaderSpec.size;
  // Reads and writes f32 fields of Res2 (the header's, or slot 0's with kSlots).
  const auto get = [](Desc& d, std::string_view name, uint64_t first) {
    constexpr uint32_t res2 = stream_type::header_slots;
    return first == 0 ? f32_from_bits(static_cast<uint32_t>(peek_field<kModelHeaderSpec>(d, res2, 0, name)))
                      : f32_from_bits(static_cast<uint32_t>(peek_field<kSlotSpec>(d, res2, 0, name, first)));
  };
  const auto set = [](Desc& d, std::string_view name, uint64_t first, float v) {
    if (first == 0) poke_field<kModelHeaderSpec>(d, stream_type::header_slots, 0, name, f32_to_bits(v));
    else poke_field<kSlotSpec>(d, stream_type::header_slots, 0, name, f32_to_bits(v), first);
  };
  const auto scale = [=](Desc& d, std::string_view name, uint64_t first, float k) { set(d, name, first, get(d, name, first) * k); };
  const auto shift = [=](Desc& d, std::string_view name, uint64_t first, float by) { set(d, name, first, get(d, name, first) + by); };
  const std::vector<std::pair<std::string_view, std::function<void(Desc&)>>> mutations = {
      // Every corner's x at the box's low x: the box is flat, the vertices are not.
      {"msh.model-box-contains",
       [=](Desc& d) {
         const float lo = std::min(get(d, "corner0_x", 0), get(d, "corner1_x", 0));
         for (std::string_view c : {"corner0_x", "corner1_x", "corner2_x", "corner3_x", "corner4_x", "corner5_x",
                                    "corner6_x", "corner7_x"})
           set(d, c, 0, lo);
       }},
      // Every corner pushed 10 units outwards along x: still containing, no longer tight.
      {"msh.model-box-is-min-max",
       [=](Desc& d) {
         const float lo = std::min(get(d, "corner0_x", 0), get(d, "corner1_x", 0));
         for (std::string_view c : {"corner0_x", "corner1_x", "corner2_x", "corner3_x", "corner4_x", "corner5_x",
                                    "corner6_x", "corner7_x"})
           shift(d, c, 0, get(d, c, 0) == lo ? -10.0f : 10.0f);
       }},
      {"msh.model-sphere-contains", [=](Desc& d) { scale(d, "sphere_radius", 0, 0.5f); }},
      {"msh.model-sphere-centre-is-box-midpoint", [=](Desc& d) { shift(d, "sphere_center_x", 0, 1.0f); }},
      {"msh.model-sphere-radius-is-max-distance", [=](Desc& d) { scale(d, "sphere_radius", 0, 2.0f); }},
      {"msh.model-capsule-contains", [=](Desc& d) { set(d, "capsule_radius", 0, 0.0f); }},
      {"msh.slot-aabb-contains", [=](Desc& d) { set(d, "aabb_max_x", kSlots, get(d, "aabb_min_x", kSlots)); }},
      {"msh.slot-aabb-is-min-max", [=](Desc& d) { shift(d, "aabb_min_x", kSlots, -10.0f); }},
      {"msh.slot-sphere-contains", [=](Desc& d) { scale(d, "sphere_radius", kSlots, 0.5f); }},
      {"msh.slot-sphere-centre-is-box-midpoint", [=](Desc& d) { shift(d, "sphere_center_x", kSlots, 1.0f); }},
      {"msh.slot-sphere-radius-is-max-distance", [=](Desc& d) { scale(d, "sphere_radius", kSlots, 2.0f); }},
      {"msh.normal-unit-length",  // vertex 0's normal = 0
       [](Desc& d) { poke(stream(d, stream_type::normals).payload, 0, 0, 3); }},
  };
  std::vector<ViolationCase> cases;
  for (const auto& [id, mutate] : mutations) {
    Desc d = base;
    mutate(d);
    cases.push_back({id, {"violates_" + std::string(id) + ".msh", nres::build_nres(d)}});
  }
  return cases;
}

namespace {

// A mutation of the base model that plants one diagnostic code.
using MshMutation = std::pair<const DiagnosticCode*, std::function<void(Desc&)>>;

// Codes of the directory and the streams as wholes: sizes, counts, attributes, presence, strings.
std::vector<MshMutation> stream_mutations() {
  using namespace codes;
  return {
      {&stream_size_not_multiple, [](Desc& d) { stream(d, stream_type::positions).payload.push_back(std::byte{0}); }},
      {&stream_count_mismatch, [](Desc& d) { ++stream(d, stream_type::indices).attr1; }},
      {&stream_attr3_mismatch, [](Desc& d) { stream(d, stream_type::positions).attr3 = 16; }},
      {&stream_attr2_nonzero, [](Desc& d) { stream(d, stream_type::positions).attr2 = 5; }},
      {&node_stride_unsupported, [](Desc& d) { stream(d, stream_type::nodes).attr3 = 30; }},
      {&header_too_short, [](Desc& d) { stream(d, stream_type::header_slots).payload.resize(0x80); }},
      {&slot_table_tail,
       [](Desc& d) {
         std::vector<std::byte>& res2 = stream(d, stream_type::header_slots).payload;
         res2.resize(res2.size() + 4);
       }},
      {&vertex_count_mismatch, [](Desc& d) { drop_tail(d, stream_type::normals, 4, true); }},
      {&index_count_not_triangles,
       [](Desc& d) {
         stream(d, stream_type::indices).payload.resize(stream(d, stream_type::indices).payload.size() + 2);
         ++stream(d, stream_type::indices).attr1;
       }},
      {&triangle_count_mismatch, [](Desc& d) { drop_tail(d, stream_type::triangles, 16, true); }},
      {&strings_malformed, [](Desc& d) { drop_tail(d, stream_type::strings, 1, false); }},
      {&string_not_terminated,  // "root" NUL
       [](Desc& d) { stream(d, stream_type::strings).payload[4 + 4] = std::byte{'X'}; }},
      {&strings_count_mismatch, [](Desc& d) { ++stream(d, stream_type::strings).attr1; }},
      {&required_stream_missing, [](Desc& d) { remove_stream(d, stream_type::batches); }},
      {&expected_stream_missing, [](Desc& d) { remove_stream(d, stream_type::keys); }},
      {&duplicate_required_stream, [](Desc& d) { d.entries.push_back(stream(d, stream_type::positions)); }},
      {&duplicate_stream, [](Desc& d) { d.entries.push_back(stream(d, stream_type::res15)); }},
  };
}

// Codes of the records inside the streams: nodes, slots, batches, indices, triangles, keys.
std::vector<MshMutation> record_mutations() {
  constexpr uint64_t kSlots = kModelHeaderSpec.size;  // first slot's offset inside Res2
  using namespace codes;
  return {
      {&slot_index_out_of_range, [](Desc& d) { poke_field<kNodeSpec>(d, stream_type::nodes, 0, "slot_index_1", 99); }},
      {&parent_not_before_child, [](Desc& d) { poke_field<kNodeSpec>(d, stream_type::nodes, 1, "parent_or_link", 1); }},
      {&fallback_key_out_of_range,
       [](Desc& d) { poke_field<kNodeSpec>(d, stream_type::nodes, 0, "fallback_key", stream(d, stream_type::keys).attr1); }},
      {&anim_map_out_of_range, [](Desc& d) { poke_field<kNodeSpec>(d, stream_type::nodes, 1, "anim_map_start", 1); }},
      {&map_word_beyond_fallback,
       [](Desc& d) {
         const uint64_t fallback = peek_field<kNodeSpec>(d, stream_type::nodes, 1, "fallback_key");
         poke(stream(d, stream_type::frame_map).payload, 0, fallback + 1, 2);
       }},
      {&key_time_not_increasing,
       [](Desc& d) {
         poke_field<kKeySpec>(d, stream_type::keys, 3, "time", peek_field<kKeySpec>(d, stream_type::keys, 2, "time"));
       }},
      {&slot_block_gap,
       [](Desc& d) {
         const uint64_t s = peek_field<kNodeSpec>(d, stream_type::nodes, 2, "slot_index_0");
         poke_field<kNodeSpec>(d, stream_type::nodes, 2, "slot_index_0", 0xFFFF);
         poke_field<kNodeSpec>(d, stream_type::nodes, 2, "slot_index_5", s);
       }},
      {&slot_batch_range,
       [](Desc& d) { poke_field<kSlotSpec>(d, stream_type::header_slots, 0, "batch_count", 999, kSlots); }},
      {&slot_triangle_range,
       [](Desc& d) { poke_field<kSlotSpec>(d, stream_type::header_slots, 0, "tri_count", 9999, kSlots); }},
      {&slot_bounds_invalid,
       [](Desc& d) { poke_field<kSlotSpec>(d, stream_type::header_slots, 0, "aabb_min_x", 0x7FC00000, kSlots); }},
      {&slot_batch_coverage,
       [](Desc& d) {
         const uint64_t count = peek_field<kSlotSpec>(d, stream_type::header_slots, 0, "tri_count", kSlots);
         poke_field<kSlotSpec>(d, stream_type::header_slots, 0, "tri_count", count - 1, kSlots);
       }},
      {&batch_index_range, [](Desc& d) { poke_field<kBatchSpec>(d, stream_type::batches, 0, "index_count", 60000); }},
      {&batch_index_count_not_triangles,
       [](Desc& d) {
         const uint64_t last = stream(d, stream_type::batches).attr1 - 1;
         const uint64_t count = peek_field<kBatchSpec>(d, stream_type::batches, last, "index_count");
         poke_field<kBatchSpec>(d, stream_type::batches, last, "index_count", count - 1);
       }},
      {&index_out_of_range, [](Desc& d) { poke(stream(d, stream_type::indices).payload, 0, 60000, 2); }},
      {&batch_vertex_range, [](Desc& d) { poke_field<kBatchSpec>(d, stream_type::batches, 0, "batch_0e", 1); }},
      {&batches_not_tiling,
       [](Desc& d) {
         const uint64_t last = stream(d, stream_type::batches).attr1 - 1;
         const uint64_t count = peek_field<kBatchSpec>(d, stream_type::batches, last, "index_count");
         poke_field<kBatchSpec>(d, stream_type::batches, last, "index_count", count - 3);
       }},
      {&vertex_unreached, [](Desc& d) { add_vertex(d); }},
      {&triangle_link_out_of_range,
       [](Desc& d) {
         poke_field<kTriangleSpec>(d, stream_type::triangles, 0, "neighbour_0", stream(d, stream_type::triangles).attr1);
       }},
      {&sel_packed_high_bits, [](Desc& d) { poke_field<kTriangleSpec>(d, stream_type::triangles, 0, "sel_packed", 0x40); }},
      {&non_finite_value,  // vertex 2 y = +inf
       [](Desc& d) { poke(stream(d, stream_type::positions).payload, 2 * 12 + 4, 0x7F800000, 4); }},
      {&key_time_not_finite,  // key 1 time = NaN
       [](Desc& d) { poke_field<kKeySpec>(d, stream_type::keys, 1, "time", 0x7FC00000); }},
  };
}

}  // namespace

std::vector<MalformedCase> malformed_msh_cases(uint64_t seed) {
  (void)seed;  // the base model is fixed: every variant differs from it in one place
  const Desc base = describe_msh(malformed_base_model()).archive;
  std::vector<MshMutation> mutations = stream_mutations();
  for (MshMutation& m : record_mutations()) mutations.push_back(std::move(m));
  std::vector<MalformedCase> cases;
  for (const auto& [code, mutate] : mutations) {
    Desc d = base;
    mutate(d);
    cases.push_back({code->code, {"malformed_" + std::string(code->code) + ".msh", nres::build_nres(d)}});
  }
  return cases;
}

}  // namespace meshgate::msh
