#include "looks/material/material_chain.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "parser/texm/texm_parser.hpp"
#include "writer/image/png_encode.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate {

namespace {

// "DIR/models.rlb!MODEL0000.MSH" -> {"DIR/models.rlb", "MODEL0000"}: the key a
// model and its WEAR share. The archive is compared exactly (two archives
// whose paths differ in case are two files), the entry's base name in any
// case, as the engine looks entries up.
WearFinder::Key base_key(std::string_view path) {
  const size_t bang = path.rfind('!');
  const size_t start = bang == std::string_view::npos ? 0 : bang + 1;
  std::string_view name = path.substr(start);
  if (const size_t dot = name.rfind('.'); dot != std::string_view::npos && dot > 0) name = name.substr(0, dot);
  return {std::string(path.substr(0, bang == std::string_view::npos ? 0 : bang)), std::string(name)};
}

// The files in `dir` whose name is `name` in any case, in name order; names
// of one file (hard links, a symlink to its sibling) count once. Two are an
// ambiguity the caller refuses: taking one would depend on the listing order.
// `dir` is UTF-8 as the user spelled it; a file found is `dir`/NAME, spelled
// alike on every system (these names reach the exports' extras).
std::vector<std::string> find_folded(const std::string& dir, std::string_view name) {
  std::vector<std::string> found;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(platform::path_from_utf8(dir), ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file_name = platform::utf8_of(it->path().filename());
    if (nres::compare_names_lowercase(file_name, name) == 0 && it->is_regular_file(ec))
      found.push_back(platform::join_utf8(dir, file_name));
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> distinct;
  for (const std::string& f : found)
    if (std::none_of(distinct.begin(), distinct.end(),
                     [&](const std::string& d) {
                       return std::filesystem::equivalent(platform::path_from_utf8(d), platform::path_from_utf8(f), ec);
                     }))
      distinct.push_back(f);
  return distinct;
}

std::optional<nres::ParseResult> read_library(const std::string& path, const SizeLimits& limits, const char* what,
                                              std::string& error) {
  const std::optional<std::vector<std::byte>> bytes = read_file(platform::path_from_utf8(path), limits);
  if (!bytes) {
    error = std::string(what) + " " + path + ": cannot be read (missing, unreadable or over its size limit)";
    return std::nullopt;
  }
  nres::ParseResult parsed = nres::parse_nres(*bytes, {.profile = ParseProfile::compatible, .copy_payloads = true});
  if (!parsed.ok()) {
    error = std::string(what) + " " + path + " is not an NRes archive meshgate reads";
    for (const Diagnostic& d : parsed.diagnostics)
      if (d.severity == Severity::error) {
        error += ": " + std::string(d.code) + ": " + d.message;
        break;
      }
    return std::nullopt;
  }
  return parsed;
}

using NameIndex = std::map<std::string, size_t, nres::NameLess>;

NameIndex index_by_name(const nres::Archive& archive) {
  NameIndex index;
  for (size_t i = 0; i < archive.entries.size(); ++i)
    index.emplace(nres::entry_name_view(archive.entries[i].record), i);  // the first of a name wins
  return index;
}

std::optional<size_t> lookup(const NameIndex& index, std::string_view name, bool strip_suffix) {
  if (auto it = index.find(name); it != index.end()) return it->second;
  if (!strip_suffix) return std::nullopt;
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot + 1 == name.size()) return std::nullopt;
  if (!std::all_of(name.begin() + static_cast<std::ptrdiff_t>(dot) + 1, name.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
    return std::nullopt;
  return lookup(index, name.substr(0, dot), false);
}

}  // namespace

std::optional<LibraryPaths> find_libraries(const std::string& game_dir, const std::string& materials,
                                           const std::string& textures, std::string& error) {
  LibraryPaths paths{materials, textures};
  for (auto [path, name] : {std::pair{&paths.materials, "Material.lib"}, std::pair{&paths.textures, "Textures.lib"}}) {
    if (!path->empty()) continue;
    if (game_dir.empty()) {
      error = std::string("no ") + name + ": give --game-dir DIR or --" + (path == &paths.materials ? "materials" : "textures");
      return std::nullopt;
    }
    const std::vector<std::string> found = find_folded(game_dir, name);
    if (found.empty()) {
      error = std::string("no ") + name + " (in any case) in " + game_dir;
      return std::nullopt;
    }
    if (found.size() > 1) {
      error = game_dir + " holds both " + found[0] + " and " + found[1] + " (" + name +
              " in two cases): name the one to read with --" + (path == &paths.materials ? "materials" : "textures");
      return std::nullopt;
    }
    *path = found[0];
  }
  return paths;
}

std::unique_ptr<GameLibraries> GameLibraries::open(const LibraryPaths& paths, const SizeLimits& limits,
                                                   std::string& error) {
  auto libraries = std::make_unique<GameLibraries>();
  libraries->paths_ = paths;
  std::optional<nres::ParseResult> materials = read_library(paths.materials, limits, "materials", error);
  if (!materials) return nullptr;
  std::optional<nres::ParseResult> textures = read_library(paths.textures, limits, "textures", error);
  if (!textures) return nullptr;
  libraries->materials_ = std::move(*materials);
  libraries->textures_ = std::move(*textures);
  libraries->material_index_ = index_by_name(*libraries->materials_.archive);
  libraries->texture_index_ = index_by_name(*libraries->textures_.archive);
  return libraries;
}

std::optional<size_t> GameLibraries::material(std::string_view name) const { return lookup(material_index_, name, true); }
std::optional<size_t> GameLibraries::texture(std::string_view name) const { return lookup(texture_index_, name, false); }

void WearFinder::see(const ParsedFile& f) {
  const nres::ParseResult* archive = f.as<nres::ParseResult>();  // a plain archive, not a model's container
  if (!archive || !archive->ok()) return;
  for (const nres::Entry& e : archive->archive->entries) {
    if (e.record.get(nres::entry::type_id) != wear::kWearTypeId) continue;
    // Offsets and sizes were validated by the parse.
    const Bytes payload = f.data.subspan(static_cast<size_t>(e.record.get(nres::entry::data_offset)),
                                         static_cast<size_t>(e.record.get(nres::entry::size)));
    wear::ParseResult parsed = wear::parse_wear(payload);
    const std::string path = f.path + "!" + escape_path_component(nres::entry_name_view(e.record));
    tables_.emplace(base_key(path), std::pair{path, std::move(parsed.table)});
  }
}

std::optional<wear::Table> WearFinder::for_model(const ParsedFile& model, const std::string& loose_path,
                                                 std::string& source, std::string& problem) const {
  if (model.depth > 0) {
    const auto it = tables_.find(base_key(model.path));
    if (it == tables_.end()) return std::nullopt;
    source = it->second.first;
    if (!it->second.second) problem = source + " does not parse (roundtrip names its code)";
    return it->second.second;
  }
  const std::filesystem::path file = platform::path_from_utf8(loose_path);
  const std::vector<std::string> found = find_folded(file.parent_path().empty() ? "." : platform::utf8_of(file.parent_path()),
                                                     platform::utf8_of(file.stem()) + ".wea");
  if (found.empty()) return std::nullopt;
  source = found[0];
  if (found.size() > 1) {  // as for the libraries: never the one the listing happens to give first
    problem = found[0] + " and " + found[1] + " are both the model's WEAR (one name in two cases); neither is read";
    return std::nullopt;
  }
  const std::optional<std::vector<std::byte>> bytes = read_file(platform::path_from_utf8(found[0]), {.override_bytes = wear::kMaxInputBytes});
  if (!bytes) {
    problem = source + " cannot be read (or is over 1 MiB)";
    return std::nullopt;
  }
  wear::ParseResult parsed = wear::parse_wear(*bytes);
  if (!parsed.ok()) problem = source + " does not parse: " + parsed.diagnostics.front().message;
  return std::move(parsed.table);
}

MaterialChain MaterialSession::chain_for(const ParsedFile& model, const std::string& loose_path) {
  std::string source, problem;
  std::optional<wear::Table> table = wears_.for_model(model, loose_path, source, problem);
  return MaterialChain(*libraries_, std::move(table), std::move(source), std::move(problem), options_, textures_);
}

MaterialChain::MaterialChain(const GameLibraries& libraries, std::optional<wear::Table> wear, std::string wear_source,
                             std::string wear_problem, ChainOptions options, TextureCache& texture_cache)
    : libraries_(libraries),
      wear_(std::move(wear)),
      wear_source_(std::move(wear_source)),
      wear_problem_(std::move(wear_problem)),
      options_(options),
      textures_(texture_cache) {}

const gltf::MaterialLook* MaterialChain::look(uint8_t row) {
  auto it = looks_.find(row);
  if (it == looks_.end()) it = looks_.emplace(row, resolve(row)).first;
  return &it->second;
}

void MaterialChain::attach(gltf::ExportOptions& options) {
  options.materials = [this](uint8_t row) { return look(row); };
  options.materials_extras = extras();
}

nlohmann::json MaterialChain::extras() const {
  return {{"materials", libraries_.paths().materials},
          {"textures", libraries_.paths().textures},
          {"wear", wear_ ? nlohmann::json(wear_source_) : nlohmann::json(nullptr)},
          {"wear_row_reading", std::string(wear::row_reading_name(options_.reading))},
          {"texm_byte_order", std::string(texm::byte_order_name(options_.byte_order))},
          {"chain", "res13[].material_4 -> WEAR row -> MAT0 in Material.lib -> phase (track 0's first key, else 0) -> "
                    "texture name -> Texm in Textures.lib, level 0"}};
}

const CachedTexture& MaterialChain::texture(size_t entry) {
  if (auto it = textures_.find(entry); it != textures_.end()) return it->second;
  CachedTexture& cached = textures_[entry];
  const nres::Entry& e = libraries_.texture_entry(entry);
  const texm::ParseResult parsed = texm::parse_texm(e.payload);
  if (!parsed.ok()) return cached;
  const texm::Texture& t = *parsed.texture;
  const texm::Rgba8Image image = texm::decode_level(t, 0, options_.byte_order);
  auto look = std::make_shared<gltf::TextureLook>();
  look->name = nres::entry_name(e.record);
  look->png = encode_png_rgba(image.width, image.height, image.rgba);
  look->alpha = texm::has_alpha(t);
  cached.look = std::move(look);
  if (t.page) {
    const double w = t.width(), h = t.height();
    const auto at = [](const texm::PageRectRecord& r, size_t f) { return static_cast<double>(r.get_signed(f)); };
    for (const texm::PageRectRecord& r : t.page->rects)
      cached.cells.push_back({at(r, texm::rect::x) / w, at(r, texm::rect::y) / h, at(r, texm::rect::w) / w, at(r, texm::rect::h) / h});
  }
  return cached;
}

gltf::MaterialLook MaterialChain::resolve(uint8_t row) {
  gltf::MaterialLook look;
  nlohmann::json extras = {{"wear_row", row}, {"wear_row_reading", std::string(wear::row_reading_name(options_.reading))}};
  // Row -> material name.
  std::optional<std::string> name;
  std::string fallback;
  if (!wear_) fallback = wear_problem_.empty() ? "no WEAR table beside the model" : wear_problem_;
  else if (!(name = wear_->material(row, options_.reading))) fallback = "the WEAR table has no row " + std::to_string(row);
  std::optional<size_t> entry = name ? libraries_.material(*name) : std::nullopt;
  if (name && !entry) fallback = "Material.lib has no material \"" + *name + "\"";
  if (!entry) {
    look.resolution = gltf::MaterialLook::Resolution::fallback;
    entry = libraries_.material("DEFAULT");
    if (!entry && libraries_.material_count() > 0) entry = 0;
    extras["fallback"] = fallback + (entry ? "; used " + nres::entry_name(libraries_.material_entry(*entry).record) : "");
  }
  extras["status"] = look.resolution == gltf::MaterialLook::Resolution::resolved ? "resolved" : "fallback";
  if (name) extras["wear_name"] = *name;
  look.name = "material_" + std::to_string(row);
  if (!entry) {
    look.extras = std::move(extras);
    return look;
  }
  const nres::Entry& me = libraries_.material_entry(*entry);
  look.name = nres::entry_name(me.record);
  extras["material"] = look.name;
  const mat0::ParseResult material =
      mat0::parse_mat0(me.payload, {.version = static_cast<uint32_t>(me.record.get(nres::entry::attr2))});
  if (!material.ok() || material.material->raw || material.material->entries.empty()) {
    extras["material_problem"] = !material.ok() ? "does not parse" : material.material->raw ? "unknown version" : "no phases";
    look.extras = std::move(extras);
    return look;
  }
  const mat0::Material& m = *material.material;
  const size_t phase = mat0::static_phase(m);
  const mat0::EntryRecord& p = m.entries[phase];
  const Bytes diffuse = p.raw(mat0::entry::diffuse);
  for (size_t c = 0; c < 3; ++c) look.base_color[c] = std::to_integer<int>(diffuse[c]) / 255.0;
  look.base_color[3] = std::min(100, std::to_integer<int>(diffuse[3])) / 100.0;
  extras["phase"] = phase;
  const std::string texture_name = mat0::texture_name(p);
  extras["texture"] = texture_name;
  if (!m.tracks.empty()) {
    nlohmann::json frames = nlohmann::json::array();
    for (const mat0::KeyRecord& k : m.tracks.front().keys) {
      const uint64_t e = k.get(mat0::key::entry);
      frames.push_back({{"phase", e},
                        {"time", k.get(mat0::key::time)},
                        {"texture", e < m.entries.size() ? mat0::texture_name(m.entries[e]) : ""}});
    }
    extras["frames"] = std::move(frames);
  }
  if (texture_name.empty()) {
    extras["texture_status"] = "untextured";  // intentionally: an empty name
    look.extras = std::move(extras);
    return look;
  }
  const std::optional<size_t> t = libraries_.texture(texture_name);
  const CachedTexture* cached = t ? &texture(*t) : nullptr;
  if (cached) look.texture = cached->look;
  if (!look.texture) {
    look.texture_missing = true;
    extras["texture_status"] = t ? "does not parse" : "missing";
    look.extras = std::move(extras);
    return look;
  }
  extras["texture_status"] = "embedded";
  extras["texm_byte_order"] = std::string(texm::byte_order_name(options_.byte_order));
  const uint64_t cell = p.get(mat0::entry::cell);
  if (cell != 0xFF) {
    extras["cell"] = cell;
    if (cell < cached->cells.size()) {
      look.uv_rect = cached->cells[cell];
    } else {
      extras["cell_problem"] = "the texture has no Page rectangle " + std::to_string(cell) + ": the whole texture is used";
    }
  }
  look.extras = std::move(extras);
  return look;
}

}  // namespace meshgate
