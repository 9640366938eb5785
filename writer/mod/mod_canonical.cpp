#include "writer/mod/mod_canonical.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "parser/mod/mod_layout.hpp"

namespace meshgate::mod {

namespace {

template <size_t N, const auto& Spec>
std::array<uint8_t, N> raw(const Record<Spec>& r, size_t field) {
  std::array<uint8_t, N> out{};
  const auto bytes = r.raw(field);
  std::memcpy(out.data(), bytes.data(), std::min(N, bytes.size()));
  return out;
}

std::vector<std::array<float, 3>> floats(const PodVector<F32x3Bits>& bits) {
  std::vector<std::array<float, 3>> out(bits.size());
  for (size_t i = 0; i < bits.size(); ++i)
    for (size_t c = 0; c < 3; ++c) out[i][c] = std::bit_cast<float>(bits[i][c]);
  return out;
}

template <typename T>
std::vector<T> copy(const PodVector<T>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// The byte value most of the gaps hold: the builder pads with one value.
uint8_t padding_fill(const std::vector<Gap>& gaps) {
  std::array<uint64_t, 256> counts{};
  for (const Gap& g : gaps)
    for (std::byte b : g.bytes) ++counts[static_cast<uint8_t>(b)];
  return static_cast<uint8_t>(std::max_element(counts.begin(), counts.end()) - counts.begin());
}

}  // namespace

TransformDescription describe_transform(const TransformRecord& r) {
  TransformDescription t;
  for (size_t c = 0; c < 3; ++c) {
    t.translation[c] = r.get_f32(xf::tx + c);
    t.rotation[c] = r.get_f32(xf::rx + c);
  }
  t.translation_length = r.get_f32(xf::length);
  t.reserved1c_bits = static_cast<uint32_t>(r.get(xf::reserved1c));
  return t;
}

ModDescription describe_model(const Model& model) {
  const HeaderRecord& h = model.header;
  ModDescription d;
  d.version = h.get_f32(hdr::version);
  d.texture_slot_count = static_cast<uint8_t>(h.get(hdr::texture_slot_count));
  d.default_joint_index = static_cast<uint8_t>(h.get(hdr::default_joint));
  d.runtime_metadata = static_cast<uint32_t>(h.get(hdr::runtime_metadata));
  d.reserved_08 = raw<8>(h, hdr::reserved_08);
  d.reserved_18 = raw<8>(h, hdr::reserved_18);
  d.reserved_28 = raw<24>(h, hdr::reserved_28);
  d.node_shell = raw<16>(model.nodes.header, node::shell);
  for (const Object& o : model.objects) {
    const ObjectRecord& r = o.record;
    ObjectDescription od;
    od.alpha_control = static_cast<uint8_t>(r.get(obj::alpha));
    od.source_flags = static_cast<uint32_t>(r.get(obj::flags));
    od.conditional_param_18 = r.get_f32(obj::param_18);
    od.conditional_param_1c = static_cast<uint32_t>(r.get(obj::param_1c));
    od.reserved_04 = raw<4>(r, obj::reserved_04);
    od.reserved_14 = raw<4>(r, obj::reserved_14);
    od.reserved_20 = raw<16>(r, obj::reserved_20);
    od.bounding_center = {r.get_f32(obj::center_x), r.get_f32(obj::center_y), r.get_f32(obj::center_z)};
    od.bounding_radius = r.get_f32(obj::radius);
    for (const Mesh& m : o.meshes) {
      MeshDescription md;
      md.texture_slot = static_cast<uint16_t>(m.record.get(mesh::texture_slot));
      for (size_t c = 0; c < 4; ++c) md.gs_clamp[c] = static_cast<uint16_t>(m.record.get(mesh::clamp_first + c));
      md.preserved0c = static_cast<uint32_t>(m.record.get(mesh::preserved0c));
      md.reserved38 = m.record.get(mesh::reserved38);
      md.generated_topology_count = static_cast<uint32_t>(m.record.get(mesh::generated_count));
      md.reserved4c = static_cast<uint32_t>(m.record.get(mesh::reserved4c));
      md.positions = floats(m.positions);
      md.normals = floats(m.normals);
      md.uv = copy(m.uv);
      md.blend_indices = copy(m.blend_indices);
      md.control = copy(m.control);
      md.workspace = m.workspace;
      od.meshes.push_back(std::move(md));
    }
    d.objects.push_back(std::move(od));
  }
  const NodeBlock& nb = model.nodes;
  for (size_t k = 0; k < nb.order.size(); ++k)
    d.nodes.push_back({nb.parents[k], nb.order[k], nb.motion_groups[k]});
  for (const TransformRecord& t : nb.transforms) d.transforms.push_back(describe_transform(t));
  d.padding_fill = padding_fill(model.gaps);
  return d;
}

CanonicalMod rebuild_canonical(const Model& model) {
  const ModDescription d = describe_model(model);
  CanonicalMod out;
  out.bytes = build_mod(d).bytes;
  uint64_t other = 0, first = 0;
  for (const Gap& g : model.gaps)
    for (size_t k = 0; k < g.bytes.size(); ++k)
      if (static_cast<uint8_t>(g.bytes.data()[k]) != d.padding_fill && other++ == 0) first = g.offset + k;
  if (other > 0)
    out.not_placed.push_back(std::to_string(other) + " gap byte(s) that are not the padding fill (first at offset " +
                             std::to_string(first) + "): the fresh layout pads with one value");
  return out;
}

}  // namespace meshgate::mod
