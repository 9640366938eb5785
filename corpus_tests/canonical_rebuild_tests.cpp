// rebuild --canonical and diff --semantic: every generated file rebuilds to a
// file that parses cleanly, holds the same model (diff --semantic), keeps
// every invariant the input kept, and is a fixpoint of rebuild; one model laid
// out two ways is semantically equal while a content change is still found.
#include <gtest/gtest.h>

#include <algorithm>

#include "change/canonical_rebuild.hpp"
#include "change/field_diff.hpp"
#include "parser/nres/nres_parser.hpp"
#include "analysis/sweep.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "parser/msh/msh_parser.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/msh/msh_describe.hpp"
#include "writer/msh/msh_writer.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {
namespace {

constexpr ParseProfile kProfile = ParseProfile::compatible;

std::vector<SynthFile> rebuild_corpus() {
  std::vector<SynthFile> files = mod::synth_mod_corpus(11, 12);
  for (SynthFile& f : msh::synth_msh_corpus(11, 12)) files.push_back(std::move(f));
  for (SynthFile& f : nres::synth_nres_corpus(11, 8)) files.push_back(std::move(f));
  for (const MalformedCase& c : mod::malformed_mod_cases(11)) files.push_back(c.file);
  for (const MalformedCase& c : msh::malformed_msh_cases(11)) files.push_back(c.file);
  for (const ViolationCase& c : mod::semantic_violation_mod_cases(11)) files.push_back(c.file);
  for (const ViolationCase& c : msh::semantic_violation_msh_cases()) files.push_back(c.file);
  return files;
}

std::vector<FileDiff> differences(const std::string& name, Bytes a, Bytes b, DiffMode mode) {
  std::vector<FileDiff> out;
  for (FileDiff& d : diff_trees(diff_sides(name, a, kProfile), diff_sides(name, b, kProfile), mode))
    if (!d.equal()) out.push_back(std::move(d));
  return out;
}

std::string describe(const std::vector<FileDiff>& diffs) {
  std::string out;
  for (const FileDiff& d : diffs) out += file_diff_text(d);
  return out;
}

// Per file of the tree: parsed without error, and the invariants it violates.
struct Checked {
  bool clean = true;
  std::vector<std::pair<std::string, std::vector<std::string_view>>> violated;
};
Checked check(const std::string& name, Bytes bytes) {
  SweepResult r;
  sweep_file(name, bytes, kProfile, r, /*digests=*/false);
  Checked out;
  for (const SweptFile& f : r.files) {
    out.clean = out.clean && f.parse_ok && f.errors == 0;
    out.violated.emplace_back(f.path, f.invariants_violated);
  }
  return out;
}

TEST(RebuildCanonical, EveryGeneratedFileRebuildsToTheSameModel) {
  size_t rebuilt = 0, refused = 0, relaid = 0;
  for (const SynthFile& f : rebuild_corpus()) {
    const RebuildResult r = rebuild_canonical(f.name, f.bytes, kProfile);
    const Checked input = check(f.name, f.bytes);
    if (!r.ok()) {
      EXPECT_FALSE(input.clean) << f.name << ": a clean file was refused: " << *r.error;
      ++refused;
      continue;
    }
    ++rebuilt;
    relaid += r.bytes != f.bytes;
    const Checked output = check(f.name, r.bytes);
    EXPECT_TRUE(output.clean) << f.name;
    const auto diffs = differences(f.name, f.bytes, r.bytes, DiffMode::content);
    EXPECT_TRUE(diffs.empty()) << f.name << ":\n" << describe(diffs);
    // Every invariant that held on the input still holds on the result.
    ASSERT_EQ(output.violated.size(), input.violated.size()) << f.name;
    for (size_t k = 0; k < output.violated.size(); ++k)
      for (std::string_view id : output.violated[k].second)
        EXPECT_NE(std::find(input.violated[k].second.begin(), input.violated[k].second.end(), id),
                  input.violated[k].second.end())
            << output.violated[k].first << " now violates " << id;
    // The canonical layout is a fixpoint: rebuilding it changes nothing.
    const RebuildResult again = rebuild_canonical(f.name, r.bytes, kProfile);
    ASSERT_TRUE(again.ok()) << f.name;
    EXPECT_EQ(again.bytes, r.bytes) << f.name;
  }
  EXPECT_GT(rebuilt, 40u);
  EXPECT_GT(refused, 0u);  // malformed variants the parser rejects
  EXPECT_GT(relaid, 0u);   // files whose layout was not already the canonical one
}

TEST(RebuildCanonical, ReportsWhatTheFreshLayoutCannotPlace) {
  // Archive 5 of a generated corpus holds an unindexed region of random bytes.
  const std::vector<SynthFile> archives = nres::synth_nres_corpus(11, 6);
  const RebuildResult r = rebuild_canonical(archives[5].name, archives[5].bytes, kProfile);
  ASSERT_TRUE(r.ok());
  ASSERT_FALSE(r.not_placed.empty());
  EXPECT_NE(r.not_placed[0].find("non-zero gap byte"), std::string::npos) << r.not_placed[0];
  EXPECT_TRUE(differences("a.rlb", archives[5].bytes, r.bytes, DiffMode::content).empty());
  EXPECT_FALSE(differences("a.rlb", archives[5].bytes, r.bytes, DiffMode::bytes).empty());
}

bool has_line(const std::vector<std::string>& lines, std::string_view what) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(what) != std::string::npos; });
}

// An MSH's derived tables are recomputed by the canonical exporter and
// compared: a generated model agrees; a model whose Res7 face normal was
// nudged is named, and its own tables are kept (the content is unchanged).
TEST(RebuildCanonical, MshDerivedTablesAreRecomputedAndCompared) {
  const SynthFile f = msh::synth_msh_corpus(11, 1).front();
  const RebuildResult clean = rebuild_canonical(f.name, f.bytes, kProfile);
  ASSERT_TRUE(clean.ok());
  EXPECT_TRUE(has_line(clean.notes, "every stream agrees with the file's")) << ::testing::PrintToString(clean.notes);

  msh::ParseResult parsed = msh::parse_msh(f.bytes);
  ASSERT_TRUE(parsed.ok());
  for (msh::Stream& s : parsed.model->streams)
    if (auto* t = std::get_if<msh::TriangleStream>(&s.data); t && !t->triangles.empty())
      t->triangles[0].set(field_index<msh::kTriangleSpec>("normal_x"),
                          (t->triangles[0].get(field_index<msh::kTriangleSpec>("normal_x")) + 1) & 0xFFFF);
  const WriteResult edited = msh::write_msh(*parsed.model);
  ASSERT_TRUE(edited.ok());
  const RebuildResult r = rebuild_canonical(f.name, edited.bytes, kProfile);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(has_line(r.notes, "differ from the file's in Res7")) << ::testing::PrintToString(r.notes);
  EXPECT_TRUE(differences(f.name, edited.bytes, r.bytes, DiffMode::content).empty());
}

TEST(RebuildCanonical, RefusesAFileItCannotParse) {
  const std::vector<std::byte> junk(64, std::byte{0x41});
  const RebuildResult r = rebuild_canonical("junk.bin", junk, kProfile);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->find("junk.bin"), std::string::npos);
}

TEST(DiffSemantic, OneModOfTwoLayoutsIsEqual) {
  mod::ModDescription d = mod::random_mod_description(11, 3);
  d.padding_fill = 0;
  const std::vector<std::byte> a = mod::build_mod(d).bytes;
  d.padding_fill = 0xCD;
  const std::vector<std::byte> b = mod::build_mod(d).bytes;
  ASSERT_NE(a, b);
  EXPECT_FALSE(differences("m.mod", a, b, DiffMode::bytes).empty());
  EXPECT_TRUE(differences("m.mod", a, b, DiffMode::content).empty());
  // A content change is still found, by its path.
  d.objects[0].bounding_radius += 1.0f;
  const auto diffs = differences("m.mod", a, mod::build_mod(d).bytes, DiffMode::content);
  ASSERT_EQ(diffs.size(), 1u);
  ASSERT_EQ(diffs[0].fields.size(), 1u) << describe(diffs);
  EXPECT_EQ(diffs[0].fields[0].path, "objects[0].bounding_radius");
}

TEST(DiffSemantic, PayloadOrderAndDirectoryOrderAreLayout) {
  nres::ArchiveDescription d = msh::random_model_archive(11, 2);
  const std::vector<std::byte> a = nres::build_nres(d);
  std::reverse(d.data_order.begin(), d.data_order.end());
  if (d.data_order.empty())
    for (size_t k = d.entries.size(); k-- > 0;) d.data_order.push_back(k);
  const std::vector<std::byte> b = nres::build_nres(d);
  ASSERT_NE(a, b);
  EXPECT_FALSE(differences("m.msh", a, b, DiffMode::bytes).empty());
  EXPECT_TRUE(differences("m.msh", a, b, DiffMode::content).empty()) << describe(differences("m.msh", a, b, DiffMode::content));

  // A plain archive with its directory reversed: entries pair by name.
  nres::ArchiveDescription p = nres::random_archive_description(11, 1);
  const std::vector<std::byte> pa = nres::build_nres(p);
  std::reverse(p.entries.begin(), p.entries.end());
  p.data_order.clear();
  const std::vector<std::byte> pb = nres::build_nres(p);
  ASSERT_NE(pa, pb);
  EXPECT_TRUE(differences("p.rlb", pa, pb, DiffMode::content).empty()) << describe(differences("p.rlb", pa, pb, DiffMode::content));
  // A payload's bytes are content.
  ASSERT_FALSE(p.entries.empty());
  size_t k = 0;
  while (k < p.entries.size() && (p.entries[k].payload.empty() || nres::looks_like_nres(p.entries[k].payload))) ++k;
  ASSERT_LT(k, p.entries.size());
  p.entries[k].payload[0] ^= std::byte{0xFF};
  const auto diffs = differences("p.rlb", pa, nres::build_nres(p), DiffMode::content);
  ASSERT_EQ(diffs.size(), 1u);
  ASSERT_EQ(diffs[0].streams.size(), 1u) << describe(diffs);
  EXPECT_EQ(diffs[0].streams[0].path, "entries[" + p.entries[k].name + "].payload");
  EXPECT_EQ(diffs[0].streams[0].changed, 1u);
}

// The exporter's description of a parsed MSH: for every model the exporter
// wrote (the generated ones), complete, and exporting it gives the same model.
TEST(MshDescribe, AnExportedModelIsDescribedCompletely) {
  size_t described = 0;
  for (const SynthFile& f : msh::synth_msh_corpus(11, 16)) {
    if (!f.name.ends_with(".msh")) continue;
    const msh::ParseResult parsed = msh::parse_msh(f.bytes);
    ASSERT_TRUE(parsed.ok()) << f.name;
    const msh::DescribedMsh d = msh::describe_model(*parsed.model);
    if (!d.complete()) {  // the generator gives some entry names bytes after the NUL: container, not model
      EXPECT_EQ(d.gaps, std::vector<std::string>{"an entry name has bytes after its NUL (the exporter writes zeros)"}) << f.name;
      continue;
    }
    std::string error;
    const std::vector<std::byte> exported = msh::export_msh(d.model, &error);
    ASSERT_FALSE(exported.empty()) << f.name << ": " << error;
    const auto diffs = differences(f.name, f.bytes, exported, DiffMode::content);
    EXPECT_TRUE(diffs.empty()) << f.name << ":\n" << describe(diffs);
    ++described;
  }
  EXPECT_GE(described, 10u);
}

TEST(MshDescribe, NamesWhatTheExporterCannotWrite) {
  const SynthFile f = msh::synth_msh_corpus(11, 1).front();
  std::vector<std::byte> bytes = f.bytes;
  msh::ParseResult parsed = msh::parse_msh(bytes);
  ASSERT_TRUE(parsed.ok());
  for (msh::Stream& s : parsed.model->streams)
    if (auto* n = std::get_if<msh::PackedNormalStream>(&s.data); n && !n->normals.empty()) n->normals[0][3] = 7;
  const msh::DescribedMsh d = msh::describe_model(*parsed.model);
  ASSERT_FALSE(d.complete());
  EXPECT_NE(d.gaps.front().find("byte 3"), std::string::npos) << d.gaps.front();
}

}  // namespace
}  // namespace meshgate
