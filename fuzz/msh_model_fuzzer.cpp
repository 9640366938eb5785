// libFuzzer target: an MSH model built from fuzzer-chosen geometry, hierarchy
// and animation (FuzzedDataProvider) by the canonical exporter must parse with
// no error, give back every position bit for bit and every index, be re-written
// byte for byte from its typed streams, and re-parse to an equal model.
#include <algorithm>
#include <fuzzer/FuzzedDataProvider.h>

#include <cstring>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_walks.hpp"
#include "writer/msh/msh_exporter.hpp"
#include "writer/msh/msh_writer.hpp"

namespace {

using namespace meshgate;
using namespace meshgate::msh;

// What the built model must give back: its positions in the exporter's
// node -> slot -> batch order, and its indices.
struct Expected {
  std::vector<std::array<float, 3>> positions;
  std::vector<uint16_t> indices;
};

ExportBatch fuzzed_batch(FuzzedDataProvider& in, Expected& expected) {
  ExportBatch batch;
  batch.wear_row = in.ConsumeIntegral<uint8_t>();
  const size_t verts = in.ConsumeIntegralInRange<size_t>(3, 24);
  for (size_t v = 0; v < verts; ++v) {
    ExportVertex x;
    for (float& c : x.position) c = in.ConsumeFloatingPointInRange<float>(-1e4f, 1e4f);
    for (float& c : x.uv) c = in.ConsumeFloatingPointInRange<float>(-40, 40);
    batch.vertices.push_back(x);
    expected.positions.push_back(x.position);
  }
  for (size_t t = in.ConsumeIntegralInRange<size_t>(1, 16); t > 0; --t)
    for (int k = 0; k < 3; ++k)
      batch.indices.push_back(in.ConsumeIntegralInRange<uint16_t>(0, static_cast<uint16_t>(verts - 1)));
  expected.indices.insert(expected.indices.end(), batch.indices.begin(), batch.indices.end());
  return batch;
}

// A track of 1..4 keys, strictly increasing in time, within the frame count.
std::vector<ExportKey> fuzzed_track(FuzzedDataProvider& in, uint32_t frame_count) {
  std::vector<ExportKey> track;
  float time = 0;
  for (size_t k = in.ConsumeIntegralInRange<size_t>(1, 4); k > 0 && time < static_cast<float>(frame_count); --k) {
    ExportKey key;
    key.time = time;
    for (float& c : key.translation) c = in.ConsumeFloatingPointInRange<float>(-100, 100);
    track.push_back(key);
    time += static_cast<float>(in.ConsumeIntegralInRange<int>(1, 5));
  }
  return track;
}

// Node `n`: a parent before it (or none), up to three slots of one or two batches, maybe a track.
ExportNode fuzzed_node(FuzzedDataProvider& in, size_t n, uint32_t frame_count, Expected& expected) {
  ExportNode node;
  node.parent = n == 0 || in.ConsumeBool() ? 0xFFFF : in.ConsumeIntegralInRange<uint16_t>(0, static_cast<uint16_t>(n - 1));
  node.flags = in.ConsumeIntegral<uint16_t>();
  node.name = in.ConsumeRandomLengthString(12);
  node.name.erase(std::find(node.name.begin(), node.name.end(), '\0'), node.name.end());
  std::array<bool, 15> used{};
  for (size_t s = in.ConsumeIntegralInRange<size_t>(0, 3); s > 0; --s) {
    const unsigned word = in.ConsumeIntegralInRange<unsigned>(0, 14);
    if (used[word]) continue;
    used[word] = true;
    ExportSlot slot{word / 5, word % 5, {}};
    for (size_t b = in.ConsumeIntegralInRange<size_t>(1, 2); b > 0; --b) slot.batches.push_back(fuzzed_batch(in, expected));
    node.slots.push_back(std::move(slot));
  }
  if (frame_count > 1 && in.ConsumeBool()) node.track = fuzzed_track(in, frame_count);
  return node;
}

// The exported model parses with no error, gives back every position bit for
// bit and every index, is re-written byte for byte and re-parses to itself.
void check_exported(const std::vector<std::byte>& bytes, const Expected& expected) {
  const ParseResult r = parse_msh(bytes);
  fuzzing::check_diagnostics(r.diagnostics, bytes.size());
  if (!r.ok()) {
    const Diagnostic& last = r.diagnostics.back();
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(last.code.size()), last.code.data(), last.message.c_str());
    fuzzing::fail("the parser rejected a model the exporter made");
  }
  const Model& model = *r.model;
  const auto* got = model.get<PositionStream>(stream_type::positions);
  if (!got || got->positions.size() != expected.positions.size()) fuzzing::fail("vertex count changed");
  for (size_t v = 0; v < expected.positions.size(); ++v)
    for (size_t c = 0; c < 3; ++c)
      if (got->positions[v][c] != f32_to_bits(expected.positions[v][c])) fuzzing::fail("a position changed its bits");
  if (!std::ranges::equal(model.get<WordStream>(stream_type::indices)->words, expected.indices))
    fuzzing::fail("indices changed");
  const WriteResult written = write_msh(model);
  fuzzing::check_identical(written, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  const ParseResult again = parse_msh(written.bytes);
  if (!again.ok() || !(*again.model == model)) fuzzing::fail("parse(write(m)) != m");
  WalkStats stats;
  (void)render_walk(model, {0, 0}, &stats);
  if (stats.skipped != 0) fuzzing::fail("the render walk skipped a step on an exported model");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  ExportModel m;
  m.frame_count = in.ConsumeIntegralInRange<uint32_t>(0, 24);
  m.with_res9 = in.ConsumeBool();
  m.with_res15 = in.ConsumeBool();
  Expected expected;
  const size_t nodes = in.ConsumeIntegralInRange<size_t>(1, 6);
  for (size_t n = 0; n < nodes; ++n) m.nodes.push_back(fuzzed_node(in, n, m.frame_count, expected));
  std::string error;
  const std::vector<std::byte> bytes = export_msh(m, &error);
  if (bytes.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    fuzzing::fail("the exporter refused a model the fuzz target built within its rules");
  }
  check_exported(bytes, expected);
  return 0;
}
