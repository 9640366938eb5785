// The synthetic corpus is the same bytes whichever compiler built meshgate:
// corpus locks, fuzz seeds and the documents' examples are made from it. The
// order a call evaluates its arguments in is the compiler's (GCC and clang
// differ), so a generator draws each random value in a statement of its own;
// these digests were recorded from the GCC build and are checked in the
// clang (asan) tree too. A deliberate change to a generator records them
// again (the failure prints the new digest); a new generator adds its line.
#include <gtest/gtest.h>

#include <map>

#include "parser/core/byte_reader.hpp"
#include "parser/core/hashing.hpp"
#include "synth/generators.hpp"

namespace meshgate {
namespace {

// Each piece with its length first, so moving a byte from a name into the
// bytes after it changes the digest.
void add_piece(StreamingDigests& all, Bytes piece) {
  std::vector<std::byte> length;
  append_uint_le(length, piece.size(), 8);
  all.update(Bytes(length));
  all.update(piece);
}

void add_file(StreamingDigests& all, const SynthFile& f) {
  add_piece(all, Bytes(reinterpret_cast<const std::byte*>(f.name.data()), f.name.size()));
  add_piece(all, Bytes(f.bytes));
}

// `synth mod|scm|mot --records 300`: two objects of a MOD or an SCM (255 meshes fill one),
// 34 mask groups of a MOT.
constexpr uint64_t kRecordsProbe = 300;

// One digest over everything `meshgate synth NAME --seed 7 --count N
// --malformed` writes (and --nested, --chain 12, --records 300, --sort-fold
// upper where the generator offers them), in the generator's order.
std::string generator_digest(const SynthGenerator& g, uint64_t count, bool malformed) {
  StreamingDigests all;
  const SynthSink sink = [&](SynthFile&& f) {
    add_file(all, f);
    return true;
  };
  g.corpus(7, count, SortFold::lower, sink);
  if (g.takes_sort_fold) g.corpus(7, count, SortFold::upper, sink);
  if (malformed)
    for (const MalformedCase& c : g.malformed(7)) add_file(all, c.file);
  if (g.violations)
    for (const ViolationCase& c : g.violations(7)) add_file(all, c.file);
  if (g.nested)
    for (const SynthFile& f : g.nested(7)) add_file(all, f);
  if (g.chain) add_file(all, g.chain(7, 12));
  if (g.records) add_file(all, g.records(7, kRecordsProbe));
  return all.xxh3_64_hex();
}

struct Recorded {
  uint64_t count;  // enough files to reach every branch that depends on the index
  std::string_view digest;
  // nbz's malformed variants cost 1.7 s of deflating the MOD and PAC
  // generators' files, whose bytes the mod and pac digests already cover.
  bool malformed = true;
};

// Recorded from the GCC -O3 build; the clang build must give the same.
const std::map<std::string_view, Recorded> kRecorded = {
    {"mod", {4, "fbab849e2cb36005"}},
    {"nres", {6, "e8b1422d89a3167a"}},
    {"msh", {4, "f64aff5c9b5ade04"}},
    {"pac", {3, "e3289dbb03ddece3"}},
    {"pnst", {3, "10f2c9eb071e0f51"}},
    {"nbz", {1, "6e576027cca74380", false}},
    {"texm", {8, "6b8454db7fe9c0ec"}},
    {"ptx", {3, "34d57ea258f4b174"}},
    {"mot", {4, "7a92a910a6785fc4"}},
    {"scm", {6, "cce6d622cdf463e4"}},
    {"dmc3", {2, "45985081532bc6ea"}},
    {"materials", {3, "14ddf3483c0708f3"}},
    {"rsli", {3, "64e3669a63acb95d"}},  // three libraries: with no trailer, an AO trailer, an applied overlay
};

TEST(SynthDeterminism, EveryGeneratorWritesTheBytesTheGccBuildWrote) {
  for (const SynthGenerator& g : synth_generators()) {
    const auto recorded = kRecorded.find(g.name);
    if (recorded == kRecorded.end()) {
      ADD_FAILURE() << "generator " << g.name << " has no recorded digest: add its line to kRecorded";
      continue;
    }
    const Recorded& r = recorded->second;
    EXPECT_EQ(generator_digest(g, r.count, r.malformed), r.digest) << "generator " << g.name;
  }
}

}  // namespace
}  // namespace meshgate
