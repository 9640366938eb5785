#include "import/msh/msh_from_gltf.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "export/finite_check.hpp"
#include "export/gltf_export.hpp"
#include "import/import_losses.hpp"
#include "import/import_narrowing.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/nres/nres_model.hpp"
#include "writer/msh/msh_describe.hpp"

namespace meshgate::msh {

namespace {

// The frame rate the export samples at (export/msh/msh_gltf.cpp): Res8 key
// times are frames, and no file stores a rate.
constexpr double kFramesPerSecond = 30.0;
constexpr size_t kMaxBatchVertices = 0xFFFF;    // Res13 +0x0E is a u16
constexpr size_t kMaxBatchTriangles = 0xFFFF / 3;  // Res13 +8, the index count, is a u16: 21,845 triangles
constexpr uint64_t kMaxModelTriangles = 0xFFFE;  // Res7 and the slots' triangle starts are u16 (0xFFFF: none)
constexpr double kMaxKeyFrame = 0xFFFE;  // a key time past the frame map's last word has no place
constexpr size_t kMaxNodes = 0xFFFE;  // 0xFFFF is "no parent"

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A node name back to Res10 bytes: the export spells a name's bytes with
// utf8_or_escaped ("\xCA" for a byte that is not UTF-8, "\\" for a
// backslash), so those escapes are bytes again; other UTF-8 is converted to
// Windows-1251 (ASCII and the Cyrillic letters the code page holds), and
// anything else becomes '?' (counted).
std::string windows_1251(const std::string& utf8, bool& lossy) {
  std::string out;
  for (size_t i = 0; i < utf8.size();) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    if (c == '\\' && i + 1 < utf8.size() && utf8[i + 1] == '\\') {
      out += '\\', i += 2;
      continue;
    }
    if (c == '\\' && i + 3 < utf8.size() && utf8[i + 1] == 'x' && hex_digit(utf8[i + 2]) >= 0 && hex_digit(utf8[i + 3]) >= 0) {
      out += static_cast<char>(hex_digit(utf8[i + 2]) * 16 + hex_digit(utf8[i + 3])), i += 4;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c), ++i;
      continue;
    }
    unsigned code = 0, extra = 0;
    if ((c & 0xE0) == 0xC0) code = c & 0x1F, extra = 1;
    else if ((c & 0xF0) == 0xE0) code = c & 0x0F, extra = 2;
    else if ((c & 0xF8) == 0xF0) code = c & 0x07, extra = 3;
    bool valid = extra > 0 && i + extra < utf8.size() + 1;
    for (unsigned k = 1; valid && k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(utf8[i + k]);
      valid = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3F);
    }
    i += valid ? extra + 1 : 1;
    if (valid && code >= 0x410 && code <= 0x44F) out += static_cast<char>(0xC0 + (code - 0x410));
    else if (valid && code == 0x401) out += '\xA8';  // Ё
    else if (valid && code == 0x451) out += '\xB8';  // ё
    else out += '?', lossy = true;
  }
  return out;
}

struct Pose {
  std::array<float, 3> translation{};
  std::array<float, 4> rotation{0, 0, 0, 1};
};

// A sampler's value at `t` seconds: LINEAR between its keys (rotation by
// normalised lerp, which on the export's per-frame samples is exact at
// the samples), STEP holds; before the first and after the last, the end value.
std::vector<float> sample_at(const std::vector<float>& times, const std::vector<float>& values, size_t width, double t,
                             bool step) {
  std::vector<float> out(width);
  if (times.empty()) return out;
  size_t k = 0;
  while (k + 1 < times.size() && times[k + 1] <= t) ++k;
  const double t0 = times[k];
  if (step || k + 1 >= times.size() || t <= t0) {
    std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(k * width), width, out.begin());
    return out;
  }
  const double f = (t - t0) / (times[k + 1] - t0);
  for (size_t c = 0; c < width; ++c)
    out[c] = static_cast<float>(values[k * width + c] + (values[(k + 1) * width + c] - values[k * width + c]) * f);
  return out;
}

// Whether two accessors (of two assets) hold the same numbers.
bool same_accessor(const tinygltf::Model& a, int ia, const tinygltf::Model& b, int ib) {
  if ((ia < 0) != (ib < 0)) return false;
  if (ia < 0) return true;
  const auto fa = gltf::accessor_floats(a, ia), fb = gltf::accessor_floats(b, ib);
  if (fa || fb) return fa && fb && *fa == *fb;
  const auto ua = gltf::accessor_uints(a, ia), ub = gltf::accessor_uints(b, ib);
  return ua && ub && *ua == *ub;
}

bool same_primitives(const tinygltf::Model& a, const tinygltf::Mesh& ma, const tinygltf::Model& b, const tinygltf::Mesh& mb) {
  if (ma.primitives.size() != mb.primitives.size()) return false;
  for (size_t k = 0; k < ma.primitives.size(); ++k) {
    const tinygltf::Primitive &pa = ma.primitives[k], &pb = mb.primitives[k];
    if (pa.mode != pb.mode || pa.attributes.size() != pb.attributes.size() || !(pa.extras == pb.extras) ||
        !same_accessor(a, pa.indices, b, pb.indices))
      return false;
    for (const auto& [name, accessor] : pa.attributes) {
      const auto it = pb.attributes.find(name);
      if (it == pb.attributes.end() || !same_accessor(a, accessor, b, it->second)) return false;
    }
  }
  return true;
}

// The animation channels of `node` as (path, times, values), for comparison.
std::vector<std::tuple<std::string, std::vector<float>, std::vector<float>>> channels_of(const tinygltf::Model& g, size_t node) {
  std::vector<std::tuple<std::string, std::vector<float>, std::vector<float>>> out;
  for (const tinygltf::Animation& anim : g.animations)
    for (const tinygltf::AnimationChannel& c : anim.channels) {
      if (c.target_node != static_cast<int>(node) || c.sampler < 0 || static_cast<size_t>(c.sampler) >= anim.samplers.size()) continue;
      const tinygltf::AnimationSampler& s = anim.samplers[static_cast<size_t>(c.sampler)];
      out.emplace_back(c.target_path, gltf::accessor_floats(g, s.input).value_or(std::vector<float>{}),
                       gltf::accessor_floats(g, s.output).value_or(std::vector<float>{}));
    }
  return out;
}

class Importer {
 public:
  Importer(const tinygltf::Model& g, unsigned lod, const Model* like)
      : g_(g), lod_(lod), like_(like), budget_(gltf::import_budget(g)) {}

  ImportedMsh run() {
    ImportedMsh out;
    ExportModel& m = out.model;
    out.errors = gltf::accessor_errors(g_);  // checked before any element is read
    // Not glTF (its numbers are finite), and a model built from it could not be shown.
    if (const std::string bad = gltf::first_non_finite_number(g_); out.errors.empty() && !bad.empty())
      out.errors.push_back(gltf::non_finite_refusal("the glTF's " + bad));
    if (!out.errors.empty()) return out;
    if (g_.nodes.empty() || g_.nodes.size() > kMaxNodes) {
      out.errors.push_back("an MSH model holds 1.." + std::to_string(kMaxNodes) + " nodes; the glTF has " +
                           std::to_string(g_.nodes.size()));
      return out;
    }
    if (lod_ >= kSlotsPerBlock) {
      out.errors.push_back("--lod " + std::to_string(lod_) + " is not a slot column (0..4)");
      return out;
    }
    carry_from_like(m);
    const std::vector<size_t> order = parents_first(out.errors);
    // What the like file's own export says: where the glTF says the same of
    // a node, the node's slots and keys come from the like file exactly (the
    // other LODs' slots, the original Res8 keys, unquantised).
    std::optional<DescribedMsh> like_model;
    tinygltf::Model like_gltf;
    if (like_) {
      like_model = describe_model(*like_);
      if (!like_model->complete()) {
        losses_.add("the like file is not one the exporter can write (" + like_model->gaps.front() +
                        "): geometry and keys come from the glTF alone",
                    "the like file");
        like_model.reset();
      } else if (like_model->model.nodes.size() != g_.nodes.size() || !std::is_sorted(order.begin(), order.end())) {
        losses_.add("the like file's nodes are not the glTF's: geometry and keys come from the glTF alone", "the like file");
        like_model.reset();
      } else {
        like_gltf = gltf::export_msh(*like_, {}, {.source_name = "like", .lod = lod_}).asset;
      }
    }
    if (!out.errors.empty()) return out;
    std::vector<size_t> position(g_.nodes.size());
    for (size_t k = 0; k < order.size(); ++k) position[order[k]] = k;
    if (!std::is_sorted(order.begin(), order.end()))
      losses_.add("nodes reordered so that every parent comes before its children (Res1 requires it)", "the asset");
    const Animation animation = read_animation(out.errors);
    if (!out.errors.empty()) return out;
    m.frame_count = animation.frames;
    for (size_t k = 0; k < order.size() && out.errors.empty(); ++k) {
      const size_t n = order[k];
      const tinygltf::Node& node = g_.nodes[n];
      ExportNode e;
      bool lossy = false;
      e.name = windows_1251(node.name, lossy);
      // export names a node without a Res10 text "node_N": the like file says whether it had one.
      if (like_names_ && k < like_names_->records.size() && like_names_->records[k].length == 0 &&
          node.name == "node_" + std::to_string(k))
        e.name.clear();
      if (lossy) losses_.add("a node name character Windows-1251 cannot hold: written as '?'", "nodes[" + std::to_string(n) + "]");
      if (e.name.size() > 31) {
        losses_.add("a node name longer than Res9's 31 bytes: Res9 keeps its start, Res10 all of it", "nodes[" + std::to_string(n) + "]");
      }
      e.flags = narrowed_extra<uint16_t>(node.extras, "res1_flags", "nodes[" + std::to_string(n) + "]", out.errors).value_or(0);
      e.parent = parent_[n] < 0 ? 0xFFFF : static_cast<uint16_t>(position[static_cast<size_t>(parent_[n])]);
      const ExportNode* like_node = like_model ? &like_model->model.nodes[n] : nullptr;
      if (like_node && same_geometry(n, like_gltf)) {
        e.slots = like_node->slots;
      } else {
        if (like_node)  // the other slot words stay the like file's
          for (const ExportSlot& sl : like_node->slots)
            if (sl.block != 0 || sl.column != lod_) e.slots.push_back(sl);
        if (node.mesh >= 0 && static_cast<size_t>(node.mesh) < g_.meshes.size()) e.slots.push_back(slot(node.mesh, out.errors));
        std::sort(e.slots.begin(), e.slots.end(),
                  [](const ExportSlot& a, const ExportSlot& b) { return a.block * 5 + a.column < b.block * 5 + b.column; });
      }
      e.track = like_node && same_motion(n, like_gltf) ? like_node->track : track(n, animation, out.errors);
      m.nodes.push_back(std::move(e));
    }
    uint64_t vertices = 0;
    for (const ExportNode& node : m.nodes)
      for (const ExportSlot& s : node.slots)
        for (const ExportBatch& b : s.batches) vertices += b.vertices.size();
    if (like_vertices_ != vertices) m.res15.clear(), m.res18.clear();
    losses_.into(out.warnings);
    return out;
  }

 private:
  struct Channel {
    std::vector<float> times, values;
    bool step = false;
  };
  struct Animation {
    uint32_t frames = 0;
    std::map<size_t, Channel> translation, rotation;  // by glTF node
  };

  // Whether glTF node n shows what the like file's export shows for it.
  bool same_geometry(size_t n, const tinygltf::Model& like) const {
    const tinygltf::Node &a = g_.nodes[n], &b = like.nodes[n];
    if ((a.mesh < 0) != (b.mesh < 0)) return false;
    if (a.mesh < 0) return true;
    if (static_cast<size_t>(a.mesh) >= g_.meshes.size() || static_cast<size_t>(b.mesh) >= like.meshes.size()) return false;
    return same_primitives(g_, g_.meshes[static_cast<size_t>(a.mesh)], like, like.meshes[static_cast<size_t>(b.mesh)]);
  }
  bool same_motion(size_t n, const tinygltf::Model& like) const {
    const tinygltf::Node &a = g_.nodes[n], &b = like.nodes[n];
    return a.translation == b.translation && a.rotation == b.rotation && a.scale == b.scale && a.matrix == b.matrix &&
           channels_of(g_, n) == channels_of(like, n);
  }

  void carry_from_like(ExportModel& m) {
    if (!like_) return;
    const StreamsByType streams(*like_);
    if (const Stream* first = like_->streams.empty() ? nullptr : &like_->streams.front()) {
      const std::string name = nres::entry_name(first->record);
      m.name = name.substr(0, name.find('.'));
    }
    like_names_ = streams.get<StringStream>(stream_type::strings);
    m.with_res9 = streams.find(stream_type::node_names) != nullptr;
    m.with_res15 = streams.find(stream_type::res15) != nullptr;
    m.with_res17 = streams.find(stream_type::interior_graph) != nullptr;
    like_vertices_ = model_counts(streams).vertices;
    if (const auto* r15 = streams.get<RawStream>(stream_type::res15); r15 && r15->bytes.size() == like_vertices_ * 8) {
      m.res15.resize(like_vertices_);
      for (uint64_t v = 0; v < like_vertices_; ++v)
        for (size_t k = 0; k < 8; ++k) m.res15[v][k] = static_cast<uint8_t>(r15->bytes[v * 8 + k]);
    }
    if (const auto* r18 = streams.get<WordPairStream>(stream_type::res18); r18 && r18->pairs.size() == like_vertices_)
      m.res18.assign(r18->pairs.begin(), r18->pairs.end());
    if (const auto* r20 = streams.get<RawStream>(stream_type::lights); r20 && r20->bytes.size() % 48 == 0) {
      m.res20.resize(r20->bytes.size() / 48);
      for (size_t l = 0; l < m.res20.size(); ++l)
        for (size_t k = 0; k < 48; ++k) m.res20[l][k] = static_cast<uint8_t>(r20->bytes[l * 48 + k]);
    }
  }

  // The glTF nodes in an order where parents come first: index order when it
  // already is (what export writes), else by depth-first walk from the roots.
  std::vector<size_t> parents_first(std::vector<std::string>& errors) {
    parent_.assign(g_.nodes.size(), -1);
    for (size_t p = 0; p < g_.nodes.size(); ++p)
      for (int c : g_.nodes[p].children) {
        if (c < 0 || static_cast<size_t>(c) >= g_.nodes.size() || parent_[static_cast<size_t>(c)] >= 0) {
          errors.push_back("nodes[" + std::to_string(p) + "].children: not a tree");
          return {};
        }
        parent_[static_cast<size_t>(c)] = static_cast<int>(p);
      }
    std::vector<size_t> order;
    bool index_order = true;
    for (size_t n = 0; n < g_.nodes.size(); ++n) index_order = index_order && parent_[n] < static_cast<int>(n);
    if (index_order) {
      for (size_t n = 0; n < g_.nodes.size(); ++n) order.push_back(n);
      return order;
    }
    std::vector<size_t> stack;
    for (size_t n = g_.nodes.size(); n-- > 0;)
      if (parent_[n] < 0) stack.push_back(n);
    while (!stack.empty()) {
      const size_t n = stack.back();
      stack.pop_back();
      order.push_back(n);
      const auto& children = g_.nodes[n].children;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(static_cast<size_t>(*it));
    }
    if (order.size() != g_.nodes.size()) errors.push_back("the glTF's nodes form a cycle");
    return order;
  }

  ExportSlot slot(int mesh_index, std::vector<std::string>& errors) {
    ExportSlot s{0, lod_, {}};
    const tinygltf::Mesh& mesh = g_.meshes[static_cast<size_t>(mesh_index)];
    for (size_t k = 0; k < mesh.primitives.size() && errors.empty(); ++k) {
      const tinygltf::Primitive& p = mesh.primitives[k];
      const std::string where = "meshes[" + std::to_string(mesh_index) + "].primitives[" + std::to_string(k) + "]";
      primitive(p, where, s.batches, errors);
      if (budget_.exhausted() && errors.empty())
        errors.push_back(where + ": the glTF's accessors, read again for every node that shows its mesh, pass " +
                         std::to_string(budget_.limit()) + " bytes (8x its buffers + 16 MiB), the most import builds");
    }
    return s;
  }

  // One primitive as Res13 batches: one when it fits a batch's u16 vertex and
  // index counts (its vertices as they are), else cut into runs of at most
  // 21,845 triangles, each batch holding the vertices its triangles use. A
  // count never wraps: the exporter is given only batches that fit.
  void primitive(const tinygltf::Primitive& p, const std::string& where, std::vector<ExportBatch>& batches,
                 std::vector<std::string>& errors) {
    const auto attribute = [&](const char* name) { const auto it = p.attributes.find(name); return it == p.attributes.end() ? -1 : it->second; };
    const auto positions = gltf::accessor_floats(g_, attribute("POSITION"), &budget_);
    if (!positions || positions->size() % 3 != 0) {
      if (!budget_.exhausted()) errors.push_back(where + ": no float VEC3 POSITION");
      return;
    }
    const size_t n = positions->size() / 3;
    const auto triangles = gltf::primitive_triangles(g_, p, n, &budget_);
    if (!triangles) {
      if (!budget_.exhausted()) losses_.add("a primitive that is not triangles (points, lines, or bad indices): left out", where);
      return;
    }
    model_triangles_ += triangles->size();
    if (model_triangles_ > kMaxModelTriangles) {
      errors.push_back(where + ": the model's triangles reach " + std::to_string(model_triangles_) + "; an MSH holds at most " +
                       std::to_string(kMaxModelTriangles) + " (Res7 is indexed by u16)");
      return;
    }
    const auto normals = gltf::accessor_floats(g_, attribute("NORMAL"), &budget_);
    const auto uvs = gltf::accessor_floats(g_, attribute("TEXCOORD_0"), &budget_);
    if (budget_.exhausted() || !budget_.take(uint64_t{n} * sizeof(ExportVertex) * 2)) return;
    if (!normals || normals->size() != 3 * n) losses_.add("no NORMAL: normals set to +Z", where);
    if (!uvs || uvs->size() != 2 * n) losses_.add("no TEXCOORD_0: UVs set to 0", where);
    for (const char* other : {"TEXCOORD_1", "COLOR_0", "JOINTS_0", "WEIGHTS_0", "TANGENT"})
      if (attribute(other) >= 0) losses_.add(std::string("attribute ") + other + " has no place in an MSH batch: dropped", where);
    const auto vertex = [&](size_t v) {
      ExportVertex x;
      for (size_t c = 0; c < 3; ++c) x.position[c] = (*positions)[3 * v + c];
      if (normals && normals->size() == 3 * n)
        for (size_t c = 0; c < 3; ++c) x.normal[c] = (*normals)[3 * v + c];
      if (uvs && uvs->size() == 2 * n) x.uv = {(*uvs)[2 * v], (*uvs)[2 * v + 1]};
      return x;
    };
    ExportBatch proto;
    const uint8_t default_row = narrowed<uint8_t>(std::max(p.material, 0), where + ".material (a WEAR row)", errors).value_or(0);
    proto.wear_row = narrowed_extra<uint8_t>(p.extras, "material_4", where, errors).value_or(default_row);
    proto.batch_flags = narrowed_extra<uint16_t>(p.extras, "batch_flags", where, errors).value_or(0);
    const std::vector<uint16_t> flags = triangle_flags(p.extras, triangles->size(), where, errors);
    if (!errors.empty()) return;
    if (n <= kMaxBatchVertices && triangles->size() <= kMaxBatchTriangles) {
      ExportBatch b = proto;
      for (size_t v = 0; v < n; ++v) b.vertices.push_back(vertex(v));
      for (const auto& t : *triangles)
        for (uint32_t i : t) b.indices.push_back(static_cast<uint16_t>(i));  // i < n <= 65535
      b.tri_flags = flags;
      batches.push_back(std::move(b));
      return;
    }
    losses_.add("a primitive past one Res13 batch (65,535 vertices or 21,845 triangles): split into batches, each with "
                "the vertices its triangles use",
                where);
    std::vector<uint32_t> local(n, UINT32_MAX);  // vertex -> its index in the batch being filled
    std::vector<uint32_t> used;                  // the batch's vertices, to reset `local`
    size_t referenced = 0;
    for (size_t first = 0; first < triangles->size(); first += kMaxBatchTriangles) {
      ExportBatch b = proto;
      const size_t last = std::min(triangles->size(), first + kMaxBatchTriangles);
      for (size_t t = first; t < last; ++t) {
        for (uint32_t i : (*triangles)[t]) {
          if (local[i] == UINT32_MAX) {
            local[i] = static_cast<uint32_t>(b.vertices.size());  // <= 3 * 21,845 = 65,535 per batch
            used.push_back(i);
            b.vertices.push_back(vertex(i));
          }
          b.indices.push_back(static_cast<uint16_t>(local[i]));
        }
        b.tri_flags.push_back(flags[t]);
      }
      for (uint32_t i : used) local[i] = UINT32_MAX;
      referenced += used.size();
      used.clear();
      batches.push_back(std::move(b));
    }
    if (referenced < n) losses_.add("a split primitive's vertices no triangle uses: left out", where);
  }

  // Res7 flags from the export's run-length extras ([[flags, count], ...]).
  std::vector<uint16_t> triangle_flags(const tinygltf::Value& extras, size_t triangles, const std::string& where,
                                       std::vector<std::string>& errors) {
    std::vector<uint16_t> flags;
    if (extras.IsObject() && extras.Has("tri_flags_runs") && extras.Get("tri_flags_runs").IsArray()) {
      const tinygltf::Value& runs = extras.Get("tri_flags_runs");
      for (size_t r = 0; r < runs.ArrayLen() && errors.empty(); ++r) {
        const tinygltf::Value& run = runs.Get(static_cast<int>(r));
        if (!run.IsArray() || run.ArrayLen() != 2 || !run.Get(0).IsNumber() || !run.Get(1).IsNumber()) continue;
        const std::string at = where + ".extras.tri_flags_runs[" + std::to_string(r) + "]";
        const auto value = narrowed<uint16_t>(run.Get(0).GetNumberAsDouble(), at + "[0]", errors);
        const auto count = narrowed<uint32_t>(run.Get(1).GetNumberAsDouble(), at + "[1]", errors);
        if (!value || !count) break;
        flags.insert(flags.end(), std::min<size_t>(*count, triangles - flags.size()), *value);
      }
    }
    if (flags.size() != triangles) {
      if (!flags.empty()) losses_.add("tri_flags_runs do not cover the primitive's triangles: flags set to 0", where);
      flags.assign(triangles, 0);
    }
    return flags;
  }

  Animation read_animation(std::vector<std::string>& errors) {
    Animation a;
    if (g_.animations.empty()) return a;
    if (g_.animations.size() > 1) losses_.add("more than one animation: the first becomes the Res8 keys", "animations[1]");
    const tinygltf::Animation& anim = g_.animations[0];
    double last = 0;
    for (const tinygltf::AnimationChannel& c : anim.channels) {
      if (c.sampler < 0 || static_cast<size_t>(c.sampler) >= anim.samplers.size() || c.target_node < 0) continue;
      const tinygltf::AnimationSampler& s = anim.samplers[static_cast<size_t>(c.sampler)];
      const size_t width = c.target_path == "translation" ? 3 : c.target_path == "rotation" ? 4 : 0;
      if (width == 0) {
        losses_.add("an animation of " + c.target_path + " has no place in Res8 (translation and rotation only)", "animations[0]");
        continue;
      }
      Channel ch;
      auto times = gltf::accessor_floats(g_, s.input, &budget_);
      auto values = gltf::accessor_floats(g_, s.output, &budget_);
      if (budget_.exhausted()) {
        errors.push_back("animations[0].samplers[" + std::to_string(c.sampler) + "]: its accessors pass " +
                         std::to_string(budget_.limit()) + " bytes (8x the buffers + 16 MiB), the most import builds");
        return a;
      }
      if (!times || !values || values->size() != times->size() * width) continue;
      if (s.interpolation == "CUBICSPLINE") {
        losses_.add("CUBICSPLINE interpolation: sampled linearly between its keys", "animations[0]");
        continue;
      }
      ch.step = s.interpolation == "STEP";
      ch.times = std::move(*times);
      ch.values = std::move(*values);
      for (float t : ch.times) {
        // A key time becomes a frame number (a float in Res8, a word in the frame map).
        if (!(t >= 0 && t * kFramesPerSecond <= kMaxKeyFrame)) {
          errors.push_back("animations[0].samplers[" + std::to_string(c.sampler) + "] key time " + std::to_string(t) +
                           " s: not a frame 0..65534 at 30 frames per second");
          return a;
        }
        last = std::max(last, double{t});
        if (std::abs(t * kFramesPerSecond - std::round(t * kFramesPerSecond)) > 1e-3)
          losses_.add("a key time off the 30 frames per second grid: taken at its nearest frame", "animations[0]");
      }
      (width == 3 ? a.translation : a.rotation)[static_cast<size_t>(c.target_node)] = std::move(ch);
    }
    if (!a.translation.empty() || !a.rotation.empty()) a.frames = static_cast<uint32_t>(std::lround(last * kFramesPerSecond)) + 1;
    return a;
  }

  Pose rest_pose(size_t n, std::vector<std::string>& errors) {
    const tinygltf::Node& node = g_.nodes[n];
    const std::string where = "nodes[" + std::to_string(n) + "]";
    Pose p;
    if (node.matrix.size() == 16) losses_.add("a node given by a matrix: its rest pose taken as identity", where);
    if (node.scale.size() == 3 && (node.scale[0] != 1 || node.scale[1] != 1 || node.scale[2] != 1))
      losses_.add("a node's scale has no place in a Res8 key: dropped", where);
    for (size_t c = 0; c < 3 && node.translation.size() == 3; ++c)
      p.translation[c] = narrowed<float>(node.translation[c], where + ".translation", errors).value_or(0.0f);
    for (size_t c = 0; c < 4 && node.rotation.size() == 4; ++c)
      p.rotation[c] = narrowed<float>(node.rotation[c], where + ".rotation", errors).value_or(0.0f);
    return p;
  }

  // The node's keys: one per frame its channels have a key at, then its
  // rest pose as the last (the fallback key, which export reads as the rest
  // pose). A node without channels: its rest pose alone (no key at all when
  // that is the identity: the exporter's canonical static node).
  std::vector<ExportKey> track(size_t n, const Animation& a, std::vector<std::string>& errors) {
    const Pose rest = rest_pose(n, errors);
    const auto t = a.translation.find(n), r = a.rotation.find(n);
    std::set<long> frames;
    for (const auto* ch : {t == a.translation.end() ? nullptr : &t->second, r == a.rotation.end() ? nullptr : &r->second})
      if (ch)
        for (float time : ch->times) frames.insert(std::lround(time * kFramesPerSecond));
    std::vector<ExportKey> keys;
    for (long f : frames) {
      ExportKey k;
      k.time = static_cast<float>(f);
      const double seconds = static_cast<double>(f) / kFramesPerSecond;
      const auto tr = t != a.translation.end() ? sample_at(t->second.times, t->second.values, 3, seconds, t->second.step)
                                               : std::vector<float>(rest.translation.begin(), rest.translation.end());
      auto rot = r != a.rotation.end() ? sample_at(r->second.times, r->second.values, 4, seconds, r->second.step)
                                       : std::vector<float>(rest.rotation.begin(), rest.rotation.end());
      double length = 0;
      for (float c : rot) length += double{c} * c;
      if (length > 0) for (float& c : rot) c = static_cast<float>(c / std::sqrt(length));
      std::copy_n(tr.begin(), 3, k.translation.begin());
      std::copy_n(rot.begin(), 4, k.rotation.begin());
      keys.push_back(k);
    }
    const bool identity = rest.translation == std::array<float, 3>{} && rest.rotation == std::array<float, 4>{0, 0, 0, 1};
    if (keys.empty() && identity) return keys;
    ExportKey last;
    last.translation = rest.translation;
    last.rotation = rest.rotation;
    last.time = keys.empty() ? 0 : keys.back().time + 1;
    keys.push_back(last);
    return keys;
  }

  const tinygltf::Model& g_;
  unsigned lod_;
  const Model* like_;
  std::vector<int> parent_;  // by glTF node
  uint64_t like_vertices_ = 0;
  const StringStream* like_names_ = nullptr;
  ImportLosses losses_;
  gltf::ReadBudget budget_;
  uint64_t model_triangles_ = 0;
};

}  // namespace

ImportedMsh msh_from_gltf(const tinygltf::Model& asset, unsigned lod, const Model* like) {
  return Importer(asset, lod, like).run();
}

}  // namespace meshgate::msh
