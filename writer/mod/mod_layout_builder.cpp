#include "writer/mod/mod_layout_builder.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "parser/mod/mod_layout.hpp"

namespace meshgate::mod {

namespace {

class Image {
 public:
  explicit Image(uint8_t padding_fill) : fill_(padding_fill) {}
  uint64_t size() const { return bytes_.size(); }
  void pad_to(uint64_t alignment) { bytes_.resize(align_up(bytes_.size(), alignment), std::byte{fill_}); }
  uint64_t reserve(uint64_t length) {
    const uint64_t at = bytes_.size();
    bytes_.resize(at + length, std::byte{0});
    return at;
  }
  std::span<std::byte> at(uint64_t offset, uint64_t length) {
    return std::span<std::byte>(bytes_.data() + offset, static_cast<size_t>(length));
  }
  std::vector<std::byte> take() { return std::move(bytes_); }

 private:
  std::vector<std::byte> bytes_;
  uint8_t fill_;
};

template <size_t N>
void set_raw(std::span<std::byte> dst, const std::array<uint8_t, N>& src) {
  std::memcpy(dst.data(), src.data(), N);
}

uint64_t put_f32x3(Image& img, const std::vector<std::array<float, 3>>& values) {
  img.pad_to(kStreamAlignment);
  const uint64_t at = img.reserve(values.size() * 12);
  for (size_t i = 0; i < values.size(); ++i)
    for (size_t c = 0; c < 3; ++c) store_uint_le(img.at(at + 12 * i + 4 * c, 4), f32_to_bits(values[i][c]), 4);
  return at;
}

template <typename Element>
uint64_t put_lanes(Image& img, const std::vector<Element>& values, size_t lane_width) {
  img.pad_to(kStreamAlignment);
  const size_t lanes = std::tuple_size_v<Element>;
  const uint64_t at = img.reserve(values.size() * lanes * lane_width);
  for (size_t i = 0; i < values.size(); ++i)
    for (size_t c = 0; c < lanes; ++c)
      store_uint_le(img.at(at + (i * lanes + c) * lane_width, lane_width),
                    static_cast<uint64_t>(static_cast<uint16_t>(values[i][c])), lane_width);
  return at;
}

// An object's record; its mesh table lies at `table`.
ObjectRecord object_record(const ObjectDescription& od, uint64_t table) {
  ObjectRecord orec;
  orec.set(obj::mesh_count, od.meshes.size());
  orec.set(obj::alpha, od.alpha_control);
  uint64_t vertices = 0;
  for (const auto& m : od.meshes) vertices += m.positions.size();
  orec.set(obj::aggregate_count, vertices);
  set_raw(orec.raw_mut(obj::reserved_04), od.reserved_04);
  orec.set(obj::mesh_table_offset, table);
  orec.set(obj::flags, od.source_flags);
  set_raw(orec.raw_mut(obj::reserved_14), od.reserved_14);
  orec.set_f32(obj::param_18, od.conditional_param_18);
  orec.set(obj::param_1c, od.conditional_param_1c);
  set_raw(orec.raw_mut(obj::reserved_20), od.reserved_20);
  orec.set_f32(obj::center_x, od.bounding_center[0]);
  orec.set_f32(obj::center_y, od.bounding_center[1]);
  orec.set_f32(obj::center_z, od.bounding_center[2]);
  orec.set_f32(obj::radius, od.bounding_radius);
  return orec;
}

// A mesh's streams placed in `img`, each 16-aligned, and its record naming
// them (all but the workspace, placed after the node block).
MeshRecord place_mesh(Image& img, const MeshDescription& md) {
  MeshRecord r;
  r.set(mesh::vertex_count, md.positions.size());
  r.set(mesh::texture_slot, md.texture_slot);
  for (size_t c = 0; c < 4; ++c) r.set(mesh::clamp_first + c, md.gs_clamp[c]);
  r.set(mesh::preserved0c, md.preserved0c);
  r.set(mesh::stream_offset(stream::positions), put_f32x3(img, md.positions));
  r.set(mesh::stream_offset(stream::normals), put_f32x3(img, md.normals));
  r.set(mesh::stream_offset(stream::uv), put_lanes(img, md.uv, 2));
  r.set(mesh::stream_offset(stream::blend_indices), put_lanes(img, md.blend_indices, 1));
  img.pad_to(kStreamAlignment);
  const uint64_t control = img.reserve(md.control.size() * 2);
  for (size_t k = 0; k < md.control.size(); ++k) store_uint_le(img.at(control + 2 * k, 2), md.control[k], 2);
  r.set(mesh::stream_offset(stream::control), control);
  r.set(mesh::reserved38, md.reserved38);
  r.set(mesh::generated_count, md.generated_topology_count);
  r.set(mesh::reserved4c, md.reserved4c);
  return r;
}

// Where the node block lies: its offset and the end of its transforms.
struct PlacedNodes {
  uint64_t offset, end;
};

// The node block: retail layout for N nodes, zero-filled array padding.
PlacedNodes place_nodes(Image& img, const ModDescription& d) {
  img.pad_to(kStreamAlignment);
  const uint64_t n = d.nodes.size();
  const NodeLayout layout = retail_node_layout(n);
  const uint64_t block = img.reserve(layout.transforms + n * kTransformSpec.size);
  NodeHeaderRecord nh;
  nh.set(node::parent_rel, layout.parent);
  nh.set(node::order_rel, layout.order);
  nh.set(node::group_rel, layout.motion_group);
  nh.set(node::transform_rel, layout.transforms);
  set_raw(nh.raw_mut(node::shell), d.node_shell);
  nh.encode(img.at(block, kNodeHeaderSpec.size));
  for (size_t k = 0; k < n; ++k) {
    img.at(block + layout.parent + k, 1)[0] = std::byte{d.nodes[k].parent};
    img.at(block + layout.order + k, 1)[0] = std::byte{d.nodes[k].node};
    img.at(block + layout.motion_group + k, 1)[0] = std::byte{d.nodes[k].motion_group};
  }
  for (size_t k = 0; k < d.transforms.size() && k < n; ++k) {
    const TransformDescription& t = d.transforms[k];
    TransformRecord tr;
    for (size_t c = 0; c < 3; ++c) {
      tr.set_f32(xf::tx + c, t.translation[c]);
      tr.set_f32(xf::rx + c, t.rotation[c]);
    }
    tr.set_f32(xf::length, t.translation_length);
    tr.set(xf::reserved1c, t.reserved1c_bits);
    tr.encode(img.at(block + layout.transforms + k * kTransformSpec.size, kTransformSpec.size));
  }
  return {block, block + layout.transforms + n * kTransformSpec.size};
}

// The workspace trailer, gapless to EOF (spec §5): each mesh's carried
// workspace where it has the capacity's size, else 0x12 filler; each record
// learns where its workspace lies. Capacity-0 workspaces point at the
// trailer cursor, which is always inside the file.
void place_workspaces(Image& img, std::vector<MeshRecord>& mesh_records,
                      const std::vector<const std::vector<std::byte>*>& carried_workspaces,
                      const std::vector<uint64_t>& record_offsets, uint64_t nodes_end) {
  img.pad_to(kStreamAlignment);
  for (size_t m = 0; m < mesh_records.size(); ++m) {
    const uint64_t capacity = workspace_capacity(mesh_records[m].get(mesh::vertex_count));
    const uint64_t at = img.reserve(capacity);
    const std::vector<std::byte>& carried = *carried_workspaces[m];
    if (carried.size() == capacity) std::copy(carried.begin(), carried.end(), img.at(at, capacity).begin());
    else std::fill_n(img.at(at, capacity).begin(), capacity, std::byte{0x12});
    mesh_records[m].set(mesh::workspace_rel, at - record_offsets[m]);
  }
  const bool last_carried = !carried_workspaces.empty() && !carried_workspaces.back()->empty();
  if (!last_carried && img.size() >= 2 && img.size() > nodes_end) {
    img.at(img.size() - 2, 2)[0] = std::byte{0};
    img.at(img.size() - 2, 2)[1] = std::byte{0};
  }
}

// The file header; the node block lies at `block`.
HeaderRecord header_record(const ModDescription& d, uint64_t block) {
  HeaderRecord h;
  std::copy(kMagic.begin(), kMagic.end(), h.raw_mut(hdr::magic).begin());
  h.set_f32(hdr::version, d.version);
  set_raw(h.raw_mut(hdr::reserved_08), d.reserved_08);
  h.set(hdr::object_count, d.objects.size());
  h.set(hdr::node_count, d.nodes.size());
  h.set(hdr::texture_slot_count, d.texture_slot_count);
  h.set(hdr::default_joint, d.default_joint_index);
  h.set(hdr::runtime_metadata, d.runtime_metadata);
  set_raw(h.raw_mut(hdr::reserved_18), d.reserved_18);
  h.set(hdr::document_offset, block);
  set_raw(h.raw_mut(hdr::reserved_28), d.reserved_28);
  return h;
}

}  // namespace

void compute_bounds(ObjectDescription& o) {
  std::array<float, 3> lo{}, hi{};
  bool first = true;
  for (const MeshDescription& m : o.meshes)
    for (const auto& p : m.positions)
      for (size_t c = 0; c < 3; ++c) {
        lo[c] = first ? p[c] : std::min(lo[c], p[c]);
        hi[c] = first ? p[c] : std::max(hi[c], p[c]);
        first = c < 2 && first;
      }
  for (size_t c = 0; c < 3; ++c) o.bounding_center[c] = (lo[c] + hi[c]) / 2;
  float radius = 0;
  for (const MeshDescription& m : o.meshes)
    for (const auto& p : m.positions) {
      const float dx = p[0] - o.bounding_center[0], dy = p[1] - o.bounding_center[1], dz = p[2] - o.bounding_center[2];
      radius = std::max(radius, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
  o.bounding_radius = radius;
}

BuiltMod build_mod(const ModDescription& d) {
  Image img(d.padding_fill);
  BuiltMod built;
  img.reserve(kHeaderSpec.size + d.objects.size() * kObjectSpec.size);

  std::vector<MeshRecord> mesh_records;
  std::vector<const std::vector<std::byte>*> carried_workspaces;  // per mesh, object-major
  for (size_t i = 0; i < d.objects.size(); ++i) {
    const ObjectDescription& od = d.objects[i];
    img.pad_to(kStreamAlignment);
    const uint64_t table = img.reserve(od.meshes.size() * kMeshSpec.size);
    object_record(od, table).encode(img.at(object_record_offset(i), kObjectSpec.size));
    for (size_t j = 0; j < od.meshes.size(); ++j) {
      built.mesh_record_offsets.push_back(table + j * kMeshSpec.size);
      mesh_records.push_back(place_mesh(img, od.meshes[j]));
      carried_workspaces.push_back(&od.meshes[j].workspace);
    }
  }
  const PlacedNodes nodes = place_nodes(img, d);
  built.node_block_offset = nodes.offset;
  place_workspaces(img, mesh_records, carried_workspaces, built.mesh_record_offsets, nodes.end);
  for (size_t m = 0; m < mesh_records.size(); ++m)
    mesh_records[m].encode(img.at(built.mesh_record_offsets[m], kMeshSpec.size));
  header_record(d, nodes.offset).encode(img.at(0, kHeaderSpec.size));
  built.bytes = img.take();
  return built;
}

}  // namespace meshgate::mod
