// libFuzzer target for `meshgate build` on what users hand it: dump JSON text
// (seeds: `meshgate dump` of synthetic files), mutated. Every input goes
// through the reader `build` uses (read_json: depth and duplicate keys), the
// dump's JSON Schema and build_from_dump. Oracles:
// - no crash, no sanitizer report, no exception but the ones build turns into
//   messages (an escaped exception aborts the run here);
// - every refusal is a message, and an accepted dump's bytes are exactly its
//   declared size;
// - what build makes is stable: if meshgate can dump the bytes it built, the
//   build of that dump gives the same bytes back (build(dump(build(d))) == build(d)).
#include <cstdio>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_oracles.hpp"
#include "pipeline/json_input.hpp"
#include "change/model_dump.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const JsonRead read = read_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!read.value) {
    if (read.error.empty()) fuzzing::fail("read_json refused without a message");
    return 0;
  }
  const BuildResult built = build_from_dump(*read.value);
  for (const std::string& e : built.errors)
    if (e.empty() || e.size() > 4096) fuzzing::fail("build error empty or longer than a message should be");
  if (!built.ok()) return 0;
  if (built.bytes.size() != read.value->at("size").get<uint64_t>()) fuzzing::fail("build made another size than the dump's");

  const nlohmann::json again = dump_model("fuzz", built.bytes, ParseProfile::compatible);
  if (again.contains("error")) return 0;  // bytes meshgate does not parse far enough to list
  const BuildResult rebuilt = build_from_dump(nlohmann::json::parse(again.dump()));
  if (!rebuilt.ok()) {
    std::fprintf(stderr, "build: %s\n", rebuilt.errors.empty() ? rebuilt.overlaps.front().c_str() : rebuilt.errors.front().c_str());
    fuzzing::fail("build refused the dump of bytes it built");
  }
  if (rebuilt.bytes != built.bytes) fuzzing::fail("build(dump(build(d))) != build(d)");
  return 0;
}
