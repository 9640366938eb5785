// libFuzzer target: a MOD built from fuzzer-chosen values (FuzzedDataProvider)
// by the layout builder must parse, every value must come back as it went in
// (floats bit for bit, skin words, reserved bytes), the writer must reproduce
// the file from the model, and parse(write(m)) == m.
#include <algorithm>
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstring>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/mod/mod_parser.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "writer/mod/mod_writer.hpp"

namespace {

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meshgate;
  using namespace meshgate::mod;
  FuzzedDataProvider in(data, size);
  ModDescription d;
  d.version = kKnownVersions[in.ConsumeIntegralInRange<size_t>(0, kKnownVersions.size() - 1)];
  d.texture_slot_count = in.ConsumeIntegralInRange<uint8_t>(1, 8);
  d.runtime_metadata = in.ConsumeIntegral<uint32_t>();
  in.ConsumeData(d.reserved_08.data(), d.reserved_08.size());
  d.padding_fill = in.ConsumeBool() ? 0 : in.ConsumeIntegral<uint8_t>();
  const unsigned nodes = in.ConsumeIntegralInRange<unsigned>(1, 8);
  for (unsigned k = 0; k < nodes; ++k) {  // a chain in index order: always a valid hierarchy
    d.nodes.push_back({static_cast<uint8_t>(k == 0 ? kRootParent : k - 1), static_cast<uint8_t>(k), 0});
    TransformDescription t;
    for (float& c : t.translation) c = in.ConsumeFloatingPointInRange<float>(-100, 100);
    t.translation_length = std::sqrt(t.translation[0] * t.translation[0] + t.translation[1] * t.translation[1] +
                                     t.translation[2] * t.translation[2]);
    for (float& c : t.rotation) c = in.ConsumeFloatingPointInRange<float>(-3, 3);
    d.transforms.push_back(t);
  }
  const size_t objects = in.ConsumeIntegralInRange<size_t>(1, 3);
  for (size_t i = 0; i < objects; ++i) {
    ObjectDescription o;
    o.alpha_control = in.ConsumeIntegral<uint8_t>();
    in.ConsumeData(o.reserved_20.data(), o.reserved_20.size());
    const size_t meshes = in.ConsumeIntegralInRange<size_t>(1, 2);
    for (size_t j = 0; j < meshes; ++j) {
      MeshDescription m;
      m.texture_slot = in.ConsumeIntegralInRange<uint16_t>(0, static_cast<uint16_t>(d.texture_slot_count - 1));
      m.preserved0c = in.ConsumeIntegral<uint32_t>();
      const size_t n = in.ConsumeIntegralInRange<size_t>(3, 24);
      for (size_t v = 0; v < n; ++v) {
        m.positions.push_back({in.ConsumeFloatingPoint<float>(), in.ConsumeFloatingPoint<float>(),
                               in.ConsumeFloatingPoint<float>()});
        m.normals.push_back({0, 1, 0});
        m.uv.push_back({in.ConsumeIntegral<int16_t>(), in.ConsumeIntegral<int16_t>()});
        const uint8_t q0 = in.ConsumeIntegralInRange<uint8_t>(0, 31);
        m.blend_indices.push_back({0, 0, 0, 0});
        m.control.push_back(static_cast<uint16_t>(q0 | ((31 - q0) << 5)));  // two lanes, both bone 0
      }
      o.meshes.push_back(std::move(m));
    }
    d.objects.push_back(std::move(o));
  }
  const BuiltMod built = build_mod(d);
  const ParseResult r = parse_mod(built.bytes);
  fuzzing::check_diagnostics(r.diagnostics, built.bytes.size());
  if (!r.ok()) {
    std::fprintf(stderr, "%s\n", r.diagnostics.back().message.c_str());
    fuzzing::fail("the parser rejected a file the layout builder made");
  }
  const Model& m = *r.model;
  for (size_t i = 0; i < objects; ++i)
    for (size_t j = 0; j < d.objects[i].meshes.size(); ++j) {
      const MeshDescription& want = d.objects[i].meshes[j];
      const Mesh& got = m.objects[i].meshes[j];
      if (!std::ranges::equal(got.control, want.control)) fuzzing::fail("control words changed");
      for (size_t v = 0; v < want.positions.size(); ++v)
        for (size_t c = 0; c < 3; ++c)
          if (got.positions[v][c] != bits(want.positions[v][c])) fuzzing::fail("a position changed its bits");
      if (got.record.get(mesh::preserved0c) != want.preserved0c) fuzzing::fail("mesh +0x0C changed");
    }
  const WriteResult written = write_mod(m);
  fuzzing::check_identical(written, reinterpret_cast<const uint8_t*>(built.bytes.data()), built.bytes.size());
  const ParseResult again = parse_mod(written.bytes);
  if (!again.ok() || !(*again.model == m)) fuzzing::fail("parse(write(m)) != m");
  return 0;
}
