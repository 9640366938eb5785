// meshgate's glTF writer (export/gltf_json.hpp) against tinygltf's, the
// writer it replaces: every asset the exporters make from the synthetic MOD,
// MSH and SCM corpora, and one built to hold every part and every edge the
// writer covers (textures by buffer and by uri, a material extension,
// animations with and without channels, a skin, empty extras), is the same
// .glb byte for byte and the same .gltf text as tinygltf wrote them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "corpus_tests/fixtures.hpp"
#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/scm/scm_parser.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/scm/scm_synth.hpp"

namespace meshgate::gltf {
namespace {

std::string tinygltf_glb(const tinygltf::Model& asset) {
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  EXPECT_TRUE(writer.WriteGltfSceneToStream(&asset, out, /*prettyPrint=*/false, /*writeBinary=*/true));
  return out.str();
}

// The .gltf as meshgate wrote it with tinygltf: the GLB's JSON chunk, buffer 0
// given the .bin's name, indented by 2.
std::string tinygltf_gltf_text(const tinygltf::Model& asset, const std::string& bin_name) {
  const std::string glb = tinygltf_glb(asset);
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);
  auto document = nlohmann::ordered_json::parse(glb.substr(20, length));
  if (!asset.buffers.empty()) document["buffers"][0]["uri"] = bin_name;
  return document.dump(2) + "\n";
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void expect_tinygltfs_bytes(const tinygltf::Model& asset, const std::string& name) {
  SCOPED_TRACE(name);
  const std::string ours = glb_bytes(asset);
  ASSERT_FALSE(ours.empty());
  EXPECT_TRUE(ours == tinygltf_glb(asset)) << "the .glb differs from tinygltf's (" << ours.size() << " bytes)";
  const testing::OwnTempDir own("gltf_json");
  const std::filesystem::path& dir = own.path();
  const std::filesystem::path gltf = dir / "asset.gltf";
  ASSERT_EQ(write_asset(asset, gltf.string(), FileKind::gltf, Overwrite::replace), "");
  EXPECT_EQ(file_text(gltf), tinygltf_gltf_text(asset, "asset.bin"));
  if (!asset.buffers.empty()) {
    EXPECT_EQ(file_text(dir / "asset.bin"), std::string(asset.buffers[0].data.begin(), asset.buffers[0].data.end()));
  }
}

// Every part the writer covers, with the edges tinygltf writes in its own way:
// an empty extras object (null), an animation without channels (left out),
// a texture by uri, a material extension, a skin, a material of defaults.
tinygltf::Model every_part() {
  DocumentBuilder doc;
  const std::vector<float> points = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const int position = doc.add_floats(points, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
  const std::vector<uint16_t> triangle = {0, 1, 2};
  const int indices = doc.add_u16(triangle, TINYGLTF_TYPE_SCALAR, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  const std::vector<std::byte> png(37, std::byte{0x89});
  const int embedded = doc.add_png_texture(png, "embedded");
  const int named = doc.add_png_texture_at("textures/0.png", "by uri");
  const std::vector<float> times = {0, 1}, moves = {0, 0, 0, 1, 2, 3};
  const int input = doc.add_floats(times, TINYGLTF_TYPE_SCALAR, 0, true);
  const int output = doc.add_floats(moves, TINYGLTF_TYPE_VEC3, 0);
  tinygltf::Model& g = doc.model();
  tinygltf::Material textured;
  textured.name = "textured";
  textured.alphaMode = "BLEND";
  textured.pbrMetallicRoughness.baseColorFactor = {0.5, 1, 1, 0.25};
  textured.pbrMetallicRoughness.baseColorTexture.index = embedded;
  textured.pbrMetallicRoughness.baseColorTexture.extensions["KHR_texture_transform"] =
      to_value({{"offset", {0.25, 0.5}}, {"scale", {0.5, 0.5}}});
  textured.extras = to_value(nlohmann::json::object());
  g.materials.push_back(textured);
  g.materials.emplace_back();  // all defaults: {}
  tinygltf::Material other;
  other.pbrMetallicRoughness.baseColorTexture.index = named;
  other.pbrMetallicRoughness.metallicFactor = 0;
  other.doubleSided = true;
  g.materials.push_back(other);
  g.extensionsUsed.push_back("KHR_texture_transform");
  tinygltf::Primitive prim;
  prim.attributes["POSITION"] = position;
  prim.indices = indices;
  prim.material = 0;
  prim.mode = TINYGLTF_MODE_TRIANGLES;
  prim.extras = to_value({{"n", 1}, {"list", nlohmann::json::array()}, {"x", 0.5}, {"s", "é\"\\"}});
  tinygltf::Mesh mesh;
  mesh.name = "mesh";
  mesh.primitives = {prim, prim};
  g.meshes.push_back(mesh);
  tinygltf::Node root, child;
  root.name = "root";
  root.children = {1};
  root.translation = {1, 2, 3};
  root.rotation = {0, 0, 0, 1};
  child.mesh = 0;
  child.skin = 0;
  child.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1};
  child.extras = to_value({{"flag", true}});
  g.nodes = {root, child};
  tinygltf::Skin skin;
  skin.joints = {0, 1};
  skin.skeleton = 0;
  g.skins.push_back(skin);
  tinygltf::Animation moving, empty;
  moving.name = "move";
  tinygltf::AnimationSampler sampler;
  sampler.input = input;
  sampler.output = output;
  sampler.interpolation = "LINEAR";
  moving.samplers.push_back(sampler);
  tinygltf::AnimationChannel channel;
  channel.sampler = 0;
  channel.target_node = 0;
  channel.target_path = "translation";
  moving.channels.push_back(channel);
  empty.name = "no channels";
  g.animations = {empty, moving};
  tinygltf::Scene scene;
  scene.name = "scene";
  scene.nodes = {0};
  g.scenes.push_back(scene);
  g.defaultScene = 0;
  g.asset.generator = "meshgate";
  g.asset.extras = to_value({{"meshgate", {{"nested", {{"a", nlohmann::json::array({1, 2.5, "t", false})}}}}}});
  return doc.take();
}

TEST(GltfJson, EveryPartIsWrittenAsTinygltfWroteIt) {
  expect_tinygltfs_bytes(every_part(), "every part");
  expect_tinygltfs_bytes(DocumentBuilder().take(), "an empty asset");
}

TEST(GltfJson, TheSyntheticExportsAreTinygltfsBytes) {
  for (const SynthFile& file : mod::synth_mod_corpus(20261207, 8)) {
    const mod::ParseResult parsed = mod::parse_mod(file.bytes);
    ASSERT_TRUE(parsed.ok()) << file.name;
    expect_tinygltfs_bytes(export_mod(*parsed.model, file.bytes, {file.name}).asset, file.name);
  }
  for (const SynthFile& file : msh::synth_msh_corpus(20261207, 8)) {
    const msh::ParseResult parsed = msh::parse_msh(file.bytes);
    if (!parsed.ok()) continue;  // the corpus holds NRes archives that are not models
    expect_tinygltfs_bytes(export_msh(*parsed.model, file.bytes, {file.name}).asset, file.name);
  }
  for (const SynthFile& file : scm::synth_scm_corpus(20261207, 8)) {
    const scm::ParseResult parsed = scm::parse_scm(file.bytes);
    ASSERT_TRUE(parsed.ok()) << file.name;
    expect_tinygltfs_bytes(export_scm(*parsed.model, file.bytes, {file.name}).asset, file.name);
  }
}

TEST(GltfJson, APartTheWriterDoesNotWriteIsRefusedNotDropped) {
  tinygltf::Model asset = every_part();
  asset.cameras.emplace_back();
  EXPECT_TRUE(glb_bytes(asset).empty());
  const testing::OwnTempDir own("gltf_json");
  const std::filesystem::path path = own.path() / "camera.glb";
  EXPECT_NE(write_asset(asset, path.string(), FileKind::glb, Overwrite::replace).find("cameras"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace meshgate::gltf
