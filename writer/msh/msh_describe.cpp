#include "writer/msh/msh_describe.hpp"

#include <algorithm>
#include <map>

#include "parser/msh/msh_streams.hpp"
#include "parser/core/byte_reader.hpp"
#include "parser/nres/nres_model.hpp"

namespace meshgate::msh {

namespace {

class Describer {
 public:
  explicit Describer(const Model& m) : m_(m), s_(m) {}

  DescribedMsh run() {
    DescribedMsh out;
    ExportModel& e = out.model;
    if (!m_.streams.empty()) {
      const std::string name = nres::entry_name(m_.streams.front().record);
      e.name = name.substr(0, name.find('.'));
    }
    const auto* map = s_.find(stream_type::frame_map);
    e.frame_count = map ? static_cast<uint32_t>(map->record.get(nres::entry::attr2)) : 0;
    e.with_res9 = s_.find(stream_type::node_names) != nullptr;
    e.with_res15 = s_.find(stream_type::res15) != nullptr;
    e.with_res17 = s_.find(stream_type::interior_graph) != nullptr;
    if (const auto* r17 = s_.get<RawStream>(stream_type::interior_graph); r17 && !r17->bytes.empty())
      gap("Res17 holds an interior graph; the exporter writes it empty");
    for (const Stream& stream : m_.streams) {
      const auto name = stream.record.raw(nres::entry::name);
      const size_t end = nres::entry_name_view(stream.record).size();
      if (std::any_of(name.begin() + static_cast<std::ptrdiff_t>(std::min(end + 1, name.size())), name.end(),
                      [](std::byte b) { return b != std::byte{0}; }))
        gap("an entry name has bytes after its NUL (the exporter writes zeros)");
    }
    per_vertex_streams(e);
    const NodeViewList nodes(s_);
    const auto* names = s_.get<StringStream>(stream_type::strings);
    uint64_t next_key = 0;
    for (size_t n = 0; n < nodes.size(); ++n) {
      const NodeView v = nodes[n];
      ExportNode node;
      node.flags = v.flags;
      node.parent = v.parent;
      if (names && n < names->records.size() && names->records[n].length > 0) {
        const SmallBytes& text = names->records[n].text;
        node.name.assign(reinterpret_cast<const char*>(text.data()), text.size() - 1);
      }
      node.slots = slots(n, v);
      node.track = track(n, v, next_key, e.frame_count);
      e.nodes.push_back(std::move(node));
    }
    out.gaps = std::move(gaps_);
    return out;
  }

 private:
  void gap(const std::string& line) {
    if (std::find(gaps_.begin(), gaps_.end(), line) == gaps_.end()) gaps_.push_back(line);
  }

  void per_vertex_streams(ExportModel& e) {
    const uint64_t vertices = model_counts(s_).vertices;
    if (const auto* r15 = s_.get<RawStream>(stream_type::res15); r15 && r15->bytes.size() == vertices * 8) {
      e.res15.resize(vertices);
      for (uint64_t v = 0; v < vertices; ++v)
        for (size_t k = 0; k < 8; ++k) e.res15[v][k] = static_cast<uint8_t>(r15->bytes[v * 8 + k]);
    } else if (r15) {
      gap("Res15 is not 8 bytes per vertex");
    }
    if (const auto* r18 = s_.get<WordPairStream>(stream_type::res18)) e.res18.assign(r18->pairs.begin(), r18->pairs.end());
    if (const auto* r20 = s_.get<RawStream>(stream_type::lights); r20 && r20->bytes.size() % 48 == 0) {
      e.res20.resize(r20->bytes.size() / 48);
      for (size_t l = 0; l < e.res20.size(); ++l)
        for (size_t k = 0; k < 48; ++k) e.res20[l][k] = static_cast<uint8_t>(r20->bytes[l * 48 + k]);
    } else if (r20) {
      gap("Res20 is not 48 bytes per light");
    }
  }

  // The node's slot words in slot-index order (the exporter numbers slots in
  // the order it meets them), each with its batches.
  std::vector<ExportSlot> slots(size_t n, const NodeView& v) {
    const auto* header = s_.get<HeaderSlotStream>(stream_type::header_slots);
    const auto* batches = s_.get<BatchStream>(stream_type::batches);
    const auto* tris = s_.get<TriangleStream>(stream_type::triangles);
    std::map<uint16_t, unsigned> by_index;  // slot index -> word position
    for (unsigned k = 0; k < v.slots.size(); ++k)
      if (v.slots[k] != kNone) by_index[v.slots[k]] = k;
    std::vector<ExportSlot> out;
    for (const auto& [index, word] : by_index) {
      if (!header || index >= header->slots.size() || !batches) {
        gap("node " + std::to_string(n) + " names a slot the model does not hold");
        continue;
      }
      if (index != next_slot_++) gap("slot indices are not in node and word order");
      const SlotRecord& slot = header->slots[index];
      ExportSlot es{word / static_cast<unsigned>(kSlotsPerBlock), word % static_cast<unsigned>(kSlotsPerBlock), {}};
      uint64_t triangle = slot.get(slot::tri_start);
      const uint64_t first = slot.get(slot::batch_start), count = slot.get(slot::batch_count);
      for (uint64_t b = first; b < first + count && b < batches->batches.size(); ++b)
        es.batches.push_back(batch(batches->batches[b], tris, triangle));
      out.push_back(std::move(es));
    }
    return out;
  }

  ExportBatch batch(const BatchRecord& r, const TriangleStream* tris, uint64_t& triangle) {
    const auto* positions = s_.get<PositionStream>(stream_type::positions);
    const auto* normals = s_.get<PackedNormalStream>(stream_type::normals);
    const auto* uvs = s_.get<WordPairStream>(stream_type::uv0);
    const auto* indices = s_.get<WordStream>(stream_type::indices);
    ExportBatch b;
    b.batch_flags = static_cast<uint16_t>(r.get(batch::flags));
    b.wear_row = static_cast<uint8_t>(r.get(batch::wear_row));
    if (r.get(batch::material_2) != 0 || r.get(batch::material_5) != 0xFF || r.get(batch::batch_06) != kNone)
      gap("a batch's +2, +5 or +6 is not what the exporter writes (0, 0xFF, 0xFFFF)");
    const uint64_t base = r.get(batch::base_vertex), count = r.get(batch::vertex_count);
    if (base != next_vertex_) gap("batches share or skip vertices (base_vertex out of sequence)");
    next_vertex_ = base + count;
    for (uint64_t v = base; positions && v < base + count && v < positions->positions.size(); ++v) {
      ExportVertex x;
      for (size_t c = 0; c < 3; ++c) x.position[c] = f32_from_bits(positions->positions[v][c]);
      if (normals && v < normals->normals.size()) {
        for (size_t c = 0; c < 3; ++c) x.normal[c] = decode_normal_component(static_cast<int8_t>(normals->normals[v][c]));
        if (normals->normals[v][3] != 0) gap("a Res4 normal's byte 3 is not 0 (the exporter writes 0)");
        for (size_t c = 0; c < 3; ++c)
          if (normals->normals[v][c] == 0x80) gap("a Res4 component is -128 (the exporter writes -127..127)");
      }
      if (uvs && v < uvs->pairs.size())
        for (size_t c = 0; c < 2; ++c) x.uv[c] = decode_uv_signed(uvs->pairs[v][c]);
      b.vertices.push_back(x);
    }
    const uint64_t start = r.get(batch::index_start), n = r.get(batch::index_count);
    if (start != next_index_) gap("batches' index ranges are out of sequence");
    next_index_ = start + n;
    for (uint64_t i = start; indices && i < start + n && i < indices->words.size(); ++i) b.indices.push_back(indices->words[i]);
    for (uint64_t t = 0; t < n / 3; ++t, ++triangle) {
      const bool present = tris && triangle < tris->triangles.size();
      b.tri_flags.push_back(present ? static_cast<uint16_t>(tris->triangles[triangle].get(triangle::flags)) : 0);
      if (present && tris->triangles[triangle].get(triangle::sel_packed) != 0) gap("a Res7 selector word is not 0 (the exporter writes 0)");
    }
    return b;
  }

  // The node's keys: its own run of Res8, up to its fallback key. The
  // exporter gives a node without a track one identity key and no frame map
  // run; a node with a track gets a run when the model has frames.
  std::vector<ExportKey> track(size_t n, const NodeView& v, uint64_t& next_key, uint32_t frames) {
    const auto* keys = s_.get<KeyStream>(stream_type::keys);
    std::vector<ExportKey> out;
    if (!keys || v.fallback_key >= keys->keys.size() || v.fallback_key < next_key) {
      gap("node " + std::to_string(n) + "'s keys are not its own run ending at its fallback key");
      return out;
    }
    for (uint64_t k = next_key; k <= v.fallback_key; ++k) {
      const KeyRecord& r = keys->keys[k];
      ExportKey key;
      for (size_t c = 0; c < 3; ++c) key.translation[c] = r.get_f32(c);
      key.time = r.get_f32(key::time);
      for (size_t c = 0; c < 4; ++c)
        key.rotation[c] = static_cast<float>(static_cast<int16_t>(r.get(key::rotation_0 + c))) / 32767.0f;
      out.push_back(key);
    }
    next_key = uint64_t{v.fallback_key} + 1;
    const bool has_run = v.anim_map_start != kNone;
    const bool identity_rest = out.size() == 1 && out[0].time == 0 && out[0].translation == std::array<float, 3>{} &&
                               out[0].rotation == std::array<float, 4>{0, 0, 0, 1};
    if (!has_run && identity_rest) out.clear();  // the exporter's static node
    else if (has_run != (frames > 0)) gap("node " + std::to_string(n) + "'s frame map run does not follow the frame count");
    return out;
  }

  const Model& m_;
  const StreamsByType s_;
  std::vector<std::string> gaps_;
  uint16_t next_slot_ = 0;
  uint64_t next_vertex_ = 0, next_index_ = 0;
};

}  // namespace

DescribedMsh describe_model(const Model& model) { return Describer(model).run(); }

}  // namespace meshgate::msh
