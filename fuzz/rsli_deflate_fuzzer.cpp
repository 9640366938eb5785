// libFuzzer target for RsLi's deflate method (docs/spec/nikita-rsli.md §4): its
// decoder on any stream and declared size, meshgate's encoder on any bytes
// (fuzz/rsli_codec_fuzz.hpp says what each direction checks).
#include "fuzz/rsli_codec_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return meshgate::fuzzing::run_codec(meshgate::rsli::Method::deflate, data, size);
}
