// A glTF stage imported as an SCM (import --as scm --like A.scm): every
// stage of `synth scm` (three seeds) exported, written as a .glb, read back
// as `import` reads it and imported like itself keeps its counts, positions
// (within 1e-4), colours and topology bytes (exact) and its node hierarchy,
// under both Euler readings; since the synthetic stages are canonically laid
// out, the import gives back their bytes. An edited glTF (a moved vertex,
// triangles in no strip order) imports and measures; malformed ones are
// refused naming the cause: no meshes, a NaN position, more nodes or vertices
// than the format's counts hold, a primitive without normals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "export/gltf_export.hpp"
#include "import/gltf_import.hpp"
#include "import/scm/scm_from_gltf.hpp"
#include "parser/scm/scm_parser.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"
#include "pipeline/format_rows.hpp"
#include "synth/scm/scm_synth.hpp"

namespace meshgate {
// Named, not anonymous: the tests build as unity sources.
namespace scm_import_test {

tinygltf::Model exported(const std::vector<std::byte>& scm_bytes, scm::EulerReading euler = scm::EulerReading::xyz) {
  gltf::ExportOptions options;
  options.source_name = "a.scm";
  options.euler = euler;
  const gltf::Exported out = gltf::export_scm(*scm::parse_scm(scm_bytes).model, scm_bytes, options);
  EXPECT_TRUE(out.refused.empty()) << out.refused;
  return out.asset;
}

// The asset as `import` reads a .glb: written, read back, the export's conventions undone.
tinygltf::Model through_glb(const tinygltf::Model& asset) {
  const std::string glb = gltf::glb_bytes(asset);
  ImportAsset back = read_import_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), nullptr, 1u << 30);
  EXPECT_TRUE(back.model) << back.error;
  return back.model ? std::move(*back.model) : tinygltf::Model{};
}

// The import `import --as scm` runs: the SCM row's.
ImportBuild build_scm(const tinygltf::Model& asset, const ImportRequest& request) {
  return row_of(Format::dmc3_scm).gltf_import->build(asset, request);
}

ImportBuild import_scm(const tinygltf::Model& asset, const std::vector<std::byte>& like) {
  return build_scm(through_glb(asset), {.like = Bytes(like)});
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

void expect_same_stage(const scm::Model& a, const scm::Model& b, const std::string& name) {
  ASSERT_EQ(a.objects.size(), b.objects.size()) << name;
  for (size_t o = 0; o < a.objects.size(); ++o) {
    ASSERT_EQ(a.objects[o].meshes.size(), b.objects[o].meshes.size()) << name << " object " << o;
    for (size_t m = 0; m < a.objects[o].meshes.size(); ++m) {
      const scm::Mesh &x = a.objects[o].meshes[m], &y = b.objects[o].meshes[m];
      ASSERT_EQ(x.vertex_count(), y.vertex_count()) << name << " object " << o << " mesh " << m;
      for (size_t v = 0; v < x.vertex_count(); ++v) {
        for (size_t c = 0; c < 3; ++c)
          EXPECT_NEAR(f32_from_bits(x.positions[v][c]), f32_from_bits(y.positions[v][c]), 1e-4) << name << " vertex " << v;
        EXPECT_EQ(x.colour[v], y.colour[v]) << name << " object " << o << " mesh " << m << " vertex " << v;
        EXPECT_EQ(x.uv[v], y.uv[v]) << name << " vertex " << v;
      }
    }
  }
  EXPECT_EQ(a.scene.parents, b.scene.parents) << name;
  EXPECT_EQ(a.scene.order, b.scene.order) << name;
  EXPECT_EQ(a.scene.bindings, b.scene.bindings) << name;
  ASSERT_EQ(a.scene.transforms.size(), b.scene.transforms.size()) << name;
}

TEST(ScmImport, EverySyntheticStageComesBackUnderBothReadings) {
  double worst = 0;
  size_t stages = 0;
  for (uint64_t seed : {50u, 51u, 52u})
    for (const SynthFile& file : scm::synth_scm_corpus(seed, 4))
      for (scm::EulerReading euler : {scm::EulerReading::xyz, scm::EulerReading::zyx}) {
        const ImportBuild built = import_scm(exported(file.bytes, euler), file.bytes);
        ASSERT_TRUE(built.ok()) << file.name << ": " << joined(built.errors);
        EXPECT_TRUE(built.warnings.empty()) << file.name << ": " << joined(built.warnings);
        const scm::ParseResult back = scm::parse_scm(built.bytes);
        ASSERT_TRUE(back.ok()) << file.name;
        expect_same_stage(*scm::parse_scm(file.bytes).model, *back.model, file.name);
        EXPECT_EQ(built.bytes, file.bytes) << file.name << ": canonical in, canonical out";
        const nlohmann::json& error = built.accuracy["max_error"];
        EXPECT_LE(error["position"]["units"].get<double>(), 1e-4) << file.name;
        EXPECT_EQ(error["colour"]["steps"].get<double>() < 1e-3, true) << file.name;
        EXPECT_GT(error["position"]["probes"].get<uint64_t>(), 0u);
        EXPECT_EQ(built.accuracy["euler_reading"], euler == scm::EulerReading::xyz ? "xyz" : "zyx");
        worst = std::max(worst, error["node_matrix"]["element"].get<double>());
        ++stages;
      }
  EXPECT_EQ(stages, 24u);
  EXPECT_LE(worst, 1e-5);
}

// Read with the other reading than the export's, no like transform gives the
// glTF's matrix: every node's angles are decomposed, and give it back.
TEST(ScmImport, NodeMatricesGoBackToTheAnglesOfTheReadingAsked) {
  size_t decomposed = 0;
  for (const SynthFile& file : scm::synth_scm_corpus(53, 4)) {
    const scm::Model original = *scm::parse_scm(file.bytes).model;
    ImportRequest request{.like = Bytes(file.bytes)};
    request.settings.put(scm::ScmImportOptions{.euler = scm::EulerReading::xyz});
    const ImportBuild built = build_scm(through_glb(exported(file.bytes, scm::EulerReading::zyx)), request);
    ASSERT_TRUE(built.ok()) << file.name << ": " << joined(built.errors);
    const scm::Model back = *scm::parse_scm(built.bytes).model;
    ASSERT_EQ(back.scene.transforms.size(), original.scene.transforms.size());
    for (size_t i = 0; i < back.scene.transforms.size(); ++i) {
      const Mat4 want = scm::local_matrix(original.scene.transforms[i], scm::EulerReading::zyx);
      const Mat4 got = scm::local_matrix(back.scene.transforms[i], scm::EulerReading::xyz);
      for (size_t k = 0; k < 16; ++k) EXPECT_NEAR(got.m[k], want.m[k], 1e-5) << file.name << " node " << i;
      decomposed += !(back.scene.transforms[i] == original.scene.transforms[i]);
    }
    EXPECT_LE(built.accuracy["max_error"]["node_matrix"]["element"].get<double>(), 1e-5) << file.name;
  }
  EXPECT_GT(decomposed, 0u);  // a node turned about one axis or none is the same matrix under both readings
}

// The first POSITION of the first primitive, in place in its buffer.
float* first_position(tinygltf::Model& g) {
  const tinygltf::Accessor& a = g.accessors[static_cast<size_t>(g.meshes[0].primitives[0].attributes.at("POSITION"))];
  const tinygltf::BufferView& view = g.bufferViews[static_cast<size_t>(a.bufferView)];
  return reinterpret_cast<float*>(g.buffers[static_cast<size_t>(view.buffer)].data.data() + view.byteOffset + a.byteOffset);
}

std::vector<std::byte> first_stage() { return scm::synth_scm_corpus(50, 1).front().bytes; }

TEST(ScmImport, AMovedVertexIsWhereTheGltfPutsIt) {
  const std::vector<std::byte> like = first_stage();
  tinygltf::Model g = exported(like);
  float* p = first_position(g);
  const float moved = p[1] + 3.25f;
  p[1] = moved;
  g.accessors[static_cast<size_t>(g.meshes[0].primitives[0].attributes.at("POSITION"))].maxValues.clear();
  g.accessors[static_cast<size_t>(g.meshes[0].primitives[0].attributes.at("POSITION"))].minValues.clear();
  const ImportBuild built = import_scm(g, like);
  ASSERT_TRUE(built.ok()) << joined(built.errors);
  const scm::ParseResult back = scm::parse_scm(built.bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(f32_from_bits(back.model->objects[0].meshes[0].positions[0][1]), moved);
  EXPECT_NE(built.bytes, like);
}

// Triangles that are no windows of their vertex order (a modeller's reindexing) become strips of their own.
TEST(ScmImport, TrianglesInNoStripOrderBecomeStripsOfTheirOwn) {
  const std::vector<std::byte> like = first_stage();
  tinygltf::Model g = exported(like);
  const scm::Model original = *scm::parse_scm(like).model;
  size_t triangles = 0;
  for (tinygltf::Mesh& mesh : g.meshes)
    for (tinygltf::Primitive& prim : mesh.primitives) {
      if (prim.mode != TINYGLTF_MODE_TRIANGLES) continue;
      // The index list rotated by one: every triangle's corners come from two windows.
      const tinygltf::Accessor& a = g.accessors[static_cast<size_t>(prim.indices)];
      const tinygltf::BufferView& view = g.bufferViews[static_cast<size_t>(a.bufferView)];
      auto* index = reinterpret_cast<uint16_t*>(g.buffers[static_cast<size_t>(view.buffer)].data.data() + view.byteOffset + a.byteOffset);
      if (a.count < 6) continue;
      std::rotate(index, index + 1, index + a.count);
      triangles += a.count / 3;
    }
  ASSERT_GT(triangles, 0u);
  const ImportBuild built = import_scm(g, like);
  ASSERT_TRUE(built.ok()) << joined(built.errors);
  EXPECT_NE(joined(built.warnings).find("each written as a strip of its own"), std::string::npos) << joined(built.warnings);
  const scm::ParseResult back = scm::parse_scm(built.bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.model->objects.size(), original.objects.size());
}

void expect_refused(const tinygltf::Model& g, const std::string& cause) {
  const ImportBuild built = import_scm(g, first_stage());
  EXPECT_FALSE(built.ok());
  EXPECT_TRUE(built.bytes.empty());
  EXPECT_NE(joined(built.errors).find(cause), std::string::npos) << joined(built.errors);
}

TEST(ScmImport, RefusesAGltfWithoutMeshes) {
  tinygltf::Model g = exported(first_stage());
  g.meshes.clear();
  for (tinygltf::Node& n : g.nodes) n.mesh = -1;
  expect_refused(g, "the glTF has no meshes");
}

TEST(ScmImport, RefusesANanPosition) {
  tinygltf::Model g = exported(first_stage());
  first_position(g)[0] = std::numeric_limits<float>::quiet_NaN();
  expect_refused(g, "not finite");
}

TEST(ScmImport, RefusesMoreNodesThanItsU8CountHolds) {
  tinygltf::Model g = exported(first_stage());
  while (g.nodes.size() < 300) {
    g.nodes.emplace_back().name = "helper_" + std::to_string(g.nodes.size());
    g.scenes[0].nodes.push_back(static_cast<int>(g.nodes.size() - 1));
  }
  expect_refused(g, "an SCM holds 1..255 scene nodes");
}

TEST(ScmImport, RefusesMoreVerticesThanItsU16CountHolds) {
  tinygltf::Model g = exported(first_stage());
  // 70,000 vertices appended to the GLB's one buffer (a GLB carries only buffer 0 in its BIN chunk).
  const std::vector<float> positions(70000 * 3, 1.0f);
  std::vector<unsigned char>& data = g.buffers[0].data;
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = data.size();
  view.byteLength = positions.size() * sizeof(float);
  data.resize(data.size() + view.byteLength);
  std::memcpy(data.data() + view.byteOffset, positions.data(), view.byteLength);
  g.bufferViews.push_back(view);
  tinygltf::Accessor a;
  a.bufferView = static_cast<int>(g.bufferViews.size() - 1);
  a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  a.type = TINYGLTF_TYPE_VEC3;
  a.count = 70000;
  g.accessors.push_back(a);
  tinygltf::Primitive prim;
  prim.mode = TINYGLTF_MODE_POINTS;
  prim.attributes = {{"POSITION", static_cast<int>(g.accessors.size() - 1)}, {"NORMAL", static_cast<int>(g.accessors.size() - 1)}};
  g.meshes[0].primitives.push_back(prim);
  expect_refused(g, "past the 65535 an SCM mesh's u16 count holds");
}

TEST(ScmImport, RefusesAPrimitiveWithoutNormals) {
  tinygltf::Model g = exported(first_stage());
  g.meshes[0].primitives[0].attributes.erase("NORMAL");
  expect_refused(g, "has no NORMAL: an SCM mesh needs positions and normals");
}

TEST(ScmImport, RefusesALikeFileThatIsNoScm) {
  const tinygltf::Model g = exported(first_stage());
  const ImportBuild built = build_scm(through_glb(g), {.like = Bytes(std::vector<std::byte>(64))});
  EXPECT_TRUE(built.like_refused);
  EXPECT_FALSE(build_scm(through_glb(g), {.like = std::nullopt}).ok());  // no like file at all
}

}  // namespace scm_import_test
}  // namespace meshgate
