// libFuzzer target: any input the MOD parser accepts must round-trip byte for
// byte through the writer, and re-parse to an equal model. Any difference
// aborts. The parse itself is the crash oracle (build with ASan+UBSan).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "parser/mod/mod_parser.hpp"
#include "writer/mod/mod_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const mod::ParseResult parsed = mod::parse_mod(input);
  for (const Diagnostic& d : parsed.diagnostics) {
    if (d.offset > size + 0x40) {  // diagnostics point at the file (EOF at most, or the header for short files)
      std::fprintf(stderr, "diagnostic offset %llu outside a %zu-byte input\n",
                   static_cast<unsigned long long>(d.offset), size);
      std::abort();
    }
  }
  if (!parsed.ok()) return 0;
  const WriteResult written = mod::write_mod(*parsed.model);
  if (!written.ok()) {
    std::fprintf(stderr, "writer failed on an accepted input: %s\n", written.error->message.c_str());
    std::abort();
  }
  if (written.bytes.size() != size ||
      !std::equal(written.bytes.begin(), written.bytes.end(), input.begin())) {
    std::fprintf(stderr, "round trip differs\n");
    std::abort();
  }
  const mod::ParseResult again = mod::parse_mod(written.bytes);
  if (!again.ok() || !(*again.model == *parsed.model)) {
    std::fprintf(stderr, "parse(write(m)) != m\n");
    std::abort();
  }
  return 0;
}
