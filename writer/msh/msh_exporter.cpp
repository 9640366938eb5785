#include "writer/msh/msh_exporter.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "parser/core/byte_reader.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_streams.hpp"

namespace meshgate::msh {

namespace {

constexpr uint32_t kNone = 0xFFFF;

struct ByteSink {
  std::vector<std::byte> b;
  void u8(uint64_t v) { append_uint_le(b, v, 1); }
  void u16(uint64_t v) { append_uint_le(b, v, 2); }
  void u32(uint64_t v) { append_uint_le(b, v, 4); }
  void f32(float f) { u32(f32_to_bits(f)); }
  void i16(int v) { u16(static_cast<uint16_t>(static_cast<int16_t>(v))); }
};

int quantize(float v, float scale, int lo, int hi) {
  const float q = std::round(v * scale);
  if (!(q >= static_cast<float>(lo))) return lo;  // also catches NaN
  return q > static_cast<float>(hi) ? hi : static_cast<int>(q);
}

struct Box {
  std::array<float, 3> lo{}, hi{};
  bool empty = true;
  void add(const std::array<float, 3>& p) {
    for (size_t c = 0; c < 3; ++c) {
      lo[c] = empty ? p[c] : std::min(lo[c], p[c]);
      hi[c] = empty ? p[c] : std::max(hi[c], p[c]);
    }
    empty = false;
  }
  std::array<float, 3> centre() const {
    return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
  }
};

float distance(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  const float dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// Everything laid out flat, in node -> slot -> batch order.
struct Flat {
  std::vector<ExportVertex> vertices;
  std::vector<uint16_t> indices;
  ByteSink batches, triangles, slots;
  std::vector<std::array<uint16_t, 15>> node_slots;
  Box model_box;
  std::vector<std::array<float, 3>> all_positions;
};

// Face normal and edge neighbours of one slot's triangles (global vertex ids).
void emit_triangles(Flat& f, const std::vector<std::array<uint32_t, 3>>& tris, const std::vector<uint16_t>& flags,
                    uint64_t first_triangle) {
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint64_t>> edges;
  for (uint64_t t = 0; t < tris.size(); ++t)
    for (size_t e = 0; e < 3; ++e) {
      const uint32_t a = tris[t][e], b = tris[t][(e + 1) % 3];
      edges[{std::min(a, b), std::max(a, b)}].push_back(t);
    }
  for (uint64_t t = 0; t < tris.size(); ++t) {
    f.triangles.u16(flags[t]);
    for (size_t e = 0; e < 3; ++e) {
      const uint32_t a = tris[t][e], b = tris[t][(e + 1) % 3];
      uint64_t neighbour = kNone;
      for (uint64_t other : edges[{std::min(a, b), std::max(a, b)}])
        if (other != t) {
          neighbour = first_triangle + other;
          break;
        }
      f.triangles.u16(neighbour);
    }
    const auto& p0 = f.vertices[tris[t][0]].position;
    const auto& p1 = f.vertices[tris[t][1]].position;
    const auto& p2 = f.vertices[tris[t][2]].position;
    const std::array<float, 3> u{p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]};
    const std::array<float, 3> v{p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]};
    std::array<float, 3> n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (float& c : n) c = len > 0 ? c / len : 0;
    for (float c : n) f.triangles.i16(quantize(c, 32767, -32767, 32767));
    f.triangles.u16(0);  // selPacked: selectors 0 (the seed's canonical zero)
  }
}

std::optional<std::string> lay_out_geometry(const ExportModel& m, Flat& f) {
  uint64_t slot_count = 0, batch_count = 0, triangle_count = 0;
  f.node_slots.assign(m.nodes.size(), {});
  for (size_t n = 0; n < m.nodes.size(); ++n) {
    f.node_slots[n].fill(static_cast<uint16_t>(kNone));
    for (const ExportSlot& s : m.nodes[n].slots) {
      if (s.block >= 3 || s.column >= 5) return "node " + std::to_string(n) + " slot (" + std::to_string(s.block) + ", " +
                                                std::to_string(s.column) + ") is outside 3 x 5";
      uint16_t& word = f.node_slots[n][s.block * 5 + s.column];
      if (word != kNone) return "node " + std::to_string(n) + " uses one slot word twice";
      if (slot_count >= kNone) return std::string("more than 65535 slots");
      word = static_cast<uint16_t>(slot_count++);
      const uint64_t tri_start = triangle_count, batch_start = batch_count;
      std::vector<std::array<uint32_t, 3>> tris;
      std::vector<uint16_t> tri_flags;
      Box box;
      for (const ExportBatch& b : s.batches) {
        if (b.indices.size() % 3 != 0) return "a batch of node " + std::to_string(n) + " has a partial triangle";
        if (b.vertices.size() > 0xFFFF) return std::string("a batch holds more than 65535 vertices");
        if (b.indices.size() > 0xFFFF)  // Res13 +8 is a u16: a larger count would be written wrapped
          return "a batch of node " + std::to_string(n) + " holds " + std::to_string(b.indices.size()) + " indices, more than 65535";
        const uint64_t base = f.vertices.size(), start = f.indices.size();
        for (size_t k = 0; k < b.indices.size(); ++k) {
          if (b.indices[k] >= b.vertices.size()) return "a batch index of node " + std::to_string(n) + " is out of range";
          f.indices.push_back(b.indices[k]);
        }
        for (size_t t = 0; t < b.indices.size() / 3; ++t) {
          tris.push_back({static_cast<uint32_t>(base + b.indices[3 * t]), static_cast<uint32_t>(base + b.indices[3 * t + 1]),
                          static_cast<uint32_t>(base + b.indices[3 * t + 2])});
          tri_flags.push_back(t < b.tri_flags.size() ? b.tri_flags[t] : 0);
        }
        for (const ExportVertex& v : b.vertices) {
          f.vertices.push_back(v);
          box.add(v.position);
          f.model_box.add(v.position);
          f.all_positions.push_back(v.position);
        }
        f.batches.u16(b.batch_flags);
        f.batches.u16(0);            // +2: FP's material_index, 0 on every OP batch
        f.batches.u8(b.wear_row);    // +4: WEAR row (PP/OP)
        f.batches.u8(0xFF);          // +5: PP's lightmap index, 0xFF = none
        f.batches.u16(kNone);        // +6: 0xFFFF on every OP batch
        f.batches.u16(b.indices.size());
        f.batches.u32(start);
        f.batches.u16(b.vertices.size());  // +0x0E: OP/PP vertex count
        f.batches.u32(base);
        ++batch_count;
      }
      if (triangle_count + tris.size() >= kNone) return std::string("more than 65534 triangles");
      if (batch_count >= kNone) return std::string("more than 65535 batches");
      emit_triangles(f, tris, tri_flags, tri_start);
      triangle_count += tris.size();
      f.slots.u16(tri_start);
      f.slots.u16(tris.size());
      f.slots.u16(batch_start);
      f.slots.u16(batch_count - batch_start);
      const std::array<float, 3> c = box.centre();
      float radius = 0;
      for (const ExportBatch& b : s.batches)
        for (const ExportVertex& v : b.vertices) radius = std::max(radius, distance(c, v.position));
      for (float x : box.lo) f.slots.f32(x);
      for (float x : box.hi) f.slots.f32(x);
      for (float x : c) f.slots.f32(x);
      f.slots.f32(radius);
      const float area = (box.hi[0] - box.lo[0]) * (box.hi[1] - box.lo[1]);
      f.slots.f32(area);                              // +0x30 base footprint (PP/OP)
      f.slots.f32(area * (box.hi[2] - box.lo[2]));    // +0x34 base volume (OP)
      for (int k = 0; k < 3; ++k) f.slots.u32(0);      // +0x38..+0x43 unknown
    }
  }
  return std::nullopt;
}

ByteSink model_header(const Flat& f) {
  ByteSink h;
  const Box& b = f.model_box;
  for (unsigned i = 0; i < 8; ++i) {
    h.f32(i & 1 ? b.hi[0] : b.lo[0]);
    h.f32(i & 2 ? b.hi[1] : b.lo[1]);
    h.f32(i & 4 ? b.hi[2] : b.lo[2]);
  }
  const std::array<float, 3> c = b.centre();
  float radius = 0;
  for (const auto& p : f.all_positions) radius = std::max(radius, distance(c, p));
  for (float x : c) h.f32(x);
  h.f32(radius);
  // Capsule along Z through the centre; radius = XY half-diagonal (OP: e.g. 47.325*sqrt(2)).
  h.f32(c[0]), h.f32(c[1]), h.f32(b.lo[2]);
  h.f32(c[0]), h.f32(c[1]), h.f32(b.hi[2]);
  const float hx = (b.hi[0] - b.lo[0]) / 2, hy = (b.hi[1] - b.lo[1]) / 2;
  h.f32(std::sqrt(hx * hx + hy * hy));
  return h;
}

// Res8 keys, the Res19 frame map and each node's (anim_map_start, fallback_key).
std::optional<std::string> lay_out_animation(const ExportModel& m, ByteSink& keys, std::vector<uint16_t>& frame_map,
                                             std::vector<std::pair<uint16_t, uint16_t>>& node_anim) {
  uint64_t key_count = 0;
  for (size_t n = 0; n < m.nodes.size(); ++n) {
    const ExportNode& node = m.nodes[n];
    const std::vector<ExportKey> rest{ExportKey{}};
    const std::vector<ExportKey>& track = node.track.empty() ? rest : node.track;
    for (size_t k = 1; k < track.size(); ++k)
      if (!(track[k].time > track[k - 1].time))
        return "node " + std::to_string(n) + " key times do not strictly increase";
    const uint64_t first = key_count;
    for (const ExportKey& k : track) {
      for (float t : k.translation) keys.f32(t);
      keys.f32(k.time);
      for (float q : k.rotation) keys.i16(quantize(q, 32767, -32767, 32767));
    }
    key_count += track.size();
    if (key_count >= kNone) return std::string("more than 65534 animation keys");
    const uint16_t fallback = static_cast<uint16_t>(key_count - 1);  // the last key of the node's own track
    uint16_t start = static_cast<uint16_t>(kNone);
    if (!node.track.empty() && m.frame_count > 0) {
      if (frame_map.size() + m.frame_count >= kNone) return std::string("the frame map passes 65534 words");
      start = static_cast<uint16_t>(frame_map.size());
      for (uint32_t frame = 0; frame < m.frame_count; ++frame) {
        // The key at or before this frame; from the last key on, the fallback.
        uint64_t k = 0;
        while (k + 1 < track.size() && track[k + 1].time <= static_cast<float>(frame)) ++k;
        frame_map.push_back(static_cast<uint16_t>(first + k));
      }
    }
    node_anim.emplace_back(start, fallback);
  }
  return std::nullopt;
}

// The node list's rules: 1..65534 nodes, each parent before its child.
std::optional<std::string> check_node_order(const ExportModel& m) {
  if (m.nodes.empty() || m.nodes.size() >= kNone) return std::string("a model needs 1..65534 nodes");
  for (size_t n = 0; n < m.nodes.size(); ++n)
    if (m.nodes[n].parent != kNone && m.nodes[n].parent >= n)
      return "node " + std::to_string(n) + " has a parent that does not come before it";
  return std::nullopt;
}

// The payloads of the model's streams, each as the file stores it (the
// laid-out batches, triangles and keys stay where they were made).
struct Payloads {
  ByteSink nodes, positions, normals, uvs, indices, res15, res18, res20, map, names, strings, header_slots;
};

// Res1 records, Res9 names and Res10 strings, one per node.
void write_node_payloads(const ExportModel& m, const Flat& f,
                         const std::vector<std::pair<uint16_t, uint16_t>>& node_anim, Payloads& p) {
  for (size_t n = 0; n < m.nodes.size(); ++n) {
    p.nodes.u16(m.nodes[n].flags);
    p.nodes.u16(m.nodes[n].parent);
    p.nodes.u16(node_anim[n].first);
    p.nodes.u16(node_anim[n].second);
    for (uint16_t s : f.node_slots[n]) p.nodes.u16(s);
    std::array<std::byte, 32> name{};
    for (size_t k = 0; k < m.nodes[n].name.size() && k < 31; ++k) name[k] = static_cast<std::byte>(m.nodes[n].name[k]);
    p.names.b.insert(p.names.b.end(), name.begin(), name.end());
    p.strings.u32(m.nodes[n].name.size());
    if (!m.nodes[n].name.empty()) {
      for (char c : m.nodes[n].name) p.strings.u8(static_cast<uint8_t>(c));
      p.strings.u8(0);
    }
  }
}

// Positions, normals, UVs, Res15 and Res18, one element per vertex; then the indices.
void write_vertex_payloads(const ExportModel& m, const Flat& f, Payloads& p) {
  for (size_t v = 0; v < f.vertices.size(); ++v) {
    const ExportVertex& x = f.vertices[v];
    for (float c : x.position) p.positions.f32(c);
    for (float c : x.normal) p.normals.u8(static_cast<uint8_t>(static_cast<int8_t>(quantize(c, kNormalScale, -127, 127))));
    p.normals.u8(0);  // byte 3: unknown, 0 here
    for (float c : x.uv) p.uvs.i16(quantize(c, kUvScale, -32768, 32767));  // round(uv*1024) in 16 bits (§3.3)
    for (size_t k = 0; k < 8; ++k) p.res15.u8(m.res15.empty() ? 0 : m.res15[v][k]);
    if (!m.res18.empty()) p.res18.u16(m.res18[v][0]), p.res18.u16(m.res18[v][1]);
  }
  for (uint16_t i : f.indices) p.indices.u16(i);
}

// The archive's entries in the order retail files hold them, each with its
// element count (attr1), attr2, element size (attr3) and payload (moved out).
std::vector<nres::EntryDescription> msh_entries(const ExportModel& m, Flat& f, ByteSink& keys, uint64_t frame_map_words,
                                                Payloads& p) {
  const uint64_t node_count = m.nodes.size(), vertex_count = f.vertices.size(),
                 slot_count = (p.header_slots.b.size() - 0x8C) / 68;
  struct Planned {
    uint32_t type;
    uint64_t attr1, attr2, attr3;
    ByteSink* payload;
    bool present;
  };
  const std::vector<Planned> plan = {
      {stream_type::nodes, node_count, 0, 38, &p.nodes, true},
      {stream_type::header_slots, slot_count, 0, 68, &p.header_slots, true},
      {stream_type::positions, vertex_count, 0, 12, &p.positions, true},
      {stream_type::normals, vertex_count, 0, 4, &p.normals, true},
      {stream_type::uv0, vertex_count, 0, 4, &p.uvs, true},
      {stream_type::res18, vertex_count, 0, 4, &p.res18, !m.res18.empty()},
      {stream_type::res15, vertex_count, 0, 8, &p.res15, m.with_res15},
      {stream_type::batches, f.batches.b.size() / 20, 0, 20, &f.batches, true},
      {stream_type::indices, f.indices.size(), 0, 2, &p.indices, true},
      {stream_type::triangles, f.triangles.b.size() / 16, 0, 16, &f.triangles, true},
      {stream_type::keys, keys.b.size() / 24, 0, 4, &keys, true},
      {stream_type::frame_map, frame_map_words, m.frame_count, 2, &p.map, true},
      {stream_type::node_names, node_count, 0, 32, &p.names, m.with_res9},
      {stream_type::strings, node_count, 0, 0, &p.strings, true},
      {stream_type::interior_graph, 0, 0, 20, nullptr, m.with_res17},
      {stream_type::lights, m.res20.size(), 0, 48, &p.res20, !m.res20.empty()},
  };
  std::vector<nres::EntryDescription> entries;
  for (const Planned& planned : plan) {
    if (!planned.present) continue;
    nres::EntryDescription e;
    e.type_id = planned.type;
    e.attr1 = static_cast<uint32_t>(planned.attr1);
    e.attr2 = static_cast<uint32_t>(planned.attr2);
    e.attr3 = static_cast<uint32_t>(planned.attr3);
    const StreamType* t = find_stream_type(planned.type);
    e.name = (m.name + "." + std::string(t ? t->name : "res")).substr(0, 35);
    if (planned.payload) e.payload = std::move(planned.payload->b);
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace

ExportResult describe_msh(const ExportModel& m) {
  ExportResult result;
  if ((result.error = check_node_order(m))) return result;
  Flat f;
  if (auto e = lay_out_geometry(m, f)) {
    result.error = e;
    return result;
  }
  ByteSink keys;
  std::vector<uint16_t> frame_map;
  std::vector<std::pair<uint16_t, uint16_t>> node_anim;
  if (auto e = lay_out_animation(m, keys, frame_map, node_anim)) {
    result.error = e;
    return result;
  }
  const uint64_t vertex_count = f.vertices.size();
  if (!m.res15.empty() && m.res15.size() != vertex_count) result.error = "res15 needs one element per vertex";
  if (!m.res18.empty() && m.res18.size() != vertex_count) result.error = "res18 needs one element per vertex";
  if (result.error) return result;

  Payloads p;
  p.header_slots = model_header(f);
  write_node_payloads(m, f, node_anim, p);
  p.header_slots.b.insert(p.header_slots.b.end(), f.slots.b.begin(), f.slots.b.end());
  write_vertex_payloads(m, f, p);
  for (uint16_t w : frame_map) p.map.u16(w);
  for (const auto& light : m.res20)
    for (uint8_t x : light) p.res20.u8(x);
  result.archive.entries = msh_entries(m, f, keys, frame_map.size(), p);
  return result;
}

std::vector<std::byte> export_msh(const ExportModel& model, std::string* error) {
  ExportResult r = describe_msh(model);
  if (!r.ok()) {
    if (error) *error = *r.error;
    return {};
  }
  return nres::build_nres(r.archive);
}

}  // namespace meshgate::msh
