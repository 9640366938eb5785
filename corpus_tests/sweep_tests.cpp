// The harness layer: coverage metrics on files with planted gaps (zero and
// non-zero), overlaps, observations, invariant tallies with their first
// violation, report determinism across --jobs, and the manifest gate.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <limits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "corpus_tests/fixtures.hpp"
#include "parser/core/hashing.hpp"
#include "reports/evidence.hpp"
#include "reports/json_stream.hpp"
#include "analysis/field_catalog.hpp"
#include "pipeline/file_reader.hpp"
#include "reports/manifest.hpp"
#include "analysis/sweep.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {
namespace {

SweepResult sweep_bytes(const std::string& name, const std::vector<std::byte>& bytes) {
  SweepResult r;
  sweep_file(name, bytes, ParseProfile::compatible, r);
  return r;
}

InvariantTally tally(const SweepResult& r, std::string_view id) {
  for (const InvariantTally& t : r.invariants.items())
    if (t.id == id) return t;
  throw std::runtime_error("no invariant " + std::string(id));
}

std::vector<std::byte> one_payload_archive(size_t payload) {
  nres::ArchiveDescription d;
  d.entries.push_back({0x6D786554, 0, 0, 0, "a.tex", {}, std::vector<std::byte>(payload, std::byte{7})});
  return nres::build_nres(d);
}

TEST(SweepCoverage, ZeroPaddingIsUncoveredAndAllZero) {
  const auto bytes = one_payload_archive(5);  // payload [16, 21) + 3 padding bytes
  const SweepResult r = sweep_bytes("a.rlb", bytes);
  ASSERT_EQ(r.files.size(), 1u);
  const SweptFile& f = r.files[0];
  EXPECT_TRUE(f.clean());
  EXPECT_EQ(f.coverage.uncovered_bytes, 3u);
  EXPECT_EQ(f.coverage.uncovered_nonzero_bytes, 0u);
  EXPECT_EQ(f.coverage.covered_bytes, bytes.size() - 3);
  ASSERT_EQ(f.coverage.uncovered.size(), 1u);
  EXPECT_EQ(f.coverage.uncovered[0].start, 21u);
  EXPECT_EQ(f.coverage.uncovered[0].end, 24u);
  EXPECT_TRUE(f.coverage.uncovered[0].all_zero);
  EXPECT_EQ(f.coverage.uncovered[0].kind, GapKind::alignment_padding);
  EXPECT_EQ(sweep_totals_json(r)["summary"], "3 uncovered bytes, all zero");
}

TEST(SweepCoverage, NonZeroPaddingAndUnindexedRegionsAreCounted) {
  auto bytes = one_payload_archive(5);
  bytes[22] = std::byte{0xEE};
  const SweepResult padded = sweep_bytes("a.rlb", bytes);
  EXPECT_EQ(padded.files[0].coverage.uncovered_nonzero_bytes, 1u);
  EXPECT_FALSE(padded.files[0].coverage.uncovered[0].all_zero);
  EXPECT_EQ(padded.files[0].diagnostic_codes, std::vector<std::string>{"nres.nonzero-padding"});

  nres::ArchiveDescription d;
  d.entries.push_back({0x6D786554, 0, 0, 0, "a.tex", {}, std::vector<std::byte>(8, std::byte{7})});
  d.unindexed_after = 0;
  d.unindexed_bytes.assign(40, std::byte{0x11});
  const SweepResult region = sweep_bytes("b.rlb", nres::build_nres(d));
  const CoverageStats& c = region.files[0].coverage;
  EXPECT_EQ(c.uncovered_bytes, 40u);
  EXPECT_EQ(c.uncovered_nonzero_bytes, 40u);
  EXPECT_EQ(c.uncovered.at(0).kind, GapKind::gap);
  EXPECT_EQ(sweep_totals_json(region)["summary"], "40 uncovered bytes, 40 non-zero");
}

TEST(SweepCoverage, OverlappingLeafFieldsMakeAFileUnclean) {
  for (const MalformedCase& c : mod::malformed_mod_cases(3)) {
    if (c.expected_code != "mod.coverage-overlap") continue;
    const SweepResult r = sweep_bytes(c.file.name, c.file.bytes);
    ASSERT_TRUE(r.files[0].parse_ok);
    EXPECT_GT(r.files[0].coverage.overlaps, 0u);
    EXPECT_FALSE(r.files[0].clean());
    return;
  }
  FAIL() << "no overlap variant";
}

TEST(SweepCoverage, NestedModelGapsCountOnceInTheTotals) {
  const auto corpus = msh::synth_msh_corpus(4, 10);
  const SynthFile& pack = corpus.back();  // an outer .rlb of models
  ASSERT_TRUE(pack.name.ends_with(".rlb"));
  const SweepResult r = sweep_bytes(pack.name, pack.bytes);
  ASSERT_GT(r.files.size(), 2u);
  uint64_t uncovered = 0;
  for (const SweptFile& f : r.files) uncovered += f.coverage.uncovered_bytes;
  const nlohmann::json totals = sweep_totals_json(r);
  EXPECT_EQ(totals["uncovered_bytes"], uncovered);
  EXPECT_EQ(totals["covered_bytes"].get<uint64_t>() + uncovered, pack.bytes.size());
}

// A MOD's version is cited as printf's "%.2f" would write it, whatever float
// the header holds: the retail ones, a value printf rounds, one with 39
// integer digits, and the non-finite ones.
TEST(SweepFiles, ModVersionIsWrittenAsPrintfWritesIt) {
  const size_t at = mod::kHeaderSpec.fields[mod::hdr::version].offset;
  for (const float version : {1.01f, 0.8f, 0.845f, 1.005f, -2.5f, 1e20f, 3.4028235e38f, std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
    auto bytes = testing::canonical_minimal_mod();
    testing::put(bytes, at, std::bit_cast<uint32_t>(version), 4);
    const SweepResult r = sweep_bytes("v.mod", bytes);
    ASSERT_TRUE(r.files[0].parse_ok) << version;
    char expected[64];
    std::snprintf(expected, sizeof expected, "%.2f", static_cast<double>(version));
    EXPECT_EQ(r.files[0].version, expected);
  }
}

TEST(SweepObservations, FieldsAreObservedFromTheTables) {
  auto bytes = testing::canonical_minimal_mod();
  SweepResult r = sweep_bytes("a.mod", bytes);
  testing::put(bytes, 0x08, 0x0102030405060708, 8);  // header 08..0F: preserved, observed non-zero
  const SweepResult planted = sweep_bytes("b.mod", bytes);
  r.observations.merge(planted.observations);
  const size_t header = table_index<mod::kHeaderSpec>();
  const size_t field = field_index<mod::kHeaderSpec>("header_08_0f");
  const FieldStats& s = r.observations.stats(header, field);
  EXPECT_EQ(s.count, 2u);
  EXPECT_EQ(s.zero, 1u);
  EXPECT_EQ(r.observations.histogram(header, field).size(), 2u);
  EXPECT_EQ(value_counts(r.observations.histogram(header, field), mod::kHeaderSpec.fields[field]).at("0x0807060504030201"),
            1u);  // bytes as stored, in file order
  EXPECT_EQ(r.observations.evidence_text(header, field).substr(0, 13), "2 distinct in");
  const size_t version = field_index<mod::kHeaderSpec>("version");
  EXPECT_FLOAT_EQ(static_cast<float>(r.observations.stats(header, version).min), 1.01f);
  EXPECT_EQ(r.observations.counts_json()["dmc3-mod"]["files"], 2);
  EXPECT_EQ(r.observations.versions_json()["dmc3-mod"]["1.01"], 2);
  const size_t mesh = table_index<mod::kMeshSpec>();
  EXPECT_EQ(r.observations.evidence_text(mesh, field_index<mod::kMeshSpec>("preserved0c")), "0 in 2/2");
}


// Histograms keep raw keys now; they must still count, cap and merge exactly
// as the text-keyed map they replaced: first kMaxDistinctValues distinct values
// tracked in arrival order within a file, a later file's values arriving in
// the order of their text. Checked against that map, over files that cross
// the cap, for an integer field, a short byte field and a long one.
TEST(SweepObservations, HistogramsCountCapAndMergeAsTheTextKeyedMapDid) {
  using Reference = std::pair<std::map<std::string, uint64_t>, uint64_t>;  // values, not tracked
  const auto reference_add = [](Reference& r, const std::string& key, uint64_t n) {
    if (auto it = r.first.find(key); it != r.first.end())
      it->second += n;
    else if (r.first.size() < kMaxDistinctValues)
      r.first.emplace(key, n);
    else
      r.second += n;
  };
  const FieldSpec fields[] = {{0, 4, FieldType::u32, "u", StatusSet{Status::preserved_undecoded}, ""},
                              {0, 6, FieldType::bytes, "b", StatusSet{Status::preserved_undecoded}, ""},
                              {0, 20, FieldType::bytes, "z", StatusSet{Status::preserved_undecoded}, ""}};
  uint32_t state = 7;
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  for (const FieldSpec& f : fields) {
    ValueHistogram merged;
    Reference expected;
    for (int file = 0; file < 12; ++file) {
      ValueHistogram one;
      Reference one_expected;
      const uint32_t spread = file < 4 ? 40 : 400;  // the later files push past the cap
      for (int record = 0; record < 150; ++record) {
        const uint32_t v = next() % spread;
        std::byte raw[20]{};
        std::memcpy(raw, &v, 4);
        raw[5] = std::byte{0x5A};
        const bool zero = v == 0;
        if (f.width > 16) raw[5] = std::byte{0};
        const HistogramKey key = !f.is_bytes() ? HistogramKey::of_bits(v)
                                 : f.width > 16 ? HistogramKey::of_bits(zero ? 0 : 1)
                                                : HistogramKey::of_bytes(Bytes(raw, f.width));
        one.add(key);
        reference_add(one_expected, key_text(f, key), 1);
      }
      ASSERT_EQ(value_counts(one, f), one_expected.first) << f.name << " file " << file;
      ASSERT_EQ(one.not_tracked(), one_expected.second);
      merge_histogram(merged, one, f);
      for (const auto& [k, n] : one_expected.first) reference_add(expected, k, n);
      expected.second += one_expected.second;
      ASSERT_EQ(value_counts(merged, f), expected.first) << f.name << " after file " << file;
      ASSERT_EQ(merged.not_tracked(), expected.second) << f.name << " after file " << file;
    }
    if (f.width <= 16) {
      EXPECT_EQ(merged.size(), kMaxDistinctValues) << f.name;  // the cap was reached
    }
  }
}
// Record arrays are observed column by column; the result must be what
// observing each record in turn gives, field by field (signed 16-bit normals
// with their bits, unsigned links, a histogram field of Res13; Res7 takes the
// lane-wise row pass).
TEST(SweepObservations, ArraysObserveAsRecordByRecord) {
  uint32_t state = 99;
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  std::vector<msh::TriangleRecord> tris(70000);  // past the 0xFFFF-row counter block
  std::vector<msh::BatchRecord> batches(300);
  for (auto& t : tris)
    for (size_t f = 0; f < msh::TriangleRecord::kFieldCount; ++f) t.set(f, next() % 7 == 0 ? 0 : next());
  for (auto& b : batches)
    for (size_t f = 0; f < msh::BatchRecord::kFieldCount; ++f) b.set(f, next() % 5 == 0 ? 0 : next() % 9);
  Observations one_by_one, columns;
  for (const auto& t : tris) one_by_one.observe(t);
  for (const auto& b : batches) one_by_one.observe(b);
  columns.observe_all(std::span<const msh::TriangleRecord>(tris));
  columns.observe_all(std::span<const msh::BatchRecord>(batches));
  const auto same = [&](size_t table, size_t fields) {
    for (size_t f = 0; f < fields; ++f) {
      const FieldStats &a = one_by_one.stats(table, f), &b = columns.stats(table, f);
      EXPECT_EQ(a.count, b.count) << table << "." << f;
      EXPECT_EQ(a.zero, b.zero) << table << "." << f;
      EXPECT_EQ(a.has_range, b.has_range) << table << "." << f;
      EXPECT_EQ(a.min, b.min) << table << "." << f;
      EXPECT_EQ(a.max, b.max) << table << "." << f;
      EXPECT_EQ(a.min_bits, b.min_bits) << table << "." << f;
      EXPECT_EQ(a.max_bits, b.max_bits) << table << "." << f;
      EXPECT_EQ(one_by_one.histogram(table, f), columns.histogram(table, f)) << table << "." << f;
    }
  };
  same(table_index<msh::kTriangleSpec>(), msh::TriangleRecord::kFieldCount);
  same(table_index<msh::kBatchSpec>(), msh::BatchRecord::kFieldCount);
  const FieldStats& normal_x = columns.stats(table_index<msh::kTriangleSpec>(), field_index<msh::kTriangleSpec>("normal_x"));
  EXPECT_LT(normal_x.min, 0.0);  // signed: negative values seen as such
  EXPECT_GE(normal_x.min_bits, 0x8000u);
  EXPECT_LE(normal_x.min_bits, 0xFFFFu);
}

TEST(SweepInvariants, ModTalliesNameTheFirstViolation) {
  auto bytes = testing::canonical_minimal_mod();
  bytes[0x100] = std::byte{4};  // BLENDINDICES lane x of vertex 0
  const SweepResult r = sweep_bytes("dir/x.mod", bytes);
  ASSERT_TRUE(r.files[0].parse_ok);
  const InvariantTally& lane = tally(r, "mod.blend-lane-x-zero");
  EXPECT_EQ(lane.holds, 0u);
  EXPECT_EQ(lane.violated, 1u);
  ASSERT_TRUE(lane.first_violation);
  EXPECT_EQ(lane.first_violation->path, "dir/x.mod!objects[0].meshes[0].blend_indices[0]");
  EXPECT_EQ(lane.first_violation->offset, 0x100u);
  EXPECT_EQ(tally(r, "mod.weight-sum-31").holds, 1u);
  EXPECT_EQ(tally(r, "mod.node-layout-formula").holds, 1u);
  EXPECT_EQ(tally(r, "mod.transform-length").holds, 1u);
}

// Tallies merge in file order: counts add up, and an invariant's first
// violation is the earliest file's that has one, whichever files follow.
TEST(SweepInvariants, MergedTalliesKeepTheEarliestFilesFirstViolation) {
  const auto clean = testing::canonical_minimal_mod();
  auto lane_x = clean, lane_x_again = clean;
  lane_x[0x100] = std::byte{4};        // BLENDINDICES lane x of vertex 0
  lane_x_again[0x100] = std::byte{8};
  SweepResult corpus;
  for (const auto& [name, bytes] : {std::pair{"a.mod", clean}, std::pair{"b.mod", lane_x}, std::pair{"c.mod", clean},
                                    std::pair{"d.mod", lane_x_again}}) {
    const SweepResult file = sweep_bytes(name, bytes);
    corpus.invariants.merge(file.invariants);
  }
  const std::vector<InvariantTally> items = corpus.invariants.items();
  ASSERT_EQ(items.size(), declared_invariants().size());
  for (const InvariantTally& t : items) {
    if (t.id == "mod.blend-lane-x-zero") {
      EXPECT_EQ(t.holds, 2u);
      EXPECT_EQ(t.violated, 2u);
      ASSERT_TRUE(t.first_violation);
      EXPECT_EQ(t.first_violation->path, "b.mod!objects[0].meshes[0].blend_indices[0]");
    } else if (t.id == "mod.weight-sum-31") {
      EXPECT_EQ(t.holds, 4u);
      EXPECT_FALSE(t.first_violation);
    } else if (t.id.starts_with("msh.")) {
      EXPECT_EQ(t.holds + t.violated, 0u) << t.id;
    }
  }
}

TEST(SweepInvariants, MshItemsHoldOnCleanModelsAndNameTheirViolation) {
  const SweepResult clean = sweep_bytes("m.msh", msh::export_msh(msh::malformed_base_model()));
  for (int item = 1; item <= 23; ++item) EXPECT_EQ(tally(clean, "msh.4." + std::to_string(item)).holds, 1u) << item;
  EXPECT_EQ(tally(clean, "msh.fallback-is-last-key").holds, 1u);
  EXPECT_EQ(tally(clean, "msh.batches-tile-res6").holds, 1u);
  for (const MalformedCase& c : msh::malformed_msh_cases(1)) {
    if (c.expected_code != "msh.index-out-of-range") continue;
    const SweepResult r = sweep_bytes("bad.msh", c.file.bytes);
    const InvariantTally& t = tally(r, "msh.4.19");
    EXPECT_EQ(t.violated, 1u);
    EXPECT_EQ(t.first_violation->path, "bad.msh!res6[0]");
    EXPECT_EQ(tally(r, "msh.4.7").holds + tally(r, "msh.4.7").violated, 0u);  // not checked past the error
  }
}

class SweepOnDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("meshgate_sweep_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    for (const auto& corpus : {mod::synth_mod_corpus(2, 6), msh::synth_msh_corpus(2, 6), nres::synth_nres_corpus(2, 4)})
      for (const SynthFile& f : corpus) write(f.name, f.bytes);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  void write(const std::string& name, const std::vector<std::byte>& bytes) {
    std::filesystem::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                      static_cast<std::streamsize>(bytes.size()));
  }
  SweepResult run(unsigned jobs, bool digests = true) {
    SweepOptions options;
    options.jobs = jobs;
    options.digests = digests;
    return sweep(scan_inputs({dir.string()}).files, options);
  }
  std::filesystem::path dir;
};

TEST_F(SweepOnDisk, ReportIsIdenticalAcrossRunsAndJobCounts) {
  const std::string one = evidence_json(run(1)).dump(2), again = evidence_json(run(1)).dump(2);
  const std::string four = evidence_json(run(4)).dump(2);
  EXPECT_EQ(one, again);
  EXPECT_EQ(one, four);
  EXPECT_EQ(evidence_markdown(run(1)), evidence_markdown(run(3)));
  EXPECT_EQ(one.find(dir.string()), std::string::npos) << "absolute path in the report";
}

// The streamed array lands where dump(2) puts the member, whatever sorts
// around it (a deeper member of the same name included), and each element's
// own nesting, empty containers and escaped newlines come out as dump(2)'s.
TEST(JsonStream, AnyDocumentAndElementsWriteAsDumpWould) {
  using nlohmann::json;
  const std::vector<json> elements = {
      {{"a", 1}, {"files", json::array({1, 2, json::object()})}, {"s", "two\nlines"}},
      json::object(), json::array(), 3.5, "text", nullptr,
      {{"deep", {{"deeper", json::array({json::array({1}), json::object({{"k", "v"}})})}}}}};
  const std::vector<json> docs = {json::object(),
                                  {{"a", 1}, {"z", {{"files", json::array()}}}},
                                  {{"files_b", 2}, {"filed", {{"x", 1}}}, {"zz", json::array({1})}}};
  for (const json& doc : docs)
    for (size_t count = 0; count <= elements.size(); ++count) {
      json whole = doc;
      whole["files"] = json::array();
      for (size_t i = 0; i < count; ++i) whole["files"].push_back(elements[i]);
      const ArrayDocument streamed{doc, "files", count, [&](size_t i) { return elements[i]; }};
      std::ostringstream out;
      write_json(out, streamed);
      EXPECT_EQ(out.str(), whole.dump(2) + "\n") << doc.dump() << " with " << count << " elements";
      EXPECT_EQ(to_json(streamed), whole);
    }
  const ArrayDocument taken{{{"files", 1}}, "files", 0, [](size_t) { return json(); }};
  std::ostringstream out;
  EXPECT_THROW(write_json(out, taken), std::logic_error);
  EXPECT_THROW((void)to_json(taken), std::logic_error);
}

// The CLI streams the evidence report and the manifest a file at a time;
// users diff and paste those files, so the bytes must be dump(2)'s exactly.
TEST_F(SweepOnDisk, StreamedReportsAreTheDumpedDocumentsByteForByte) {
  const SweepResult r = run(2);
  std::ostringstream evidence, manifest;
  write_evidence_json(evidence, r);
  write_manifest_json(manifest, r);
  EXPECT_EQ(evidence.str(), evidence_json(r).dump(2) + "\n");
  EXPECT_EQ(manifest.str(), manifest_json(r).dump(2) + "\n");
  SweepResult empty;
  std::ostringstream none;
  write_evidence_json(none, empty);
  EXPECT_EQ(none.str(), evidence_json(empty).dump(2) + "\n");
}

// A sweep told its output cites no digests skips only those: every other
// finding is the same, nested files included, and the outputs that would cite
// the missing digests refuse instead of printing empty ones.
TEST_F(SweepOnDisk, WithoutDigestsOnlyTheDigestsAreMissing) {
  for (unsigned jobs : {1u, 3u}) {
    const SweepResult with = run(jobs), without = run(jobs, false);
    ASSERT_EQ(with.files.size(), without.files.size());
    ASSERT_GT(with.files.size(), 10u);
    for (size_t i = 0; i < with.files.size(); ++i) {
      EXPECT_EQ(with.files[i].sha256.size(), 64u);
      EXPECT_EQ(with.files[i].xxh3_64.size(), 16u);
      EXPECT_EQ(without.files[i].sha256, "") << without.files[i].path;
      EXPECT_EQ(without.files[i].xxh3_64, "") << without.files[i].path;
      SweptFile filled = without.files[i];
      filled.sha256 = with.files[i].sha256;
      filled.xxh3_64 = with.files[i].xxh3_64;
      EXPECT_EQ(swept_file_json(filled), swept_file_json(with.files[i]));
      SweptFile half = with.files[i];
      half.xxh3_64.clear();
      EXPECT_THROW((void)swept_file_json(half), std::logic_error);
    }
    EXPECT_EQ(sweep_totals_json(without), sweep_totals_json(with));
    EXPECT_EQ(without.observations.histograms_json(), with.observations.histograms_json());
    EXPECT_EQ(without.observations.counts_json(), with.observations.counts_json());
    EXPECT_EQ(without.invariants.to_json(), with.invariants.to_json());
    EXPECT_THROW((void)evidence_json(without), std::logic_error);
    EXPECT_THROW((void)evidence_markdown(without), std::logic_error);
    EXPECT_THROW((void)manifest_json(without), std::logic_error);
  }
}

// Progress reaches the caller once per file, in order, one call at a time,
// whether files run on the calling thread or on workers that merge.
TEST_F(SweepOnDisk, ProgressCountsEveryFileInOrder) {
  const std::vector<InputFile> inputs = scan_inputs({dir.string()}).files;
  ASSERT_GE(inputs.size(), 10u);
  for (unsigned jobs : {1u, 2u, 5u}) {
    std::vector<size_t> seen;
    std::atomic<int> inside{0};
    bool overlapped = false;
    SweepOptions options;
    options.jobs = jobs;
    options.progress = [&](size_t done, size_t total) {
      overlapped = overlapped || inside.fetch_add(1) != 0;
      EXPECT_EQ(total, inputs.size());
      seen.push_back(done);
      inside.fetch_sub(1);
    };
    (void)sweep(inputs, options);
    std::vector<size_t> expected(inputs.size());
    for (size_t i = 0; i < expected.size(); ++i) expected[i] = i + 1;
    EXPECT_EQ(seen, expected) << jobs << " jobs";
    EXPECT_FALSE(overlapped) << jobs << " jobs";
  }
}

TEST_F(SweepOnDisk, GatePassesUnchangedAndNamesEveryChange) {
  const nlohmann::json manifest = manifest_json(run(2));
  EXPECT_TRUE(gate_differences(manifest, run(1)).empty());

  // Flip one byte of a model: its content changed.
  auto bytes = *read_file(dir / "synth_msh_0001.msh");
  bytes[bytes.size() / 2] ^= std::byte{0x01};
  write("synth_msh_0001.msh", bytes);
  std::filesystem::remove(dir / "synth_0002.mod");
  write("extra.mod", testing::canonical_minimal_mod());
  const auto diffs = gate_differences(manifest, run(2));
  auto has = [&](std::string_view text) {
    return std::any_of(diffs.begin(), diffs.end(), [&](const std::string& d) { return d.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(has("synth_msh_0001.msh: content changed"));
  EXPECT_TRUE(has("synth_0002.mod: missing"));
  EXPECT_TRUE(has("extra.mod: added"));

  // Same bytes, different expectations: a hand edit is refused...
  nlohmann::json edited = manifest_json(run(1));
  for (auto& f : edited["files"])
    if (f["path"] == "synth_0000.mod") {
      f["expected"]["roundtrip_identical"] = false;
      f["expected"]["uncovered_bytes"] = 1;
      f["expected"]["diagnostic_codes"] = nlohmann::json::array({"mod.bogus"});
    }
  EXPECT_EQ(lock_problems(edited), std::vector<std::string>{"/lock_digest: does not match the lock's content"});
  EXPECT_EQ(gate_differences(edited, run(1)), lock_problems(edited));
  // ...and once re-sealed as the schema documents lock_digest (computed here
  // independently), each outcome change is named.
  std::string material = "meshgate.manifest.v1\n" + edited["tool"].dump() + "\n" +
                         edited["fingerprint"].get<std::string>() + "\n";
  for (const auto& f : edited["files"]) material += f.dump() + "\n";
  edited["lock_digest"] = sha256_hex(Bytes(reinterpret_cast<const std::byte*>(material.data()), material.size()));
  EXPECT_TRUE(lock_problems(edited).empty());
  const auto outcome = gate_differences(edited, run(1));
  EXPECT_EQ(outcome.size(), 3u);
  EXPECT_NE(outcome[0].find("round trip now identical"), std::string::npos);
  EXPECT_NE(outcome[1].find("coverage changed (uncovered_bytes 1 ->"), std::string::npos);
  EXPECT_NE(outcome[2].find("diagnostic no longer raised mod.bogus"), std::string::npos);
  const auto not_a_lock = gate_differences(nlohmann::json::object(), run(1));
  ASSERT_EQ(not_a_lock.size(), 5u);  // one per required key
  EXPECT_EQ(not_a_lock[0], "/: required key \"schema\" is missing");
}


// One reader, file after file, in one buffer: each read is exactly its file,
// whatever size came before (a smaller file after a larger one keeps none of
// the larger one's bytes), and what is not a readable regular file is nullopt.
TEST_F(SweepOnDisk, FileReaderReadsEachFileExactlyIntoOneBuffer) {
  std::vector<std::vector<std::byte>> contents;
  for (const size_t size : {size_t{70000}, size_t{0}, size_t{4096}, size_t{1}, size_t{4095}, size_t{70001}, size_t{9}}) {
    std::vector<std::byte> bytes(size);
    for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::byte>((i * 131 + size) % 251);
    write("sizes/" + std::to_string(contents.size()) + ".bin", bytes);
    contents.push_back(std::move(bytes));
  }
  FileReader reader;
  for (size_t k = 0; k < contents.size(); ++k) {
    const FileRead got = reader.read(dir / "sizes" / (std::to_string(k) + ".bin"));
    ASSERT_TRUE(got) << k;
    EXPECT_TRUE(std::ranges::equal(*got, contents[k])) << "file " << k << " of " << contents[k].size() << " bytes";
    EXPECT_EQ(read_file(dir / "sizes" / (std::to_string(k) + ".bin")), contents[k]) << k;
  }
  EXPECT_EQ(reader.read(dir / "no-such-file.mod").status, ReadStatus::not_found);
  EXPECT_EQ(reader.read(dir / "sizes").status, ReadStatus::not_regular);  // a directory
  EXPECT_FALSE(read_file(dir / "sizes"));
  // After a failure the reader still reads.
  ASSERT_TRUE(reader.read(dir / "sizes" / "6.bin"));
  EXPECT_TRUE(std::ranges::equal(*reader.read(dir / "sizes" / "6.bin"), contents[6]));
}

TEST_F(SweepOnDisk, ReadPrefixReadsAtMostItsSpan) {
  write("short.bin", {std::byte{'N'}, std::byte{'R'}, std::byte{'e'}});
  std::array<std::byte, 8> prefix{};
  EXPECT_EQ(read_prefix(dir / "short.bin", prefix).length, 3u);
  EXPECT_EQ(prefix[2], std::byte{'e'});
  EXPECT_EQ(prefix[3], std::byte{0});
  const std::vector<std::byte> mod = testing::canonical_minimal_mod();
  write("long.mod", mod);
  EXPECT_EQ(read_prefix(dir / "long.mod", prefix).length, 8u);
  EXPECT_TRUE(std::equal(prefix.begin(), prefix.end(), mod.begin()));
  EXPECT_EQ(read_prefix(dir / "no-such-file.mod", prefix).status, ReadStatus::not_found);
}

// Files are picked by magic whichever number of threads reads it: the same
// files in the same order, with no file that is not a model (text, a file
// shorter than a magic, an empty one), enough files for every thread.
TEST_F(SweepOnDisk, ScanPicksTheSameModelsWithAnyNumberOfProbingThreads) {
  const std::vector<std::byte> mod = testing::canonical_minimal_mod();
  for (int i = 0; i < 300; ++i) {
    const std::string n = std::to_string(i);
    if (i % 3 == 0) write("many/" + n + ".mod", mod);
    if (i % 3 == 1) write("many/deeper/" + n + ".txt", {std::byte{'M'}, std::byte{'O'}, std::byte{'D'}, std::byte{'?'}});
    if (i % 3 == 2) write("many/" + n + ".bin", i % 2 ? std::vector<std::byte>{} : std::vector<std::byte>{std::byte{'N'}});
  }
  const InputScan one = scan_inputs({dir.string()}, 1);
  ASSERT_TRUE(one.errors.empty());
  size_t models = 0;
  for (const InputFile& f : one.files) models += f.display.starts_with("many/");
  EXPECT_EQ(models, 100u);
  for (const unsigned jobs : {2u, 4u, 7u}) {
    const InputScan many = scan_inputs({dir.string()}, jobs);
    ASSERT_EQ(many.files.size(), one.files.size()) << jobs;
    for (size_t i = 0; i < one.files.size(); ++i) {
      EXPECT_EQ(many.files[i].display, one.files[i].display) << jobs;
      EXPECT_EQ(many.files[i].path, one.files[i].path) << jobs;
    }
  }
}

}  // namespace
}  // namespace meshgate
