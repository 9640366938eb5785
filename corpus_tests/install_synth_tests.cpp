// `meshgate synth install`: the synthetic install is the same bytes for the
// same seed and scale, as large as asked within its stated overshoot, holds
// every format meshgate reads in the shape of an install (volumes of PACs,
// stage PACs, loose NRes archives, files nobody claims), and one file in
// kInstallMalformedEvery is a variant the sweep finds wrong while every other
// file sweeps clean.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "analysis/sweep.hpp"
#include "parser/core/hashing.hpp"
#include "synth/install/install_synth.hpp"

namespace meshgate {
namespace {

constexpr uint64_t kProbeBytes = 8'000'000;  // two cycles of the tree's six kinds of unit, and more

struct Digested {
  install::InstallSummary summary;
  std::string digest;
};

Digested digest_install(uint64_t seed, uint64_t target) {
  StreamingDigests all;
  const install::InstallSummary s = install::synth_install(seed, target, [&](SynthFile&& f) {
    all.update(Bytes(reinterpret_cast<const std::byte*>(f.name.data()), f.name.size() + 1));  // its NUL ends the name
    all.update(Bytes(f.bytes));
    return true;
  });
  return {s, all.xxh3_64_hex()};
}

TEST(InstallSynth, SameSeedAndScaleGiveTheSameTree) {
  const Digested a = digest_install(3, kProbeBytes), b = digest_install(3, kProbeBytes);
  EXPECT_EQ(a.digest, b.digest);
  EXPECT_EQ(a.summary.files, b.summary.files);
  EXPECT_NE(digest_install(4, kProbeBytes).digest, a.digest);
}

TEST(InstallSynth, SizeIsTheScaleWithinTheStatedOvershoot) {
  for (const uint64_t target : {uint64_t{1'000'000}, kProbeBytes, uint64_t{20'000'000}}) {
    uint64_t written = 0;
    const install::InstallSummary s = install::synth_install(1, target, [&](SynthFile&& f) {
      written += f.bytes.size();
      return true;
    });
    EXPECT_EQ(written, s.bytes);
    EXPECT_GE(s.bytes, target);
    EXPECT_LT(s.bytes, target + install::kInstallOvershootBytes) << target;
  }
}

// What the sweep says of one file of the tree, nested entries folded in.
struct SweptTreeFile {
  std::string name;
  bool bad = false;        // named bad_*: a malformed variant
  bool failed = false;     // an entry not clean, or an error diagnostic
  bool unclaimed = false;  // no format of meshgate's claims it
  std::set<std::string> codes = {}, violations = {};
};

struct Swept {
  std::set<std::string> formats;  // of every entry, nested ones too
  std::vector<SweptTreeFile> files;
};

// Every file swept as `meshgate sweep` would.
Swept sweep_install(uint64_t seed, uint64_t target) {
  Swept out;
  install::synth_install(seed, target, [&](SynthFile&& f) {
    SweepResult r;
    sweep_file(f.name, Bytes(f.bytes), ParseProfile::compatible, r, /*digests=*/false);
    SweptTreeFile t{f.name, f.name.find("/bad_") != std::string::npos};
    t.unclaimed = r.files.size() == 1 && r.files[0].format == Format::unknown;
    for (const SweptFile& s : r.files) {
      out.formats.insert(std::string(format_name(s.format)));
      t.failed = t.failed || ((!s.clean() || s.errors > 0) && !t.unclaimed);
      t.codes.insert(s.diagnostic_codes.begin(), s.diagnostic_codes.end());
      for (std::string_view id : s.invariants_violated) t.violations.emplace(id);
    }
    out.files.push_back(std::move(t));
    return true;
  });
  return out;
}

bool holds_one_not_in(const std::set<std::string>& these, const std::set<std::string>& others) {
  for (const std::string& x : these)
    if (!others.contains(x)) return true;
  return false;
}

TEST(InstallSynth, HoldsEveryFormatAndItsMalformedShareIsFound) {
  const Swept s = sweep_install(2, 2 * kProbeBytes);
  for (const char* format : {"dmc3-mod", "dmc3-ptx", "dmc3-mot", "dmc3-pac", "dmc3-pnst", "dmc3-scm", "zip-volume",
                             "nres", "nres-msh", "nikita-texm", "nikita-mat0", "nikita-wear"})
    EXPECT_TRUE(s.formats.contains(format)) << format << " missing from " << ::testing::PrintToString(s.formats);
  // The valid files: none fails; the warnings and the builder hypotheses
  // they break (a generator plants some: a MOT's equal key times, a
  // centroid that is no box midpoint) are what a malformed file must go past.
  std::set<std::string> valid_codes, valid_violations;
  uint64_t bad = 0, unclaimed = 0;
  for (const SweptTreeFile& f : s.files) {
    bad += f.bad;
    unclaimed += f.unclaimed;
    if (f.bad) continue;
    EXPECT_FALSE(f.failed) << f.name << " is valid, and fails the sweep";
    valid_codes.insert(f.codes.begin(), f.codes.end());
    valid_violations.insert(f.violations.begin(), f.violations.end());
  }
  EXPECT_GT(unclaimed, 0u) << "no file meshgate does not read";
  EXPECT_EQ(bad, s.files.size() / install::kInstallMalformedEvery);
  EXPECT_GE(bad, 3u);
  for (const SweptTreeFile& f : s.files) {
    if (!f.bad) continue;
    EXPECT_TRUE(f.failed || holds_one_not_in(f.codes, valid_codes) || holds_one_not_in(f.violations, valid_violations))
        << f.name << ": a malformed variant the sweep finds nothing wrong with";
  }
}

}  // namespace
}  // namespace meshgate
