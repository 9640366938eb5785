// libFuzzer target for DMC3 MOT motions: parse (diagnostics and marks inside
// the input, a rejection carries an error); for every accepted motion
// write(parse(x)) == x byte for byte, with and without an output image, and
// parse(write(m)) == m; every channel of every joint evaluates (under both
// mask readings) at times before, inside and after the keys without reading
// outside the model (ASan/UBSan are the oracle there).
#include <cmath>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_parser.hpp"
#include "writer/mot/mot_writer.hpp"

using namespace meshgate;

namespace {

void evaluate_everything(const mot::Motion& m) {
  const float end = m.header.get_f32(mot::hdr::raw_0C);
  const float times[] = {-40000.0f, 0.0f, 0.5f, std::isfinite(end) ? end * 0.5f : 1.0f, 40000.0f, 3.0f};
  for (const mot::MaskReading reading : {mot::MaskReading::exe, mot::MaskReading::importer}) {
    mot::MotionSampler sampler(m, reading);
    for (uint32_t joint = 0; joint < m.masks.size(); ++joint)
      for (size_t c = 0; c < mot::kChannelCount; ++c)
        for (const float t : times) (void)sampler.sample(joint, static_cast<mot::Channel>(c), t);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const mot::ParseResult parsed = mot::parse_mot(input);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  fuzzing::check_marks_inside(parsed.coverage_map, size);
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return 0;
  }
  const mot::Motion& m = *parsed.motion;
  if (parsed.coverage.covered_bytes != size) fuzzing::fail("an accepted MOT left bytes uncovered");
  const WriteResult written = mot::write_mot(m);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return mot::write_mot(m, o); }, data, size);
  const mot::ParseResult again = mot::parse_mot(Bytes(written.bytes.data(), written.bytes.size()));
  if (!again.ok() || !(*again.motion == m)) fuzzing::fail("parse(write(m)) != m");
  evaluate_everything(m);
  return 0;
}
