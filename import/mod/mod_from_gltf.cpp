#include "import/mod/mod_from_gltf.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <unordered_map>

#include "export/finite_check.hpp"
#include "parser/mod/mod_fields.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_nodes.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/mod/mod_topology.hpp"
#include "import/gltf_joint_order.hpp"
#include "import/import_losses.hpp"
#include "import/import_narrowing.hpp"
#include "writer/mod/mod_canonical.hpp"

namespace meshgate::mod {

namespace {

using Triangle = std::array<uint32_t, 3>;

constexpr unsigned kMaxInfluences = 3;
constexpr size_t kMaxStripVertices = 0xFFFF;  // element_count is a u16
constexpr size_t kMaxNodes = 0xFF;             // node_count is a u8, 0xFF is the root marker
constexpr unsigned kMaxSkinBone = 0xFF / kMatrixRowStride;  // a blend lane holds bone * 4 in a byte
// A like-file transform is kept when its matrix is the glTF's within this
// (the export writes the product of its rotations in f64).
constexpr double kSameMatrix = 1e-5;

// A glTF vertex as the MOD stores it.
struct Vertex {
  std::array<float, 3> position{}, normal{0, 0, 1};
  I16x2 uv{};
  uint16_t weights = 0;  // q0 | q1 << 5 | q2 << 10
  U8x4 lanes{};
};

// Up to four influences -> at most three 5-bit weights summing to 31,
// heaviest first. The lightest go first when there are too many; the rest are
// quantised by largest remainder (weights that are q/31 come back as q) and
// then sorted by q, stably: equal weights keep their order, so the lanes of
// an exported MOD come back as they were (a float comparison of 8/31 with
// 1 - 23/31 would not).
struct Quantised {
  std::array<unsigned, kMaxInfluences> bone{}, q{};
  unsigned count = 0;
};
Quantised quantise(std::vector<std::pair<unsigned, double>> in, const std::string& where, ImportLosses& losses) {
  std::erase_if(in, [](const auto& p) { return !(p.second > 0); });
  if (in.size() > kMaxInfluences) {
    losses.add("more than three skin influences: the lightest dropped, the rest renormalised", where);
    while (in.size() > kMaxInfluences)
      in.erase(std::min_element(in.begin(), in.end(), [](const auto& a, const auto& b) { return a.second < b.second; }));
  }
  Quantised out;
  if (in.empty()) return out;
  double total = 0;
  for (const auto& p : in) total += p.second;
  std::array<unsigned, kMaxInfluences> q{};
  std::array<double, kMaxInfluences> remainder{};
  unsigned sum = 0;
  for (size_t k = 0; k < in.size(); ++k) {
    const double exact = in[k].second / total * kQuantizedWeightSum;
    q[k] = static_cast<unsigned>(std::floor(exact));
    remainder[k] = exact - q[k];
    sum += q[k];
  }
  while (sum < kQuantizedWeightSum) {  // at most in.size() - 1 rounds
    size_t best = 0;
    for (size_t k = 1; k < in.size(); ++k)
      if (remainder[k] > remainder[best]) best = k;
    ++q[best], ++sum, remainder[best] = -1;
  }
  std::array<size_t, kMaxInfluences> rank{0, 1, 2};
  std::stable_sort(rank.begin(), rank.begin() + static_cast<std::ptrdiff_t>(in.size()),
                   [&](size_t a, size_t b) { return q[a] > q[b]; });
  for (size_t r = 0; r < in.size(); ++r) {
    const size_t k = rank[r];
    if (q[k] == 0) {
      losses.add("a skin influence below 1/62 rounds to a zero 5-bit weight: dropped", where);
      continue;
    }
    out.bone[out.count] = in[k].first;
    out.q[out.count++] = q[k];
  }
  return out;
}

// Row-major R = Rx * Ry * Rz (row vectors, mod_nodes.hpp) back to its angles.
std::array<float, 3> euler_angles(const std::array<double, 16>& m) {
  const auto at = [&](int r, int c) { return m[static_cast<size_t>(r * 4 + c)]; };
  const double y = std::asin(std::clamp(-at(0, 2), -1.0, 1.0));
  if (std::abs(std::cos(y)) < 1e-9)  // gimbal lock: only x - z (or x + z) is fixed; z = 0
    return {static_cast<float>(std::atan2(-at(2, 1), at(1, 1))), static_cast<float>(y), 0.0f};
  return {static_cast<float>(std::atan2(at(1, 2), at(2, 2))), static_cast<float>(y),
          static_cast<float>(std::atan2(at(0, 1), at(0, 0)))};
}

// The strip a MOD mesh stores: glTF vertex per position, and whether a
// triangle ends there (bit 15 clear; also set for positions 0 and 1, which
// end no window). `known[i]` false: the glTF says nothing about position i
// (a window with no area, or i < 2), so a like file decides.
struct Strip {
  std::vector<uint32_t> vertex;
  std::vector<bool> ends_triangle, known;
};

// The primitive's own vertex order, when each triangle is a window
// (i-2, i-1, i) of it, in either orientation: what `export` writes for a MOD
// mesh (--winding normals writes a reversed strip's windows the
// other way round, so the window's winding says nothing about the strip).
std::optional<Strip> strip_in_vertex_order(const std::vector<Triangle>& triangles, const std::vector<Vertex>& vertices) {
  Strip s;
  const size_t n = vertices.size();
  s.ends_triangle.assign(n, false);
  for (Triangle t : triangles) {
    std::sort(t.begin(), t.end());
    if (t[1] != t[0] + 1 || t[2] != t[1] + 1) return std::nullopt;
    s.ends_triangle[t[2]] = true;
  }
  s.vertex.resize(n);
  s.known.assign(n, true);
  for (size_t i = 0; i < n; ++i) {
    s.vertex[i] = static_cast<uint32_t>(i);
    if (i < 2) s.known[i] = false, s.ends_triangle[i] = true;  // no window: retail leaves bit 15 clear
    else if (!s.ends_triangle[i])
      s.known[i] = !has_no_area(vertices[i - 2].position, vertices[i - 1].position, vertices[i].position);
  }
  return s;
}

// Any triangle list as strips, greedily: a strip goes on while an unused
// triangle shares its last edge with the winding the strip gives it (even
// positions (p, q, r), odd ones (q, p, r), as export reads them); a new strip
// starts with two positions that end no triangle.
Strip strips_from_triangles(const std::vector<Triangle>& triangles) {
  std::unordered_map<uint64_t, std::vector<uint32_t>> by_edge;  // directed edge -> triangles holding it
  const auto key = [](uint32_t a, uint32_t b) { return (uint64_t{a} << 32) | b; };
  for (uint32_t t = 0; t < triangles.size(); ++t)
    for (size_t k = 0; k < 3; ++k) by_edge[key(triangles[t][k], triangles[t][(k + 1) % 3])].push_back(t);
  std::vector<bool> used(triangles.size(), false);
  Strip s;
  const auto push = [&](uint32_t v, bool ends) {
    s.vertex.push_back(v);
    s.ends_triangle.push_back(ends);
    s.known.push_back(true);
  };
  for (uint32_t first = 0; first < triangles.size(); ++first) {
    if (used[first]) continue;
    used[first] = true;
    push(triangles[first][0], s.vertex.size() < 2);  // positions 0 and 1 end no window: bit 15 clear as in retail
    push(triangles[first][1], s.vertex.size() < 2);
    push(triangles[first][2], true);
    for (bool odd = true;; odd = !odd) {
      const uint32_t p = s.vertex[s.vertex.size() - 2], q = s.vertex.back();
      const auto it = by_edge.find(odd ? key(q, p) : key(p, q));
      std::optional<uint32_t> next;
      if (it != by_edge.end())
        for (uint32_t t : it->second)
          if (!used[t]) {
            next = t;
            break;
          }
      if (!next) break;
      used[*next] = true;
      const Triangle& t = triangles[*next];
      const uint32_t a = odd ? q : p, b = odd ? p : q;
      for (size_t k = 0; k < 3; ++k)
        if (t[k] == a && t[(k + 1) % 3] == b) push(t[(k + 2) % 3], true);
    }
  }
  return s;
}

class Importer {
 public:
  Importer(const tinygltf::Model& g, const Model* like) : g_(g), like_(like), budget_(gltf::import_budget(g)) {}

  ImportedMod run() {
    ImportedMod out;
    out.errors = gltf::accessor_errors(g_);  // checked before any element is read
    // Not glTF (its numbers are finite), and a model built from it could not be shown.
    if (const std::string bad = gltf::first_non_finite_number(g_); out.errors.empty() && !bad.empty())
      out.errors.push_back(gltf::non_finite_refusal("the glTF's " + bad));
    if (!out.errors.empty()) return out;
    out.description = like_ ? describe_model(*like_) : ModDescription{};
    ModDescription& d = out.description;
    if (!like_) d.version = kKnownVersions.back();
    nodes(d, out.errors);
    mesh_placements();
    const size_t like_objects = d.objects.size();
    std::vector<ObjectDescription> objects;
    for (size_t o = 0; o < g_.meshes.size() && out.errors.empty(); ++o)
      objects.push_back(object(o, o < d.objects.size() ? &d.objects[o] : nullptr, out.errors));
    if (like_ && like_objects != g_.meshes.size())
      losses_.add("the like file has " + std::to_string(like_objects) + " object(s), the glTF " +
                      std::to_string(g_.meshes.size()) + " mesh(es): objects follow the glTF",
                  "the asset");
    d.objects = std::move(objects);
    unsigned slots = d.texture_slot_count;
    for (const ObjectDescription& o : d.objects)
      for (const MeshDescription& m : o.meshes) slots = std::max<unsigned>(slots, m.texture_slot + 1u);
    slots = std::max<unsigned>({slots, static_cast<unsigned>(g_.materials.size()), 1u});
    if (slots > 0xFF) out.errors.push_back("a MOD holds at most 255 texture slots; the glTF needs " + std::to_string(slots));
    d.texture_slot_count = static_cast<uint8_t>(std::min(slots, 0xFFu));
    if (d.default_joint_index >= std::max<size_t>(d.nodes.size(), 1)) d.default_joint_index = 0;
    losses_.into(out.warnings);
    return out;
  }

 private:
  // The skin's joints as the node block: joint `node_j` (the export's name)
  // is node j, else skins[0].joints[j] is (gltf_joint_order.hpp).
  void nodes(ModDescription& d, std::vector<std::string>& errors) {
    if (g_.skins.empty()) {
      losses_.add("no skin: one root node at the origin, every vertex bound to it", "the asset");
      d.nodes = {{kRootParent, 0, 0}};
      d.transforms = {TransformDescription{}};
      return;
    }
    if (g_.skins.size() > 1) losses_.add("more than one skin: the first is the node block", "skins[1]");
    gltf::JointOrder order_by_name = gltf::joints_in_node_order(g_, g_.skins[0].joints);
    joints_ = std::move(order_by_name.nodes);
    node_of_skin_joint_ = std::move(order_by_name.node_of_skin);
    const size_t n = joints_.size();
    if (n == 0 || n > kMaxNodes) {
      errors.push_back("a MOD holds 1.." + std::to_string(kMaxNodes) + " nodes; skins[0] has " + std::to_string(n) + " joints");
      return;
    }
    std::vector<int> gltf_parent(g_.nodes.size(), -1);
    for (size_t p = 0; p < g_.nodes.size(); ++p)
      for (int c : g_.nodes[p].children)
        if (c >= 0 && static_cast<size_t>(c) < g_.nodes.size()) gltf_parent[static_cast<size_t>(c)] = static_cast<int>(p);
    std::map<int, uint8_t> joint_of;
    for (size_t j = 0; j < n; ++j) joint_of[joints_[j]] = static_cast<uint8_t>(j);
    std::vector<uint8_t> parent(n, kRootParent);
    for (size_t j = 0; j < n; ++j) {
      const int node = joints_[j];
      if (node < 0 || static_cast<size_t>(node) >= g_.nodes.size()) {
        errors.push_back("skins[0].joints[" + std::to_string(j) + "] names no node");
        return;
      }
      const int p = gltf_parent[static_cast<size_t>(node)];
      if (p < 0) continue;
      if (const auto it = joint_of.find(p); it != joint_of.end()) parent[j] = it->second;
      else losses_.add("a joint's parent node is not a joint: the joint becomes a root, the parent's transform is not kept",
                       "nodes[" + std::to_string(node) + "]");
    }
    // Evaluation order: the like file's when it still evaluates every parent
    // first; else roots and children by index (Kahn, smallest ready first).
    std::vector<uint8_t> order;
    if (like_ && like_->nodes.order.size() == n) {
      std::vector<bool> done(n, false);
      bool ok = order_is_permutation(like_->nodes);
      for (size_t k = 0; ok && k < n; ++k) {
        const uint8_t node = like_->nodes.order[k];
        ok = parent[node] == kRootParent || done[parent[node]];
        done[node] = true;
      }
      if (ok) order = like_->nodes.order;
    }
    if (order.empty()) {
      std::priority_queue<uint8_t, std::vector<uint8_t>, std::greater<>> ready;
      for (size_t j = 0; j < n; ++j)
        if (parent[j] == kRootParent) ready.push(static_cast<uint8_t>(j));
      while (!ready.empty()) {
        const uint8_t j = ready.top();
        ready.pop();
        order.push_back(j);
        for (size_t c = 0; c < n; ++c)
          if (parent[c] == j) ready.push(static_cast<uint8_t>(c));
      }
      if (order.size() != n) {
        errors.push_back("skins[0]'s joints form a cycle");
        return;
      }
    }
    d.nodes.clear();
    for (size_t k = 0; k < n; ++k) {
      uint8_t group = 0;
      if (like_ && k < like_->nodes.motion_groups.size() && like_->nodes.order == order) group = like_->nodes.motion_groups[k];
      d.nodes.push_back({parent[order[k]], order[k], group});
    }
    d.transforms.assign(n, TransformDescription{});
    for (size_t j = 0; j < n && errors.empty(); ++j) d.transforms[j] = transform(j, errors);
  }

  TransformDescription transform(size_t j, std::vector<std::string>& errors) {
    const std::array<double, 16> m = gltf::node_local_matrix(g_.nodes[static_cast<size_t>(joints_[j])]);
    const std::string where = "nodes[" + std::to_string(joints_[j]) + "]";
    if (like_ && j < like_->nodes.transforms.size()) {
      const Mat4 kept = local_matrix(like_->nodes.transforms[j]);
      bool same = true;
      for (size_t k = 0; k < 16; ++k) same = same && std::abs(kept.m[k] - m[k]) <= kSameMatrix;
      if (same) return describe_transform(like_->nodes.transforms[j]);
    }
    // Rows of the rotation part are unit vectors unless the joint is scaled:
    // the scale is dropped, the rotation read from the normalised rows.
    std::array<double, 16> rotation = m;
    bool scaled = false;
    for (size_t row = 0; row < 3; ++row) {
      double length = 0;
      for (size_t c = 0; c < 3; ++c) length += m[row * 4 + c] * m[row * 4 + c];
      length = std::sqrt(length);
      scaled = scaled || std::abs(length - 1) > 1e-4;
      for (size_t c = 0; c < 3 && length > 0; ++c) rotation[row * 4 + c] = m[row * 4 + c] / length;
    }
    if (scaled) losses_.add("a joint's scale is not stored by a MOD transform: dropped", where);
    TransformDescription t;
    t.rotation = euler_angles(rotation);
    for (size_t c = 0; c < 3; ++c)
      t.translation[c] = narrowed<float>(m[12 + c], where + " translation", errors).value_or(0.0f);
    t.translation_length = std::sqrt(t.translation[0] * t.translation[0] + t.translation[1] * t.translation[1] +
                                     t.translation[2] * t.translation[2]);
    if (like_ && j < like_->nodes.transforms.size())
      t.reserved1c_bits = static_cast<uint32_t>(like_->nodes.transforms[j].get(xf::reserved1c));
    return t;
  }

  // A MOD object has no transform of its own: a mesh placed by a node or
  // its ancestors (not a skinned mesh, whose node glTF ignores) loses it.
  void mesh_placements() {
    std::vector<int> parent(g_.nodes.size(), -1);
    for (size_t p = 0; p < g_.nodes.size(); ++p)
      for (int c : g_.nodes[p].children)
        if (c >= 0 && static_cast<size_t>(c) < g_.nodes.size()) parent[static_cast<size_t>(c)] = static_cast<int>(p);
    // Whether a node or an ancestor moves it, each node decided once (a walk
    // per mesh node was quadratic in a chain of 65,536 nodes); a cycle of
    // children is not a tree and ends the walk.
    enum : uint8_t { unknown, visiting, still, placed };
    std::vector<uint8_t> state(g_.nodes.size(), unknown);
    const auto moves = [&](size_t k) {
      const std::array<double, 16> m = gltf::node_local_matrix(g_.nodes[k]);
      for (size_t c = 0; c < 16; ++c)
        if (std::abs(m[c] - (c % 5 == 0 ? 1.0 : 0.0)) > 1e-9) return true;
      return false;
    };
    for (size_t k = 0; k < g_.nodes.size(); ++k) {
      std::vector<size_t> path;
      int n = static_cast<int>(k);
      while (n >= 0 && state[static_cast<size_t>(n)] == unknown) {
        state[static_cast<size_t>(n)] = visiting;
        path.push_back(static_cast<size_t>(n));
        n = parent[static_cast<size_t>(n)];
      }
      bool above = n >= 0 && state[static_cast<size_t>(n)] == placed;
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        above = above || moves(*it);
        state[*it] = above ? placed : still;
      }
    }
    for (size_t k = 0; k < g_.nodes.size(); ++k) {
      if (g_.nodes[k].mesh < 0 || g_.nodes[k].skin >= 0) continue;
      if (state[k] == placed)
        losses_.add("a mesh's node transform is not stored (a MOD object has none): vertices kept as the mesh holds them",
                    "nodes[" + std::to_string(k) + "]");
    }
  }

  ObjectDescription object(size_t o, const ObjectDescription* like, std::vector<std::string>& errors) {
    const tinygltf::Mesh& mesh = g_.meshes[o];
    ObjectDescription out = like ? *like : ObjectDescription{};
    out.meshes.clear();
    // meshgate's own export names the object's fields in the mesh's extras.
    const std::string name = "meshes[" + std::to_string(o) + "]";
    if (auto v = narrowed_extra<uint8_t>(mesh.extras, "alpha_control", name, errors)) out.alpha_control = *v;
    if (auto v = narrowed_extra<uint32_t>(mesh.extras, "source_flags", name, errors)) out.source_flags = *v;
    if (auto v = narrowed_extra<float>(mesh.extras, "conditional_param_18", name, errors)) out.conditional_param_18 = *v;
    if (auto v = narrowed_extra<uint32_t>(mesh.extras, "conditional_param_1c", name, errors)) out.conditional_param_1c = *v;
    for (size_t k = 0; k < mesh.primitives.size() && errors.empty(); ++k) {
      const tinygltf::Primitive& p = mesh.primitives[k];
      const std::string where = name + ".primitives[" + std::to_string(k) + "]";
      const size_t index = narrowed_extra<uint32_t>(p.extras, "mod_mesh", where, errors).value_or(static_cast<uint32_t>(k));
      const MeshDescription* like_mesh = like && index < like->meshes.size() ? &like->meshes[index] : nullptr;
      out.meshes.push_back(primitive(p, where, like_mesh, errors));
      if (budget_.exhausted() && errors.empty())
        errors.push_back(where + ": the glTF's accessors, read for every primitive that names them, pass " +
                         std::to_string(budget_.limit()) + " bytes (8x its buffers + 16 MiB), the most import builds");
    }
    compute_bounds(out);
    return out;
  }

  MeshDescription primitive(const tinygltf::Primitive& p, const std::string& where, const MeshDescription* like,
                            std::vector<std::string>& errors) {
    MeshDescription m = like ? *like : MeshDescription{};
    const std::vector<Vertex> vertices = read_vertices(p, where, errors);
    if (!errors.empty() || budget_.exhausted()) return m;
    std::vector<Triangle> triangles;
    if (p.mode == TINYGLTF_MODE_POINTS) {
      // export's primitive for a mesh with no triangle: vertices only
    } else if (auto t = gltf::primitive_triangles(g_, p, vertices.size(), &budget_)) {
      triangles = std::move(*t);
    } else {
      losses_.add("a primitive that is not triangles (lines, or bad indices): its vertices kept, no triangle", where);
    }
    std::optional<Strip> strip = strip_in_vertex_order(triangles, vertices);
    // Cutting strips keeps an edge map: a few hundred bytes per triangle.
    if (!strip && !budget_.take(uint64_t{triangles.size()} * 256)) return m;
    if (!strip) strip = strips_from_triangles(triangles);
    if (strip->vertex.size() > kMaxStripVertices) {
      errors.push_back(where + ": its strip needs " + std::to_string(strip->vertex.size()) +
                       " vertices; a MOD mesh holds at most 65,535 (split the primitive)");
      return m;
    }
    const bool same_vertices = like && like->positions.size() == strip->vertex.size();
    m.positions.clear(), m.normals.clear(), m.uv.clear(), m.blend_indices.clear(), m.control.clear();
    for (size_t i = 0; i < strip->vertex.size(); ++i) {
      const Vertex& v = vertices[strip->vertex[i]];
      m.positions.push_back(v.position);
      m.normals.push_back(v.normal);
      m.uv.push_back(v.uv);
      U8x4 lanes = v.lanes;
      bool ends = strip->ends_triangle[i];
      if (same_vertices) {
        lanes[0] = like->blend_indices[i][0];  // lane x: undecoded, not in glTF
        if (!strip->known[i]) ends = !(like->control[i] & kTopologyBreakMask);
      } else if (!strip->known[i] && i >= 2) {
        losses_.add("a strip window with no area: no triangle ends there (the like file would decide)", where);
      }
      m.blend_indices.push_back(lanes);
      m.control.push_back(static_cast<uint16_t>(v.weights | (ends ? 0 : kTopologyBreakMask)));
    }
    if (like && !same_vertices) m.workspace.clear();  // its capacity follows the vertex count
    if (p.material >= 0 && static_cast<size_t>(p.material) < g_.materials.size()) {
      if (const auto slot = texture_slot(p.material, where, errors)) m.texture_slot = *slot;
    }
    return m;
  }

  // Materials export names "texture_slot_N"; any other material is slot = its index.
  std::optional<uint16_t> texture_slot(int material, const std::string& where, std::vector<std::string>& errors) const {
    const std::string& name = g_.materials[static_cast<size_t>(material)].name;
    static constexpr std::string_view kPrefix = "texture_slot_";
    if (name.starts_with(kPrefix)) {
      unsigned slot = 0;
      bool digits = name.size() > kPrefix.size();
      for (size_t k = kPrefix.size(); k < name.size() && digits; ++k) {
        digits = name[k] >= '0' && name[k] <= '9' && slot < 0xFFFF;
        slot = slot * 10 + static_cast<unsigned>(name[k] - '0');
      }
      if (digits && slot <= 0xFFFF) return static_cast<uint16_t>(slot);
    }
    return narrowed<uint16_t>(material, where + ".material (a texture slot)", errors);
  }

  std::vector<Vertex> read_vertices(const tinygltf::Primitive& p, const std::string& where, std::vector<std::string>& errors) {
    const auto attribute = [&](const char* name) { const auto it = p.attributes.find(name); return it == p.attributes.end() ? -1 : it->second; };
    const auto positions = gltf::accessor_floats(g_, attribute("POSITION"), &budget_);
    if (!positions || positions->size() % 3 != 0) {
      if (!budget_.exhausted()) errors.push_back(where + ": no float VEC3 POSITION");
      return {};
    }
    const size_t n = positions->size() / 3;
    const auto normals = gltf::accessor_floats(g_, attribute("NORMAL"), &budget_);
    const auto uvs = gltf::accessor_floats(g_, attribute("TEXCOORD_0"), &budget_);
    const auto joints = gltf::accessor_uints(g_, attribute("JOINTS_0"), &budget_);
    const auto weights = gltf::accessor_unit_floats(g_, attribute("WEIGHTS_0"), &budget_);
    // The vertices below and the strip's copies: charged before they are built.
    if (budget_.exhausted() || !budget_.take(uint64_t{n} * sizeof(Vertex) * 4)) return {};
    if (!normals || normals->size() != 3 * n) losses_.add("no NORMAL: normals set to +Z", where);
    if (!uvs || uvs->size() != 2 * n) losses_.add("no TEXCOORD_0: UVs set to 0", where);
    const bool skinned = !joints_.empty() && joints && weights && joints->size() == 4 * n && weights->size() == 4 * n;
    if (!joints_.empty() && !skinned) losses_.add("no JOINTS_0/WEIGHTS_0: every vertex bound to joint 0", where);
    for (const char* other : {"TEXCOORD_1", "COLOR_0", "JOINTS_1", "WEIGHTS_1", "TANGENT"})
      if (attribute(other) >= 0) losses_.add(std::string("attribute ") + other + " has no place in a MOD: dropped", where);
    std::vector<Vertex> out(n);
    for (size_t i = 0; i < n; ++i) {
      Vertex& v = out[i];
      const std::string vertex = where + " vertex " + std::to_string(i);
      for (size_t c = 0; c < 3; ++c) v.position[c] = (*positions)[3 * i + c];
      if (normals && normals->size() == 3 * n)
        for (size_t c = 0; c < 3; ++c) v.normal[c] = (*normals)[3 * i + c];
      if (uvs && uvs->size() == 2 * n)
        for (size_t c = 0; c < 2; ++c) {
          const double stored = std::round((*uvs)[2 * i + c] * double{kUvScale});
          if (!(stored >= INT16_MIN && stored <= INT16_MAX)) losses_.add("a UV outside -8..8 (i16 / 4096): clamped", vertex);
          v.uv[c] = static_cast<int16_t>(std::clamp(std::isnan(stored) ? 0.0 : stored, double{INT16_MIN}, double{INT16_MAX}));
        }
      std::vector<std::pair<unsigned, double>> influences;
      if (skinned)
        for (size_t k = 0; k < 4; ++k) influences.emplace_back(mod_node((*joints)[4 * i + k]), (*weights)[4 * i + k]);
      Quantised q = quantise(std::move(influences), vertex, losses_);
      if (q.count == 0) q.count = 1, q.bone[0] = 0, q.q[0] = kQuantizedWeightSum;
      for (size_t k = 0; k < q.count; ++k) {
        if (q.bone[k] >= joints_.size() && !joints_.empty()) {
          errors.push_back(vertex + ": joint " + std::to_string(q.bone[k]) + " is not in skins[0]");
          return {};
        }
        if (q.bone[k] > kMaxSkinBone) {
          errors.push_back(vertex + ": joint " + std::to_string(q.bone[k]) + " is beyond 63, the last a blend lane (bone * 4 in a byte) can name");
          return {};
        }
        v.lanes[k + 1] = static_cast<uint8_t>(q.bone[k] * kMatrixRowStride);
      }
      v.weights = static_cast<uint16_t>(q.q[0] | (q.q[1] << 5) | (q.q[2] << 10));
    }
    return out;
  }

  const tinygltf::Model& g_;
  const Model* like_;
  // A JOINTS_0 value (an index into skins[0].joints) as the MOD node it is;
  // one past the skin stays so, for the check that names it.
  unsigned mod_node(unsigned skin_joint) const {
    return skin_joint < node_of_skin_joint_.size() ? node_of_skin_joint_[skin_joint] : skin_joint;
  }

  std::vector<int> joints_;                   // the glTF node of each MOD node
  std::vector<uint32_t> node_of_skin_joint_;  // the MOD node of each skins[0].joints[k]
  ImportLosses losses_;
  gltf::ReadBudget budget_;
};

}  // namespace

ImportedMod mod_from_gltf(const tinygltf::Model& asset, const Model* like) { return Importer(asset, like).run(); }

}  // namespace meshgate::mod
