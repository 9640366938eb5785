// Deterministic corruption sweep: random byte and word overwrites of synthetic
// files, biased towards record fields (where offsets and counts live). Every
// outcome must be a clean coded error or a parse whose round trip is exact.
// Run under ASan+UBSan (preset asan) this is also the crash oracle.
#include <gtest/gtest.h>

#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "synth/core/prng.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate::mod {
namespace {

constexpr std::array<uint64_t, 10> kBoundaryValues = {0,          1,          0x7F,       0x80,       0xFF,
                                                      0xFFFF,     0x10000,    0x7FFFFFFF, 0xFFFFFFFF,
                                                      0xFFFFFFFFFFFFFFFF};

TEST(Mutation, CorruptedFilesFailCleanlyOrRoundTripExactly) {
  const auto corpus = synth_mod_corpus(77, 12);
  Prng rng(0x5EED);
  size_t rejected = 0, accepted = 0;
  for (int round = 0; round < 4000; ++round) {
    const SynthFile& base = corpus[rng.range(0, corpus.size() - 1)];
    std::vector<std::byte> b = base.bytes;
    const int edits = static_cast<int>(rng.range(1, 3));
    for (int e = 0; e < edits; ++e) {
      // Half the edits land in the first 0x400 bytes (header, objects, mesh records).
      const uint64_t limit = rng.chance(50) ? std::min<uint64_t>(b.size(), 0x400) : b.size();
      const size_t width = size_t{1} << rng.range(0, 3);
      const uint64_t at = rng.range(0, limit - 1);
      const uint64_t value = rng.chance(60) ? kBoundaryValues[rng.range(0, kBoundaryValues.size() - 1)]
                                            : (rng.chance(50) ? rng.range(0, b.size() + 16) : rng.next());
      for (size_t i = 0; i < width && at + i < b.size(); ++i) b[at + i] = static_cast<std::byte>(value >> (8 * i));
    }
    if (rng.chance(5)) b.resize(rng.range(0, b.size()));
    const ParseResult r = parse_mod(b);
    if (!r.ok()) {
      ++rejected;
      ASSERT_FALSE(r.diagnostics.empty());
      EXPECT_EQ(r.diagnostics.back().severity, Severity::error);
      continue;
    }
    ++accepted;
    const WriteResult w = write_mod(*r.model);
    ASSERT_TRUE(w.ok()) << "round " << round << ": " << w.error->message;
    ASSERT_EQ(w.bytes, b) << "round " << round;
  }
  std::printf("mutation sweep: %zu rejected, %zu accepted and round-tripped\n", rejected, accepted);
  EXPECT_GT(rejected, 100u);
  EXPECT_GT(accepted, 100u);
}

}  // namespace
}  // namespace meshgate::mod
