#include "synth/material/material_synth.hpp"

#include <cstdio>
#include <functional>

#include "parser/core/byte_reader.hpp"
#include "parser/material/mat0_fields.hpp"
#include "parser/material/material_diagnostic_codes.hpp"
#include "parser/material/wear_table.hpp"
#include "synth/core/prng.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "writer/msh/msh_exporter.hpp"
#include "writer/nres/nres_layout_builder.hpp"

namespace meshgate::material {

namespace {

constexpr uint64_t kTextures = 12;

std::string numbered(const char* prefix, uint64_t i) {
  char name[40];
  std::snprintf(name, sizeof name, "%s%04llu", prefix, static_cast<unsigned long long>(i));
  return name;
}

void put(std::vector<std::byte>& out, uint64_t v, int width) {
  for (int i = 0; i < width; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
}

struct PhaseDescription {
  std::array<uint8_t, 4> diffuse{255, 255, 255, 100};
  int8_t cell = -1;
  std::string texture;
};

struct MaterialDescription {
  std::vector<PhaseDescription> phases;
  std::vector<std::vector<std::array<uint16_t, 2>>> tracks;  // per track: (entry, time) keys
  uint8_t surface = 0xFF;
};

std::vector<std::byte> build_mat0(const MaterialDescription& d) {
  std::vector<std::byte> out;
  put(out, d.phases.size(), 2);
  put(out, d.tracks.size(), 2);
  put(out, d.surface, 1);
  put(out, 0, 1);
  put(out, 0x3F800000, 4);  // speed 1.0
  put(out, 0, 4);           // damage 0.0
  for (const PhaseDescription& p : d.phases) {
    for (uint8_t c : {uint8_t{64}, uint8_t{64}, uint8_t{64}, uint8_t{100}}) put(out, c, 1);  // ambient
    for (uint8_t c : p.diffuse) put(out, c, 1);
    for (int k = 0; k < 8; ++k) put(out, 0, 1);  // specular, emissive
    put(out, 10, 1);                              // power
    put(out, static_cast<uint8_t>(p.cell), 1);
    for (size_t k = 0; k < 16; ++k) put(out, k < p.texture.size() ? static_cast<uint8_t>(p.texture[k]) : 0, 1);
  }
  for (const auto& keys : d.tracks) {
    put(out, 0, 4);
    put(out, keys.size(), 2);
    for (const auto& [entry, time] : keys) {
      put(out, entry, 2);
      put(out, time, 2);
      put(out, 0, 2);
    }
  }
  return out;
}

// Material `i` of Material.lib (after DEFAULT): phases naming generated
// textures (every third one in lower case: lookups fold case), now and then an
// empty name (untextured) or a missing one; every fourth material animated;
// a Page cell where the texture has a Page chunk.
MaterialDescription random_material(uint64_t seed, uint64_t i) {
  Prng rng(seed * 0xA24BAED4963EE407ull ^ (i + 1) * 0x9FB21C651E98DF25ull);
  rng.next();
  MaterialDescription d;
  d.surface = static_cast<uint8_t>(rng.range(0, 10));
  const uint64_t phases = i % 4 == 3 ? rng.range(2, 3) : 1;
  for (uint64_t p = 0; p < phases; ++p) {
    PhaseDescription phase;
    phase.diffuse = {static_cast<uint8_t>(rng.range(128, 255)), static_cast<uint8_t>(rng.range(128, 255)),
                     static_cast<uint8_t>(rng.range(128, 255)), 100};
    const uint64_t t = (i + p) % kTextures;
    if (i % 9 == 5) phase.texture = "";                    // intentionally untextured
    else if (i % 11 == 7) phase.texture = kMissingTexture;  // a texture Textures.lib lacks
    else phase.texture = texm::texture_entry_name(t);
    if (i % 3 == 1)
      for (char& c : phase.texture) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // Textures with a Page chunk are those with index % 3 == 2 (texm_synth.cpp).
    if (t % 3 == 2 && !phase.texture.empty() && rng.chance(50)) phase.cell = 0;
    d.phases.push_back(phase);
  }
  if (phases > 1) {
    std::vector<std::array<uint16_t, 2>> keys;
    for (uint64_t k = 0; k < phases; ++k) keys.push_back({static_cast<uint16_t>(k), static_cast<uint16_t>(k * 10)});
    d.tracks.push_back(keys);
  }
  return d;
}

// The showcase cube's faces: one texture of each kind a face can show.
constexpr std::array<uint64_t, 6> kShowcaseTextures{0, 2, 4, 6, 7, 3};  // formats 0, 565, 4444, 888, 8888, 556

std::vector<std::byte> material_lib(uint64_t seed, uint64_t materials) {
  nres::ArchiveDescription lib;
  MaterialDescription fallback;
  fallback.phases.push_back({{200, 200, 200, 100}, -1, texm::texture_entry_name(0)});
  lib.entries.push_back({mat0::kMat0TypeId, 0, mat0::kKnownVersion, 0, "DEFAULT", {}, build_mat0(fallback)});
  for (size_t f = 0; f < kShowcaseTextures.size(); ++f) {
    MaterialDescription face;
    face.phases.push_back({{255, 255, 255, 100}, -1, texm::texture_entry_name(kShowcaseTextures[f])});
    lib.entries.push_back({mat0::kMat0TypeId, 0, mat0::kKnownVersion, 0, numbered("SHOW_", f), {}, build_mat0(face)});
  }
  for (uint64_t i = 0; i < materials; ++i)
    lib.entries.push_back({mat0::kMat0TypeId, 0, mat0::kKnownVersion, 0, numbered("MAT_", i), {}, build_mat0(random_material(seed, i))});
  return nres::build_nres(lib);
}

std::vector<std::byte> textures_lib(uint64_t seed) {
  nres::ArchiveDescription lib;
  for (uint64_t i = 0; i < kTextures; ++i)
    lib.entries.push_back({texm::kTexmTypeId, 0, 0, 0, texm::texture_entry_name(i), {},
                           texm::build_texm(texm::random_texture_description(seed, i))});
  return nres::build_nres(lib);
}

std::vector<std::byte> bytes_of(const std::string& text) {
  std::vector<std::byte> out;
  for (char c : text) out.push_back(static_cast<std::byte>(c));
  return out;
}

// A cube of six textured faces (WEAR rows 0..5, two-sided), UVs 0..1 per face:
// the model docs/USAGE.md's textured screenshot shows.
msh::ExportModel showcase_model() {
  msh::ExportModel model;
  model.name = "SHOWCASE";
  msh::ExportNode node;
  node.name = "showcase";
  msh::ExportSlot slot;
  // Per face: its normal axis and sign; the two in-plane axes give the corners.
  const std::array<std::array<int, 3>, 6> faces{{{0, 1, 2}, {0, -1, 2}, {1, 1, 0}, {1, -1, 0}, {2, 1, 0}, {2, -1, 0}}};
  for (size_t f = 0; f < faces.size(); ++f) {
    const int axis = faces[f][0], sign = faces[f][1];
    const int u_axis = (axis + 1) % 3, v_axis = (axis + 2) % 3;
    msh::ExportBatch batch;
    batch.wear_row = static_cast<uint8_t>(f);
    batch.batch_flags = 0x2;  // two-sided
    for (const auto& [u, v] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{0, 1}}) {
      msh::ExportVertex vertex;
      vertex.position[static_cast<size_t>(axis)] = static_cast<float>(sign);
      vertex.position[static_cast<size_t>(u_axis)] = static_cast<float>(2 * u - 1);
      vertex.position[static_cast<size_t>(v_axis)] = static_cast<float>(2 * v - 1);
      vertex.normal = {0, 0, 0};
      vertex.normal[static_cast<size_t>(axis)] = static_cast<float>(sign);
      vertex.uv = {static_cast<float>(u), static_cast<float>(1 - v)};
      batch.vertices.push_back(vertex);
    }
    batch.indices = sign > 0 ? std::vector<uint16_t>{0, 1, 2, 0, 2, 3} : std::vector<uint16_t>{0, 2, 1, 0, 3, 2};
    slot.batches.push_back(std::move(batch));
  }
  node.slots.push_back(std::move(slot));
  model.nodes.push_back(std::move(node));
  return model;
}

}  // namespace

std::string synth_wear_text(uint64_t seed, uint64_t index, uint64_t materials) {
  Prng rng(seed * 0x2545F4914F6CDD1Dull ^ (index + 1) * 0x9E3779B97F4A7C15ull);
  rng.next();
  std::string text = std::to_string(kSynthWearRows) + "\r\n";
  for (uint64_t r = 0; r < kSynthWearRows; ++r) {
    std::string name = r == 4 ? kUnknownMaterial : numbered("MAT_", rng.range(0, materials - 1));
    if (r % 3 == 2)
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    text += std::to_string(r) + " " + name + "\r\n";
  }
  if (index % 2 == 1) text += "\r\nLIGHTMAPS\r\n1\r\n0 " + numbered("LM_", index) + "\r\n";
  return text;
}

void synth_materials_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  const uint64_t materials = std::max<uint64_t>(count * 2, 8);
  if (!sink({"Textures.lib", textures_lib(seed)})) return;
  if (!sink({"Material.lib", material_lib(seed, materials)})) return;
  uint64_t model = 0;
  for (uint64_t a = 0; a < count; ++a) {
    nres::ArchiveDescription outer;
    for (uint64_t k = 0; k < 2; ++k, ++model) {
      const std::string base = numbered("MODEL", k);
      outer.entries.push_back({0x4853454D, 0, 0, 0, base + ".MSH", {},
                               nres::build_nres(msh::random_model_archive(seed ^ 0x3A7, model))});
      outer.entries.push_back({wear::kWearTypeId, 0, 0, 0, base + ".WEA", {}, bytes_of(synth_wear_text(seed, model, materials))});
    }
    if (!sink({numbered("models_", a) + ".rlb", nres::build_nres(outer)})) return;
  }
  if (count == 0) return;
  if (!sink({"loose_model.msh", nres::build_nres(msh::random_model_archive(seed ^ 0x3A7, model))})) return;
  if (!sink({"loose_model.wea", bytes_of(synth_wear_text(seed, model, materials))})) return;
  std::string showcase = std::to_string(kShowcaseTextures.size()) + "\r\n";
  for (size_t f = 0; f < kShowcaseTextures.size(); ++f) showcase += std::to_string(f) + " " + numbered("SHOW_", f) + "\r\n";
  if (!sink({"showcase.msh", msh::export_msh(showcase_model())})) return;
  (void)sink({"showcase.wea", bytes_of(showcase)});
}

std::vector<SynthFile> synth_materials_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_materials_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

std::vector<MalformedCase> malformed_material_cases(uint64_t seed) {
  (void)seed;  // fixed variants, each breaking one rule of one small resource
  MaterialDescription base;  // two phases, one track of two keys
  base.phases = {{{255, 0, 0, 100}, -1, "TEX_0000"}, {{0, 255, 0, 100}, -1, "TEX_0001"}};
  base.tracks = {{{0, 0}, {1, 10}}};
  using B = std::vector<std::byte>;
  const B good = build_mat0(base);
  auto poke16 = [](B& b, uint64_t at, uint64_t v) { store_uint_le(std::span(b).subspan(static_cast<size_t>(at), 2), v, 2); };
  const uint64_t track_at = mat0::kHeaderSpec.size + 2 * mat0::kEntrySpec.size;
  struct Mat0Case {
    std::string_view code;
    uint32_t version;
    std::function<void(B&)> mutate;
  };
  const std::vector<Mat0Case> mat0_cases = {
      {mat0::codes::truncated_header.code, 6, [](B& b) { b.resize(9); }},
      {mat0::codes::entries_past_payload.code, 6, [&](B& b) { poke16(b, 0, 40); }},
      {mat0::codes::track_past_payload.code, 6, [&](B& b) { poke16(b, track_at + 4, 300); }},
      {mat0::codes::key_entry_out_of_range.code, 6, [&](B& b) { poke16(b, track_at + 6 + 6, 7); }},
      {mat0::codes::unknown_version.code, 5, [](B&) {}},
      {mat0::codes::trailing_bytes.code, 6, [](B& b) { b.insert(b.end(), 5, std::byte{0xAB}); }},
  };
  std::vector<MalformedCase> cases;
  for (const Mat0Case& c : mat0_cases) {
    B payload = good;
    c.mutate(payload);
    nres::ArchiveDescription lib;
    lib.entries.push_back({mat0::kMat0TypeId, 0, c.version, 0, "BROKEN", {}, payload});
    cases.push_back({c.code, {"malformed_" + std::string(c.code) + ".lib", nres::build_nres(lib)}});
  }
  const std::vector<std::pair<std::string_view, std::string>> wear_cases = {
      {wear::codes::bad_count.code, "two\r\n0 MAT_0000\r\n"},
      {wear::codes::row_limit.code, "5000\r\n0 MAT_0000\r\n"},
      {wear::codes::short_table.code, "3\r\n0 MAT_0000\r\n1 MAT_0001\r\n"},
      {wear::codes::bad_lightmaps.code, "1\r\n0 MAT_0000\r\n\r\nLIGHTMAPS\r\nmany\r\n"},
      {wear::codes::id_position_mismatch.code, "2\r\n1 MAT_0000\r\n0 MAT_0001\r\n"},
  };
  for (const auto& [code, text] : wear_cases) {
    nres::ArchiveDescription outer;
    outer.entries.push_back({0x4853454D, 0, 0, 0, "MODEL0000.MSH", {}, nres::build_nres(msh::random_model_archive(1, 0))});
    outer.entries.push_back({wear::kWearTypeId, 0, 0, 0, "MODEL0000.WEA", {}, bytes_of(text)});
    cases.push_back({code, {"malformed_" + std::string(code) + ".rlb", nres::build_nres(outer)}});
  }
  return cases;
}

}  // namespace meshgate::material
