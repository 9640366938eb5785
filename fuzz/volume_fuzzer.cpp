// libFuzzer target for NBZ/ZIP volumes, through the one path every command
// takes (parse_tree via roundtrip_tree): libzip opens the bytes, the members
// a format claims are inflated under the size checks and parsed as files of
// their own. For every input: no crash, diagnostics inside the input, a
// rejected file carries an error, and every member that parsed (a MOD, a
// container, an archive) writes back byte-identically.
#include "fuzz/fuzz_oracles.hpp"
#include "pipeline/roundtrip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  if (detect_format(input.first(std::min(size, kMagicProbeBytes))) != Format::zip_volume) return 0;
  for (const RoundTripOutcome& o : roundtrip_tree("fuzz.nbz", input, nres::Profile::compatible, {}, false)) {
    if (!o.parsed) fuzzing::check_rejected_with_error(o.diagnostics);
    if (o.parsed && !o.read_only && !o.identical) fuzzing::fail("a member that parsed does not write back identically");
  }
  return 0;
}
