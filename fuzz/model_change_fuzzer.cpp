// libFuzzer target for the change path (`dump`, `build`, `rebuild`), on any
// bytes (MOD, MSH, NRes): for every input meshgate accepts,
// - build(read_json(dump text of x)) == x: the dump holds every byte and
//   build places each one back (bytes -> model -> JSON text -> model ->
//   bytes), through the steps the commands take: `dump` writes its text an
//   item at a time (ModelDump::write), `build` reads it with read_json and
//   checks it against the dump schema before placing a byte;
// - rebuild --canonical gives a file that parses with no error and is a
//   fixpoint: rebuilding it again changes nothing.
// Any difference aborts; ASan+UBSan make every step a crash oracle too.
#include <sstream>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_oracles.hpp"
#include "change/canonical_rebuild.hpp"
#include "change/model_dump.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"

namespace {

using namespace meshgate;

bool parses_without_error(Bytes bytes) {
  for (const RoundTripOutcome& o : roundtrip_tree("rebuilt", bytes, ParseProfile::compatible, {}, false))
    if (!o.parsed) return false;
  return true;
}

// The text `meshgate dump` writes for the input, or "" when it has no dump.
std::string dump_text(Bytes input) {
  const ModelDump dump("fuzz", input, ParseProfile::compatible);
  if (!dump.error().empty()) return {};  // rejected: nothing to place its bytes by
  std::ostringstream text;
  dump.write(text);
  return std::move(text).str();
}

void check_dump_builds_the_input(Bytes input, const std::string& text) {
  const JsonRead read = read_json(text);
  if (!read.value) {
    std::fprintf(stderr, "read_json: %s\n", read.error.c_str());
    fuzzing::fail("build cannot read the text dump wrote");
  }
  const BuildResult built = build_from_dump(*read.value);
  if (!built.errors.empty()) {
    std::fprintf(stderr, "build: %s\n", built.errors.front().c_str());
    fuzzing::fail("build refused an unedited dump");
  }
  if (built.bytes.size() != input.size() || !std::equal(built.bytes.begin(), built.bytes.end(), input.begin()))
    fuzzing::fail("build(dump(x)) != x");
}

void check_rebuild_is_a_fixpoint(Bytes input) {
  const RebuildResult rebuilt = rebuild_canonical("fuzz", input, ParseProfile::compatible);
  if (!rebuilt.ok()) return;  // a file the dump accepts but a nested model of it does not parse
  if (!parses_without_error(rebuilt.bytes)) fuzzing::fail("rebuild --canonical made a file that does not parse");
  const RebuildResult again = rebuild_canonical("fuzz", rebuilt.bytes, ParseProfile::compatible);
  if (!again.ok() || again.bytes != rebuilt.bytes) fuzzing::fail("rebuild(rebuild(x)) != rebuild(x)");
}

void check(Bytes input) {
  const std::string text = dump_text(input);
  if (text.empty()) return;
  check_dump_builds_the_input(input, text);
  check_rebuild_is_a_fixpoint(input);
}

}  // namespace

// Every input must free what it allocates, or libFuzzer runs it again (and
// LeakSanitizer over the heap) to tell a leak: a third of the runs did. So the
// statics the path allocates on first use (the compiled dump schema, ...) are
// made here, on a synthetic MOD and MSH, and each run frees the stream
// buffers the parser keeps for the next model.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::vector<SynthFile> files = mod::synth_mod_corpus(3, 1);
  for (SynthFile& f : msh::synth_msh_corpus(3, 1)) files.push_back(std::move(f));
  for (const SynthFile& f : files) check(f.bytes);
  release_stream_buffers();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  check(Bytes(reinterpret_cast<const std::byte*>(data), size));
  release_stream_buffers();
  return 0;
}
