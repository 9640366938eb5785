// libFuzzer target: any input the MSH parser accepts (an NRes container whose
// streams decode and pass the §4 invariants) must be re-written byte for byte
// from its typed streams and re-parse to an equal model; the walks must stay
// in bounds, and skip nothing on a model without warnings; diagnostics must
// point inside the input. Any difference aborts.
#include "fuzz/fuzz_oracles.hpp"
#include "fuzz/offset_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_walks.hpp"
#include "writer/msh/msh_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  // parse_msh in its two steps, so the container's marks are at hand too.
  nres::ParseResult container = nres::parse_nres(input, {.copy_payloads = false});
  msh::ParseResult parsed = msh::parse_msh_archive(input, container);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  // What the mutator would parse on these bytes next: hand it over.
  fuzzing::remember_surface(input, std::move(fuzzing::mutator_coverage(container, parsed)));
  if (!parsed.ok()) return 0;
  const WriteResult written = msh::write_msh(*parsed.model);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return msh::write_msh(*parsed.model, o); }, data, size);
  const msh::ParseResult again = msh::parse_msh(written.bytes);
  if (!again.ok() || !(*again.model == *parsed.model)) fuzzing::fail("parse(write(m)) != m");
  for (unsigned block = 0; block < 3; ++block) {
    msh::WalkStats stats;
    (void)msh::render_walk(*parsed.model, {block, 0}, &stats);
    const msh::WalkStats tri = msh::triangle_walk(*parsed.model, {block, 0}, {}, [](const msh::TriangleVisit&) {});
    // Warnings (a partial triangle, batches that miss their slot's range) may
    // make the walks skip steps; a model without any must not.
    if (parsed.diagnostics.empty() && (stats.skipped != 0 || tri.skipped != 0)) fuzzing::fail("a walk skipped a step on a warning-free model");
  }
  return 0;
}
