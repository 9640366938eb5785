// libFuzzer target for `meshgate docs update|check`: a Markdown document with
// generated blocks and, after a NUL byte, an evidence report as JSON text
// (seeds: documents of every block kind, with and without the evidence of a
// small synthetic sweep). Without a NUL (or with nothing after it), the
// document is synced against the evidence of that sweep made in memory.
// Oracles:
// - no crash, no sanitizer report, no exception out of sync_document (every
//   evidence read is checked, schema-valid evidence or not);
// - every error is a line number and a message;
// - with valid evidence and no errors, update is idempotent: the updated
//   document has no stale block, the same block count, and updates to itself
//   (check after update passes).
#include <cstring>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_corpus.hpp"
#include "fuzz/fuzz_oracles.hpp"
#include "reports/doc_sync.hpp"
#include "reports/evidence.hpp"
#include "pipeline/json_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  static const nlohmann::json kEvidence = evidence_json(fuzzing::small_swept_corpus());
  // Its schema check is the same every run, and was 96% of a run's time (27 exec/s under ASan).
  static const bool kEvidenceValid = evidence_problems(kEvidence).empty();
  // Else no document alone would reach the idempotence checks below.
  if (!kEvidenceValid) fuzzing::fail("the in-memory evidence is not schema-valid");
  static const DocSyncer kSyncer(kEvidence);  // its index too: three quarters of syncing a short document
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string_view document = input.substr(0, nul);
  nlohmann::json given;
  std::optional<DocSyncer> given_syncer;  // both syncs below share its index
  const DocSyncer* syncer = &kSyncer;
  bool valid = true;
  if (nul != std::string_view::npos && nul + 1 < input.size()) {
    JsonRead read = read_json(input.substr(nul + 1));
    if (!read.value) return 0;
    given = std::move(*read.value);
    valid = evidence_problems(given).empty();
    syncer = &given_syncer.emplace(given);
  }
  const DocSync sync = syncer->sync(document);
  for (const std::string& e : sync.errors)
    if (e.empty() || e.find(": ") == std::string::npos) fuzzing::fail("docs error without a line and a message");
  if (!valid || !sync.errors.empty()) return 0;
  const DocSync again = syncer->sync(sync.updated);
  if (!again.errors.empty()) {
    std::fprintf(stderr, "after update: %s\n", again.errors.front().c_str());
    fuzzing::fail("docs update wrote a document docs refuses");
  }
  if (!again.stale.empty()) fuzzing::fail("docs check after docs update finds a stale block");
  if (again.blocks != sync.blocks) fuzzing::fail("docs update changed the number of blocks");
  if (again.updated != sync.updated) fuzzing::fail("docs update is not idempotent");
  return 0;
}
