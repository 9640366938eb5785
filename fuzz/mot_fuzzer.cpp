// libFuzzer target for DMC3 MOT motions: parse (diagnostics and marks inside
// the input, a rejection carries an error); for every accepted motion
// write(parse(x)) == x byte for byte, with and without an output image, and
// parse(write(m)) == m; every channel of every joint evaluates (under both
// mask readings) at times before, inside and after the keys without reading
// outside the model (ASan/UBSan are the oracle there); and the motion
// exports as a glTF animation on a MOD of its joint count (export --motion):
// refused with a reason, or every sampler's times finite, non-negative and
// strictly increasing, its outputs finite and as many as glTF requires.
#include <cmath>
#include <cstring>
#include <map>
#include <memory>

#include "export/gltf_export.hpp"
#include "fuzz/fuzz_oracles.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_parser.hpp"
#include "writer/mod/mod_layout_builder.hpp"
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

// A MOD of `joints` nodes in a chain with one small mesh, made once per joint count.
struct ChainModel {
  std::vector<std::byte> bytes;
  mod::Model model;
};
const ChainModel& chain_model(size_t joints) {
  static std::map<size_t, std::unique_ptr<ChainModel>> made;
  std::unique_ptr<ChainModel>& m = made[joints];
  if (m) return *m;
  mod::ModDescription d;
  for (size_t k = 0; k < joints; ++k) {
    d.nodes.push_back({static_cast<uint8_t>(k == 0 ? mod::kRootParent : k - 1), static_cast<uint8_t>(k), 0});
    mod::TransformDescription t;
    t.translation = {0.1f, 0.0f, 0.0f};
    t.translation_length = 0.1f;
    d.transforms.push_back(t);
  }
  m = std::make_unique<ChainModel>();
  m->bytes = mod::build_mod(d).bytes;
  mod::ParseResult parsed = mod::parse_mod(m->bytes);
  if (!parsed.ok()) fuzzing::fail("the chain model the motions are exported on does not parse");
  m->model = std::move(*parsed.model);
  return *m;
}

std::vector<float> floats_of(const tinygltf::Model& asset, int accessor) {
  const tinygltf::Accessor& a = asset.accessors.at(static_cast<size_t>(accessor));
  const tinygltf::BufferView& v = asset.bufferViews.at(static_cast<size_t>(a.bufferView));
  const size_t n = a.count * static_cast<size_t>(tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type)));
  std::vector<float> out(n);
  std::memcpy(out.data(), asset.buffers.at(0).data.data() + v.byteOffset + a.byteOffset, n * sizeof(float));
  return out;
}

void export_animated(const mot::Motion& m) {
  if (m.masks.empty() || m.masks.size() > 255) return;  // a MOD has at most 255 nodes
  const ChainModel& chain = chain_model(m.masks.size());
  auto motions = std::make_shared<gltf::MotionOptions>();
  motions->motions.push_back({"fuzz.mot", std::make_shared<const mot::Motion>(m)});
  gltf::ExportOptions options;
  options.motions = motions;
  const gltf::Exported e = gltf::export_mod(chain.model, chain.bytes, options);
  if (!e.refused.empty()) return;
  for (const tinygltf::Animation& anim : e.asset.animations)
    for (const tinygltf::AnimationSampler& s : anim.samplers) {
      const std::vector<float> times = floats_of(e.asset, s.input);
      const std::vector<float> values = floats_of(e.asset, s.output);
      for (size_t i = 0; i < times.size(); ++i)
        if (!std::isfinite(times[i]) || times[i] < 0 || (i > 0 && !(times[i] > times[i - 1])))
          fuzzing::fail("an animation's key times are not finite, non-negative and strictly increasing");
      for (float v : values)
        if (!std::isfinite(v)) fuzzing::fail("an animation holds a value that is not finite");
      const size_t width = s.interpolation == "CUBICSPLINE" ? 3 : 1;
      const size_t components = values.size() / std::max<size_t>(1, times.size() * width);
      if (values.size() != times.size() * width * components || (components != 3 && components != 4))
        fuzzing::fail("an animation's output count does not match its keys");
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
  export_animated(m);
  return 0;
}
