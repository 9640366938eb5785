// Semantic invariants: on the generated corpus the builder hypotheses the
// generators follow hold with no deviation beyond rounding, the ones they do
// not follow (centroid) are violated, every planted violation is counted at
// the field it breaks, and the gate names a file that starts violating one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "parser/core/hashing.hpp"
#include "reports/manifest.hpp"
#include "analysis/invariant_tally.hpp"
#include "analysis/sweep.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/msh/msh_exporter.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {
namespace {

SweepResult sweep_files(const std::vector<SynthFile>& files) {
  SweepResult r;
  for (const SynthFile& f : files) sweep_file(f.name, f.bytes, ParseProfile::compatible, r);
  return r;
}

InvariantTally semantic_tally(const SweepResult& r, std::string_view id) {
  for (const InvariantTally& t : r.invariants.items())
    if (t.id == id) return t;
  ADD_FAILURE() << "no invariant " << id;
  return {};
}

bool is_centroid_hypothesis(std::string_view id) { return id.find("is-centroid") != std::string_view::npos; }
// The facing tallies: the generator plants reversed and inconsistent strips
// (the real files' shapes), so the corpus violates them by design.
bool is_facing_finding(std::string_view id) { return id.starts_with("mod.strip-"); }

// The semantic invariants the rows declare, in the reports' order.
std::vector<NumberedInvariant> semantic_invariants() {
  std::vector<NumberedInvariant> out;
  for (const NumberedInvariant& d : declared_invariants())
    if (d.semantic) out.push_back(d);
  return out;
}

TEST(SemanticInvariants, GeneratedCorpusFollowsTheBuilderHypotheses) {
  std::vector<SynthFile> files = mod::synth_mod_corpus(5, 12);
  for (SynthFile& f : msh::synth_msh_corpus(5, 12)) files.push_back(std::move(f));
  const SweepResult r = sweep_files(files);
  for (const NumberedInvariant& s : semantic_invariants()) {
    const InvariantTally t = semantic_tally(r, s.id);
    EXPECT_TRUE(t.semantic);
    EXPECT_GT(t.holds + t.violated, 0u) << s.id << " was never tallied";
    ASSERT_TRUE(t.max_deviation) << s.id;
    if (is_centroid_hypothesis(s.id)) {
      // The generators put the centre at the box midpoint, so the centroid
      // hypothesis must fail on (nearly) every asymmetric mesh, far outside the tolerance.
      EXPECT_GT(t.violated, t.holds) << s.id;
      EXPECT_GT(*t.max_deviation, 1e-2) << s.id;
    } else if (is_facing_finding(s.id)) {
      EXPECT_GT(t.violated, 0u) << s.id;
    } else {
      EXPECT_EQ(t.violated, 0u) << s.id << " first at " << (t.first_violation ? t.first_violation->path : "");
    }
  }
  // Normals: within the format's own quantisation, not just inside the tolerance.
  EXPECT_LT(*semantic_tally(r, "mod.normal-unit-length").max_deviation, 1e-6);
  EXPECT_LT(*semantic_tally(r, "msh.normal-unit-length").max_deviation, 0.5 / 127 * 1.7321);
}

template <typename Cases>
void expect_each_case_violates_its_invariant(const Cases& cases, std::set<std::string>& planted) {
  for (const ViolationCase& c : cases) {
    SCOPED_TRACE(c.file.name);
    const SweepResult r = sweep_files({c.file});
    ASSERT_EQ(r.files.size(), 1u);
    EXPECT_TRUE(r.files[0].parse_ok) << "a violation case must parse: the tally runs on parsed models";
    const InvariantTally t = semantic_tally(r, c.invariant);
    EXPECT_EQ(t.violated, 1u);
    ASSERT_TRUE(t.first_violation);
    EXPECT_TRUE(t.first_violation->path.starts_with(c.file.name + "!")) << t.first_violation->path;
    EXPECT_GT(t.first_violation->offset, 0u);
    EXPECT_TRUE(std::ranges::count(r.files[0].invariants_violated, c.invariant) == 1);
    planted.insert(std::string(c.invariant));
  }
}

// The strips of the corpus, split by the two facing tallies, are the
// generator's plan: agreeing, reversed, inconsistent.
TEST(SemanticInvariants, FacingTalliesSplitTheStripsAsTheGeneratorPlanned) {
  const SweepResult r = sweep_files(mod::synth_mod_corpus(5, 12));
  mod::FacingPlan plan;
  for (uint64_t i = 0; i < 12; ++i) {
    const mod::FacingPlan p = mod::planned_facing(5, i);
    plan.strips += p.strips, plan.agreeing += p.agreeing, plan.reversed += p.reversed, plan.inconsistent += p.inconsistent;
  }
  const InvariantTally one_way = semantic_tally(r, "mod.strip-faces-one-way");
  const InvariantTally start = semantic_tally(r, "mod.strip-start-agrees-with-normals");
  EXPECT_EQ(one_way.holds + one_way.violated, plan.strips);
  EXPECT_EQ(one_way.violated, plan.inconsistent);
  EXPECT_EQ(start.holds, plan.agreeing);
  EXPECT_EQ(start.violated, plan.reversed);
  ASSERT_TRUE(start.first_violation);
  EXPECT_NE(start.first_violation->path.find(".control["), std::string::npos) << start.first_violation->path;
  EXPECT_GT(plan.reversed, 0u);
  EXPECT_GT(plan.inconsistent, 0u);
}

TEST(SemanticInvariants, EveryPlantedViolationIsCountedWhereItWasPlanted) {
  std::set<std::string> planted;
  expect_each_case_violates_its_invariant(mod::semantic_violation_mod_cases(3), planted);
  expect_each_case_violates_its_invariant(msh::semantic_violation_msh_cases(), planted);
  EXPECT_EQ(planted.size(), mod::semantic_violation_mod_cases(3).size() + msh::semantic_violation_msh_cases().size());
  // Each invariant the corpus holds has a case that breaks it; the centroid
  // hypotheses are broken by the corpus itself.
  for (const NumberedInvariant& s : semantic_invariants())
    EXPECT_TRUE(planted.contains(std::string(s.id)) || is_centroid_hypothesis(s.id) || is_facing_finding(s.id))
        << "no planted violation of " << s.id;
}

TEST(SemanticInvariants, ThePlantedNormalSitsAtTheFieldItBreaks) {
  for (const ViolationCase& c : mod::semantic_violation_mod_cases(3)) {
    if (c.invariant != "mod.normal-unit-length") continue;
    const InvariantTally t = semantic_tally(sweep_files({c.file}), c.invariant);
    ASSERT_TRUE(t.first_violation);
    EXPECT_TRUE(t.first_violation->path.ends_with("objects[0].meshes[0].normals[0]")) << t.first_violation->path;
    EXPECT_GE(*t.max_deviation, 1.0);  // |(2, y, z)| - 1 >= 1
    return;
  }
  FAIL() << "no normal case";
}

TEST(SemanticInvariants, GateNamesAFileThatStartsViolatingAnInvariant) {
  const std::vector<ViolationCase> cases = msh::semantic_violation_msh_cases();
  const auto it = std::ranges::find_if(cases, [](const ViolationCase& c) { return c.invariant == "msh.slot-sphere-contains"; });
  ASSERT_NE(it, cases.end());
  // The lock is made from the unbroken model under the same name.
  SynthFile good = it->file;
  good.bytes = nres::build_nres(msh::describe_msh(msh::malformed_base_model()).archive);
  ASSERT_NE(good.bytes, it->file.bytes);
  const nlohmann::json lock = manifest_json(sweep_files({good}));
  ASSERT_TRUE(lock["files"][0]["expected"].contains("invariants_violated"));
  // Same bytes: no difference.
  EXPECT_TRUE(gate_differences(lock, sweep_files({good})).empty());
  // The gate compares outcomes of the same bytes only: re-seal the lock for
  // the broken bytes' digests, keeping the good model's expectations.
  nlohmann::json resealed = manifest_json(sweep_files({it->file}));
  resealed["files"][0]["expected"] = lock["files"][0]["expected"];
  // lock_digest as the schema documents it, computed here independently.
  std::string material = "meshgate.manifest.v1\n" + resealed["tool"].dump() + "\n" +
                         resealed["fingerprint"].get<std::string>() + "\n";
  for (const auto& f : resealed["files"]) material += f.dump() + "\n";
  resealed["lock_digest"] = sha256_hex(Bytes(reinterpret_cast<const std::byte*>(material.data()), material.size()));
  ASSERT_TRUE(lock_problems(resealed).empty());
  const std::vector<std::string> diffs = gate_differences(resealed, sweep_files({it->file}));
  ASSERT_FALSE(diffs.empty());
  EXPECT_NE(std::ranges::find_if(diffs, [](const std::string& d) {
              return d.find("now violates invariant msh.slot-sphere-contains") != std::string::npos;
            }),
            diffs.end())
      << diffs.front();
}

}  // namespace
}  // namespace meshgate
