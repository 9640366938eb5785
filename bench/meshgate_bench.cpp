// Google Benchmark: parse, write, round trip (parse + write + compare; and
// as `meshgate roundtrip` runs it, with the input's xxh3_64 it prints) and
// sweep (round trip + coverage + observations + invariants) of MOD and MSH
// files of realistic sizes, the sweep also with each file's digests (SHA-256
// and xxh3_64, as the evidence report, manifest and gate need them), each
// next to memcpy + memcmp of the same bytes in the same run, so ci/bench.sh
// can quote ratios of medians.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <map>


#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "synth/zip/zip_synth.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "looks/material/material_chain.hpp"
#include "writer/image/png_encode.hpp"
#include "writer/nres/nres_layout_builder.hpp"
#include "synth/texm/texm_synth.hpp"
#include "export/gltf_export.hpp"
#include "parser/core/hashing.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "change/canonical_rebuild.hpp"
#include "change/field_diff.hpp"
#include "change/model_dump.hpp"
#include "pipeline/roundtrip.hpp"
#include "analysis/sweep.hpp"
#include "import/mod/mod_from_gltf.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "writer/mod/mod_writer.hpp"
#include "synth/msh/msh_synth.hpp"
#include "writer/msh/msh_writer.hpp"

namespace meshgate {
namespace {

// A MOD of about `kib` KiB: one mesh of up to 600 vertices per object, as the
// retail files split geometry (spec figures: 2 KB .. 220 KB).
const std::vector<std::byte>& mod_file(int64_t kib) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[kib];
  if (!bytes.empty()) return bytes;
  mod::ModDescription d;
  d.nodes.push_back({mod::kRootParent, 0, 0});
  d.transforms.push_back({});
  const uint64_t vertices = std::max<uint64_t>(8, static_cast<uint64_t>(kib) * 1024 / 40);  // ~40 bytes per vertex
  for (uint64_t left = vertices; left > 0;) {
    const uint64_t n = std::min<uint64_t>(left, 600);
    left -= n;
    mod::ObjectDescription o;
    mod::MeshDescription m;
    for (uint64_t v = 0; v < n; ++v) {
      const float f = static_cast<float>(v);
      m.positions.push_back({f, f * 0.5f, -f});
      m.normals.push_back({0, 1, 0});
      m.uv.push_back({static_cast<int16_t>(v), static_cast<int16_t>(-static_cast<int>(v))});
      m.blend_indices.push_back({0, 0, 0, 0});
      m.control.push_back(31);
    }
    o.meshes.push_back(std::move(m));
    d.objects.push_back(std::move(o));
  }
  bytes = mod::build_mod(d).bytes;
  return bytes;
}

// That MOD as the one member of an NBZ/ZIP volume, stored or deflated.
template <bool Deflate>
const std::vector<std::byte>& volume_file(int64_t kib) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[kib];
  if (bytes.empty()) bytes = zip::write_volume({{"GData.afs/em000.mod", mod_file(kib), Deflate}});
  return bytes;
}

// A MOD of about `kib` KiB whose strips face both ways: zig-zag
// strips of 24 vertices on a plane, restarted by two break bits, every third
// one with its normals turned (a reversed start) and every seventh turned
// half way (inconsistent), one mesh of up to 600 vertices per object.
const std::vector<std::byte>& facing_mod_file(int64_t kib) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[kib];
  if (!bytes.empty()) return bytes;
  mod::ModDescription d;
  d.nodes.push_back({mod::kRootParent, 0, 0});
  d.transforms.push_back({});
  const uint64_t vertices = std::max<uint64_t>(8, static_cast<uint64_t>(kib) * 1024 / 40);
  constexpr uint64_t kStrip = 24;
  uint64_t strip = 0;
  for (uint64_t left = vertices; left > 0;) {
    const uint64_t n = std::min<uint64_t>(left, 600);
    left -= n;
    mod::ObjectDescription o;
    mod::MeshDescription m;
    for (uint64_t v = 0; v < n; ++v) {
      const uint64_t k = v % kStrip;
      if (k == 0) ++strip;
      const float turned = (strip % 3 == 0) != (strip % 7 == 0 && k >= kStrip / 2) ? -1.0f : 1.0f;
      m.positions.push_back({static_cast<float>(k / 2) * 0.1f, static_cast<float>(k % 2) * 0.2f, static_cast<float>(v / kStrip) * 0.01f});
      m.normals.push_back({0, 0, turned});
      m.uv.push_back({static_cast<int16_t>(v), static_cast<int16_t>(-static_cast<int>(v))});
      m.blend_indices.push_back({0, 0, 0, 0});
      m.control.push_back(static_cast<uint16_t>(31 | (v >= 2 && k < 2 ? mod::kTopologyBreakMask : 0)));
    }
    o.meshes.push_back(std::move(m));
    mod::compute_bounds(o);
    d.objects.push_back(std::move(o));
  }
  bytes = mod::build_mod(d).bytes;
  return bytes;
}

// An MSH model of `vertices` vertices (12 .. 10,000), from the canonical exporter.
const std::vector<std::byte>& msh_file(int64_t vertices) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[vertices];
  if (!bytes.empty()) return bytes;
  msh::ExportModel m = msh::malformed_base_model();
  m.nodes.resize(1);
  m.nodes[0].track.clear();
  m.nodes[0].slots.resize(1);
  auto& batches = m.nodes[0].slots[0].batches;
  batches.clear();
  for (int64_t left = vertices; left > 0;) {
    const int64_t n = std::max<int64_t>(3, std::min<int64_t>(left, 2000));
    left -= n;
    msh::ExportBatch b;
    for (int64_t v = 0; v < n; ++v) {
      msh::ExportVertex x;
      x.position = {static_cast<float>(v / 2), static_cast<float>(v % 2), static_cast<float>(v % 7)};
      b.vertices.push_back(x);
    }
    for (int64_t v = 0; v + 2 < n; ++v)
      b.indices.insert(b.indices.end(), {static_cast<uint16_t>(v), static_cast<uint16_t>(v + 1), static_cast<uint16_t>(v + 2)});
    batches.push_back(std::move(b));
  }
  bytes = msh::export_msh(m);
  return bytes;
}

void report(benchmark::State& state, const std::vector<std::byte>& bytes) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes.size()));
  state.counters["file_bytes"] = static_cast<double>(bytes.size());
}

// Baseline: copy the bytes and compare them, as the round trip's final compare does.
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Memcpy(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  std::vector<std::byte> copy(bytes.size());
  for (auto _ : state) {
    std::memcpy(copy.data(), bytes.data(), bytes.size());
    benchmark::DoNotOptimize(std::memcmp(copy.data(), bytes.data(), bytes.size()));
    benchmark::ClobberMemory();
  }
  report(state, bytes);
}

// The sweep's per-file SHA-256 (the evidence report's file identity) alone:
// its throughput bounds the sweep's, whatever the parser does.
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Sha256(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(sha256_hex(bytes));
  report(state, bytes);
}

void BM_ModParse(benchmark::State& state) {
  const auto& bytes = mod_file(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(mod::parse_mod(bytes));
  report(state, bytes);
}
void BM_ModWrite(benchmark::State& state) {
  const auto& bytes = mod_file(state.range(0));
  const mod::Model model = *mod::parse_mod(bytes).model;
  for (auto _ : state) benchmark::DoNotOptimize(mod::write_mod(model));
  report(state, bytes);
}
void BM_MshParse(benchmark::State& state) {
  const auto& bytes = msh_file(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(msh::parse_msh(bytes));
  report(state, bytes);
}
void BM_MshWrite(benchmark::State& state) {
  const auto& bytes = msh_file(state.range(0));
  const msh::Model model = *msh::parse_msh(bytes).model;
  for (auto _ : state) benchmark::DoNotOptimize(msh::write_msh(model));
  report(state, bytes);
}
// Export as `meshgate export` does it, short of the disk: parse, build the
// glTF asset and (with `Glb`) serialise it as .glb in memory; without it, how
// much of an export is building the asset. Compared with parse (at
// most 10x at MOD 220 KiB and MSH 10,000 vertices; ci/bench.sh prints it).
gltf::Exported export_mod_file(Bytes bytes) { return gltf::export_mod(*mod::parse_mod(bytes).model, bytes, {"bench.mod", 0}); }
gltf::Exported export_msh_file(Bytes bytes) { return gltf::export_msh(*msh::parse_msh(bytes).model, bytes, {"bench.msh", 0}); }
// --winding normals against --winding strip (at most 1.2x), the
// asset built and serialised as .glb, on strips that face both ways.
template <gltf::Winding Rule>
gltf::Exported export_facing_file(Bytes bytes) {
  return gltf::export_mod(*mod::parse_mod(bytes).model, bytes, {"bench.mod", 0, Rule});
}
template <const std::vector<std::byte>& (*File)(int64_t), gltf::Exported (*Export)(Bytes), bool Glb>
void BM_Export(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) {
    const gltf::Exported exported = Export(bytes);
    if constexpr (Glb) {
      benchmark::DoNotOptimize(gltf::glb_bytes(exported.asset));
    } else {
      benchmark::DoNotOptimize(exported);
    }
  }
  report(state, bytes);
}
// `Hashes`: the input's xxh3_64 too, as `meshgate roundtrip` prints it.
template <const std::vector<std::byte>& (*File)(int64_t), bool Hashes>
void BM_RoundTrip(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) {
    const RoundTripOutcome o = roundtrip_bytes("bench", bytes, ParseProfile::compatible, Hashes);
    if (!o.identical) state.SkipWithError("round trip differs");
    benchmark::DoNotOptimize(o);
  }
  report(state, bytes);
}
// A volume as `meshgate roundtrip` takes it: opened by libzip, its member
// peeked at, inflated and round-tripped; bytes counted are the MOD's, so the
// row compares with mod/roundtrip of the same MOD.
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_VolumeRoundTrip(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) {
    const std::vector<RoundTripOutcome> o = roundtrip_tree("bench.nbz", bytes, ParseProfile::compatible, {}, false);
    if (o.size() != 2 || !o[1].identical) state.SkipWithError("the member does not round-trip");
    benchmark::DoNotOptimize(o);
  }
  report(state, mod_file(state.range(0)));
}
// A file as `meshgate sweep` handles it: a partial result of its own, merged
// into the corpus's (as a worker's is). `Digests`: as with --json, manifest or
// gate, which cite each file's SHA-256 and xxh3_64; without, as a sweep that
// only prints its summary.
template <const std::vector<std::byte>& (*File)(int64_t), bool Digests>
void BM_Sweep(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  SweepResult corpus;
  for (auto _ : state) {
    SweepResult r;
    sweep_file("bench", bytes, ParseProfile::compatible, r, Digests);
    corpus.observations.merge(r.observations);
    corpus.invariants.merge(r.invariants);
    benchmark::DoNotOptimize(r);
  }
  report(state, bytes);
}

// The change path, each next to the work it builds on:
// - inspect: parse + the field listing `inspect --json` prints, which diff,
//   set and dump read;
// - diff: both files' listings, then the comparison (a field edited, as a
//   user's patched file); with `Semantic`, by content (diff --semantic);
// - dump: the listing as JSON text; build: that text back to bytes (the
//   round trip's parse + write is its baseline);
// - rebuild: parse + the canonical layout (baseline: the round trip);
// - import: a .glb read and built back into a MOD with --like (baseline: export).
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Inspect(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(diff_sides("bench", bytes, ParseProfile::compatible));
  report(state, bytes);
}
const std::vector<std::byte>& edited_mod_file(int64_t kib) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[kib];
  if (bytes.empty()) {
    bytes = mod_file(kib);
    bytes[mod::object_record_offset(0) + mod::kObjectSpec.fields[mod::obj::radius].offset] ^= std::byte{1};
  }
  return bytes;
}
template <DiffMode Mode>
void BM_ModDiff(benchmark::State& state) {
  const auto& a = mod_file(state.range(0));
  const auto& b = edited_mod_file(state.range(0));
  for (auto _ : state) {
    const auto d = diff_trees(diff_sides("a", a, ParseProfile::compatible), diff_sides("b", b, ParseProfile::compatible), Mode);
    if (d.empty() || d[0].equal()) state.SkipWithError("the edit was not found");
    benchmark::DoNotOptimize(d);
  }
  report(state, a);
}
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Dump(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(dump_model("bench", bytes, ParseProfile::compatible).dump());
  report(state, bytes);
}
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Build(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  const std::string text = dump_model("bench", bytes, ParseProfile::compatible).dump();
  for (auto _ : state) {
    const BuildResult built = build_from_dump(nlohmann::json::parse(text));
    if (built.bytes != bytes) state.SkipWithError("build differs");
    benchmark::DoNotOptimize(built);
  }
  report(state, bytes);
}
template <const std::vector<std::byte>& (*File)(int64_t)>
void BM_Rebuild(benchmark::State& state) {
  const auto& bytes = File(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(rebuild_canonical("bench", bytes, ParseProfile::compatible));
  report(state, bytes);
}
void BM_ModImport(benchmark::State& state) {
  const auto& bytes = mod_file(state.range(0));
  const mod::ParseResult like = mod::parse_mod(bytes);
  const std::string glb = gltf::glb_bytes(export_mod_file(bytes).asset);
  for (auto _ : state) {
    std::string error;
    const auto asset = gltf::read_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), error);
    const mod::ImportedMod imported = mod::mod_from_gltf(*asset, &*like.model);
    benchmark::DoNotOptimize(mod::build_mod(imported.description));
  }
  report(state, bytes);
}

// An 8888 Texm of `side` x `side` pixels with a full mip chain,
// painted like the generated corpus (gradient and checker, two alphas).
const std::vector<std::byte>& texm_file(int64_t side) {
  static std::map<int64_t, std::vector<std::byte>> cache;
  auto& bytes = cache[side];
  if (!bytes.empty()) return bytes;
  texm::TextureDescription d;
  d.format = texm::PixelFormat::argb8888;
  d.width = d.height = static_cast<uint32_t>(side);
  for (uint32_t level = 0; (side >> level) > 0; ++level) {
    const texm::LevelSize s = texm::level_size(d.width, d.height, level);
    std::vector<uint8_t> texels(size_t{s.width} * s.height * 4);
    for (uint32_t y = 0; y < s.height; ++y)
      for (uint32_t x = 0; x < s.width; ++x) {
        uint8_t* t = texels.data() + (size_t{y} * s.width + x) * 4;
        const bool dark = ((x / 8 + y / 8) & 1) != 0;
        t[0] = static_cast<uint8_t>(x * 255 / std::max<uint32_t>(1, s.width - 1));
        t[1] = static_cast<uint8_t>(y * 255 / std::max<uint32_t>(1, s.height - 1));
        t[2] = dark ? 40 : 220, t[3] = dark ? 96 : 255;
      }
    d.texels.push_back(std::move(texels));
    d.mip_count = level + 1;
  }
  bytes = texm::build_texm(d);
  return bytes;
}
// Parse + decode level 0 to RGBA8 (what `texture` and the textured export do first).
void BM_TexmDecode(benchmark::State& state) {
  const auto& bytes = texm_file(state.range(0));
  for (auto _ : state) {
    const texm::ParseResult r = texm::parse_texm(bytes);
    benchmark::DoNotOptimize(texm::decode_level(*r.texture, 0));
  }
  report(state, bytes);
}
// Level 0 as a PNG at zlib level `Level` (1: what meshgate writes; 6: zlib's
// default), with the PNG's size as a counter to state what speed costs.
template <int Level>
void BM_TexmPng(benchmark::State& state) {
  const auto& bytes = texm_file(state.range(0));
  const texm::Rgba8Image image = texm::decode_level(*texm::parse_texm(bytes).texture, 0);
  size_t png_bytes = 0;
  for (auto _ : state) {
    const std::vector<std::byte> png = encode_png_rgba(image.width, image.height, image.rgba, Level);
    png_bytes = png.size();
    benchmark::DoNotOptimize(png);
  }
  report(state, bytes);
  state.counters["png_bytes"] = static_cast<double>(png_bytes);
  state.counters["rgba_bytes"] = static_cast<double>(image.rgba.size());
}
// The MSH model of msh_file, exported with a material chain whose every row
// falls back to DEFAULT, a 256 x 256 8888 texture: the textured export against
// msh/export. `Fresh`: a new texture cache per export (the first model that
// uses the texture pays its PNG), else a cache kept (every later model).
struct BenchLibraries {
  std::unique_ptr<GameLibraries> libraries;
  BenchLibraries() {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("meshgate-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    nres::ArchiveDescription textures, materials;
    textures.entries.push_back({texm::kTexmTypeId, 0, 0, 0, "TEX_BENCH", {}, texm_file(256)});
    std::vector<std::byte> mat(14 + 34, std::byte{0});
    mat[0] = std::byte{1};  // one phase, no track
    for (size_t k = 4; k < 8; ++k) mat[14 + k] = std::byte{200};  // diffuse
    mat[14 + 17] = std::byte{0xFF};                                // cell -1
    const std::string name = "TEX_BENCH";
    for (size_t k = 0; k < name.size(); ++k) mat[14 + 18 + k] = static_cast<std::byte>(name[k]);
    materials.entries.push_back({0x3054414D, 0, 6, 0, "DEFAULT", {}, mat});
    for (const auto& [file, d] : {std::pair{"Textures.lib", &textures}, std::pair{"Material.lib", &materials}}) {
      const std::vector<std::byte> lib = nres::build_nres(*d);
      std::ofstream(dir / file, std::ios::binary).write(reinterpret_cast<const char*>(lib.data()), static_cast<std::streamsize>(lib.size()));
    }
    std::string error;
    libraries = GameLibraries::open(*find_libraries(dir.string(), "", "", error), {}, error);
    std::filesystem::remove_all(dir);
  }
};
template <bool Fresh>
void BM_MshExportTextured(benchmark::State& state) {
  static const BenchLibraries libs;
  const auto& bytes = msh_file(state.range(0));
  TextureCache kept;
  for (auto _ : state) {
    TextureCache fresh;
    const msh::ParseResult model = msh::parse_msh(bytes);
    MaterialChain chain(*libs.libraries, std::nullopt, "", "", {}, Fresh ? fresh : kept);
    gltf::ExportOptions options{"bench.msh", 0};
    chain.attach(options);
    const gltf::Exported e = gltf::export_msh(*model.model, bytes, options);
    if (e.summary.textures != 1) state.SkipWithError("the texture was not embedded");
    benchmark::DoNotOptimize(gltf::glb_bytes(e.asset));
  }
  report(state, bytes);
}

// Sizes: MOD in KiB (2, 35, 110, 220), MSH in vertices (12, 1,000, 10,000).
#define MOD_SIZES ->Arg(2)->Arg(35)->Arg(110)->Arg(220)
#define MSH_SIZES ->Arg(12)->Arg(1000)->Arg(10000)
BENCHMARK(BM_Memcpy<mod_file>)->Name("mod/memcpy") MOD_SIZES;
BENCHMARK(BM_ModParse)->Name("mod/parse") MOD_SIZES;
BENCHMARK(BM_ModWrite)->Name("mod/write") MOD_SIZES;
BENCHMARK(BM_Export<mod_file, export_mod_file, true>)->Name("mod/export") MOD_SIZES;
BENCHMARK(BM_Export<mod_file, export_mod_file, false>)->Name("mod/export_asset") MOD_SIZES;
BENCHMARK(BM_Export<facing_mod_file, export_facing_file<gltf::Winding::strip>, true>)->Name("mod/export_winding_strip")->Arg(35)->Arg(220);
BENCHMARK(BM_Export<facing_mod_file, export_facing_file<gltf::Winding::normals>, true>)->Name("mod/export_winding_normals")->Arg(35)->Arg(220);
BENCHMARK(BM_RoundTrip<mod_file, false>)->Name("mod/roundtrip") MOD_SIZES;
BENCHMARK(BM_RoundTrip<mod_file, true>)->Name("mod/roundtrip_xxh3") MOD_SIZES;
BENCHMARK(BM_VolumeRoundTrip<volume_file<false>>)->Name("mod/volume_roundtrip_stored")->Arg(35)->Arg(220);
BENCHMARK(BM_VolumeRoundTrip<volume_file<true>>)->Name("mod/volume_roundtrip_deflate")->Arg(35)->Arg(220);
BENCHMARK(BM_Sweep<mod_file, false>)->Name("mod/sweep") MOD_SIZES;
BENCHMARK(BM_Sweep<mod_file, true>)->Name("mod/sweep_digests") MOD_SIZES;
BENCHMARK(BM_Sha256<mod_file>)->Name("mod/sha256") MOD_SIZES;
BENCHMARK(BM_Memcpy<msh_file>)->Name("msh/memcpy") MSH_SIZES;
BENCHMARK(BM_MshParse)->Name("msh/parse") MSH_SIZES;
BENCHMARK(BM_MshWrite)->Name("msh/write") MSH_SIZES;
BENCHMARK(BM_Export<msh_file, export_msh_file, true>)->Name("msh/export") MSH_SIZES;
BENCHMARK(BM_Export<msh_file, export_msh_file, false>)->Name("msh/export_asset") MSH_SIZES;
BENCHMARK(BM_RoundTrip<msh_file, false>)->Name("msh/roundtrip") MSH_SIZES;
BENCHMARK(BM_RoundTrip<msh_file, true>)->Name("msh/roundtrip_xxh3") MSH_SIZES;
BENCHMARK(BM_Sweep<msh_file, false>)->Name("msh/sweep") MSH_SIZES;
BENCHMARK(BM_Sweep<msh_file, true>)->Name("msh/sweep_digests") MSH_SIZES;
BENCHMARK(BM_Sha256<msh_file>)->Name("msh/sha256") MSH_SIZES;
// The change path at the sizes its budget names: MOD 220 KiB, MSH 10,000 vertices.
BENCHMARK(BM_Inspect<mod_file>)->Name("mod/inspect")->Arg(220);
BENCHMARK(BM_ModDiff<DiffMode::bytes>)->Name("mod/diff")->Arg(220);
BENCHMARK(BM_ModDiff<DiffMode::content>)->Name("mod/diff_semantic")->Arg(220);
BENCHMARK(BM_Rebuild<mod_file>)->Name("mod/rebuild")->Arg(220);
BENCHMARK(BM_ModImport)->Name("mod/import")->Arg(220);
BENCHMARK(BM_Inspect<msh_file>)->Name("msh/inspect")->Arg(10000);
BENCHMARK(BM_Dump<msh_file>)->Name("msh/dump")->Arg(10000);
BENCHMARK(BM_Build<msh_file>)->Name("msh/build")->Arg(10000);
BENCHMARK(BM_Rebuild<msh_file>)->Name("msh/rebuild")->Arg(10000);
BENCHMARK(BM_Memcpy<texm_file>)->Name("texm/memcpy")->Arg(256)->Arg(1024);
BENCHMARK(BM_TexmDecode)->Name("texm/parse_decode")->Arg(256)->Arg(1024);
BENCHMARK(BM_TexmPng<kPngFastCompression>)->Name("texm/png")->Arg(256)->Arg(1024);
BENCHMARK(BM_TexmPng<6>)->Name("texm/png_level6")->Arg(256)->Arg(1024);
BENCHMARK(BM_MshExportTextured<true>)->Name("msh/export_textured")->Arg(1000)->Arg(10000);
BENCHMARK(BM_MshExportTextured<false>)->Name("msh/export_textured_cached")->Arg(1000)->Arg(10000);

}  // namespace
}  // namespace meshgate


BENCHMARK_MAIN();
