// libFuzzer target for RsLi libraries (docs/spec/nikita-rsli.md): parse
// (diagnostics and marks inside the input, a rejection carries an error);
// for every accepted library write(parse(x)) == x byte for byte and
// parse(write(l)) == l; an edit (the first entry removed, an entry added)
// and the §7.3 rebuild either refuse or give a library that parses back with
// every entry decoding as it should (edit_rsli proves that itself; checked
// again here).
#include "fuzz/fuzz_oracles.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "writer/rsli/rsli_member_edit.hpp"
#include "writer/rsli/rsli_writer.hpp"

using namespace meshgate;

namespace {

// Limits far below the defaults: an input of max_len may declare 128 MiB.
rsli::ParseOptions fuzz_options() {
  rsli::ParseOptions o;
  o.limits.unpacked_per_entry = 1u << 20;
  o.limits.unpacked_per_load = 4u << 20;
  return o;
}


}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const rsli::ParseResult parsed = rsli::parse_rsli(input, fuzz_options());
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  fuzzing::check_diagnostics(parsed.notes, size);
  fuzzing::check_marks_inside(parsed.coverage_map, size);
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return 0;
  }
  const rsli::Library& library = *parsed.library;
  const WriteResult written = rsli::write_rsli(library);
  fuzzing::check_identical(written, data, size);
  const rsli::ParseResult again = rsli::parse_rsli(Bytes(written.bytes.data(), written.bytes.size()), fuzz_options());
  if (!again.ok() || !(*again.library == library)) fuzzing::fail("parse(write(l)) != l");
  const std::vector<std::byte> added{std::byte{'f'}, std::byte{'u'}, std::byte{'z'}, std::byte{'z'}};
  for (const MemberEdit& edit : {MemberEdit{.kind = MemberEditKind::remove, .member = 0},
                                 MemberEdit{.kind = MemberEditKind::add, .bytes = added, .name = "FUZZ.DAT"}}) {
    const EditedContainer e = rsli::edit_rsli(library, edit);
    if (!e.error && !rsli::parse_rsli(e.bytes, fuzz_options()).ok()) fuzzing::fail("an edit wrote a library that does not parse");
    if (e.error && !e.bytes.empty()) fuzzing::fail("a refused edit left bytes");
  }
  const rsli::Rebuilt rebuilt = rsli::rebuild_rsli(library, {});
  if (!rebuilt.error && !rsli::parse_rsli(rebuilt.bytes, fuzz_options()).ok())
    fuzzing::fail("the rebuild wrote a library that does not parse");
  return 0;
}
