// The import: a glTF is hostile input. Accessor
// arithmetic is checked and a misfit names accessors[N]; uris stay below the
// glTF's folder (reports/gltf_uri_files.hpp) or are data: URIs decoded to
// their byteLength; FIFOs, directories and symlinks out are refused; images
// are never decoded; an MSH batch never gets a wrapped index count; every
// narrowing of a glTF number is checked; GLB version 1 is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

#include "export/gltf_export.hpp"
#include "import/mod/mod_from_gltf.hpp"
#include "import/msh/msh_from_gltf.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/msh/msh_parser.hpp"
#include "pipeline/gltf_uri_files.hpp"

namespace meshgate {
namespace {

namespace fs = std::filesystem;

std::string base64(const std::string& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t v = uint32_t{static_cast<uint8_t>(bytes[i])} << 16;
    if (i + 1 < bytes.size()) v |= uint32_t{static_cast<uint8_t>(bytes[i + 1])} << 8;
    if (i + 2 < bytes.size()) v |= uint32_t{static_cast<uint8_t>(bytes[i + 2])};
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
  }
  return out;
}

std::string floats(const std::vector<float>& v) { return std::string(reinterpret_cast<const char*>(v.data()), v.size() * 4); }

// A .gltf with one buffer (its uri given), one view over all of it, one
// POSITION accessor of `count` and one mesh used by one node.
std::string gltf_text(const std::string& uri, size_t byte_length, const std::string& count, const std::string& extra = "") {
  return R"({"asset":{"version":"2.0"},"buffers":[{"uri":")" + uri + R"(","byteLength":)" + std::to_string(byte_length) +
         R"(}],"bufferViews":[{"buffer":0,"byteLength":)" + std::to_string(byte_length) +
         R"(}],"accessors":[{"bufferView":0,"componentType":5126,"count":)" + count +
         R"(,"type":"VEC3"}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}])" + extra + "}";
}

std::optional<tinygltf::Model> read(const std::string& text, std::string& error, gltf::UriSource* uris = nullptr) {
  return gltf::read_asset(Bytes(reinterpret_cast<const std::byte*>(text.data()), text.size()), error, {uris});
}

std::string three_vertices() { return floats({0, 0, 0, 1, 0, 0, 0, 1, 0}); }  // 36 bytes

bool says(const std::vector<std::string>& lines, const std::string& phrase) {
  for (const std::string& l : lines)
    if (l.find(phrase) != std::string::npos) return true;
  return false;
}

// Count 2^62 over a 36-byte view wrapped the old bounds check.
TEST(GltfImportHardening, AnAccessorPastItsViewIsRefusedNamingIt) {
  std::string error;
  for (const char* count : {"4611686018427387904", "4", "18446744073709551615"}) {
    const auto asset = read(gltf_text("data:application/octet-stream;base64," + base64(three_vertices()), 36, count), error);
    ASSERT_TRUE(asset) << error;
    const mod::ImportedMod as_mod = mod::mod_from_gltf(*asset, nullptr);
    EXPECT_TRUE(says(as_mod.errors, "accessors[0]: count")) << count;
    const msh::ImportedMsh as_msh = msh::msh_from_gltf(*asset, 0, nullptr);
    EXPECT_TRUE(says(as_msh.errors, "accessors[0]: count")) << count;
  }
  const auto fits = read(gltf_text("data:application/octet-stream;base64," + base64(three_vertices()), 36, "3"), error);
  ASSERT_TRUE(fits) << error;
  EXPECT_TRUE(gltf::accessor_errors(*fits).empty());
  EXPECT_TRUE(mod::mod_from_gltf(*fits, nullptr).ok());
}

// What a uri may be.
TEST(GltfImportHardening, UrisStayBelowTheGltfsFolder) {
  using Kind = gltf::ParsedUri::Kind;
  for (const char* bad : {"../../../../etc/passwd", "/etc/passwd", "a/../../x.bin", "%2e%2e/x.bin", "%2Fetc%2Fpasswd",
                          "file:///etc/passwd", "http://example.com/x.bin", "C:/x.bin", "x%00.bin", "x%zz.bin", "", "."})
    EXPECT_EQ(gltf::parse_uri(bad).kind, Kind::refused) << bad;
  EXPECT_EQ(gltf::parse_uri("a/./b/../m%20x.bin").path, "a/m x.bin");
  EXPECT_EQ(gltf::parse_uri("data:application/octet-stream;base64,AAAA").kind, Kind::data);
  std::string error;
  EXPECT_FALSE(read(gltf_text("../../../../etc/passwd", 36, "3"), error));
  EXPECT_NE(error.find("buffers[0].uri '../../../../etc/passwd': '..' leads out"), std::string::npos) << error;
  const std::string image = R"(,"images":[{"uri":"/etc/passwd"}])";
  EXPECT_FALSE(read(gltf_text("data:application/octet-stream;base64," + base64(three_vertices()), 36, "3", image), error));
  EXPECT_NE(error.find("images[0].uri '/etc/passwd': an absolute path"), std::string::npos) << error;
}

// A data: URI is decoded up to its byteLength, and says so when short.
TEST(GltfImportHardening, DataUrisAreDecodedToTheirByteLength) {
  std::string error;
  const std::string uri = "data:application/octet-stream;base64," + base64(three_vertices() + std::string(3000, 'x'));
  const auto decoded = gltf::decode_data_uri(uri, 36, error);
  ASSERT_TRUE(decoded) << error;
  EXPECT_EQ(decoded->size(), 36u);
  EXPECT_FALSE(gltf::decode_data_uri("data:text/plain,hello", 5, error));
  EXPECT_FALSE(gltf::decode_data_uri("data:application/octet-stream;base64,AAAA", 36, error));
  EXPECT_NE(error.find("holding 3 bytes where byteLength says 36"), std::string::npos) << error;
}

class FolderFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("gltf_hardening_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "model" / "sub");
    std::ofstream(root_ / "model" / "m.bin", std::ios::binary) << three_vertices();
    std::ofstream(root_ / "secret.bin", std::ios::binary) << three_vertices();
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

// Symlinks out, FIFOs, directories; and only byteLength bytes are read.
TEST_F(FolderFiles, TargetsFollowFileReadersRules) {
  GltfFolderFiles files(root_ / "model");
  std::string error;
  ASSERT_TRUE(files.read("m.bin", 36, error)) << error;
  EXPECT_EQ(files.read("m.bin", 12, error)->size(), 12u);
  EXPECT_FALSE(files.read("m.bin", 37, error));
  EXPECT_NE(error.find("holds 36 bytes where byteLength says 37"), std::string::npos) << error;
  fs::create_symlink(root_ / "secret.bin", root_ / "model" / "out.bin");
  EXPECT_FALSE(files.read("out.bin", 36, error));
  EXPECT_NE(error.find("symlink that leads out"), std::string::npos) << error;
  fs::create_symlink(root_ / "model" / "m.bin", root_ / "model" / "in.bin");
  EXPECT_TRUE(files.read("in.bin", 36, error)) << error;
  ASSERT_EQ(::mkfifo((root_ / "model" / "pipe.bin").c_str(), 0600), 0);
  EXPECT_FALSE(files.read("pipe.bin", 36, error));  // returns: stat, not open, decides
  EXPECT_NE(error.find("a FIFO, not a regular file"), std::string::npos) << error;
  EXPECT_FALSE(files.check("pipe.bin", error));
  EXPECT_FALSE(files.read("sub", 36, error));
  EXPECT_NE(error.find("a directory, not a regular file"), std::string::npos) << error;
  EXPECT_TRUE(files.check("missing.png", error));  // an image import never reads may be absent
  // A 1 GiB sparse file behind a 36-byte buffer: 36 bytes read.
  {
    std::ofstream big(root_ / "model" / "big.bin", std::ios::binary);
    big << three_vertices();
  }
  fs::resize_file(root_ / "model" / "big.bin", uint64_t{1} << 30);
  const auto head = files.read("big.bin", 36, error);
  ASSERT_TRUE(head) << error;
  EXPECT_EQ(head->size(), 36u);
}

// Through read_asset: the message names the buffer and says what is wrong.
TEST_F(FolderFiles, ReadAssetNamesTheBufferAndWhatIsWrong) {
  GltfFolderFiles files(root_ / "model");
  std::string error;
  EXPECT_TRUE(read(gltf_text("m.bin", 36, "3"), error, &files)) << error;
  EXPECT_FALSE(read(gltf_text("sub", 36, "3"), error, &files));
  EXPECT_NE(error.find("buffers[0].uri 'sub': a directory"), std::string::npos) << error;
  EXPECT_FALSE(read(gltf_text("m.bin", size_t{1} << 40, "3"), error, &files));
  EXPECT_NE(error.find("buffers[0].byteLength 1099511627776"), std::string::npos) << error;
  EXPECT_NE(error.find("--max-size"), std::string::npos) << error;
  EXPECT_FALSE(read(gltf_text("m.bin", 36, "3"), error));  // no folder given: a file uri is refused
}

// A GLB of version 1 is glTF 1.0, another format.
TEST(GltfImportHardening, GlbVersionOneIsRefused) {
  const std::string json = R"({"asset":{"version":"2.0"}})";
  const auto glb = [&](uint32_t version) {
    std::string b = "glTF";
    const auto u32 = [&](uint32_t v) { b.append(reinterpret_cast<const char*>(&v), 4); };
    u32(version), u32(static_cast<uint32_t>(20 + json.size())), u32(static_cast<uint32_t>(json.size())), u32(0x4E4F534A);
    return b + json;
  };
  std::string error;
  EXPECT_TRUE(read(glb(2), error)) << error;
  EXPECT_FALSE(read(glb(1), error));
  EXPECT_NE(error.find("GLB version 1: a glTF 1.0 file"), std::string::npos) << error;
  EXPECT_FALSE(read(R"({"asset":{"version":"1.0"}})", error));
}

// A duplicate key in the glTF JSON (a forged byteLength before the
// real one) is refused with its path, as in every other JSON meshgate reads.
TEST(GltfImportHardening, DuplicateKeysAreRefusedWithTheirPath) {
  std::string error;
  EXPECT_FALSE(read(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":1},{"byteLength":4,"byteLength":36}]})", error));
  EXPECT_NE(error.find("duplicate key buffers[1].byteLength"), std::string::npos) << error;
  EXPECT_FALSE(read(R"({"asset":{"version":"2.0","version":"2.0"}})", error));
  EXPECT_NE(error.find("duplicate key asset.version"), std::string::npos) << error;
  EXPECT_TRUE(read(R"({"asset":{"version":"2.0"},"nodes":[{"name":"a"},{"name":"a"}]})", error)) << error;
}

// Tinygltf decodes no image (a 1x1 PNG here; a 16000 x 16000 one cost 2 GB).
TEST(GltfImportHardening, ImagesAreNeverDecoded) {
  const std::string png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  std::string error;
  const auto asset = read(gltf_text("data:application/octet-stream;base64," + base64(three_vertices()), 36, "3",
                                    R"(,"images":[{"uri":"data:image/png;base64,)" + png + R"("}])"),
                          error);
  ASSERT_TRUE(asset) << error;
  ASSERT_EQ(asset->images.size(), 1u);
  EXPECT_TRUE(asset->images[0].image.empty());
  EXPECT_EQ(asset->images[0].width, -1);
}

// 60,000 triangles in one primitive were written with an index count
// of 180,000 & 0xFFFF (16,309 triangles came back). Now: batches that fit.
TEST(GltfImportHardening, ALargePrimitiveIsSplitIntoBatchesThatFit) {
  constexpr size_t kGrid = 174;  // 174 x 174 vertices: 2 * 173 * 173 = 59,858 triangles
  std::vector<float> positions;
  for (size_t y = 0; y < kGrid; ++y)
    for (size_t x = 0; x < kGrid; ++x) positions.insert(positions.end(), {float(x), float(y), 0});
  std::vector<uint16_t> indices;
  for (size_t y = 0; y + 1 < kGrid; ++y)
    for (size_t x = 0; x + 1 < kGrid; ++x) {
      const auto v = static_cast<uint16_t>(y * kGrid + x);
      indices.insert(indices.end(), {v, static_cast<uint16_t>(v + 1), static_cast<uint16_t>(v + kGrid),
                                     static_cast<uint16_t>(v + 1), static_cast<uint16_t>(v + kGrid + 1),
                                     static_cast<uint16_t>(v + kGrid)});
    }
  const std::string bytes = floats(positions) + std::string(reinterpret_cast<const char*>(indices.data()), indices.size() * 2);
  const size_t p = positions.size() * 4, i = indices.size() * 2;
  const std::string text =
      R"({"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,)" + base64(bytes) +
      R"(","byteLength":)" + std::to_string(p + i) + R"(}],"bufferViews":[{"buffer":0,"byteLength":)" + std::to_string(p) +
      R"(},{"buffer":0,"byteOffset":)" + std::to_string(p) + R"(,"byteLength":)" + std::to_string(i) +
      R"(}],"accessors":[{"bufferView":0,"componentType":5126,"count":)" + std::to_string(kGrid * kGrid) +
      R"(,"type":"VEC3"},{"bufferView":1,"componentType":5123,"count":)" + std::to_string(indices.size()) +
      R"(,"type":"SCALAR"}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],"nodes":[{"mesh":0}]})";
  std::string error;
  const auto asset = read(text, error);
  ASSERT_TRUE(asset) << error;
  const msh::ImportedMsh imported = msh::msh_from_gltf(*asset, 0, nullptr);
  ASSERT_TRUE(imported.ok()) << imported.errors.front();
  size_t triangles = 0;
  for (const msh::ExportBatch& b : imported.model.nodes[0].slots[0].batches) {
    EXPECT_LE(b.indices.size(), 0xFFFFu);
    EXPECT_LE(b.vertices.size(), 0xFFFFu);
    triangles += b.indices.size() / 3;
  }
  EXPECT_EQ(triangles, indices.size() / 3);
  const std::vector<std::byte> written = msh::export_msh(imported.model, &error);
  ASSERT_FALSE(written.empty()) << error;
  const msh::ParseResult back = msh::parse_msh(Bytes(written.data(), written.size()));
  ASSERT_TRUE(back.ok());
  const gltf::Exported exported = gltf::export_msh(*back.model, Bytes(written.data(), written.size()), {.source_name = "m"});
  size_t exported_triangles = 0;
  for (const tinygltf::Mesh& mesh : exported.asset.meshes)
    for (const tinygltf::Primitive& prim : mesh.primitives)
      if (prim.indices >= 0) exported_triangles += exported.asset.accessors[static_cast<size_t>(prim.indices)].count / 3;
  EXPECT_EQ(exported_triangles, indices.size() / 3);
}

// Every narrowing of a glTF number is checked: a WEAR row of 300 was
// written as 44, a res1_flags of 70000 as 4464.
TEST(GltfImportHardening, NumbersThatDoNotFitTheirFieldAreErrors) {
  std::string error;
  const std::string data = "data:application/octet-stream;base64," + base64(three_vertices());
  auto asset = read(gltf_text(data, 36, "3"), error);
  ASSERT_TRUE(asset) << error;
  tinygltf::Value::Object extras;
  extras["material_4"] = tinygltf::Value(300);
  asset->meshes[0].primitives[0].extras = tinygltf::Value(extras);
  msh::ImportedMsh as_msh = msh::msh_from_gltf(*asset, 0, nullptr);
  EXPECT_TRUE(says(as_msh.errors, "meshes[0].primitives[0].extras.material_4 300")) << (as_msh.errors.empty() ? "" : as_msh.errors[0]);
  asset->meshes[0].primitives[0].extras = tinygltf::Value();
  tinygltf::Value::Object flags;
  flags["res1_flags"] = tinygltf::Value(70000);
  asset->nodes[0].extras = tinygltf::Value(flags);
  as_msh = msh::msh_from_gltf(*asset, 0, nullptr);
  EXPECT_TRUE(says(as_msh.errors, "nodes[0].extras.res1_flags 70000"));
  asset->nodes[0].extras = tinygltf::Value();
  asset->nodes[0].translation = {1e300, 0, 0};
  EXPECT_TRUE(says(msh::msh_from_gltf(*asset, 0, nullptr).errors, "nodes[0].translation"));
  tinygltf::Value::Object alpha;
  alpha["alpha_control"] = tinygltf::Value(256);
  asset->meshes[0].extras = tinygltf::Value(alpha);
  EXPECT_TRUE(says(mod::mod_from_gltf(*asset, nullptr).errors, "meshes[0].extras.alpha_control 256"));
}

// A NaN in a float accessor (a position) is not glTF: both imports refuse it
// naming the accessor and the element, rather than build a model that holds it.
TEST(GltfImportHardening, ANumberThatIsNotFiniteIsRefused) {
  std::string error;
  const std::string data = "data:application/octet-stream;base64," + base64(floats({0, 0, 0, 1, NAN, 0, 0, 1, 0}));
  const auto asset = read(gltf_text(data, 36, "3"), error);
  ASSERT_TRUE(asset) << error;
  EXPECT_TRUE(says(msh::msh_from_gltf(*asset, 0, nullptr).errors, "the glTF's accessors[0][4] is not a finite number"));
  EXPECT_TRUE(says(mod::mod_from_gltf(*asset, nullptr).errors, "the glTF's accessors[0][4] is not a finite number"));
}

// A mesh shown by many nodes is read again for each; past 8x the
// buffers + 16 MiB the import stops instead of building gigabytes.
TEST(GltfImportHardening, ReadsAreBoundedByAMultipleOfTheBuffers) {
  std::string error;
  auto asset = read(gltf_text("data:application/octet-stream;base64," + base64(three_vertices()), 36, "3"), error);
  ASSERT_TRUE(asset) << error;
  gltf::ReadBudget budget = gltf::import_budget(*asset);
  EXPECT_EQ(budget.limit(), 36 * gltf::kReadExpansion + gltf::kReadAllowance);
  // 65,535 vertices (786 KB) shown by 4,000 nodes: 3 GB of vertices before.
  std::vector<float> many(size_t{65535} * 3, 0.5f);
  asset->buffers[0].data.assign(reinterpret_cast<const unsigned char*>(many.data()),
                                reinterpret_cast<const unsigned char*>(many.data()) + many.size() * 4);
  asset->bufferViews[0].byteLength = asset->buffers[0].data.size();
  asset->accessors[0].count = 65535;
  asset->meshes[0].primitives[0].mode = TINYGLTF_MODE_POINTS;  // read, then left out: reads alone cost
  asset->nodes.assign(4000, asset->nodes[0]);
  const msh::ImportedMsh imported = msh::msh_from_gltf(*asset, 0, nullptr);
  EXPECT_TRUE(says(imported.errors, "the most import builds")) << (imported.errors.empty() ? "" : imported.errors[0]);
}

}  // namespace
}  // namespace meshgate
