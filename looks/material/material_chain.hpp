// The chain from an MSH batch to its pixels (docs/spec/nikita-materials-textures.md
// §1): Res13 WEAR row -> the model's WEAR table -> a MAT0 material of that name
// in Material.lib -> its static phase -> the phase's texture name -> a Texm in
// Textures.lib. The libraries are read once; each row is resolved once per
// model, each texture parsed, decoded and encoded as PNG once per run. Every link that
// does not hold is named in the look's extras and counted by the export, which
// stays valid: a missing material falls back to DEFAULT, else the library's
// entry 0; a missing texture leaves the phase's colour.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/gltf_export.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

// Where Material.lib and Textures.lib are: named directly, or found in a
// game folder whatever their case. nullopt after writing why into `error`.
struct LibraryPaths {
  std::string materials, textures;
};
[[nodiscard]] std::optional<LibraryPaths> find_libraries(const std::string& game_dir, const std::string& materials,
                                                         const std::string& textures, std::string& error);

// Material.lib and Textures.lib, read and indexed by name (any case, as the engine's _strcmpi).
class GameLibraries {
 public:
  // nullptr after writing why into `error` (unreadable, too large, not an NRes archive).
  [[nodiscard]] static std::unique_ptr<GameLibraries> open(const LibraryPaths& paths, const SizeLimits& limits,
                                                           std::string& error);

  [[nodiscard]] const LibraryPaths& paths() const { return paths_; }
  // The entry of that name (case-insensitive; a ".0"-style suffix is tried
  // without it, as openparkan looks materials up), or nullopt.
  [[nodiscard]] std::optional<size_t> material(std::string_view name) const;
  [[nodiscard]] std::optional<size_t> texture(std::string_view name) const;
  [[nodiscard]] const nres::Entry& material_entry(size_t i) const { return materials_.archive->entries[i]; }
  [[nodiscard]] const nres::Entry& texture_entry(size_t i) const { return textures_.archive->entries[i]; }
  [[nodiscard]] size_t material_count() const { return materials_.archive->entries.size(); }

 private:
  LibraryPaths paths_;
  nres::ParseResult materials_, textures_;  // payloads copied: the files' buffers go
  std::map<std::string, size_t, nres::NameLess> material_index_, texture_index_;
};

// The WEAR table of each model a file holds: an entry of the model's archive
// with the model's base name and type WEAR, or for a loose model a loose
// `.wea` beside it (case-insensitive).
class WearFinder {
 public:
  // Called for each file parse_tree visits before the models in it. An
  // archive's WEAR entries are parsed here, from the archive, although
  // parse_tree visits them again as nested files: a model can come before its
  // WEAR in the archive, and its chain is needed when it is visited. (A WEAR
  // table is a few hundred bytes of text; the second parse costs nothing seen.)
  void see(const ParsedFile& file);
  // The table for `model` (loose_path: the model's file on disk when it is
  // not nested), with where it came from; nullopt when there is none or it
  // does not parse (`problem` says which).
  [[nodiscard]] std::optional<wear::Table> for_model(const ParsedFile& model, const std::string& loose_path,
                                                     std::string& source, std::string& problem) const;

  // The archive's path (exactly) and the entry's name without its extension
  // (in any case, nres::NameLess).
  using Key = std::pair<std::string, std::string>;

 private:
  struct KeyLess {
    bool operator()(const Key& a, const Key& b) const {
      if (a.first != b.first) return a.first < b.first;
      return nres::NameLess{}(a.second, b.second);
    }
  };
  std::map<Key, std::pair<std::string, std::optional<wear::Table>>, KeyLess> tables_;  // -> (path, table)
};

struct ChainOptions {
  wear::RowReading reading = wear::RowReading::by_id;
  texm::ByteOrder byte_order = texm::ByteOrder::bgra;
};

// One Textures.lib entry as the chain uses it, kept across models: its PNG,
// and its Page rectangles as fractions of level 0 (what a MAT0 cell selects).
struct CachedTexture {
  std::shared_ptr<const gltf::TextureLook> look;  // nullptr: the Texm does not parse
  std::vector<std::array<double, 4>> cells;       // x, y, w, h
};
using TextureCache = std::map<size_t, CachedTexture>;  // by Textures.lib entry index

// One model's looks: gltf::ExportOptions::materials calls look(row).
class MaterialChain {
 public:
  MaterialChain(const GameLibraries& libraries, std::optional<wear::Table> wear, std::string wear_source,
                std::string wear_problem, ChainOptions options, TextureCache& texture_cache);
  [[nodiscard]] const gltf::MaterialLook* look(uint8_t row);
  // asset.extras.meshgate.materials: the files, the readings chosen.
  [[nodiscard]] nlohmann::json extras() const;
  // Gives an export this chain's looks and extras; the chain must outlive the export.
  void attach(gltf::ExportOptions& options);

 private:
  gltf::MaterialLook resolve(uint8_t row);
  const CachedTexture& texture(size_t entry);

  const GameLibraries& libraries_;
  std::optional<wear::Table> wear_;
  std::string wear_source_, wear_problem_;
  ChainOptions options_;
  TextureCache& textures_;  // across models
  std::map<uint8_t, gltf::MaterialLook> looks_;
};

// What `export` and `view` keep across the models of one run: the libraries
// and their options, the WEAR tables met so far and the encoded textures.
class MaterialSession {
 public:
  MaterialSession(std::unique_ptr<const GameLibraries> libraries, ChainOptions options)
      : libraries_(std::move(libraries)), options_(options) {}
  [[nodiscard]] const GameLibraries& libraries() const { return *libraries_; }
  // Each file parse_tree visits, before the models in it (WearFinder::see).
  void see(const ParsedFile& file) { wears_.see(file); }
  // The chain of an MSH model (loose_path: its file on disk when it is not nested).
  [[nodiscard]] MaterialChain chain_for(const ParsedFile& model, const std::string& loose_path);

 private:
  std::unique_ptr<const GameLibraries> libraries_;  // never null; chains hold references into it
  ChainOptions options_;
  WearFinder wears_;
  TextureCache textures_;
};

}  // namespace meshgate
