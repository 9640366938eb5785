// Facing: the generator plants strips whose starting orientation
// is reversed (and a few internally inconsistent) and says how many; the
// export under --winding normals flips exactly those triangles and every
// triangle it writes faces its normals; --winding strip keeps strict
// alternation; triangles with no area or no side follow the documented rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "export/gltf_export.hpp"
#include "parser/gltf/gltf_reader.hpp"
#include "parser/mod/mod_facing.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mod/mod_topology.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate::gltf {
namespace {

constexpr uint64_t kSeed = 20261202;
constexpr uint64_t kFiles = 30;

tinygltf::Model read_back(const tinygltf::Model& asset) {
  const std::string glb = glb_bytes(asset);
  std::string error;
  std::optional<tinygltf::Model> back = read_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), error);
  EXPECT_TRUE(back) << error;
  return back.value_or(tinygltf::Model{});
}

// dot((b-a) x (c-a), na + nb + nc) of every triangle of every primitive, as a consumer sees it.
std::vector<double> facing_dots(const tinygltf::Model& g) {
  std::vector<double> out;
  for (const tinygltf::Mesh& mesh : g.meshes)
    for (const tinygltf::Primitive& p : mesh.primitives) {
      if (p.indices < 0) continue;
      const auto pos = *accessor_floats(g, p.attributes.at("POSITION"));
      const auto nrm = *accessor_floats(g, p.attributes.at("NORMAL"));
      const auto idx = *accessor_uints(g, p.indices);
      for (size_t t = 0; t + 2 < idx.size(); t += 3) {
        const auto at = [&](const std::vector<float>& v, size_t corner, size_t c) { return double{v[3 * idx[t + corner] + c]}; };
        std::array<double, 3> u{}, w{}, s{};
        for (size_t c = 0; c < 3; ++c) {
          u[c] = at(pos, 1, c) - at(pos, 0, c);
          w[c] = at(pos, 2, c) - at(pos, 0, c);
          s[c] = at(nrm, 0, c) + at(nrm, 1, c) + at(nrm, 2, c);
        }
        const std::array<double, 3> x{u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        out.push_back(x[0] * s[0] + x[1] * s[1] + x[2] * s[2]);
      }
    }
  return out;
}

TEST(GltfFacing, FlipCountsAreWhatTheGeneratorPlanned) {
  uint64_t reversed = 0, inconsistent = 0, flipped = 0;
  const std::vector<SynthFile> corpus = mod::synth_mod_corpus(kSeed, kFiles);
  for (uint64_t i = 0; i < kFiles; ++i) {
    const SynthFile& file = corpus[i];
    SCOPED_TRACE(file.name);
    const mod::FacingPlan plan = mod::planned_facing(kSeed, i);
    const mod::ParseResult parsed = mod::parse_mod(file.bytes);
    ASSERT_TRUE(parsed.ok());
    const ExportSummary normals = export_mod(*parsed.model, file.bytes, {file.name, 0, Winding::normals}).summary;
    EXPECT_EQ(normals.winding, "normals");
    EXPECT_EQ(normals.strips, plan.strips);
    EXPECT_EQ(normals.reversed_strips, plan.reversed);
    EXPECT_EQ(normals.inconsistent_strips, plan.inconsistent);
    EXPECT_EQ(normals.triangles, plan.triangles);
    EXPECT_EQ(normals.flipped_triangles, plan.flipped);
    EXPECT_EQ(normals.undecided_triangles, 0u);
    EXPECT_EQ(normals.against_normals, 0u);
    const ExportSummary strip = export_mod(*parsed.model, file.bytes, {file.name, 0, Winding::strip}).summary;
    EXPECT_EQ(strip.winding, "strip");
    EXPECT_EQ(strip.flipped_triangles, 0u);
    EXPECT_EQ(strip.against_normals, plan.flipped);
    EXPECT_EQ(strip.reversed_strips, plan.reversed);
    EXPECT_EQ(strip.inconsistent_strips, plan.inconsistent);
    reversed += plan.reversed, inconsistent += plan.inconsistent, flipped += plan.flipped;
  }
  // The real-file shapes are there: reversed starts, and a few inconsistent strips.
  EXPECT_GT(reversed, 20u);
  EXPECT_GT(inconsistent, 0u);
  EXPECT_LT(inconsistent, reversed);
  EXPECT_GT(flipped, 0u);
}

TEST(GltfFacing, EveryExportedTriangleFacesItsNormalsUnderWindingNormals) {
  size_t triangles = 0, against_under_strip = 0;
  for (const SynthFile& file : mod::synth_mod_corpus(kSeed, 12)) {
    SCOPED_TRACE(file.name);
    const mod::ParseResult parsed = mod::parse_mod(file.bytes);
    ASSERT_TRUE(parsed.ok());
    const Exported e = export_mod(*parsed.model, file.bytes, {file.name, 0, Winding::normals});
    const std::vector<double> dots = facing_dots(read_back(e.asset));
    ASSERT_EQ(dots.size(), e.summary.triangles);
    for (size_t t = 0; t < dots.size(); ++t) EXPECT_GT(dots[t], 0.0) << "triangle " << t;
    triangles += dots.size();
    const Exported s = export_mod(*parsed.model, file.bytes, {file.name, 0, Winding::strip});
    for (const double d : facing_dots(read_back(s.asset))) against_under_strip += d < 0;
    EXPECT_EQ(e.asset.asset.extras.Get("meshgate").Get("conventions").Get("winding").Get<std::string>(), "normals");
    EXPECT_EQ(s.asset.asset.extras.Get("meshgate").Get("conventions").Get("winding").Get<std::string>(), "strip");
  }
  EXPECT_GT(triangles, 1000u);
  EXPECT_GT(against_under_strip, 0u);  // the strip rule leaves the reversed starts inside out
}

// Strict alternation: neighbours in a run (newest vertices i-1, i) traverse
// their shared edge in opposite directions.
size_t alternation_breaks(const std::vector<uint32_t>& indices) {
  const auto directed = [](const uint32_t* t, uint32_t a, uint32_t b) {
    for (int corner = 0; corner < 3; ++corner)
      if (t[corner] == a && t[(corner + 1) % 3] == b) return true;
    return false;
  };
  size_t breaks = 0;
  for (size_t t = 3; t + 2 < indices.size(); t += 3) {
    const uint32_t* prev = &indices[t - 3];
    const uint32_t* cur = &indices[t];
    const uint32_t newest = std::max({cur[0], cur[1], cur[2]});
    if (std::max({prev[0], prev[1], prev[2]}) + 1 != newest) continue;  // a break or a dropped triangle between
    breaks += directed(prev, newest - 2, newest - 1) != directed(cur, newest - 1, newest - 2);
  }
  return breaks;
}

TEST(GltfFacing, WindingStripKeepsAlternationAndStartsAsStored) {
  size_t breaks_under_normals = 0;
  for (const SynthFile& file : mod::synth_mod_corpus(kSeed, 12)) {
    SCOPED_TRACE(file.name);
    const mod::ParseResult parsed = mod::parse_mod(file.bytes);
    ASSERT_TRUE(parsed.ok());
    for (const Winding rule : {Winding::strip, Winding::normals}) {
      const tinygltf::Model back = read_back(export_mod(*parsed.model, file.bytes, {file.name, 0, rule}).asset);
      for (const tinygltf::Mesh& mesh : back.meshes)
        for (const tinygltf::Primitive& p : mesh.primitives) {
          const std::vector<uint32_t> indices = *accessor_uints(back, p.indices);
          if (rule == Winding::normals) {
            breaks_under_normals += alternation_breaks(indices);
            continue;
          }
          EXPECT_EQ(alternation_breaks(indices), 0u);
          // A strip's first triangle is (i-2, i-1, i) as stored.
          for (size_t t = 0; t + 2 < indices.size(); t += 3) {
            const bool starts = t == 0 || std::max({indices[t - 3], indices[t - 2], indices[t - 1]}) + 1 !=
                                              std::max({indices[t], indices[t + 1], indices[t + 2]});
            if (!starts) continue;
            EXPECT_EQ(indices[t] + 1, indices[t + 1]);
            EXPECT_EQ(indices[t + 1] + 1, indices[t + 2]);
          }
        }
    }
  }
  EXPECT_GT(breaks_under_normals, 0u);  // inconsistent strips change direction inside a run
}

// A mesh by hand: a zig-zag strip of 7 vertices (triangles ending at 2..6)
// whose first triangle's normals are zero (no side: kept as stored), whose
// triangle ending at 4 collapses (vertex 4 on vertex 3: no area, dropped),
// and whose normals elsewhere point against the first triangle's winding.
TEST(GltfFacing, TrianglesWithoutASideKeepTheStripWindingAndAreCounted) {
  mod::ModDescription d = mod::random_mod_description(5, 0);
  d.objects.resize(1);
  mod::MeshDescription& m = d.objects[0].meshes.at(0);
  d.objects[0].meshes.resize(1);
  const size_t n = 7;
  m.positions = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 0}, {2, 1, 0}, {3, 0, 0}};
  m.normals.assign(n, {0, 0, 1});  // (0,1,0),(1,0,0) from (0,0,0) winds about -z: these normals disagree
  m.normals[0] = m.normals[1] = m.normals[2] = {0, 0, 0};
  m.uv.assign(n, {0, 0});
  m.blend_indices.assign(n, {0, 0, 0, 0});
  m.control.assign(n, 31);  // one bone, weight 31, no break
  mod::compute_bounds(d.objects[0]);
  const std::vector<std::byte> bytes = mod::build_mod(d).bytes;
  const mod::ParseResult parsed = mod::parse_mod(bytes);
  ASSERT_TRUE(parsed.ok());
  const mod::MeshFacing strip = mod::face_mesh(parsed.model->objects[0].meshes[0], Winding::strip);
  const mod::MeshFacing normals = mod::face_mesh(parsed.model->objects[0].meshes[0], Winding::normals);
  for (const mod::MeshFacing* f : {&strip, &normals}) {
    EXPECT_EQ(f->dropped_degenerates, 2u);  // (2,3,4) and (3,4,5): vertex 4 sits on vertex 3
    EXPECT_EQ(f->undecided, 1u);            // (0,1,2): every normal zero
    ASSERT_EQ(f->triangles.size(), 3u);
    EXPECT_EQ(f->triangles[0], (std::array<uint16_t, 3>{0, 1, 2}));  // kept as strict alternation winds it
    ASSERT_EQ(f->strips.size(), 1u);
  }
  // Triangles ending at 3 and 6: (2,1,3) and (4,5,6) by alternation. (2,1,3)
  // = (1,0),(0,1),(1,1) winds about -z: against +z; (4,5,6) = (1,1),(2,1),(3,0)
  // winds about -z too: against. The strip is reversed; the rule flips both.
  EXPECT_EQ(strip.strips[0].facing, mod::StripFacing::reversed);
  EXPECT_EQ(strip.against_normals, 2u);
  EXPECT_EQ(strip.flipped, 0u);
  EXPECT_EQ(normals.flipped, 2u);
  EXPECT_EQ(normals.against_normals, 0u);
  EXPECT_EQ(normals.triangles[1], (std::array<uint16_t, 3>{1, 2, 3}));
  EXPECT_EQ(normals.triangles[2], (std::array<uint16_t, 3>{5, 4, 6}));
}

}  // namespace
}  // namespace meshgate::gltf
