// libFuzzer target: any input the NRes parser accepts (both profiles) must
// round-trip byte for byte and re-parse to an equal archive. Any difference aborts.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/nres/nres_parser.hpp"
#include "writer/nres/nres_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  for (ParseProfile profile : {ParseProfile::compatible, ParseProfile::strict}) {
    const nres::ParseResult parsed = nres::parse_nres(input, {.profile = profile});
    fuzzing::check_diagnostics(parsed.diagnostics, size);
    if (!parsed.ok()) continue;
    const WriteResult written = nres::write_nres(*parsed.archive);
    fuzzing::check_identical(written, data, size);
    fuzzing::check_parts_without_image([&](const PartObserver* o) { return nres::write_nres(*parsed.archive, o); }, data,
                                       size);
    const nres::ParseResult again = nres::parse_nres(written.bytes, {.profile = profile});
    if (!again.ok() || !(*again.archive == *parsed.archive)) fuzzing::fail("parse(write(a)) != a");
  }
  return 0;
}
