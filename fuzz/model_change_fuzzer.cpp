// libFuzzer target for the change path (`dump`, `build`, `rebuild`), on any
// bytes (MOD, MSH, NRes): for every input meshgate accepts,
// - build(parse(JSON text of dump(x))) == x: the dump holds every byte and
//   build places each one back (bytes -> model -> JSON -> model -> bytes);
// - rebuild --canonical gives a file that parses with no error and is a
//   fixpoint: rebuilding it again changes nothing.
// Any difference aborts; ASan+UBSan make every step a crash oracle too.
#include <nlohmann/json.hpp>

#include "fuzz/fuzz_oracles.hpp"
#include "change/canonical_rebuild.hpp"
#include "change/model_dump.hpp"
#include "pipeline/roundtrip.hpp"

namespace {

bool parses_without_error(meshgate::Bytes bytes) {
  for (const meshgate::RoundTripOutcome& o : meshgate::roundtrip_tree("rebuilt", bytes, meshgate::nres::Profile::compatible, {}, false))
    if (!o.parsed) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const nlohmann::json dump = dump_model("fuzz", input, nres::Profile::compatible);
  if (dump.contains("error")) return 0;  // rejected: nothing to place its bytes by
  const BuildResult built = build_from_dump(nlohmann::json::parse(dump.dump()));
  if (!built.errors.empty()) {
    std::fprintf(stderr, "build: %s\n", built.errors.front().c_str());
    fuzzing::fail("build refused an unedited dump");
  }
  if (built.bytes.size() != size || !std::equal(built.bytes.begin(), built.bytes.end(), input.begin()))
    fuzzing::fail("build(dump(x)) != x");

  const RebuildResult rebuilt = rebuild_canonical("fuzz", input, nres::Profile::compatible);
  if (!rebuilt.ok()) return 0;  // a file the dump accepts but a nested model of it does not parse
  if (!parses_without_error(rebuilt.bytes)) fuzzing::fail("rebuild --canonical made a file that does not parse");
  const RebuildResult again = rebuild_canonical("fuzz", rebuilt.bytes, nres::Profile::compatible);
  if (!again.ok() || again.bytes != rebuilt.bytes) fuzzing::fail("rebuild(rebuild(x)) != rebuild(x)");
  return 0;
}
