#include "import/scm/scm_from_gltf.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "export/finite_check.hpp"
#include "import/import_losses.hpp"
#include "import/import_narrowing.hpp"
#include "parser/core/unit_normal.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_topology.hpp"
#include "parser/scm/scm_layout.hpp"
#include "parser/scm/scm_parser.hpp"
#include "writer/scm/scm_writer.hpp"

namespace meshgate::scm {

// Named, not anonymous: the import room builds as unity sources.
namespace scm_import {

using Triangle = std::array<uint32_t, 3>;
using Vec3 = std::array<float, 3>;

constexpr size_t kMaxNodes = 0xFF;        // scene_node_count is a u8
constexpr size_t kMaxObjects = 0xFF;      // object_count is a u8
constexpr size_t kMaxMeshes = 0xFF;       // mesh_count is a u8
constexpr size_t kMaxVertices = 0xFFFF;   // vertex_count and total_vertex_count are u16
constexpr int kMaxArrayIndex = 0x7F;      // parents and object_bindings are i8 (-1: none)
// A like-file transform is kept when its matrix is the glTF's within this
// (export writes the product of its rotations in f64).
constexpr double kSameMatrix = 1e-5;
// A matrix the angles give back no closer than this has scale or shear an SCM cannot hold.
constexpr double kRigidMatrix = 1e-4;
constexpr double kSameNormal = 1e-6;

std::string mesh_where(size_t o, size_t p) {
  return "meshes[" + std::to_string(o) + "].primitives[" + std::to_string(p) + "]";
}

// The glTF values one SCM mesh was built from, in the order written: what the SCM read back is measured against.
struct Expected {
  std::vector<Vec3> positions, colours;
  std::vector<std::array<float, 2>> uv;
};

// A primitive's attributes, interleaved as read; width per element.
struct Attributes {
  std::vector<float> positions, normals, uv, colours;
  size_t colour_width = 3;
  size_t count = 0;
};

// Row-major R = Rx * Ry * Rz (row vectors, row_matrix.hpp) back to its angles.
std::array<double, 3> xyz_angles(const std::array<double, 16>& m) {
  const auto at = [&](int r, int c) { return m[static_cast<size_t>(r * 4 + c)]; };
  const double y = std::asin(std::clamp(-at(0, 2), -1.0, 1.0));
  if (std::abs(std::cos(y)) < 1e-9) return {std::atan2(-at(2, 1), at(1, 1)), y, 0.0};  // gimbal lock: z = 0
  return {std::atan2(at(1, 2), at(2, 2)), y, std::atan2(at(0, 1), at(0, 0))};
}

// Rz * Ry * Rx transposed is Rx(-x) * Ry(-y) * Rz(-z): the xyz angles of the transpose, negated.
std::array<double, 3> euler_angles(const std::array<double, 16>& m, EulerReading reading) {
  if (reading == EulerReading::xyz) return xyz_angles(m);
  std::array<double, 16> t = m;
  for (size_t r = 0; r < 3; ++r)
    for (size_t c = 0; c < 3; ++c) t[r * 4 + c] = m[c * 4 + r];
  const auto a = xyz_angles(t);
  return {-a[0], -a[1], -a[2]};
}

double matrix_difference(const Mat4& a, const std::array<double, 16>& b) {
  double d = 0;
  for (size_t k = 0; k < 16; ++k) d = std::max(d, std::abs(a.m[k] - b[k]));
  return d;
}

// The normal export writes for a stored one (scaled to unit length, (0,0,1) without a direction).
Vec3 exported_normal(const F32x3Bits& bits) {
  const UnitNormal unit = to_unit_normal({f32_from_bits(bits[0]), f32_from_bits(bits[1]), f32_from_bits(bits[2])});
  if (unit.fix == UnitNormal::Fix::no_direction) return {0, 0, 1};
  return {static_cast<float>(unit.n[0]), static_cast<float>(unit.n[1]), static_cast<float>(unit.n[2])};
}

F32x3Bits bits_of(const float* v) { return {f32_to_bits(v[0]), f32_to_bits(v[1]), f32_to_bits(v[2])}; }

// The strip an SCM mesh stores: glTF vertex per position, whether a triangle
// ends there, and whether the glTF says so (`known` false: i < 2, or a window
// with no area, which export leaves out: the like file decides).
struct Strip {
  std::vector<uint32_t> vertex;
  std::vector<bool> ends, known;
};

// The vertex order kept, when every triangle is a window (i-2, i-1, i) in either orientation (export's triangles).
std::optional<Strip> strip_in_vertex_order(const std::vector<Triangle>& triangles, const std::vector<float>& positions,
                                           size_t n) {
  Strip s;
  s.ends.assign(n, false);
  for (Triangle t : triangles) {
    std::sort(t.begin(), t.end());
    if (t[1] != t[0] + 1 || t[2] != t[1] + 1) return std::nullopt;
    s.ends[t[2]] = true;
  }
  const auto at = [&](size_t i) { return Vec3{positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]}; };
  s.known.assign(n, true);
  for (size_t i = 0; i < n; ++i) {
    s.vertex.push_back(static_cast<uint32_t>(i));
    if (i < 2) s.known[i] = false;
    else if (!s.ends[i]) s.known[i] = !mod::has_no_area(at(i - 2), at(i - 1), at(i));
  }
  return s;
}

// Any other triangle list: each triangle a strip of its own, its first two positions ending none.
Strip strip_per_triangle(const std::vector<Triangle>& triangles) {
  Strip s;
  for (const Triangle& t : triangles)
    for (size_t k = 0; k < 3; ++k) {
      s.vertex.push_back(t[k]);
      s.ends.push_back(k == 2);
      s.known.push_back(true);
    }
  return s;
}

class Importer {
 public:
  Importer(const tinygltf::Model& g, const Model& like, EulerReading euler)
      : g_(g), like_(like), euler_(euler), budget_(gltf::import_budget(g)) {}

  ImportedScm run() {
    ImportedScm out;
    out.euler = euler_;
    out.errors = gltf::accessor_errors(g_);  // checked before any element is read
    if (const std::string bad = gltf::first_non_finite_number(g_); out.errors.empty() && !bad.empty())
      out.errors.push_back(gltf::non_finite_refusal("the glTF's " + bad));
    if (out.errors.empty() && g_.meshes.empty()) out.errors.push_back("the glTF has no meshes: a stage needs one object at least");
    if (out.errors.empty() && g_.meshes.size() > kMaxObjects)
      out.errors.push_back("an SCM holds at most 255 objects; the glTF has " + std::to_string(g_.meshes.size()) + " meshes");
    if (!out.errors.empty()) return out;
    model_ = like_;
    scene(out.errors);
    model_.objects.clear();
    expected_.clear();
    for (size_t o = 0; o < g_.meshes.size() && out.errors.empty(); ++o) model_.objects.push_back(object(o, out.errors));
    if (g_.meshes.size() != like_.objects.size())
      losses_.add("the like file has " + std::to_string(like_.objects.size()) + " object(s), the glTF " +
                      std::to_string(g_.meshes.size()) + " mesh(es): objects follow the glTF",
                  "the asset");
    if (out.errors.empty()) header();
    if (out.errors.empty()) write(out);
    losses_.into(out.warnings);
    return out;
  }

 private:
  // --- the scene ------------------------------------------------------------

  // Every glTF node but export's helper for an object no node binds is a scene node, in glTF order.
  void scene(std::vector<std::string>& errors) {
    std::vector<int> scm_of(g_.nodes.size(), -1);
    for (size_t i = 0; i < g_.nodes.size(); ++i)
      if (!gltf::extra_number(g_.nodes[i].extras, "unbound_object")) {
        scm_of[i] = static_cast<int>(nodes_.size());
        nodes_.push_back(i);
      }
    if (nodes_.empty() || nodes_.size() > kMaxNodes) {
      errors.push_back("an SCM holds 1.." + std::to_string(kMaxNodes) + " scene nodes; the glTF has " +
                       std::to_string(nodes_.size()));
      return;
    }
    std::vector<int> parent(nodes_.size(), -1);
    for (size_t p = 0; p < g_.nodes.size(); ++p)
      for (int c : g_.nodes[p].children)
        if (c >= 0 && static_cast<size_t>(c) < g_.nodes.size() && scm_of[static_cast<size_t>(c)] >= 0 && scm_of[p] >= 0)
          parent[static_cast<size_t>(scm_of[static_cast<size_t>(c)])] = scm_of[p];
    for (size_t i = 0; i < parent.size(); ++i)
      if (parent[i] > kMaxArrayIndex)
        return errors.push_back("nodes[" + std::to_string(nodes_[i]) + "]: its parent is scene node " +
                                std::to_string(parent[i]) + ", past the 127 an SCM's i8 parents array holds");
    Scene& sc = model_.scene;
    sc.order = evaluation_order(parent, errors);
    if (!errors.empty()) return;
    sc.parents.clear();
    for (uint8_t node : sc.order) sc.parents.push_back(static_cast<int8_t>(parent[node]));
    bindings(errors);
    transforms();
  }

  // The like file's order where it still evaluates parents first, else parents first by node index.
  std::vector<uint8_t> evaluation_order(const std::vector<int>& parent, std::vector<std::string>& errors) {
    const size_t n = parent.size();
    if (like_.scene.order.size() == n) {
      Scene trial;
      trial.order = like_.scene.order;
      for (uint8_t node : trial.order) trial.parents.push_back(static_cast<int8_t>(parent[node]));
      if (!first_non_topological_position(trial)) return trial.order;
      losses_.add("the like file's evaluation order does not put every parent first: nodes ordered parents first",
                  "scene.order");
    }
    std::vector<uint8_t> order;
    std::vector<bool> done(n, false);
    for (bool progress = true; progress && order.size() < n;) {
      progress = false;
      for (size_t i = 0; i < n; ++i)
        if (!done[i] && (parent[i] < 0 || done[static_cast<size_t>(parent[i])])) {
          done[i] = progress = true;
          order.push_back(static_cast<uint8_t>(i));
        }
    }
    if (order.size() < n) errors.push_back("the glTF node hierarchy has a cycle: no evaluation order exists");
    return order;
  }

  void bindings(std::vector<std::string>& errors) {
    Scene& sc = model_.scene;
    sc.bindings.assign(nodes_.size(), -1);
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const int mesh = g_.nodes[nodes_[i]].mesh;
      if (mesh < 0) continue;
      if (mesh > kMaxArrayIndex)
        return errors.push_back("nodes[" + std::to_string(nodes_[i]) + "]: mesh " + std::to_string(mesh) +
                                " is past the 127 an SCM's i8 object_bindings array holds");
      sc.bindings[i] = static_cast<int8_t>(mesh);
    }
  }

  void transforms() {
    Scene& sc = model_.scene;
    sc.transforms.resize(nodes_.size());
    for (size_t i = 0; i < nodes_.size(); ++i) {
      matrices_.push_back(gltf::node_local_matrix(g_.nodes[nodes_[i]]));
      const TransformRecord* like = i < like_.scene.transforms.size() ? &like_.scene.transforms[i] : nullptr;
      sc.transforms[i] = transform_of(matrices_.back(), like, "nodes[" + std::to_string(nodes_[i]) + "]");
    }
  }

  TransformRecord transform_of(const std::array<double, 16>& m, const TransformRecord* like, const std::string& where) {
    if (like && matrix_difference(local_matrix(*like, euler_), m) <= kSameMatrix) return *like;
    TransformRecord t = like ? *like : TransformRecord{};
    double length2 = 0;
    for (size_t c = 0; c < 3; ++c) {
      t.set_f32(xf::tx + c, static_cast<float>(m[12 + c]));
      length2 += static_cast<double>(t.get_f32(xf::tx + c)) * t.get_f32(xf::tx + c);
    }
    t.set_f32(xf::magnitude, static_cast<float>(std::sqrt(length2)));  // |t|, as on every retail node (spec §7)
    const auto angles = euler_angles(m, euler_);
    for (size_t a = 0; a < 3; ++a) t.set_f32(xf::rx + a, static_cast<float>(angles[a]));
    if (matrix_difference(local_matrix(t, euler_), m) > kRigidMatrix)
      losses_.add("a node matrix with scale, shear or projection: an SCM node holds translation and rotation only", where);
    return t;
  }

  // --- objects and meshes ---------------------------------------------------

  Object object(size_t o, std::vector<std::string>& errors) {
    const tinygltf::Mesh& gm = g_.meshes[o];
    const Object* like = o < like_.objects.size() ? &like_.objects[o] : nullptr;
    Object object;
    if (like) object.record = like->record;
    else object.record.set(obj::alpha, 0x80);  // 0x80 on 237/254 C68 objects (spec §3)
    const std::string where = "meshes[" + std::to_string(o) + "]";
    if (auto alpha = narrowed_extra<uint8_t>(gm.extras, "alpha_control", where, errors)) object.record.set(obj::alpha, *alpha);
    if (auto flags = narrowed_extra<uint32_t>(gm.extras, "source_flags", where, errors)) object.record.set(obj::flags, *flags);
    if (gm.primitives.empty() || gm.primitives.size() > kMaxMeshes) {
      errors.push_back(where + ": an SCM object holds 1..255 meshes; it has " + std::to_string(gm.primitives.size()) +
                       " primitives");
      return object;
    }
    size_t total = 0;
    for (size_t p = 0; p < gm.primitives.size() && errors.empty(); ++p) {
      object.meshes.push_back(mesh(o, p, like_mesh(like, gm.primitives[p], p), errors));
      total += object.meshes.back().vertex_count();
    }
    if (total > kMaxVertices)
      errors.push_back(where + ": " + std::to_string(total) + " vertices, past the 65535 an object's u16 total holds");
    for (size_t m = 0; m < object.meshes.size(); ++m)  // 0x50 on every mesh but the last (spec §4)
      object.meshes[m].record.set(mesh::continuation, m + 1 < object.meshes.size() ? kMeshSpec.size : 0);
    object.record.set(obj::mesh_count, object.meshes.size());
    object.record.set(obj::vertex_total, std::min(total, kMaxVertices));
    if (!like || !same_positions(*like, object)) bounds(object);
    return object;
  }

  // The like mesh a primitive came from: export's extras.scm_mesh, else the primitive's own index.
  static const Mesh* like_mesh(const Object* like, const tinygltf::Primitive& prim, size_t p) {
    if (!like) return nullptr;
    const size_t m = static_cast<size_t>(gltf::extra_number(prim.extras, "scm_mesh").value_or(static_cast<double>(p)));
    return m < like->meshes.size() ? &like->meshes[m] : nullptr;
  }

  static bool same_positions(const Object& a, const Object& b) {
    if (a.meshes.size() != b.meshes.size()) return false;
    for (size_t m = 0; m < a.meshes.size(); ++m)
      if (a.meshes[m].positions != b.meshes[m].positions) return false;
    return true;
  }

  // The corpus rule (spec §3): the radius is the largest distance from the centre (the box centre) to a vertex.
  static void bounds(Object& object) {
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (const Mesh& m : object.meshes)
      for (const F32x3Bits& p : m.positions)
        for (size_t c = 0; c < 3; ++c) lo[c] = std::min(lo[c], f32_from_bits(p[c])), hi[c] = std::max(hi[c], f32_from_bits(p[c]));
    Vec3 centre{};
    for (size_t c = 0; c < 3; ++c) centre[c] = lo[c] <= hi[c] ? (lo[c] + hi[c]) / 2 : 0.0f;
    float radius = 0;
    for (const Mesh& m : object.meshes)
      for (const F32x3Bits& p : m.positions) {
        float d2 = 0;
        for (size_t c = 0; c < 3; ++c) d2 += (f32_from_bits(p[c]) - centre[c]) * (f32_from_bits(p[c]) - centre[c]);
        radius = std::max(radius, std::sqrt(d2));
      }
    for (size_t c = 0; c < 3; ++c) object.record.set_f32(obj::center_x + c, centre[c]);
    object.record.set_f32(obj::radius, radius);
  }

  // One attribute as floats, `width` per vertex; an error naming it when absent (and `required`) or mis-shaped.
  bool attribute(const tinygltf::Primitive& prim, const char* name, std::vector<size_t> widths, bool required,
                 std::vector<float>& out, size_t& width, const std::string& where, std::vector<std::string>& errors) {
    const auto it = prim.attributes.find(name);
    if (it == prim.attributes.end()) {
      if (required) errors.push_back(where + " has no " + name + ": an SCM mesh needs positions and normals");
      return false;
    }
    const int a = it->second;
    if (a < 0 || static_cast<size_t>(a) >= g_.accessors.size()) return errors.push_back(where + "." + name + ": no such accessor"), false;
    width = static_cast<size_t>(tinygltf::GetNumComponentsInType(static_cast<uint32_t>(g_.accessors[static_cast<size_t>(a)].type)));
    std::optional<std::vector<float>> values = gltf::accessor_unit_floats(g_, a, &budget_);
    if (std::find(widths.begin(), widths.end(), width) == widths.end() || !values) {
      errors.push_back(where + "." + name + ": not a float (or normalized) accessor of the type an SCM stream reads" +
                       (budget_.exhausted() ? " (reading it would pass the import's read budget)" : ""));
      return false;
    }
    out = std::move(*values);
    return true;
  }

  std::optional<Attributes> attributes(const tinygltf::Primitive& prim, const std::string& where, std::vector<std::string>& errors) {
    Attributes a;
    size_t width = 3;
    if (!attribute(prim, "POSITION", {3}, true, a.positions, width, where, errors) ||
        !attribute(prim, "NORMAL", {3}, true, a.normals, width, where, errors))
      return std::nullopt;
    a.count = a.positions.size() / 3;
    if (a.normals.size() != a.positions.size()) return errors.push_back(where + ": NORMAL and POSITION counts differ"), std::nullopt;
    if (!attribute(prim, "TEXCOORD_0", {2}, false, a.uv, width, where, errors)) {
      if (!errors.empty()) return std::nullopt;
      losses_.add("a primitive without TEXCOORD_0: UVs written as 0", where);
      a.uv.assign(a.count * 2, 0.0f);
    }
    if (!attribute(prim, "COLOR_0", {3, 4}, false, a.colours, a.colour_width, where, errors)) {
      if (!errors.empty()) return std::nullopt;
      losses_.add("a primitive without COLOR_0: vertex colours written as white", where);
      a.colour_width = 3;
      a.colours.assign(a.count * 3, 1.0f);
    }
    if (a.uv.size() != a.count * 2 || a.colours.size() != a.count * a.colour_width)
      return errors.push_back(where + ": its attributes' counts differ"), std::nullopt;
    if (a.colour_width == 4) losses_.add("COLOR_0 alpha: an SCM colour word has no alpha (its fourth byte is topology)", where);
    return a;
  }

  std::optional<Strip> strip_of(const tinygltf::Primitive& prim, const Attributes& a, const std::string& where,
                                std::vector<std::string>& errors) {
    if (prim.mode == TINYGLTF_MODE_POINTS) return whole_points(a.count);
    const auto triangles = gltf::primitive_triangles(g_, prim, a.count, &budget_);
    if (!triangles) {
      errors.push_back(where + ": not triangles, a strip, a fan or points, or its indices are out of range");
      return std::nullopt;
    }
    if (auto kept = strip_in_vertex_order(*triangles, a.positions, a.count)) return kept;
    losses_.add("triangles that are not windows of their vertex order: each written as a strip of its own, vertices copied",
                where);
    return strip_per_triangle(*triangles);
  }

  // Points (export's primitive whose strip draws nothing): the vertices as they are, no window known.
  static Strip whole_points(size_t n) {
    Strip s;
    for (size_t i = 0; i < n; ++i) s.vertex.push_back(static_cast<uint32_t>(i));
    s.ends.assign(n, false);
    s.known.assign(n, false);
    return s;
  }

  Mesh mesh(size_t o, size_t p, const Mesh* like, std::vector<std::string>& errors) {
    const std::string where = mesh_where(o, p);
    const tinygltf::Primitive& prim = g_.meshes[o].primitives[p];
    Mesh m;
    if (like) m.record = like->record;
    expected_.emplace_back();
    const std::optional<Attributes> a = attributes(prim, where, errors);
    const std::optional<Strip> s = a ? strip_of(prim, *a, where, errors) : std::nullopt;
    if (!s) return m;
    if (s->vertex.size() > kMaxVertices) {
      errors.push_back(where + ": " + std::to_string(s->vertex.size()) + " vertices, past the 65535 an SCM mesh's u16 count holds");
      return m;
    }
    const bool same_count = like && like->vertex_count() == s->vertex.size();
    for (size_t i = 0; i < s->vertex.size(); ++i) vertex(m, *a, *s, i, same_count ? like : nullptr, where);
    m.record.set(mesh::vertex_count, m.vertex_count());
    if (auto t = narrowed_extra<uint16_t>(prim.extras, "texture_index", where, errors)) m.record.set(mesh::texture_index, *t);
    if (same_count) m.workspace = like->workspace;
    else workspace(m);
    return m;
  }

  void vertex(Mesh& m, const Attributes& a, const Strip& s, size_t i, const Mesh* like, const std::string& where) {
    const size_t v = s.vertex[i];
    m.positions.push_back(bits_of(&a.positions[3 * v]));
    const Vec3 normal{a.normals[3 * v], a.normals[3 * v + 1], a.normals[3 * v + 2]};
    bool like_normal = like != nullptr;
    for (size_t c = 0; like && c < 3; ++c) like_normal = like_normal && std::abs(exported_normal(like->normals[i])[c] - normal[c]) <= kSameNormal;
    m.normals.push_back(like_normal ? like->normals[i] : bits_of(normal.data()));
    std::array<float, 2> uv{a.uv[2 * v], a.uv[2 * v + 1]};
    I16x2 stored{};
    for (size_t c = 0; c < 2; ++c) {
      const double q = std::round(static_cast<double>(uv[c]) * kUvScale);
      if (q < -32768 || q > 32767) losses_.add("a UV past the i16 / 4096 range (-8..8): clamped", where + " vertex " + std::to_string(v));
      stored[c] = static_cast<int16_t>(std::clamp(q, -32768.0, 32767.0));
    }
    m.uv.push_back(stored);
    U8x4 colour{};
    Vec3 rgb{};
    for (size_t c = 0; c < 3; ++c) {
      rgb[c] = a.colours[a.colour_width * v + c];
      if (rgb[c] < 0 || rgb[c] > 1) losses_.add("a vertex colour outside 0..1: clamped", where + " vertex " + std::to_string(v));
      colour[c] = static_cast<uint8_t>(std::lround(std::clamp(rgb[c], 0.0f, 1.0f) * 255.0f));
    }
    colour[3] = topology_byte(s, i, like);
    m.colour.push_back(colour);
    Expected& e = expected_.back();
    e.positions.push_back({a.positions[3 * v], a.positions[3 * v + 1], a.positions[3 * v + 2]});
    e.colours.push_back(rgb);
    e.uv.push_back(uv);
  }

  // T: bit 0x02 where no triangle ends; the like file's byte where the glTF says nothing (spec §8).
  static uint8_t topology_byte(const Strip& s, size_t i, const Mesh* like) {
    uint8_t t = like ? like->colour[i][3] : kTopologyBreakBit;
    if (!s.known[i]) return t;
    return s.ends[i] ? static_cast<uint8_t>(t & ~kTopologyBreakBit) : static_cast<uint8_t>(t | kTopologyBreakBit);
  }

  // A fresh workspace: its capacity, the post-load sentinel first, zeros after (as synth and retail files hold it).
  static void workspace(Mesh& m) {
    m.workspace.assign(static_cast<size_t>(workspace_capacity(m.vertex_count())), std::byte{0});
    if (m.workspace.size() >= 2) m.workspace[0] = m.workspace[1] = std::byte{kWorkspaceSentinel & 0xFF};
  }

  // --- the file ---------------------------------------------------------------

  void header() {
    HeaderRecord& h = model_.header;
    h.set(hdr::object_count, model_.objects.size());
    h.set(hdr::node_count, nodes_.size());
    if (h.get(hdr::lighting_node) >= nodes_.size()) {
      losses_.add("the like file's lighting reference node is past the glTF's nodes: node 0", "header");
      h.set(hdr::lighting_node, 0);
    }
  }

  void write(ImportedScm& out) {
    CanonicalModel canonical = canonical_model(model_);
    for (const std::string& note : canonical.notes) losses_.add("the like file's layout: " + note, "the like file");
    WriteResult written = write_scm(canonical.model);
    if (written.error) {
      out.errors.push_back("the SCM could not be written: " + written.error->message);
      return;
    }
    const ParseResult again = parse_scm(written.bytes);
    if (!again.ok()) {
      out.errors.push_back("the SCM written does not parse again");
      return;
    }
    out.accuracy = measure(*again.model);
    out.bytes.assign(written.bytes.begin(), written.bytes.end());
  }

  ScmAccuracy measure(const Model& written) const {
    ScmAccuracy a;
    size_t k = 0;
    for (size_t o = 0; o < written.objects.size(); ++o)
      for (size_t m = 0; m < written.objects[o].meshes.size(); ++m, ++k) {
        const Mesh& mesh = written.objects[o].meshes[m];
        const Expected& e = expected_[k];
        for (size_t v = 0; v < mesh.vertex_count(); ++v) {
          double dp = 0, dc = 0, du = 0;
          for (size_t c = 0; c < 3; ++c) {
            dp = std::max(dp, std::abs(static_cast<double>(f32_from_bits(mesh.positions[v][c])) - e.positions[v][c]));
            dc = std::max(dc, std::abs(mesh.colour[v][c] - static_cast<double>(e.colours[v][c]) * 255.0));
          }
          for (size_t c = 0; c < 2; ++c) du = std::max(du, std::abs(mesh.uv[v][c] / double{kUvScale} - e.uv[v][c]));
          a.position.see(dp, o, m, v), a.colour.see(dc, o, m, v), a.uv.see(du, o, m, v);
        }
      }
    for (size_t i = 0; i < written.scene.transforms.size(); ++i)
      a.node_matrix.see(matrix_difference(local_matrix(written.scene.transforms[i], euler_), matrices_[i]), i, 0, 0);
    return a;
  }

  const tinygltf::Model& g_;
  const Model& like_;
  const EulerReading euler_;
  gltf::ReadBudget budget_;
  ImportLosses losses_;
  Model model_;
  std::vector<size_t> nodes_;  // scene node i is glTF node nodes_[i]
  std::vector<std::array<double, 16>> matrices_;  // by scene node: the glTF's local matrix
  std::vector<Expected> expected_;                // by SCM mesh, objects in order
};

// The reading export wrote into the asset's extras ("xyz (B)"), if any.
std::optional<EulerReading> asset_reading(const tinygltf::Model& g) {
  const tinygltf::Value& reading = gltf::member(gltf::member(gltf::member(g.asset.extras, "meshgate"), "readings"), "scm_euler");
  if (!reading.IsString()) return std::nullopt;
  const std::string name = reading.Get<std::string>();
  return euler_reading_from_name(name.substr(0, name.find(' ')));
}

nlohmann::json error_json(const ScmError& e, const char* unit, bool node) {
  if (node) return {{unit, e.error}, {"node", e.object}, {"probes", e.probes}};
  return {{unit, e.error}, {"object", e.object}, {"mesh", e.mesh}, {"vertex", e.vertex}, {"probes", e.probes}};
}

}  // namespace scm_import

using scm_import::Importer;

ImportedScm scm_from_gltf(const tinygltf::Model& asset, const Model& like, const ScmImportOptions& options) {
  const EulerReading euler = options.euler.value_or(scm_import::asset_reading(asset).value_or(EulerReading::xyz));
  ImportedScm out = Importer(asset, like, euler).run();
  if (out.accuracy && out.accuracy->position.error > options.max_position_error) {
    char text[200];
    std::snprintf(text, sizeof text, "position error %.3g units (object %zu mesh %zu vertex %zu) is above the %.3g allowed",
                  out.accuracy->position.error, out.accuracy->position.object, out.accuracy->position.mesh,
                  out.accuracy->position.vertex, options.max_position_error);
    out.errors.push_back(text);
  }
  if (!out.errors.empty()) out.bytes.clear();
  return out;
}

nlohmann::json scm_accuracy_json(const ImportedScm& imported, const ScmImportOptions& options) {
  nlohmann::json out = {{"euler_reading", std::string(euler_reading_name(imported.euler)).substr(0, 3)},
                        {"tolerance", {{"position_units", options.max_position_error}}},
                        {"max_error", nullptr}};
  if (const auto& a = imported.accuracy)
    out["max_error"] = {{"position", scm_import::error_json(a->position, "units", false)},
                        {"colour", scm_import::error_json(a->colour, "steps", false)},
                        {"uv", scm_import::error_json(a->uv, "units", false)},
                        {"node_matrix", scm_import::error_json(a->node_matrix, "element", true)}};
  return out;
}

std::string scm_accuracy_text(const ScmAccuracy& a) {
  const auto one = [](const ScmError& e, const char* what, const char* unit) {
    char text[200];
    std::snprintf(text, sizeof text, "%s %.3g%s (object %zu mesh %zu vertex %zu; %llu probes)", what, e.error, unit,
                  e.object, e.mesh, e.vertex, static_cast<unsigned long long>(e.probes));
    return std::string(text);
  };
  char node[160];
  std::snprintf(node, sizeof node, "node matrix %.3g (node %zu; %llu probes)", a.node_matrix.error, a.node_matrix.object,
                static_cast<unsigned long long>(a.node_matrix.probes));
  return "max error against the glTF: " + one(a.position, "position", " units") + ", " +
         one(a.colour, "colour", " steps of 1/255") + ", " + one(a.uv, "uv", "") + ", " + node;
}

}  // namespace meshgate::scm
