// libFuzzer target: the MSH model parser (container, stream decoders, §4
// invariants) on any bytes, plus both walks over every accepted model. Crash
// oracle, marks and diagnostics inside the input, rejections end in an error.
#include "fuzz/fuzz_oracles.hpp"
#include "fuzz/offset_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_walks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  // parse_msh in its two steps, so the container's marks are at hand too.
  nres::ParseResult container = nres::parse_nres(input, {.copy_payloads = false});
  msh::ParseResult r = msh::parse_msh_archive(input, container);
  fuzzing::check_diagnostics(r.diagnostics, size);
  fuzzing::check_marks_inside(r.coverage_map, size);
  if (!r.ok()) fuzzing::check_rejected_with_error(r.diagnostics);
  // What the mutator would parse on these bytes next: hand it over.
  fuzzing::remember_surface(input, std::move(fuzzing::mutator_coverage(container, r)));
  if (!r.ok()) return 0;
  const msh::WalkStreams streams(*r.model);
  for (unsigned block = 0; block < 3; ++block)
    for (unsigned column = 0; column < 5; ++column) {
      (void)msh::render_walk(streams, {block, column});
      (void)msh::triangle_walk(streams, {block, column}, {}, [](const msh::TriangleVisit&) {});
    }
  return 0;
}
