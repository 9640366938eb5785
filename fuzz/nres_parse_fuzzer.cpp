// libFuzzer target: the NRes container parser on any bytes, both profiles.
// Crash oracle, marks and diagnostics inside the input, rejections end in an error.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/nres/nres_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  for (ParseProfile profile : {ParseProfile::compatible, ParseProfile::strict}) {
    const nres::ParseResult r = nres::parse_nres(Bytes(reinterpret_cast<const std::byte*>(data), size), {.profile = profile});
    fuzzing::check_diagnostics(r.diagnostics, size);
    fuzzing::check_marks_inside(r.coverage_map, size);
    if (!r.ok()) fuzzing::check_rejected_with_error(r.diagnostics);
  }
  return 0;
}
