// libFuzzer target: any input the MOD parser accepts must round-trip byte for
// byte through the writer, and re-parse to an equal model. Any difference
// aborts. The parse itself is the crash oracle (build with ASan+UBSan).
#include "fuzz/fuzz_oracles.hpp"
#include "fuzz/offset_fields.hpp"
#include "parser/mod/mod_parser.hpp"
#include "writer/mod/mod_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  mod::ParseResult parsed = mod::parse_mod(input);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  // The same parse the mutator would run on these bytes next: hand it over.
  fuzzing::remember_surface(input, std::move(parsed.coverage_map));
  if (!parsed.ok()) return 0;
  const WriteResult written = mod::write_mod(*parsed.model);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return mod::write_mod(*parsed.model, o); }, data, size);
  const mod::ParseResult again = mod::parse_mod(written.bytes);
  if (!again.ok() || !(*again.model == *parsed.model)) fuzzing::fail("parse(write(m)) != m");
  return 0;
}
