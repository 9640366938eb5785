// `meshgate docs`: generated blocks are rewritten from the evidence and
// nothing else of a document changes; stale blocks are named with their line;
// unknown blocks and keys are errors, never skipped.
#include <gtest/gtest.h>

#include "reports/doc_sync.hpp"
#include "reports/evidence.hpp"
#include "reports/markdown_tables.hpp"
#include "analysis/sweep.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate {
namespace {

const nlohmann::json& evidence() {
  static const nlohmann::json e = [] {
    SweepResult r;
    for (const SynthFile& f : mod::synth_mod_corpus(2, 6)) sweep_file(f.name, f.bytes, ParseProfile::compatible, r);
    return evidence_json(r);
  }();
  return e;
}

TEST(DocSync, UpdateRewritesBlocksAndKeepsEveryOtherByte) {
  const std::string doc =
      "# Title\r\n\nzero in <!-- meshgate:value dmc3-mod.mesh.+0x04.zero_ratio -->OLD<!-- /meshgate --> records.\n"
      "<!-- meshgate:fields dmc3-mod mesh -->\nstale table\n<!-- /meshgate -->\ntrailing text without newline";
  const DocSync s = sync_document(doc, evidence());
  ASSERT_TRUE(s.errors.empty()) << s.errors.front();
  EXPECT_EQ(s.blocks, 2u);
  ASSERT_EQ(s.stale.size(), 2u);
  EXPECT_EQ(s.stale[0].line, 3u);
  EXPECT_EQ(s.stale[0].found, "OLD");
  EXPECT_EQ(s.stale[1].line, 4u);
  EXPECT_EQ(s.stale[1].found, "stale table");
  const nlohmann::json& fields = evidence()["fields"];
  uint64_t count = 0, zero = 0;
  for (const auto& f : fields)
    if (f["format"] == "dmc3-mod" && f["record"] == "mesh" && f["offset"] == 4)
      count = f["observed"]["count"], zero = f["observed"]["zero"];
  ASSERT_GT(count, 0u);
  const std::string expected = "# Title\r\n\nzero in <!-- meshgate:value dmc3-mod.mesh.+0x04.zero_ratio -->" +
                               std::to_string(zero) + "/" + std::to_string(count) +
                               "<!-- /meshgate --> records.\n<!-- meshgate:fields dmc3-mod mesh -->\n" +
                               field_table_markdown(fields, "dmc3-mod", "mesh") +
                               "<!-- /meshgate -->\ntrailing text without newline";
  EXPECT_EQ(s.updated, expected);
  // Updating is idempotent: the updated document is current.
  const DocSync again = sync_document(s.updated, evidence());
  EXPECT_TRUE(again.stale.empty());
  EXPECT_EQ(again.updated, s.updated);
}

TEST(DocSync, UnknownBlocksKeysAndUnclosedMarkersAreErrors) {
  for (const char* doc : {"<!-- meshgate:tables dmc3-mod mesh --><!-- /meshgate -->",
                          "<!-- meshgate:fields dmc3-mod no_such_record --><!-- /meshgate -->",
                          "<!-- meshgate:value dmc3-mod.mesh.+0x05.zero_ratio -->1<!-- /meshgate -->",
                          "<!-- meshgate:value dmc3-mod.mesh.+0x04.median -->1<!-- /meshgate -->",
                          "<!-- meshgate:value invariant.no.such.ratio -->1<!-- /meshgate -->",
                          "<!-- meshgate:value totals.nothing -->1<!-- /meshgate -->",
                          "<!-- meshgate:invariants -->",
                          "<!-- meshgate:invariants --> <!-- meshgate:value totals.files -->1<!-- /meshgate -->",
                          "<!-- meshgate:value totals.files"}) {
    const DocSync s = sync_document(doc, evidence());
    EXPECT_FALSE(s.errors.empty()) << doc;
  }
}

TEST(DocSync, ValueKeysReadTheEvidence) {
  const auto text = [](std::string_view name) { return render_block(name, evidence()).text.value_or("<error>"); };
  EXPECT_EQ(text("value totals.files"), "6");
  EXPECT_EQ(text("value dmc3-mod.mesh.+0x0C.status"), "EXE_CONFIRMED+CORPUS_CONFIRMED+PRESERVED_UNDECODED");
  for (const auto& t : evidence()["invariants"]) {
    if (t["id"] != "mod.weight-sum-31") continue;
    EXPECT_EQ(text("value invariant.mod.weight-sum-31.ratio"),
              std::to_string(t["holds"].get<uint64_t>()) + "/" +
                  std::to_string(t["holds"].get<uint64_t>() + t["violated"].get<uint64_t>()));
  }
  EXPECT_EQ(text("value invariant.mod.weight-sum-31.max_deviation"), "<error>");  // structural: no deviation
  EXPECT_EQ(text("value invariant.mod.bound-centre-is-centroid.first_violation"),
            "synth_0000.mod!objects[0].bounding_center_x");
}

bool same(const DocSync& a, const DocSync& b) {
  if (a.updated != b.updated || a.errors != b.errors || a.blocks != b.blocks || a.stale.size() != b.stale.size())
    return false;
  for (size_t i = 0; i < a.stale.size(); ++i)
    if (a.stale[i].line != b.stale[i].line || a.stale[i].block != b.stale[i].block ||
        a.stale[i].expected != b.stale[i].expected || a.stale[i].found != b.stale[i].found)
      return false;
  return true;
}

TEST(DocSync, OneSyncerGivesWhatSyncDocumentGivesForEveryDocument) {
  const DocSyncer syncer(evidence());
  for (const char* doc : {"<!-- meshgate:fields dmc3-mod mesh -->\nstale\n<!-- /meshgate -->\n",
                          "a <!-- meshgate:value dmc3-mod.mesh.+0x04.zero_ratio -->1<!-- /meshgate --> b",
                          "<!-- meshgate:invariants -->\n<!-- /meshgate -->",
                          "<!-- meshgate:value totals.nothing -->1<!-- /meshgate -->", "no blocks", ""}) {
    EXPECT_TRUE(same(syncer.sync(doc), sync_document(doc, evidence()))) << doc;
  }
  // Evidence the index cannot read: every document gets the same error, as from sync_document.
  const nlohmann::json no_fields = {{"invariants", nlohmann::json::array()}};
  const DocSyncer broken(no_fields);
  for (const char* doc : {"<!-- meshgate:value totals.files -->1<!-- /meshgate -->", "no blocks"}) {
    const DocSync s = broken.sync(doc);
    ASSERT_EQ(s.errors.size(), 1u) << doc;
    EXPECT_EQ(s.errors.front(), "0: the evidence /: key \"fields\" is missing");
    EXPECT_TRUE(same(s, sync_document(doc, no_fields))) << doc;
  }
}

}  // namespace
}  // namespace meshgate
