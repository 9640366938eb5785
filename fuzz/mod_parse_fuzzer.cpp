// libFuzzer target: the MOD parser on any bytes. Crash oracle (ASan+UBSan),
// plus: every field it marks lies inside the input, every diagnostic points
// inside it, and a rejected parse ends in an error.
#include "fuzz/fuzz_oracles.hpp"
#include "fuzz/offset_fields.hpp"
#include "parser/mod/mod_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  mod::ParseResult r = mod::parse_mod(Bytes(reinterpret_cast<const std::byte*>(data), size));
  fuzzing::check_diagnostics(r.diagnostics, size);
  fuzzing::check_marks_inside(r.coverage_map, size);
  if (!r.ok()) fuzzing::check_rejected_with_error(r.diagnostics);
  // The same parse the mutator would run on these bytes next: hand it over.
  fuzzing::remember_surface(Bytes(reinterpret_cast<const std::byte*>(data), size), std::move(r.coverage_map));
  return 0;
}
