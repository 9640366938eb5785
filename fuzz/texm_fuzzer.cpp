// libFuzzer target for Texm textures: parse (diagnostics and marks inside the
// input, a rejection carries an error); for every accepted texture
// write(parse(x)) == x byte for byte, with and without an output image, and
// parse(write(t)) == t; every level decodes in both byte orders to exactly
// width x height x 4 bytes.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "writer/texm/texm_writer.hpp"

using namespace meshgate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const texm::ParseResult parsed = texm::parse_texm(input);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  fuzzing::check_marks_inside(parsed.coverage_map, size);
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return 0;
  }
  const texm::Texture& t = *parsed.texture;
  if (parsed.coverage.covered_bytes != size) fuzzing::fail("an accepted Texm left bytes uncovered");
  const WriteResult written = texm::write_texm(t);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return texm::write_texm(t, o); }, data, size);
  const texm::ParseResult again = texm::parse_texm(Bytes(written.bytes.data(), written.bytes.size()));
  if (!again.ok() || !(*again.texture == t)) fuzzing::fail("parse(write(t)) != t");
  for (uint32_t level = 0; level < t.levels.size(); ++level)
    for (const texm::ByteOrder order : {texm::ByteOrder::bgra, texm::ByteOrder::argb}) {
      const texm::Rgba8Image image = texm::decode_level(t, level, order);
      const texm::LevelSize s = texm::level_size(t.width(), t.height(), level);
      if (image.width != s.width || image.height != s.height || image.rgba.size() != size_t{s.width} * s.height * 4)
        fuzzing::fail("a decoded level is not width x height x 4 bytes");
    }
  return 0;
}
