// The glTF export, checked against meshgate's own decodes: triangle counts
// against the strip decode and the triangle walk, joints and weights,
// vertices inside the bounds the file stores, rest poses against fallback
// keys, and a read-back through tinygltf that recovers what was decoded bit
// for bit where no conversion applies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "export/finite_check.hpp"
#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_nodes.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/mod/mod_topology.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_walks.hpp"
#include "parser/scm/scm_fields.hpp"
#include "parser/scm/scm_parser.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/scm/scm_synth.hpp"
#include "writer/mod/mod_writer.hpp"
#include "writer/scm/scm_writer.hpp"

namespace meshgate::gltf {
namespace {

// The asset as a .glb in memory, read back by tinygltf.
tinygltf::Model round_trip(const tinygltf::Model& asset) {
  const std::string glb = glb_bytes(asset);
  EXPECT_FALSE(glb.empty());
  std::string error;
  std::optional<tinygltf::Model> back = read_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), error);
  EXPECT_TRUE(back) << error;
  return back ? *back : tinygltf::Model{};
}

std::vector<float> floats(const tinygltf::Model& m, int accessor) {
  std::optional<std::vector<float>> v = accessor_floats(m, accessor);
  EXPECT_TRUE(v);
  return v ? *v : std::vector<float>{};
}
std::vector<uint32_t> uints(const tinygltf::Model& m, int accessor) {
  std::optional<std::vector<uint32_t>> v = accessor_uints(m, accessor);
  EXPECT_TRUE(v);
  return v ? *v : std::vector<uint32_t>{};
}
uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST(GltfExportMod, TrianglesSkinBoundsAndReadBackAgreeWithTheDecode) {
  for (const SynthFile& file : mod::synth_mod_corpus(20261202, 40)) {
    SCOPED_TRACE(file.name);
    const mod::ParseResult parsed = mod::parse_mod(file.bytes);
    ASSERT_TRUE(parsed.ok());
    const mod::Model& model = *parsed.model;
    // --winding strip: the alternation below is the strip's (gltf_facing_tests.cpp checks --winding normals).
    const Exported e = export_mod(model, file.bytes, {file.name, 0, Winding::strip});
    const tinygltf::Model back = round_trip(e.asset);
    const unsigned nodes = static_cast<unsigned>(model.header.get(mod::hdr::node_count));
    ASSERT_EQ(back.skins.size(), 1u);
    EXPECT_EQ(back.skins[0].joints.size(), nodes);
    // Inverse bind matrices undo each joint's world matrix.
    const std::vector<float> ibm = floats(back, back.skins[0].inverseBindMatrices);
    const std::vector<mod::Mat4> world = *mod::world_matrices(model.nodes);
    for (unsigned j = 0; j < nodes; ++j) {
      mod::Mat4 inverse;
      for (size_t k = 0; k < 16; ++k) inverse.m[k] = ibm[16 * j + k];
      const mod::Mat4 product = world[j] * inverse;
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) EXPECT_NEAR(product.at(r, c), r == c ? 1.0 : 0.0, 1e-5) << j;
    }
    uint64_t triangles = 0, dropped = 0;
    size_t mesh_index = 0;
    for (const mod::Object& object : model.objects) {
      if (object.meshes.empty()) continue;
      const tinygltf::Mesh& mesh = back.meshes[mesh_index++];
      ASSERT_EQ(mesh.primitives.size(), object.meshes.size());
      const float cx = object.record.get_f32(mod::obj::center_x), cy = object.record.get_f32(mod::obj::center_y),
                  cz = object.record.get_f32(mod::obj::center_z), radius = object.record.get_f32(mod::obj::radius);
      for (size_t k = 0; k < object.meshes.size(); ++k) {
        const mod::Mesh& m = object.meshes[k];
        const tinygltf::Primitive& p = mesh.primitives[k];
        // Positions and UVs bit for bit (UV: the same /4096 division).
        const std::vector<float> pos = floats(back, p.attributes.at("POSITION"));
        ASSERT_EQ(pos.size(), 3 * m.positions.size());
        for (size_t v = 0; v < m.positions.size(); ++v)
          for (size_t c = 0; c < 3; ++c) EXPECT_EQ(bits(pos[3 * v + c]), m.positions[v][c]);
        const std::vector<float> uv = floats(back, p.attributes.at("TEXCOORD_0"));
        for (size_t v = 0; v < m.uv.size(); ++v)
          for (size_t c = 0; c < 2; ++c) EXPECT_EQ(uv[2 * v + c], static_cast<float>(m.uv[v][c]) / 4096.0f);
        // Every vertex inside the object's stored bounding sphere.
        for (size_t v = 0; v < m.positions.size(); ++v) {
          const double dx = pos[3 * v] - cx, dy = pos[3 * v + 1] - cy, dz = pos[3 * v + 2] - cz;
          EXPECT_LE(std::sqrt(dx * dx + dy * dy + dz * dz), radius * (1 + 1e-6)) << v;
        }
        // Unit normals; where the file's was unit already, the same bits.
        const std::vector<float> nrm = floats(back, p.attributes.at("NORMAL"));
        for (size_t v = 0; v < m.normals.size(); ++v)
          EXPECT_NEAR(std::hypot(nrm[3 * v], nrm[3 * v + 1], nrm[3 * v + 2]), 1.0, 1e-3);
        // Joints name nodes; weights sum to 1; they are the decoded skin.
        const std::vector<uint32_t> joints = uints(back, p.attributes.at("JOINTS_0"));
        const std::vector<float> weights = floats(back, p.attributes.at("WEIGHTS_0"));
        for (size_t v = 0; v < m.positions.size(); ++v) {
          const mod::SkinVertex skin = mod::decode_skin_vertex(m.control[v], m.blend_indices[v], nodes);
          double sum = 0;
          for (size_t c = 0; c < 4; ++c) {
            EXPECT_LT(joints[4 * v + c], nodes);
            sum += weights[4 * v + c];
          }
          EXPECT_NEAR(sum, 1.0, 1e-6);
          ASSERT_EQ(skin.status, mod::SkinStatus::ok);
          for (size_t c = 0; c < skin.influence_count; ++c) {
            EXPECT_EQ(joints[4 * v + c], skin.influences[c].bone);
            EXPECT_NEAR(weights[4 * v + c], skin.influences[c].quantized_weight / 31.0, 1e-6);
          }
        }
        // The triangle count is the strip decode's, less the zero-area ones dropped.
        const std::vector<uint32_t> indices = p.indices >= 0 ? uints(back, p.indices) : std::vector<uint32_t>{};
        triangles += indices.size() / 3;
        const auto strip = mod::strip_triangles(m.control);
        for (const auto& t : strip) {
          const auto at = [&](uint16_t i) { return m.positions[i]; };
          dropped += at(t[0]) == at(t[1]) || at(t[1]) == at(t[2]) || at(t[0]) == at(t[2]);
        }
        EXPECT_LE(indices.size() / 3, strip.size());
        // Alternating winding: neighbours in a run (newest vertices i-1, i)
        // share an edge and traverse it in opposite directions, so all face one way.
        const auto directed = [](const uint32_t* t, uint32_t a, uint32_t b) {
          for (int corner = 0; corner < 3; ++corner)
            if (t[corner] == a && t[(corner + 1) % 3] == b) return true;
          return false;
        };
        for (size_t t = 3; t + 2 < indices.size(); t += 3) {
          const uint32_t* prev = &indices[t - 3];
          const uint32_t* cur = &indices[t];
          const uint32_t newest = std::max({cur[0], cur[1], cur[2]});
          if (std::max({prev[0], prev[1], prev[2]}) + 1 != newest) continue;  // a break or a dropped triangle between
          const uint32_t a = newest - 2, b = newest - 1;                    // the shared edge
          EXPECT_NE(directed(prev, a, b) || directed(prev, b, a), false);
          EXPECT_EQ(directed(prev, a, b), directed(cur, b, a)) << "triangle " << t / 3;
        }
      }
    }
    EXPECT_EQ(e.summary.triangles, triangles);
    EXPECT_GE(e.summary.dropped_degenerates, dropped);
    uint64_t strip_total = 0;
    for (const mod::Object& o : model.objects)
      for (const mod::Mesh& m : o.meshes) strip_total += mod::strip_triangles(m.control).size();
    EXPECT_EQ(e.summary.triangles + e.summary.dropped_degenerates, strip_total);
  }
}

TEST(GltfExportMsh, BatchesRestPosesAndAnimationAgreeWithTheWalks) {
  size_t animated_models = 0;
  for (const SynthFile& file : msh::synth_msh_corpus(20261202, 40)) {
    if (file.name.find("pack") != std::string::npos) continue;
    SCOPED_TRACE(file.name);
    const msh::ParseResult parsed = msh::parse_msh(file.bytes);
    ASSERT_TRUE(parsed.ok());
    const msh::Model& model = *parsed.model;
    const Exported e = export_msh(model, file.bytes, {file.name, 0});
    const tinygltf::Model back = round_trip(e.asset);
    // Triangle count: the render walk's index counts / 3, and the triangle walk's visits.
    uint64_t walked = 0;
    for (const msh::DrawCall& c : msh::render_walk(model, {0, 0})) walked += c.index_count / 3;
    EXPECT_EQ(e.summary.triangles, walked);
    uint64_t visited = 0;
    (void)msh::triangle_walk(model, {0, 0}, {}, [&](const msh::TriangleVisit&) { ++visited; });
    EXPECT_EQ(e.summary.triangles, visited);
    // Every primitive's vertices inside its slot's stored AABB.
    const msh::StreamsByType streams(model);
    const auto* slots = streams.get<msh::HeaderSlotStream>(msh::stream_type::header_slots);
    for (const tinygltf::Mesh& mesh : back.meshes)
      for (const tinygltf::Primitive& p : mesh.primitives) {
        const auto slot = static_cast<size_t>(p.extras.Get("slot").GetNumberAsInt());
        const msh::SlotRecord& s = slots->slots[slot];
        const std::vector<float> pos = floats(back, p.attributes.at("POSITION"));
        for (size_t v = 0; v < pos.size() / 3; ++v)
          for (size_t c = 0; c < 3; ++c) {
            EXPECT_GE(pos[3 * v + c], s.get_f32(4 + c));
            EXPECT_LE(pos[3 * v + c], s.get_f32(7 + c));
          }
        for (uint32_t i : uints(back, p.indices)) EXPECT_LT(i, pos.size() / 3);
      }
    // An unanimated node's transform is its fallback key, exactly.
    const auto* keys = streams.get<msh::KeyStream>(msh::stream_type::keys);
    const std::vector<msh::NodeView> views = msh::node_views(model);
    ASSERT_EQ(back.nodes.size(), views.size());
    for (size_t n = 0; n < views.size(); ++n) {
      const msh::KeyRecord& key = keys->keys[views[n].fallback_key];
      ASSERT_EQ(back.nodes[n].translation.size(), 3u);
      for (size_t c = 0; c < 3; ++c) EXPECT_EQ(static_cast<float>(back.nodes[n].translation[c]), key.get_f32(c));
      double length = 0;
      for (size_t c = 0; c < 4; ++c) length += std::pow(static_cast<int16_t>(key.get(4 + c)) / 32767.0, 2);
      for (size_t c = 0; c < 4; ++c)
        EXPECT_NEAR(back.nodes[n].rotation[c], length == 0 ? (c == 3 ? 1.0 : 0.0)
                                                             : static_cast<int16_t>(key.get(4 + c)) / 32767.0 / std::sqrt(length),
                    1e-6);
    }
    // Animated nodes: one channel pair each, frame 0 at t = 0.
    size_t animated = 0;
    for (const msh::NodeView& v : views) animated += v.anim_map_start != msh::kNone;
    if (animated > 0) {
      ++animated_models;
      ASSERT_EQ(back.animations.size(), 1u);
      EXPECT_EQ(back.animations[0].channels.size(), 2 * animated);
      const std::vector<float> times = floats(back, back.animations[0].samplers[0].input);
      EXPECT_EQ(times.size(), msh::model_counts(model).frames);
      EXPECT_EQ(times[0], 0.0f);
    } else {
      EXPECT_TRUE(back.animations.empty());
    }
  }
  EXPECT_GT(animated_models, 0u);
}

TEST(GltfExport, ExtrasNameTheSourceAndEveryReadingChosen) {
  const SynthFile file = mod::synth_mod_corpus(5, 1)[0];
  const Exported e = export_mod(*mod::parse_mod(file.bytes).model, file.bytes, {"a.mod", 0});
  const tinygltf::Value& mg = e.asset.asset.extras.Get("meshgate");
  EXPECT_EQ(mg.Get("format").Get<std::string>(), "dmc3-mod");
  EXPECT_EQ(mg.Get("source").Get<std::string>(), "a.mod");
  EXPECT_EQ(mg.Get("source_xxh3_64").Get<std::string>().size(), 16u);
  EXPECT_EQ(mg.Get("axis_convention").Get<std::string>(), kAxisConvention);
  const tinygltf::Value& decodes = mg.Get("decodes");
  ASSERT_GT(decodes.ArrayLen(), 5u);
  for (size_t i = 0; i < decodes.ArrayLen(); ++i) EXPECT_FALSE(decodes.Get(static_cast<int>(i)).Get("status").Get<std::string>().empty());
  const SynthFile model = msh::synth_msh_corpus(5, 1)[0];
  const Exported m = export_msh(*msh::parse_msh(model.bytes).model, model.bytes, {"b.msh", 0});
  std::string readings;
  const tinygltf::Value& md = m.asset.asset.extras.Get("meshgate").Get("decodes");
  for (size_t i = 0; i < md.ArrayLen(); ++i) readings += md.Get(static_cast<int>(i)).Get("reading").Get<std::string>() + "\n";
  EXPECT_NE(readings.find("order x, y, z, w"), std::string::npos);     // the quaternion order chosen
  EXPECT_NE(readings.find("SIGNED"), std::string::npos);               // the Res5 signedness chosen
  EXPECT_NE(readings.find("[CONFLICT]"), std::string::npos);
}


// Vertex attributes and indices of one element size share one buffer view,
// whatever the number of primitives: a view per accessor made the five views
// of each of an SCM's 65,025 tiny meshes 107 MiB of its export (GUARANTEES,
// memory per command). Each shared vertex view states its stride, which glTF
// requires of a view that several vertex accessors share, and each accessor
// reads back what a file of one mesh exports alone.
void expect_shared_views(const Exported& few, const Exported& many, size_t primitives) {
  ASSERT_TRUE(many.refused.empty()) << many.refused;
  ASSERT_GE(many.summary.primitives, primitives);
  EXPECT_EQ(many.asset.bufferViews.size(), few.asset.bufferViews.size());
  EXPECT_LE(many.asset.bufferViews.size(), 8u);
  for (const tinygltf::Accessor& a : many.asset.accessors) {
    const tinygltf::BufferView& v = many.asset.bufferViews.at(static_cast<size_t>(a.bufferView));
    if (v.target != TINYGLTF_TARGET_ARRAY_BUFFER) continue;
    const size_t element = static_cast<size_t>(tinygltf::GetComponentSizeInBytes(static_cast<uint32_t>(a.componentType)) *
                                               tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type)));
    EXPECT_EQ(static_cast<size_t>(v.byteStride), element);
    EXPECT_EQ(a.byteOffset % element, 0u);
  }
  const tinygltf::Model back = round_trip(many.asset);
  const tinygltf::Primitive& last = back.meshes.back().primitives.back();
  EXPECT_EQ(floats(back, last.attributes.at("POSITION")).size(), 3 * back.accessors[static_cast<size_t>(last.attributes.at("POSITION"))].count);
}

TEST(GltfExport, TinyMeshesShareOneBufferViewPerElementSize) {
  const SynthFile scm_few = scm::synth_scm_records(3, 2), scm_many = scm::synth_scm_records(3, 600);
  expect_shared_views(export_scm(*scm::parse_scm(scm_few.bytes).model, scm_few.bytes, {scm_few.name}),
                      export_scm(*scm::parse_scm(scm_many.bytes).model, scm_many.bytes, {scm_many.name}), 600);
  const SynthFile mod_few = mod::synth_mod_records(3, 2), mod_many = mod::synth_mod_records(3, 600);
  expect_shared_views(export_mod(*mod::parse_mod(mod_few.bytes).model, mod_few.bytes, {mod_few.name}),
                      export_mod(*mod::parse_mod(mod_many.bytes).model, mod_many.bytes, {mod_many.name}), 600);
}

constexpr uint32_t kNanBits = 0x7FC00000;

// A NaN poked into a synthetic file (through its model, written back to
// bytes and parsed again, as a file on disk would be): the parser keeps it,
// and the export refuses the model naming the field, never writing `null`
// into a matrix or a NaN into POSITION.
TEST(GltfExportFinite, ANanPositionOrTransformIsRefusedNamingItsField) {
  const SynthFile scm_file = scm::synth_scm_corpus(28, 1).front();
  const scm::Model scm_model = *scm::parse_scm(scm_file.bytes).model;
  ASSERT_TRUE(export_scm(scm_model, scm_file.bytes, {scm_file.name}).refused.empty());
  const auto scm_export_of = [&](const scm::Model& m) {
    const auto bytes = write_scm(m).bytes;
    const scm::ParseResult parsed = scm::parse_scm(bytes);
    EXPECT_TRUE(parsed.model.has_value());
    return parsed.model ? export_scm(*parsed.model, bytes, {"poked.scm"}) : Exported{};
  };
  scm::Model matrix = scm_model;
  ASSERT_GE(matrix.scene.transforms.size(), 2u);
  matrix.scene.transforms[1].set(scm::xf::rx, kNanBits);
  Exported e = scm_export_of(matrix);
  EXPECT_NE(e.refused.find("scene.transforms[1].rotation_x is not a finite number"), std::string::npos) << e.refused;
  EXPECT_TRUE(e.asset.nodes.empty());
  scm::Model position = scm_model;
  ASSERT_FALSE(position.objects[0].meshes.empty());
  ASSERT_GE(position.objects[0].meshes[0].positions.size(), 3u);
  position.objects[0].meshes[0].positions[2][1] = kNanBits;
  e = scm_export_of(position);
  EXPECT_NE(e.refused.find("objects[0].meshes[0].positions[2] is not a finite number"), std::string::npos) << e.refused;

  const SynthFile mod_file = mod::synth_mod_corpus(28, 1).front();
  mod::Model mod_model = *mod::parse_mod(mod_file.bytes).model;
  size_t o = 0;
  while (o < mod_model.objects.size() && (mod_model.objects[o].meshes.empty() || mod_model.objects[o].meshes[0].positions.empty())) ++o;
  ASSERT_LT(o, mod_model.objects.size());
  mod_model.objects[o].meshes[0].positions[0][0] = kNanBits;
  const auto mod_bytes = write_mod(mod_model).bytes;
  const mod::ParseResult mod_parsed = mod::parse_mod(mod_bytes);
  ASSERT_TRUE(mod_parsed.model.has_value());
  e = export_mod(*mod_parsed.model, mod_bytes, {"poked.mod"});
  EXPECT_NE(e.refused.find("objects[" + std::to_string(o) + "].meshes[0].positions[0] is not a finite number"),
            std::string::npos)
      << e.refused;
}

// The last guard sees any number of the finished asset, whatever made it.
TEST(GltfExportFinite, TheAssetGuardNamesTheGltfPath) {
  tinygltf::Model asset;
  asset.nodes.resize(2);
  EXPECT_EQ(first_non_finite_number(asset), "");
  asset.nodes[1].matrix.assign(16, 0.0);
  asset.nodes[1].matrix[5] = std::nan("");
  EXPECT_EQ(first_non_finite_number(asset), "nodes[1].matrix[5]");
  asset.nodes[1].matrix.clear();
  asset.materials.resize(1);
  asset.materials[0].pbrMetallicRoughness.baseColorFactor[2] = INFINITY;
  EXPECT_EQ(first_non_finite_number(asset), "materials[0].pbrMetallicRoughness.baseColorFactor[2]");
  DocumentBuilder doc;
  const std::vector<float> values{1.0f, NAN, 2.0f};
  doc.add_floats(values, TINYGLTF_TYPE_SCALAR, 0);
  EXPECT_EQ(first_non_finite_number(doc.model()), "accessors[0][1]");
  const Exported refused = refuse_non_finite({.asset = asset, .summary = {}, .refused = {}, .warnings = {}});
  EXPECT_NE(refused.refused.find("materials[0]"), std::string::npos);
  EXPECT_TRUE(refused.asset.materials.empty());
}

// The importers ask the guard before they act on gltf::accessor_errors, so it
// reads hostile accessors: one naming a view past the list read memory that
// is not a view (gltf_import_fuzzer, in its first minutes with whole seeds:
// heap-buffer-overflow; regressions/gltf_import_fuzzer-ab6e35c2...). Far past
// the list, the old guard faulted. Offsets and strides that pass the buffer's
// end, or overflow, are skipped too: accessor_errors refuses them all.
TEST(GltfExportFinite, TheAssetGuardSkipsAccessorsThatNameNothing) {
  DocumentBuilder doc;
  const std::vector<float> values{1.0f, 2.0f, 3.0f};
  doc.add_floats(values, TINYGLTF_TYPE_SCALAR, 0);
  tinygltf::Model asset = doc.model();
  asset.accessors[0].bufferView = 1 << 30;
  EXPECT_EQ(first_non_finite_number(asset), "");
  asset = doc.model();
  asset.accessors[0].byteOffset = ~size_t{0} - 2;
  EXPECT_EQ(first_non_finite_number(asset), "");
  asset = doc.model();
  asset.bufferViews[0].byteStride = ~size_t{0} / 2;
  asset.accessors[0].count = 3;
  EXPECT_EQ(first_non_finite_number(asset), "");
  asset = doc.model();
  asset.bufferViews[0].byteOffset = asset.buffers[0].data.size() + 1;
  EXPECT_EQ(first_non_finite_number(asset), "");
}

}  // namespace
}  // namespace meshgate::gltf
