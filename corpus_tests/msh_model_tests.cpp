// MSH model parsing on the hand-built fixture (field by field), the 24-byte
// node variant, the render and triangle walks, the canonical exporter's
// derived values, and the Windows-1251 view of Res10.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <tuple>

#include "corpus_tests/msh_fixtures.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_invariants.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/msh/msh_text.hpp"
#include "parser/msh/msh_walks.hpp"
#include "synth/msh/msh_synth.hpp"
#include "writer/msh/msh_writer.hpp"

namespace meshgate::msh {
namespace {

using testing::hand_built_model;

ParseResult parse_ok(const std::vector<std::byte>& bytes) {
  ParseResult r = parse_msh(bytes);
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : format_diagnostic("model", r.diagnostics.back()));
  return r;
}

TEST(MshFixture, EveryStreamDecodesAtItsOffsets) {
  const auto bytes = nres::build_nres(hand_built_model());
  const ParseResult r = parse_ok(bytes);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty()) << r.diagnostics.front().code;
  const Model& m = *r.model;
  const auto nodes = node_views(m);
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_EQ(nodes[0].flags, 0x40);
  EXPECT_EQ(nodes[0].parent, kNone);
  EXPECT_EQ(nodes[0].slots[0], 0);
  EXPECT_EQ(nodes[0].slots[14], kNone);

  const auto* hs = m.get<HeaderSlotStream>(stream_type::header_slots);
  ASSERT_NE(hs, nullptr);
  ASSERT_EQ(hs->slots.size(), 1u);
  const SlotRecord& slot = hs->slots[0];
  EXPECT_EQ(slot.get(field_index<kSlotSpec>("tri_count")), 1u);
  EXPECT_FLOAT_EQ(slot.get_f32(field_index<kSlotSpec>("aabb_max_y")), 1.f);
  EXPECT_FLOAT_EQ(slot.get_f32(field_index<kSlotSpec>("sphere_radius")), 0.75f);
  EXPECT_EQ(slot.get(field_index<kSlotSpec>("slot_3c")), 0x22222222u);
  EXPECT_FLOAT_EQ(hs->header.get_f32(field_index<kModelHeaderSpec>("capsule_radius")), 0.7f);
  EXPECT_FLOAT_EQ(hs->header.get_f32(field_index<kModelHeaderSpec>("corner3_y")), 1.f);

  const auto* normals = m.get<PackedNormalStream>(stream_type::normals);
  ASSERT_NE(normals, nullptr);
  EXPECT_FLOAT_EQ(decode_normal_component(static_cast<int8_t>(normals->normals[1][2])), 1.f);
  EXPECT_EQ(normals->normals[1][3], 0x55);  // byte 3 kept
  const auto* uv = m.get<WordPairStream>(stream_type::uv0);
  EXPECT_FLOAT_EQ(decode_uv_signed(uv->pairs[2][1]), -1.f);

  const auto* batches = m.get<BatchStream>(stream_type::batches);
  const BatchRecord& b = batches->batches.at(0);
  EXPECT_EQ(b.get(field_index<kBatchSpec>("material_4")), 3u);
  EXPECT_EQ(b.get(field_index<kBatchSpec>("material_5")), 0xFFu);
  EXPECT_EQ(b.get(field_index<kBatchSpec>("index_count")), 3u);
  EXPECT_EQ(b.get(field_index<kBatchSpec>("batch_0e")), 3u);
  const auto* tris = m.get<TriangleStream>(stream_type::triangles);
  EXPECT_EQ(tris->triangles.at(0).get_signed(field_index<kTriangleSpec>("normal_z")), 32767);
  EXPECT_EQ(tris->triangles.at(0).get(field_index<kTriangleSpec>("sel_packed")), 0x3Fu);
  const auto* keys = m.get<KeyStream>(stream_type::keys);
  EXPECT_EQ(keys->keys.at(0).get_signed(field_index<kKeySpec>("rotation_3")), 32767);
  const auto* strings = m.get<StringStream>(stream_type::strings);
  ASSERT_EQ(strings->records.size(), 1u);
  EXPECT_EQ(strings->records[0].length, 4u);
  EXPECT_EQ(cp1251_to_utf8(strings->records[0].text), "root");

  const ModelCounts c = model_counts(m);
  EXPECT_EQ(c.nodes, 1u);
  EXPECT_EQ(c.vertices, 3u);
  EXPECT_EQ(c.indices, 3u);
  EXPECT_EQ(c.triangles, 1u);
  EXPECT_EQ(c.keys, 1u);
  EXPECT_EQ(c.frames, 0u);

  // Every payload byte is explained by a field; only container padding is uncovered.
  for (const UncoveredRange& u : r.coverage.uncovered) EXPECT_EQ(u.kind, GapKind::alignment_padding);
  const uint64_t res13 = m.find(stream_type::batches)->record.get(nres::entry::data_offset);
  EXPECT_EQ(r.coverage_map.path_at(res13 + 0x0A), "res13[0].index_start");
  EXPECT_EQ(r.coverage_map.path_at(res13 + 0x04), "res13[0].material_4");

  const WriteResult w = write_msh(m);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w.bytes, bytes);
}

TEST(MshFixture, NodesOf24BytesKeepEightSlotWords) {
  nres::ArchiveDescription d = hand_built_model();
  for (auto& e : d.entries)
    if (e.type_id == stream_type::nodes) {
      e.payload.resize(24);  // header + 8 slot words (MTCHECK.MSH layout)
      e.attr3 = 24;
    }
  const auto bytes = nres::build_nres(d);
  const ParseResult r = parse_ok(bytes);
  ASSERT_TRUE(r.ok());
  ASSERT_NE(r.model->get<ShortNodeStream>(stream_type::nodes), nullptr);
  const auto nodes = node_views(*r.model);
  EXPECT_EQ(nodes[0].slots[0], 0);
  EXPECT_EQ(nodes[0].slots[8], kNone);  // beyond the stored words: 0xFFFF, as PP fills them
  EXPECT_EQ(render_walk(*r.model, {0, 0}).size(), 1u);
  EXPECT_EQ(write_msh(*r.model).bytes, bytes);
}

TEST(MshFixture, ContainerChecksApplyToTheModel) {  // §4.23
  nres::ArchiveDescription d = hand_built_model();
  d.entries[3].name = "";  // an empty name fails §1.7.8
  const ParseResult r = parse_msh(nres::build_nres(d));
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.back().code, "nres.name-empty");
}

// §4.21/§4.22 run as one branch-free pass over the descriptors' 16-bit lanes
// before the loop that names the offender: each link field and the selector
// word, at each of the four places in the pass's blocks of four descriptors,
// a middle one and the last, must reach its code.
TEST(MshInvariants, EveryDescriptorLaneReachesItsRule) {
  const ParseResult base = parse_ok(export_msh(malformed_base_model()));
  ASSERT_TRUE(base.model);
  const size_t n = base.model->get<TriangleStream>(stream_type::triangles)->triangles.size();
  ASSERT_GE(n, 9u);
  ASSERT_NE(n % 4, 0u);  // a tail after the blocks
  {
    Diagnostics clean;
    EXPECT_TRUE(check_invariants(*base.model, clean));
    EXPECT_TRUE(clean.items().empty());
  }
  struct Case { const char* field; uint64_t value; const DiagnosticCode& code; };
  const std::array<Case, 4> cases = {Case{"neighbour_0", n, codes::triangle_link_out_of_range},
                                     Case{"neighbour_1", 0xFFFE, codes::triangle_link_out_of_range},
                                     Case{"neighbour_2", n + 7, codes::triangle_link_out_of_range},
                                     Case{"sel_packed", 0x40, codes::sel_packed_high_bits}};
  for (const Case& c : cases)
    for (const size_t t : {size_t{0}, size_t{1}, size_t{2}, size_t{3}, n / 2, n - 1}) {  // each place in a block of four, and the tail
      Model m = *base.model;
      for (Stream& s : m.streams)
        if (auto* tris = std::get_if<TriangleStream>(&s.data)) {
          size_t f = 0;
          while (TriangleRecord::spec(f).name != c.field) ++f;
          tris->triangles[t].set(f, c.value);
        }
      Diagnostics d;
      (void)check_invariants(m, d);
      const bool raised = std::ranges::any_of(d.items(), [&](const Diagnostic& x) { return x.code == c.code.code; });
      EXPECT_TRUE(raised) << c.field << " of descriptor " << t;
    }
  // The edges the pass must let through: the last valid link, kNone, the
  // largest valid selector word, and any value in the lanes no rule reads.
  const std::array<std::pair<const char*, uint64_t>, 9> sound = {{{"neighbour_0", n - 1}, {"neighbour_1", 0xFFFF},
                                                                  {"neighbour_2", 0}, {"sel_packed", 0x3F},
                                                                  {"tri_flags", 0xFFFF}, {"normal_x", 0xFFFF},
                                                                  {"normal_y", 0x8000}, {"normal_z", 0x7FFF},
                                                                  {"sel_packed", 0}}};
  for (const auto& [field, value] : sound)
    for (const size_t t : {size_t{0}, size_t{3}, n - 1}) {
      Model m = *base.model;
      for (Stream& s : m.streams)
        if (auto* tris = std::get_if<TriangleStream>(&s.data)) {
          size_t f = 0;
          while (TriangleRecord::spec(f).name != std::string_view(field)) ++f;
          tris->triangles[t].set(f, value);
        }
      Diagnostics d;
      EXPECT_TRUE(check_invariants(m, d)) << field << " = " << value << " of descriptor " << t;
      EXPECT_FALSE(std::ranges::any_of(d.items(), [](const Diagnostic& x) {
        return x.code == codes::triangle_link_out_of_range.code || x.code == codes::sel_packed_high_bits.code;
      })) << field << " = " << value << " of descriptor " << t;
    }
}

TEST(MshDetection, ModelsAreTypedStreamsWithoutTerrainTypes) {
  const auto model = nres::parse_nres(nres::build_nres(hand_built_model()));
  EXPECT_TRUE(is_model_archive(*model.archive));
  nres::ArchiveDescription terrain = hand_built_model();
  terrain.entries.push_back({21, 0, 0, 28, "Land", {}, {}});  // a terrain face stream: Land.msh, out of scope
  EXPECT_FALSE(is_model_archive(*nres::parse_nres(nres::build_nres(terrain)).archive));
  nres::ArchiveDescription textures;
  textures.entries.push_back({0x6D786554, 0, 0, 0, "a.tex", {}, {}});
  EXPECT_FALSE(is_model_archive(*nres::parse_nres(nres::build_nres(textures)).archive));
}

TEST(MshWalks, RenderWalkFollowsNodeSlotBatch) {
  const ExportModel src = malformed_base_model();
  const ParseResult r = parse_ok(export_msh(src));
  ASSERT_TRUE(r.ok());
  WalkStats stats;
  const auto calls = render_walk(*r.model, {0, 0}, &stats);
  // Nodes 0, 1, 2 in block 0 column 0: 2 + 1 + 1 batches.
  ASSERT_EQ(calls.size(), 4u);
  EXPECT_EQ(stats.nodes_with_slot, 3u);
  EXPECT_EQ(stats.skipped, 0u);
  EXPECT_EQ(calls[0].node, 0u);
  EXPECT_EQ(calls[2].node, 1u);
  EXPECT_EQ(calls[3].node, 2u);
  // Batches are laid out node by node: base vertex of node 1's first batch = 6 + 5 vertices of node 0.
  EXPECT_EQ(calls[2].base_vertex, 11u);
  EXPECT_EQ(calls[1].index_start, calls[0].index_count);
  EXPECT_EQ(calls[0].wear_row, src.nodes[0].slots[0].batches[0].wear_row);
  const auto lod1 = render_walk(*r.model, {0, 1});  // only node 1 has a column-1 slot
  ASSERT_EQ(lod1.size(), 1u);
  EXPECT_EQ(lod1[0].node, 1u);
  EXPECT_TRUE(render_walk(*r.model, {2, 4}).empty());
  EXPECT_TRUE(render_walk(*r.model, {3, 0}).empty());  // outside the 3 x 5 matrix
}

// Streams built once walk every selector as the per-call ones do, and stay
// valid across walks of one model.
TEST(MshWalks, StreamsBuiltOnceWalkAsFreshOnes) {
  const ParseResult r = parse_ok(export_msh(malformed_base_model()));
  ASSERT_TRUE(r.ok());
  const WalkStreams streams(*r.model);
  const auto key = [](const DrawCall& d) {
    return std::tuple(d.node, d.slot, d.batch, d.base_vertex, d.index_start, d.index_count, d.batch_flags, d.wear_row);
  };
  uint64_t calls = 0, triangles = 0;
  for (unsigned block = 0; block < 4; ++block)
    for (unsigned column = 0; column < 6; ++column) {
      WalkStats a, b;
      const auto fresh = render_walk(*r.model, {block, column}, &a);
      const auto reused = render_walk(streams, {block, column}, &b);
      ASSERT_EQ(fresh.size(), reused.size());
      for (size_t i = 0; i < fresh.size(); ++i) EXPECT_EQ(key(fresh[i]), key(reused[i]));
      EXPECT_EQ(std::tie(a.nodes_with_slot, a.batches, a.skipped), std::tie(b.nodes_with_slot, b.batches, b.skipped));
      calls += fresh.size();
      std::vector<uint32_t> t1, t2;
      const WalkStats x = triangle_walk(*r.model, {block, column}, {}, [&](const TriangleVisit& v) { t1.push_back(v.triangle); });
      const WalkStats y = triangle_walk(streams, {block, column}, {}, [&](const TriangleVisit& v) { t2.push_back(v.triangle); });
      EXPECT_EQ(t1, t2);
      EXPECT_EQ(std::tie(x.triangles, x.filtered, x.skipped), std::tie(y.triangles, y.filtered, y.skipped));
      triangles += t1.size();
    }
  EXPECT_GT(calls, 4u);
  EXPECT_GT(triangles, 13u);
}

TEST(MshWalks, TriangleWalkResolvesIndicesAndPositions) {
  ExportModel src = malformed_base_model();
  src.nodes[0].slots[0].batches[0].tri_flags = {0, 4, 0, 4};
  const ParseResult r = parse_ok(export_msh(src));
  ASSERT_TRUE(r.ok());
  std::vector<TriangleVisit> seen;
  const WalkStats all = triangle_walk(*r.model, {0, 0}, {}, [&](const TriangleVisit& v) { seen.push_back(v); });
  // Strips of 6, 5, 7 and 3 vertices: 4 + 3 + 5 + 1 triangles.
  EXPECT_EQ(all.triangles, 13u);
  EXPECT_EQ(all.skipped, 0u);
  const ExportBatch& b0 = src.nodes[0].slots[0].batches[0];
  for (size_t t = 0; t < 4; ++t) {
    EXPECT_EQ(seen[t].triangle, t);
    for (size_t k = 0; k < 3; ++k) {
      EXPECT_EQ(seen[t].indices[k], b0.indices[3 * t + k]);
      EXPECT_EQ(seen[t].positions[k], b0.vertices[b0.indices[3 * t + k]].position);
    }
  }
  const ExportBatch& gun = src.nodes[2].slots[0].batches[0];
  EXPECT_EQ(seen.back().positions[2], gun.vertices[gun.indices[2]].position);
  size_t with_flag = 0;
  const WalkStats required = triangle_walk(*r.model, {0, 0}, {.require = 4}, [&](const TriangleVisit& v) {
    ++with_flag;
    EXPECT_EQ(v.descriptor->get(field_index<kTriangleSpec>("tri_flags")), 4u);
  });
  EXPECT_EQ(with_flag, 2u);
  EXPECT_EQ(required.filtered, 11u);
  const WalkStats excluded = triangle_walk(*r.model, {0, 0}, {.exclude = 4}, [](const TriangleVisit&) {});
  EXPECT_EQ(excluded.triangles, 11u);
}

TEST(MshWalks, WalksStayInBoundsOnInconsistentModels) {
  const ParseResult r = parse_ok(export_msh(malformed_base_model()));
  ASSERT_TRUE(r.ok());
  Model m = *r.model;
  auto& slots = std::get<HeaderSlotStream>(m.streams[1].data).slots;
  slots[0].set(field_index<kSlotSpec>("batch_count"), 500);  // the walks must not trust the model
  slots[0].set(field_index<kSlotSpec>("tri_start"), 60000);
  WalkStats stats;
  (void)render_walk(m, {0, 0}, &stats);
  EXPECT_GT(stats.skipped, 0u);
  const WalkStats t = triangle_walk(m, {0, 0}, {}, [](const TriangleVisit&) {});
  EXPECT_GT(t.skipped, 0u);
}

TEST(MshExporter, DerivesDescriptorsBoundsAndAnimation) {
  const ExportModel src = malformed_base_model();
  const ParseResult r = parse_ok(export_msh(src));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty()) << r.diagnostics.front().code << ": " << r.diagnostics.front().message;
  const Model& m = *r.model;
  // Neighbour links are symmetric and share an edge.
  const auto& tris = m.get<TriangleStream>(stream_type::triangles)->triangles;
  for (size_t t = 0; t < tris.size(); ++t)
    for (size_t e = 1; e <= 3; ++e) {
      const uint64_t n = tris[t].get(e);
      if (n == kNone) continue;
      bool back = false;
      for (size_t f = 1; f <= 3; ++f) back = back || tris[n].get(f) == t;
      EXPECT_TRUE(back) << t << " -> " << n;
    }
  // Face normals are unit length (quantised to /32767).
  for (const TriangleRecord& t : tris) {
    const auto unit = [&](size_t f) { return static_cast<double>(t.get_signed(f)) / 32767.0; };
    const double x = unit(4), y = unit(5), z = unit(6);
    EXPECT_NEAR(x * x + y * y + z * z, 1.0, 1e-3);
  }
  // Slot AABB holds every vertex its batches reach.
  const auto& slots = m.get<HeaderSlotStream>(stream_type::header_slots)->slots;
  const auto& pos = m.get<PositionStream>(stream_type::positions)->positions;
  for (const DrawCall& d : render_walk(m, {0, 0})) {
    const SlotRecord& s = slots[d.slot];
    for (uint32_t v = d.base_vertex; v < d.base_vertex + 3; ++v)
      for (size_t c = 0; c < 3; ++c) {
        EXPECT_GE(f32_from_bits(pos[v][c]), s.get_f32(4 + c));
        EXPECT_LE(f32_from_bits(pos[v][c]), s.get_f32(7 + c));
      }
  }
  // Animation: node 1 owns a 6-frame run; its fallback is the last key of its track.
  const auto nodes = node_views(m);
  EXPECT_EQ(nodes[0].anim_map_start, kNone);
  EXPECT_EQ(nodes[0].fallback_key, 0);  // static: one rest key
  EXPECT_EQ(nodes[1].anim_map_start, 0);
  EXPECT_EQ(nodes[1].fallback_key, 3);  // keys 1, 2, 3 at times 0, 2, 4
  EXPECT_EQ(nodes[2].fallback_key, 4);
  EXPECT_EQ(m.get<WordStream>(stream_type::frame_map)->words, (PodVector<uint16_t>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(m.find(stream_type::frame_map)->record.get(nres::entry::attr2), 6u);  // attr2 = frame count
  EXPECT_EQ(model_counts(m).frames, 6u);
}

TEST(MshExporter, RejectsWhatTheFormatCannotHold) {
  std::string error;
  ExportModel bad_parent = malformed_base_model();
  bad_parent.nodes[1].parent = 2;
  EXPECT_TRUE(export_msh(bad_parent, &error).empty());
  EXPECT_NE(error.find("parent"), std::string::npos);
  ExportModel bad_times = malformed_base_model();
  bad_times.nodes[1].track[2].time = 1;
  EXPECT_TRUE(export_msh(bad_times, &error).empty());
  EXPECT_NE(error.find("times"), std::string::npos);
  ExportModel partial = malformed_base_model();
  partial.nodes[0].slots[0].batches[0].indices.pop_back();
  EXPECT_TRUE(export_msh(partial, &error).empty());
  ExportModel twice = malformed_base_model();
  twice.nodes[0].slots.push_back(twice.nodes[0].slots[0]);
  EXPECT_TRUE(export_msh(twice, &error).empty());
}

TEST(MshText, Res10IsWindows1251) {
  const std::string raw = "\xCA\xEE\xF0\xEF\xF3\xF1 \xB9" "1";
  std::vector<std::byte> bytes;
  for (char c : raw) bytes.push_back(static_cast<std::byte>(c));
  bytes.push_back(std::byte{0});
  bytes.push_back(std::byte{'x'});  // after the NUL: not text
  EXPECT_EQ(cp1251_to_utf8(bytes), "Корпус №1");
}

}  // namespace
}  // namespace meshgate::msh
