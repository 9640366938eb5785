// libFuzzer target for `meshgate gate`'s verification of a lock: lock JSON
// text (seeds: `meshgate manifest` of the synthetic corpus in fuzz_corpus.hpp),
// mutated, through read_json, lock_problems (schema, unique paths,
// fingerprint, lock_digest) and gate_differences against that corpus swept in
// memory. A mutated lock rarely keeps its digests, so a schema-valid one is
// also sealed again (reseal_lock) and gated: the comparisons of every field
// run, not only the refusal. Oracles:
// - no crash, no sanitizer report, no exception (every read is checked);
// - a resealed lock with unique paths has no lock problem, and the gate of
//   an unsound lock is exactly its problems;
// - every difference is a non-empty sentence.
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_corpus.hpp"
#include "fuzz/fuzz_oracles.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "reports/manifest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const SweepResult& corpus = fuzzing::small_swept_corpus();
  JsonRead read = read_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!read.value) return 0;
  nlohmann::json& lock = *read.value;
  const std::vector<std::string> problems = lock_problems(lock);
  const std::vector<std::string> differences = gate_differences(lock, corpus);
  if (!problems.empty() && differences != problems) fuzzing::fail("the gate of an unsound lock is not its problems");
  for (const std::string& d : differences)
    if (d.empty()) fuzzing::fail("an empty gate difference");
  if (!schema_violations(manifest_schema(), lock).empty()) return 0;
  reseal_lock(lock);
  const std::vector<std::string> resealed = lock_problems(lock);
  for (const std::string& p : resealed)
    if (p.starts_with("/fingerprint") || p.starts_with("/lock_digest")) fuzzing::fail("a resealed lock fails its seals");
  for (const std::string& d : gate_differences(lock, corpus))
    if (d.empty()) fuzzing::fail("an empty gate difference");
  return 0;
}
