// The material chain: every batch of the generated models resolves
// as the generator planned it (rows that hit, rows past the WEAR table and a
// name Material.lib lacks fall back to DEFAULT, missing textures counted), and
// a textured export read back holds, for each face of the showcase cube, a
// PNG whose texels are the Texm's decode, in both byte orders.
#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "parser/gltf/gltf_reader.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/texm/texm_parser.hpp"
#include "pipeline/formats/msh_file.hpp"
#include "looks/material/material_chain.hpp"
#include "synth/material/material_synth.hpp"

namespace meshgate {
namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class MaterialChainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("meshgate-chain-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    for (const SynthFile& f : material::synth_materials_corpus(kSeed, 3)) {
      std::ofstream(dir_ / f.name, std::ios::binary).write(reinterpret_cast<const char*>(f.bytes.data()),
                                                             static_cast<std::streamsize>(f.bytes.size()));
      files_[f.name] = f.bytes;
    }
    std::string error;
    const auto paths = find_libraries(dir_.string(), "", "", error);
    ASSERT_TRUE(paths) << error;
    libraries_ = GameLibraries::open(*paths, {}, error);
    ASSERT_TRUE(libraries_) << error;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static constexpr uint64_t kSeed = 17;
  std::filesystem::path dir_;
  std::map<std::string, std::vector<std::byte>> files_;
  std::unique_ptr<GameLibraries> libraries_;
  TextureCache cache_;
};

TEST_F(MaterialChainTest, EveryBatchResolvesAsTheGeneratorPlanned) {
  size_t hits = 0, fallbacks = 0, missing = 0, embedded = 0, models = 0;
  const std::vector<std::byte>& archive = files_.at("models_0000.rlb");
  WearFinder wears;
  uint64_t model_index = 0;  // the generator numbers the models of all archives in order
  parse_tree("models_0000.rlb", archive, {}, [&](const ParsedFile& f) {
    wears.see(f);
    if (!msh_model(f) || !f.ok()) return;
    ++models;
    std::string source, problem;
    std::optional<wear::Table> table = wears.for_model(f, "", source, problem);
    ASSERT_TRUE(table) << f.path << ": " << problem;
    EXPECT_EQ(source, f.path.substr(0, f.path.size() - 4) + ".WEA");
    // What the generator wrote for this model's rows.
    const std::string text = material::synth_wear_text(kSeed, model_index++, 8);
    MaterialChain chain(*libraries_, table, source, "", {}, cache_);
    for (const msh::Stream& s : msh_model(f)->model->streams) {
      const auto* batches = std::get_if<msh::BatchStream>(&s.data);
      if (!batches) continue;
      for (const msh::BatchRecord& b : batches->batches) {
        const auto row = static_cast<uint8_t>(b.get(msh::batch::wear_row));
        const gltf::MaterialLook* look = chain.look(row);
        ASSERT_NE(look, nullptr);
        const std::optional<std::string> planned = table->material(row, wear::RowReading::by_id);
        if (row >= material::kSynthWearRows || (planned && upper(*planned) == material::kUnknownMaterial)) {
          EXPECT_EQ(look->resolution, gltf::MaterialLook::Resolution::fallback) << f.path << " row " << int{row};
          EXPECT_EQ(look->name, "DEFAULT");
          ++fallbacks;
        } else {
          ASSERT_TRUE(planned);
          EXPECT_EQ(look->resolution, gltf::MaterialLook::Resolution::resolved) << f.path << " row " << int{row};
          EXPECT_EQ(upper(look->name), upper(*planned)) << "rows name materials case-insensitively";
          EXPECT_NE(text.find(*planned), std::string::npos);
          ++hits;
        }
        const std::string texture = upper(look->extras.value("texture", ""));
        EXPECT_EQ(look->texture_missing, texture == material::kMissingTexture) << texture;
        EXPECT_EQ(static_cast<bool>(look->texture), !texture.empty() && texture != material::kMissingTexture) << texture;
        missing += look->texture_missing;
        embedded += static_cast<bool>(look->texture);
      }
    }
  });
  EXPECT_EQ(models, 2u);
  EXPECT_GT(hits, 0u);
  EXPECT_GT(fallbacks, 0u);
  EXPECT_GT(embedded, 0u);
  (void)missing;  // counted; the validator test checks the corpus has some
}

// A model's WEAR is its own archive's: another archive whose path differs
// only in case is another file (the entry names inside are matched in any
// case, as the engine matches them; the archive's path is not).
TEST_F(MaterialChainTest, ArchivesWhosePathsDifferInCaseKeepTheirOwnWear) {
  const std::vector<std::byte>& archive = files_.at("models_0000.rlb");
  WearFinder wears;
  parse_tree("Game/models_0000.rlb", archive, {}, [&](const ParsedFile& f) { wears.see(f); });
  size_t models = 0;
  const auto try_models = [&](const std::string& display, bool expect_found) {
    parse_tree(display, archive, {}, [&](const ParsedFile& f) {
      if (!msh_model(f) || !f.ok()) return;
      ++models;
      std::string source, problem;
      EXPECT_EQ(wears.for_model(f, "", source, problem).has_value(), expect_found) << f.path << ": " << source;
    });
  };
  try_models("game/models_0000.rlb", false);
  try_models("Game/models_0000.rlb", true);
  EXPECT_GT(models, 1u);
}

// A game folder holding a library in two cases (Material.lib and
// MATERIAL.LIB, two files) is refused, naming both: taking one would depend on
// the order the directory lists them. One file under two names is one file,
// and a named library (--materials) is never searched for.
TEST_F(MaterialChainTest, ALibraryInTwoCasesIsRefusedNamingBoth) {
  // Two names in two cases are two files only where the file system keeps
  // case apart (Linux); on Windows (and under wine) they are one file.
  if (std::filesystem::exists(dir_ / "MATERIAL.LIB")) GTEST_SKIP() << "the file system folds case: one file, not two";
  for (const char* twin : {"MATERIAL.LIB", "textures.lib"}) {
    const std::filesystem::path original = dir_ / (twin[0] == 'M' ? "Material.lib" : "Textures.lib");
    std::filesystem::copy_file(original, dir_ / twin);
    std::string error;
    EXPECT_FALSE(find_libraries(dir_.string(), "", "", error)) << twin;
    EXPECT_NE(error.find((dir_ / twin).string()), std::string::npos) << error;
    EXPECT_NE(error.find(original.string()), std::string::npos) << error;
    EXPECT_NE(error.find(twin[0] == 'M' ? "--materials" : "--textures"), std::string::npos) << error;
    const std::string named = (dir_ / twin).string();
    EXPECT_TRUE(twin[0] == 'M' ? find_libraries(dir_.string(), named, "", error)
                               : find_libraries(dir_.string(), "", named, error))
        << error;
    std::filesystem::remove(dir_ / twin);
    std::filesystem::create_hard_link(original, dir_ / twin);
    const auto paths = find_libraries(dir_.string(), "", "", error);
    ASSERT_TRUE(paths) << error;
    EXPECT_EQ(twin[0] == 'M' ? paths->materials : paths->textures,
              std::min((dir_ / twin).string(), original.string()));  // the first in name order
    std::filesystem::remove(dir_ / twin);
  }
}

std::vector<uint8_t> png_rgba(const std::vector<unsigned char>& png, uint32_t& width, uint32_t& height) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, png.data(), png.size())) return {};
  image.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> out(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.data(), 0, nullptr)) return {};
  width = image.width, height = image.height;
  return out;
}

TEST_F(MaterialChainTest, TheExportedPngsHoldTheDecodedTexels) {
  const std::vector<std::byte>& model_bytes = files_.at("showcase.msh");
  const std::vector<std::byte>& wear_bytes = files_.at("showcase.wea");
  const wear::ParseResult table = wear::parse_wear(wear_bytes);
  ASSERT_TRUE(table.ok());
  for (const texm::ByteOrder order : {texm::ByteOrder::bgra, texm::ByteOrder::argb}) {
    TextureCache cache;
    MaterialChain chain(*libraries_, table.table, "showcase.wea", "", {.byte_order = order}, cache);
    const ParsedFile f = parse_file("showcase.msh", model_bytes);
    ASSERT_TRUE(msh_model(f) && f.ok());
    gltf::ExportOptions options{"showcase.msh"};
    chain.attach(options);
    const gltf::Exported e = gltf::export_msh(*msh_model(f)->model, model_bytes, options);
    EXPECT_EQ(e.summary.textures, 6u);
    EXPECT_EQ(e.summary.materials_resolved, 6u);
    const std::string glb = gltf::glb_bytes(e.asset);
    // parser/gltf's read_asset checks the asset (it parses); it drops image
    // data by design (import never decodes pixels), so the images are read
    // back with tinygltf itself, decoding nothing.
    std::string error;
    ASSERT_TRUE(gltf::read_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), error)) << error;
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader([](tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
                             void*) { return true; },
                          nullptr);
    tinygltf::Model model;
    std::string warning;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &error, &warning, reinterpret_cast<const unsigned char*>(glb.data()),
                                            static_cast<unsigned>(glb.size())))
        << error;
    const tinygltf::Model* back = &model;
    ASSERT_EQ(back->images.size(), 6u);
    for (const tinygltf::Material& m : back->materials) {
      const int t = m.pbrMetallicRoughness.baseColorTexture.index;
      ASSERT_GE(t, 0) << m.name;
      const tinygltf::Image& image = back->images[static_cast<size_t>(back->textures[static_cast<size_t>(t)].source)];
      EXPECT_EQ(image.mimeType, "image/png");
      const tinygltf::BufferView& view = back->bufferViews[static_cast<size_t>(image.bufferView)];
      const auto& data = back->buffers[static_cast<size_t>(view.buffer)].data;
      const std::vector<unsigned char> png(data.begin() + static_cast<std::ptrdiff_t>(view.byteOffset),
                                           data.begin() + static_cast<std::ptrdiff_t>(view.byteOffset + view.byteLength));
      uint32_t w = 0, h = 0;
      const std::vector<uint8_t> texels = png_rgba(png, w, h);
      // The Texm the material names, decoded here on its own.
      const std::optional<size_t> entry = libraries_->texture(image.name);
      ASSERT_TRUE(entry) << image.name;
      const texm::ParseResult parsed = texm::parse_texm(libraries_->texture_entry(*entry).payload);
      ASSERT_TRUE(parsed.ok());
      const texm::Rgba8Image decoded = texm::decode_level(*parsed.texture, 0, order);
      EXPECT_EQ(w, decoded.width);
      EXPECT_EQ(h, decoded.height);
      EXPECT_EQ(texels, decoded.rgba) << image.name << " in byte order " << texm::byte_order_name(order);
      EXPECT_TRUE(m.doubleSided) << "the cube's batches have flag 0x2";
    }
  }
}

}  // namespace
}  // namespace meshgate
