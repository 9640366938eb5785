// A DMC3 MOD exported with its PTX companion (export --textures FILE.ptx):
// each mesh's texture slot selects the companion's entry, whose level 0 is
// embedded as the material's baseColorTexture; a slot past the companion's
// count gets an untextured, flagged material and a warning.
#include <gtest/gtest.h>
#include <png.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "export/gltf_export.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "looks/ptx/ptx_companion.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/ptx/ptx_synth.hpp"

namespace meshgate {
namespace {

// A 4x4 A8R8G8B8 entry whose texels are all different and depend on `seed`.
ptx::EntryDescription rgb_entry(uint8_t seed) {
  ptx::EntryDescription e;
  e.image.layout = ptx::PixelLayout::uncompressed;
  e.image.rgb = ptx::RgbLayout::a8r8g8b8;
  std::vector<std::byte> level;
  for (uint8_t i = 0; i < 16; ++i) {
    const auto px = ptx::encode_rgb_pixel(e.image.rgb, {static_cast<uint8_t>(seed + i * 9), static_cast<uint8_t>(i * 15),
                                                        static_cast<uint8_t>(255 - seed - i), 255});
    level.insert(level.end(), px.begin(), px.end());
  }
  e.image.levels.push_back(std::move(level));
  return e;
}

std::vector<uint8_t> png_rgba(const unsigned char* png, size_t size) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, png, size)) return {};
  image.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> out(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.data(), 0, nullptr)) return {};
  return out;
}

// The RGBA of the image a material's baseColorTexture samples; empty when it has none.
std::vector<uint8_t> material_pixels(const tinygltf::Model& asset, int material) {
  const int texture = asset.materials.at(static_cast<size_t>(material)).pbrMetallicRoughness.baseColorTexture.index;
  if (texture < 0) return {};
  const tinygltf::Image& image = asset.images.at(static_cast<size_t>(asset.textures.at(static_cast<size_t>(texture)).source));
  const tinygltf::BufferView& view = asset.bufferViews.at(static_cast<size_t>(image.bufferView));
  return png_rgba(asset.buffers.at(0).data.data() + view.byteOffset, view.byteLength);
}

TEST(PtxBinding, MeshSlotsSelectCompanionEntriesAndASlotPastTheCountIsUntextured) {
  ptx::PtxDescription companion_description;
  companion_description.entries = {rgb_entry(10), rgb_entry(100)};
  const std::vector<std::byte> ptx_bytes = ptx::build_ptx(companion_description);
  const ptx::ParseResult companion = ptx::parse_ptx(ptx_bytes);
  ASSERT_TRUE(companion.ok());
  const std::filesystem::path path = std::filesystem::temp_directory_path() / ("meshgate_binding_" + std::to_string(::getpid()) + ".ptx");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(ptx_bytes.data()), static_cast<std::streamsize>(ptx_bytes.size()));
  }
  ASSERT_TRUE(is_ptx_companion(path.string(), {}));
  std::string error;
  const auto textures = open_ptx_companion(path.string(), "st.ptx", {}, error);
  std::filesystem::remove(path);
  ASSERT_TRUE(textures) << error;
  ASSERT_EQ(textures->count, 2u);

  // Three meshes: slots 1, 0 and 5 (past the companion's two entries).
  mod::ModDescription d = mod::random_mod_description(7, 0);
  d.objects.resize(1);
  ASSERT_FALSE(d.objects[0].meshes.empty());
  d.objects[0].meshes.resize(1);
  d.objects[0].meshes.push_back(d.objects[0].meshes[0]);
  d.objects[0].meshes.push_back(d.objects[0].meshes[0]);
  d.objects[0].meshes[0].texture_slot = 1;
  d.objects[0].meshes[1].texture_slot = 0;
  d.objects[0].meshes[2].texture_slot = 5;
  d.texture_slot_count = 2;
  mod::compute_bounds(d.objects[0]);
  const std::vector<std::byte> bytes = mod::build_mod(d).bytes;
  const mod::ParseResult parsed = mod::parse_mod(bytes);
  ASSERT_TRUE(parsed.ok());

  gltf::ExportOptions options{"m.mod"};
  options.companion = textures;
  const gltf::Exported e = gltf::export_mod(*parsed.model, bytes, options);
  ASSERT_TRUE(e.refused.empty());
  const tinygltf::Mesh& mesh = e.asset.meshes.at(0);
  ASSERT_EQ(mesh.primitives.size(), 3u);
  for (size_t k = 0; k < 2; ++k) {
    const size_t slot = k == 0 ? 1 : 0;
    const ptx::EntryImage expected = ptx::decode_entry(*companion.companion, slot);
    ASSERT_TRUE(expected.image);
    EXPECT_EQ(material_pixels(e.asset, mesh.primitives[k].material), expected.image->rgba) << "mesh " << k;
  }
  EXPECT_NE(material_pixels(e.asset, mesh.primitives[0].material), material_pixels(e.asset, mesh.primitives[1].material));
  const tinygltf::Material& past = e.asset.materials.at(static_cast<size_t>(mesh.primitives[2].material));
  EXPECT_LT(past.pbrMetallicRoughness.baseColorTexture.index, 0);
  EXPECT_TRUE(past.extras.Has("untextured"));
  ASSERT_EQ(e.warnings.size(), 1u);
  EXPECT_NE(e.warnings[0].find("mesh 2"), std::string::npos);
  EXPECT_NE(e.warnings[0].find("slot 5"), std::string::npos);
  EXPECT_EQ(e.asset.images.size(), 2u);  // one image per entry used
  EXPECT_TRUE(e.summary.textured);
  EXPECT_EQ(e.summary.textures, 2u);
  EXPECT_EQ(e.summary.textures_missing, 1u);
}

}  // namespace
}  // namespace meshgate
