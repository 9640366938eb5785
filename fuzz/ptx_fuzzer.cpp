// libFuzzer target for PTX texture companions: parse (diagnostics and marks
// inside the input, a rejection carries an error); for every accepted
// companion every byte is covered, write(parse(x)) == x byte for byte, with
// and without an output image, and parse(write(c)) == c; every stored level
// of every entry decodes (libsquish, masks) to exactly width x height x 4
// bytes, and a level past the chain is refused, never read.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "writer/ptx/ptx_writer.hpp"

using namespace meshgate;

namespace {

void check_decodes(const ptx::Companion& c) {
  for (size_t e = 0; e < c.entries.size(); ++e) {
    const std::optional<ptx::Dds>& dds = c.entries[e].dds;
    if (!dds) {
      if (ptx::decode_entry(c, e).image) fuzzing::fail("an entry without a DDS decoded");
      continue;
    }
    if (dds->layout() == ptx::PixelLayout::other) continue;
    for (uint32_t level = 0; level < dds->mip_count(); ++level) {
      const ptx::EntryImage image = ptx::decode_entry(c, e, level);
      const ptx::LevelSize s = ptx::level_size(dds->width(), dds->height(), level);
      if (!image.image) fuzzing::fail("a stored level of an accepted DDS did not decode");
      if (image.image->width != s.width || image.image->height != s.height ||
          image.image->rgba.size() != size_t{s.width} * s.height * 4)
        fuzzing::fail("a decoded level is not width x height x 4 bytes");
    }
    if (ptx::decode_entry(c, e, dds->mip_count()).image) fuzzing::fail("a level past the chain decoded");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const ptx::ParseResult parsed = ptx::parse_ptx(input);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  fuzzing::check_marks_inside(parsed.coverage_map, size);
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return 0;
  }
  const ptx::Companion& c = *parsed.companion;
  if (parsed.coverage.covered_bytes != size) fuzzing::fail("an accepted PTX left bytes uncovered");
  const WriteResult written = ptx::write_ptx(c);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return ptx::write_ptx(c, o); }, data, size);
  const ptx::ParseResult again = ptx::parse_ptx(Bytes(written.bytes.data(), written.bytes.size()));
  if (!again.ok() || !(*again.companion == c)) fuzzing::fail("parse(write(c)) != c");
  check_decodes(c);
  return 0;
}
