// Round trip of the synthetic corpus: parse -> write (from the model only) ->
// byte compare, and parse(write(m)) == m.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "parser/core/hashing.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_diagnostic_codes.hpp"
#include "parser/mod/mod_parser.hpp"
#include "pipeline/roundtrip.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/mod/mod_writer.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

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

// The round trip first compares the writer's parts with the input without
// laying out an image, and writes one only when something differs; its
// verdict must be the image's: identical or not, the first difference, the
// output's hash, the writer's error. Returns how often the model was written.
int expect_verdict_of_the_image(Bytes input, const Model& model, const std::string& what) {
  RoundTripOutcome fast;
  fast.xxh3_64 = xxh3_64_hex(input);
  int writes = 0;
  compare_written(fast, input, [&](const PartObserver* o) {
    ++writes;
    return write_mod(model, o);
  });
  const WriteResult image = write_mod(model);
  if (!image.ok()) {
    EXPECT_FALSE(fast.identical) << what;
    if (fast.diagnostics.empty()) {
      ADD_FAILURE() << what << ": the writer's error " << image.error->code << " is not reported";
      return writes;
    }
    EXPECT_EQ(fast.diagnostics.back().code, image.error->code) << what;
    return writes;
  }
  EXPECT_TRUE(fast.diagnostics.empty()) << what;
  EXPECT_EQ(fast.first_diff_offset, first_difference(input, image.bytes)) << what;
  EXPECT_EQ(fast.identical, !first_difference(input, image.bytes)) << what;
  EXPECT_EQ(fast.output_xxh3_64, xxh3_64_hex(image.bytes)) << what;
  // A caller that skipped hashes gets the same verdict, and no output hash.
  RoundTripOutcome unhashed;
  compare_written(unhashed, input, [&](const PartObserver* o) { return write_mod(model, o); });
  EXPECT_EQ(unhashed.identical, fast.identical) << what;
  EXPECT_EQ(unhashed.first_diff_offset, fast.first_diff_offset) << what;
  EXPECT_EQ(unhashed.output_xxh3_64, "") << what;
  return writes;
}

// roundtrip_bytes / roundtrip_tree without hashes: the same outcome, nested
// files and rejected ones included, with both hashes empty.
TEST(RoundTrip, WithoutHashesOnlyTheHashesAreMissing) {
  std::vector<SynthFile> files = synth_mod_corpus(7, 4);
  for (const auto& more : {msh::synth_msh_corpus(7, 4), nres::synth_nres_corpus(7, 4)})
    files.insert(files.end(), more.begin(), more.end());
  files.push_back({"truncated.mod", std::vector<std::byte>(files.front().bytes.begin(), files.front().bytes.begin() + 100)});
  size_t outcomes = 0;
  for (const SynthFile& f : files) {
    const auto with = roundtrip_tree(f.name, f.bytes), without = roundtrip_tree(f.name, f.bytes, {}, {}, false);
    ASSERT_EQ(with.size(), without.size()) << f.name;
    for (size_t i = 0; i < with.size(); ++i, ++outcomes) {
      EXPECT_EQ(with[i].xxh3_64.size(), 16u) << with[i].path;
      if (i == 0) {
        EXPECT_EQ(with[i].xxh3_64, xxh3_64_hex(f.bytes)) << f.name;
      }
      EXPECT_EQ(without[i].xxh3_64, "") << with[i].path;
      EXPECT_EQ(without[i].output_xxh3_64, "") << with[i].path;
      RoundTripOutcome filled = without[i];
      filled.xxh3_64 = with[i].xxh3_64;
      filled.output_xxh3_64 = with[i].output_xxh3_64;
      EXPECT_EQ(roundtrip_json(filled), roundtrip_json(with[i])) << with[i].path;
    }
    EXPECT_EQ(roundtrip_bytes(f.name, f.bytes, {}, false).identical, with.front().identical) << f.name;
  }
  EXPECT_GT(outcomes, files.size());  // nested archives were descended into
}

TEST(RoundTrip, VerdictWithoutAnImageIsTheImagesVerdict) {
  size_t with_gaps = 0;
  for (const auto& file : synth_mod_corpus(7, 5)) {
    const ParseResult r = parse_mod(file.bytes);
    ASSERT_TRUE(r.ok()) << file.name;
    // An identical file is written once, without an image; the others again, into one.
    EXPECT_EQ(expect_verdict_of_the_image(file.bytes, *r.model, file.name + " as parsed"), 1);
    // Every part equal, but the input has one byte more / one byte less.
    std::vector<std::byte> longer = file.bytes;
    longer.push_back(std::byte{0});
    expect_verdict_of_the_image(longer, *r.model, file.name + " input one byte longer");
    expect_verdict_of_the_image(Bytes(file.bytes).first(file.bytes.size() - 1), *r.model, file.name + " input one byte shorter");
    Model moved = *r.model;  // one position component changed
    moved.objects[0].meshes[0].positions.back()[2] ^= 1u;
    EXPECT_EQ(expect_verdict_of_the_image(file.bytes, moved, file.name + " position changed"), 2);
    Model aliased = *r.model;  // normals placed over the positions: parts disagree
    Mesh& m = aliased.objects[0].meshes[0];
    m.record.set(mesh::stream_offset(stream::normals), stream_offset(m.record, stream::positions));
    expect_verdict_of_the_image(file.bytes, aliased, file.name + " parts disagree");
    if (!r.model->gaps.empty()) {
      ++with_gaps;
      Model gapless = *r.model;  // bytes nothing emits
      gapless.gaps.erase(gapless.gaps.begin());
      expect_verdict_of_the_image(file.bytes, gapless, file.name + " gap dropped");
      Model regapped = *r.model;  // a gap byte changed
      regapped.gaps.front().bytes.back() ^= std::byte{0x80};
      expect_verdict_of_the_image(file.bytes, regapped, file.name + " gap byte changed");
    }
  }
  EXPECT_GT(with_gaps, 0u);
}

// A pooled parse fills buffers of earlier models: file after file (meshes of
// every size, with and without workspaces, and in a different order), its
// model must equal a fresh parse's and write the file back.
TEST(StreamPool, PooledParsesEqualFreshOnesFileAfterFile) {
  StreamPool pool;
  auto corpus = synth_mod_corpus(77, 30);
  const auto again = synth_mod_corpus(78, 30);
  corpus.insert(corpus.end(), again.rbegin(), again.rend());
  size_t reused = 0, reused_lists = 0;
  for (const SynthFile& f : corpus) {
    const ParseResult fresh = parse_mod(f.bytes);
    ParseResult pooled = parse_mod(f.bytes, {.pool = &pool});
    ASSERT_EQ(fresh.ok(), pooled.ok()) << f.name;
    EXPECT_EQ(fresh.diagnostics, pooled.diagnostics) << f.name;
    if (!fresh.ok()) continue;
    EXPECT_TRUE(*fresh.model == *pooled.model) << f.name;
    EXPECT_EQ(write_mod(*pooled.model).bytes, f.bytes) << f.name;
    const Model& m = *pooled.model;
    for (const Object& o : m.objects) {
      reused_lists += o.meshes.capacity() > o.meshes.size();
      for (const Mesh& mesh : o.meshes) reused += mesh.positions.capacity() > mesh.positions.size();
    }
    reused_lists += m.objects.capacity() > m.objects.size() || m.nodes.transforms.capacity() > m.nodes.transforms.size() ||
                    m.nodes.parents.capacity() > m.nodes.parents.size();
    pool.harvest(*pooled.model);
    EXPECT_TRUE(pooled.model->objects.empty() && pooled.model->nodes.transforms.empty()) << f.name;
  }
  EXPECT_GT(reused, 0u);        // some mesh did get an earlier, larger buffer
  EXPECT_GT(reused_lists, 0u);  // and some mesh list, object list or node array
}

// Positions and normals are counted for NaN/infinite components while they
// are copied, in whole vectors and a padded remainder: every lane of meshes
// of many lengths must count (against a lane-by-lane reference), warn, and
// keep its exact bits.
TEST(Streams, NonFiniteComponentsAreCountedInEveryLaneAndKept) {
  constexpr std::array<uint32_t, 6> kNonFinite = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7FA00001u, 0xFFFFFFFFu, 0x7F800001u};
  constexpr std::array<uint32_t, 5> kFinite = {0x7F7FFFFFu, 0xFF7FFFFFu, 0x00000001u, 0x80000000u, 0x3F800000u};
  uint32_t state = 777;
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  ModDescription d;
  d.nodes.push_back({kRootParent, 0, 0});
  d.transforms.push_back({});
  std::vector<uint32_t> expected;
  for (const size_t n : {size_t{1}, size_t{21}, size_t{22}, size_t{43}, size_t{64}, size_t{600}, size_t{601}}) {
    MeshDescription m;
    uint32_t count = 0;
    const auto component = [&] {
      const uint32_t r = next();
      const bool bad = r % 5 == 0;
      count += bad;
      return std::bit_cast<float>(bad ? kNonFinite[(r >> 8) % kNonFinite.size()] : kFinite[(r >> 8) % kFinite.size()]);
    };
    for (size_t v = 0; v < n; ++v) {
      m.positions.push_back({component(), component(), component()});
      m.normals.push_back({component(), component(), component()});
      m.uv.push_back({0, 0});
      m.blend_indices.push_back({0, 0, 0, 0});
      m.control.push_back(31);
    }
    expected.push_back(count);
    ObjectDescription o;
    o.meshes.push_back(std::move(m));
    d.objects.push_back(std::move(o));
  }
  const std::vector<std::byte> bytes = build_mod(d).bytes;
  const ParseResult r = parse_mod(bytes);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.meshes.size(), expected.size());
  size_t warned = 0;
  for (size_t k = 0; k < expected.size(); ++k) {
    EXPECT_EQ(r.meshes[k].non_finite_components, expected[k]) << "mesh " << k;
    warned += expected[k] > 0;
  }
  EXPECT_EQ(static_cast<size_t>(std::ranges::count_if(r.diagnostics, [](const Diagnostic& x) {
              return x.code == codes::non_finite_vector.code;
            })),
            warned);
  const WriteResult w = write_mod(*r.model);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(first_difference(bytes, w.bytes), std::nullopt);  // NaN payloads and signs kept
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
