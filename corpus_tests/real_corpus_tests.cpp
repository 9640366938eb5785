// Real-corpus gate: when MESHGATE_CORPUS names a directory, every MOD and NRes
// file found in it (recursively, by magic), and every archive nested in an
// NRes payload (MSH models among them, decoded stream by stream and checked
// against spec §4) or in a PAC/PNST container or an NBZ/ZIP volume (MODs counted
// apart; a volume itself is read-only, its members round-trip), must parse and round-trip byte-identically. Set
// but empty (or without any MOD) fails: a misconfigured CI must not go green.
#include <gtest/gtest.h>

#include <cstdlib>

#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {
namespace {

TEST(RealCorpus, EveryFileRoundTripsByteIdentical) {
  const char* root = std::getenv("MESHGATE_CORPUS");
  if (root == nullptr) GTEST_SKIP() << "MESHGATE_CORPUS is not set; no real corpus to check";
  ASSERT_NE(std::string(root), "") << "MESHGATE_CORPUS is set but empty";
  const InputScan scan = scan_inputs({root});
  ASSERT_TRUE(scan.errors.empty()) << scan.errors.front();
  ASSERT_FALSE(scan.files.empty()) << "MESHGATE_CORPUS=" << root << " holds no file meshgate recognises";
  uint64_t bytes = 0, loose_mods = 0, nested_mods = 0, containers = 0, volumes = 0;
  for (const InputFile& input : scan.files) {
    auto data = read_file(input.path);
    ASSERT_TRUE(data) << input.display;
    bytes += data->size();
    for (const RoundTripOutcome& o : roundtrip_tree(input.display, *data)) {
      // MODs inside PAC/PNST containers count (and are checked) like loose ones.
      const bool nested = o.path.find('!') != std::string::npos;
      if (o.format == Format::dmc3_mod) ++(nested ? nested_mods : loose_mods);
      containers += o.format == Format::dmc3_pac || o.format == Format::dmc3_pnst;
      volumes += o.read_only;
      EXPECT_TRUE(o.parsed) << o.path << ": "
                            << (o.diagnostics.empty() ? "" : format_diagnostic(o.path, o.diagnostics.back()));
      if (o.read_only) continue;  // a volume is read, never written
      EXPECT_TRUE(o.identical) << o.path << " first difference at "
                               << (o.first_diff_offset ? hex_offset(*o.first_diff_offset) : "-");
    }
  }
  std::printf("real corpus: %zu files, %llu bytes; %llu loose MODs, %llu MODs nested in %llu PAC/PNST containers "
              "and %llu NBZ/ZIP volumes\n",
              scan.files.size(), static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(loose_mods),
              static_cast<unsigned long long>(nested_mods), static_cast<unsigned long long>(containers),
              static_cast<unsigned long long>(volumes));
}

}  // namespace
}  // namespace meshgate
