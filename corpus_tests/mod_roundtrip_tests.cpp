// Round trip of the synthetic corpus: parse -> write (from the model only) ->
// byte compare, and parse(write(m)) == m.
#include <gtest/gtest.h>

#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "reports/roundtrip.hpp"
#include "writer/mod/mod_synth.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate::mod {
namespace {

TEST(SynthCorpus, IsDeterministicForASeed) {
  const auto a = synth_mod_corpus(42, 5), b = synth_mod_corpus(42, 5), c = synth_mod_corpus(43, 5);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].bytes, b[i].bytes);
    EXPECT_NE(a[i].bytes, c[i].bytes);
  }
}

TEST(SynthCorpus, TwoHundredFilesRoundTripByteIdentical) {
  const auto corpus = synth_mod_corpus(20261202, 220);
  std::set<uint32_t> versions;
  size_t with_gaps_nonzero = 0, with_preserved = 0, max_nodes = 0, max_objects = 0;
  for (const SynthFile& f : corpus) {
    const ParseResult r = parse_mod(f.bytes);
    ASSERT_TRUE(r.ok()) << f.name << ": " << r.diagnostics.back().message;
    for (const Diagnostic& d : r.diagnostics) EXPECT_EQ(d.severity, Severity::warning) << f.name;
    const WriteResult w = write_mod(*r.model);
    ASSERT_TRUE(w.ok()) << f.name << ": " << w.error->message;
    ASSERT_EQ(first_difference(f.bytes, w.bytes), std::nullopt) << f.name;
    const ParseResult again = parse_mod(w.bytes);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again.model, *r.model) << f.name;

    versions.insert(static_cast<uint32_t>(r.model->header.get(hdr::version)));
    max_nodes = std::max<size_t>(max_nodes, r.model->nodes.order.size());
    max_objects = std::max(max_objects, r.model->objects.size());
    for (const Gap& g : r.model->gaps)
      if (std::any_of(g.bytes.begin(), g.bytes.end(), [](std::byte b) { return b != std::byte{0}; })) {
        ++with_gaps_nonzero;
        break;
      }
    if (!r.model->header.is_zero(hdr::reserved_08)) ++with_preserved;
  }
  // The corpus really is varied: all five versions, deep hierarchies, planted bytes.
  EXPECT_EQ(versions.size(), 5u);
  EXPECT_GE(max_nodes, 30u);
  EXPECT_GE(max_objects, 20u);
  EXPECT_GE(with_gaps_nonzero, 20u);
  EXPECT_GE(with_preserved, 20u);
}

TEST(Writer, WritesFromTheModelNotFromTheSource) {
  // The spec's controlled retail edit: change object 0's radius; exactly the
  // bytes of [0x7C, 0x80) may change.
  const auto file = synth_mod_corpus(5, 1)[0];
  ParseResult r = parse_mod(file.bytes);
  ASSERT_TRUE(r.ok());
  r.model->objects[0].record.set_f32(obj::radius, 0.625f);
  const WriteResult w = write_mod(*r.model);
  ASSERT_TRUE(w.ok());
  ASSERT_EQ(w.bytes.size(), file.bytes.size());
  for (size_t i = 0; i < w.bytes.size(); ++i) {
    if (i >= 0x7C && i < 0x80) continue;
    ASSERT_EQ(w.bytes[i], file.bytes[i]) << "byte " << i << " changed";
  }
  EXPECT_NE(first_difference(w.bytes, file.bytes), std::nullopt);
}

TEST(Writer, GapsAreModelDataNotZeroFill) {
  const auto file = synth_mod_corpus(5, 5)[4];  // index % 5 == 4: non-zero padding
  ParseResult r = parse_mod(file.bytes);
  ASSERT_TRUE(r.ok());
  ASSERT_FALSE(r.model->gaps.empty());
  r.model->gaps.erase(r.model->gaps.begin());
  const WriteResult w = write_mod(*r.model);
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error->code, "writer.unplanned-bytes");
}

TEST(Writer, RejectsAModelWhosePartsDisagree) {
  const auto file = synth_mod_corpus(5, 1)[0];
  ParseResult r = parse_mod(file.bytes);
  ASSERT_TRUE(r.ok());
  Mesh& m = r.model->objects[0].meshes[0];
  // Alias normals onto positions while keeping different normal values.
  m.record.set(mesh::stream_offset(stream::normals), stream_offset(m.record, stream::positions));
  const WriteResult w = write_mod(*r.model);
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error->code, "writer.conflicting-overlap");
}

// A pooled parse fills buffers of earlier models: file after file (meshes of
// every size, with and without workspaces, and in a different order), its
// model must equal a fresh parse's and write the file back.
TEST(StreamPool, PooledParsesEqualFreshOnesFileAfterFile) {
  StreamPool pool;
  auto corpus = synth_mod_corpus(77, 30);
  const auto again = synth_mod_corpus(78, 30);
  corpus.insert(corpus.end(), again.rbegin(), again.rend());
  size_t reused = 0;
  for (const SynthFile& f : corpus) {
    const ParseResult fresh = parse_mod(f.bytes);
    ParseResult pooled = parse_mod(f.bytes, {.pool = &pool});
    ASSERT_EQ(fresh.ok(), pooled.ok()) << f.name;
    EXPECT_EQ(fresh.diagnostics, pooled.diagnostics) << f.name;
    if (!fresh.ok()) continue;
    EXPECT_TRUE(*fresh.model == *pooled.model) << f.name;
    EXPECT_EQ(write_mod(*pooled.model).bytes, f.bytes) << f.name;
    for (const Object& o : pooled.model->objects)
      for (const Mesh& m : o.meshes) reused += m.positions.capacity() > m.positions.size();
    pool.harvest(*pooled.model);
  }
  EXPECT_GT(reused, 0u);  // some mesh did get an earlier, larger buffer
}

TEST(Writer, NonZeroPreservedFieldsSurvive) {
  for (const SynthFile& f : synth_mod_corpus(9, 10)) {
    const ParseResult r = parse_mod(f.bytes);
    ASSERT_TRUE(r.ok());
    const WriteResult w = write_mod(*r.model);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(w.bytes, f.bytes) << f.name;
  }
  const auto planted = synth_mod_corpus(9, 4)[3];  // index % 5 == 3: planted preserved fields
  const ParseResult r = parse_mod(planted.bytes);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model->objects[0].meshes[0].record.get(mesh::preserved0c), 0xDEADBEEFu);
  EXPECT_EQ(r.model->nodes.transforms[0].get(xf::reserved1c), 0x3F800001u);
  EXPECT_FALSE(r.model->header.is_zero(hdr::reserved_28));
}

TEST(SynthCorpus, FilesHaveTheRetailShape) {
  for (const SynthFile& f : synth_mod_corpus(3, 40)) {
    const ParseResult r = parse_mod(f.bytes);
    ASSERT_TRUE(r.ok());
    // Workspace trailer: 0x12 fill and a final 00 00 word at EOF.
    const auto n = f.bytes.size();
    EXPECT_EQ(f.bytes[n - 1], std::byte{0});
    EXPECT_EQ(f.bytes[n - 2], std::byte{0});
    EXPECT_EQ(f.bytes[n - 3], std::byte{0x12});
    for (const Diagnostic& d : r.diagnostics) EXPECT_NE(d.code, "mod.workspace-trailer-not-tiled") << f.name;
    EXPECT_EQ(r.coverage.overlap_count, 0u);
  }
}

}  // namespace
}  // namespace meshgate::mod
