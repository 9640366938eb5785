// NBZ/ZIP volumes (docs/spec/dmc3-containers.md §2): generated
// volumes are read through libzip, their models and containers round-trip
// under "volume.nbz!NAME" and the volume itself is read-only; every zip.* code
// (but zip.member-limit) is raised by its malformed variant; a member name
// that would leave a folder is reported and never a path.
#include <gtest/gtest.h>

#include <set>

#include "parser/zip/zip_diagnostic_codes.hpp"
#include "parser/zip/zip_volume.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate {
namespace {

Bytes bytes_of(const std::vector<std::byte>& v) { return Bytes(v.data(), v.size()); }

TEST(ZipVolume, GeneratedVolumesAreReadOnlyAndEveryMemberRoundTrips) {
  uint64_t volumes = 0, members = 0, mods = 0;
  for (const SynthFile& f : zip::synth_volume_corpus(7, 8)) {
    const std::vector<RoundTripOutcome> out = roundtrip_tree(f.name, bytes_of(f.bytes));
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out.front().format, Format::zip_volume) << f.name;
    EXPECT_TRUE(out.front().read_only && out.front().parsed && !out.front().identical) << f.name;
    EXPECT_FALSE(out.front().output_xxh3_64.size()) << f.name << ": a volume is never written";
    for (size_t i = 1; i < out.size(); ++i) {
      const RoundTripOutcome& o = out[i];
      ASSERT_EQ(o.path.rfind(f.name + "!", 0), 0u) << o.path;
      if (o.read_only) continue;  // a volume in the volume
      EXPECT_TRUE(o.parsed && o.identical) << o.path;
      ++members;
      mods += o.format == Format::dmc3_mod;
    }
    ++volumes;
  }
  EXPECT_EQ(volumes, 8u);
  // Per volume: two loose MODs, a PAC and a PNST with their own members; the
  // opaque blob and the directory are listed, not read.
  EXPECT_GT(members, 8u * 4);
  EXPECT_GT(mods, 8u * 2);
}

TEST(ZipVolume, MembersAreNamedAsStoredAndOpaqueOnesAreNotRead) {
  const SynthFile f = zip::synth_volume_corpus(7, 1).front();
  std::set<std::string> paths;
  for (const RoundTripOutcome& o : roundtrip_tree("v.nbz", bytes_of(f.bytes))) paths.insert(o.path);
  EXPECT_TRUE(paths.count("v.nbz!GData.afs/pl000_0.mod"));
  EXPECT_TRUE(paths.count("v.nbz!GData.afs/pl001_0.mod"));
  EXPECT_TRUE(paths.count("v.nbz!GData.afs/em000_0.pac"));
  EXPECT_FALSE(paths.count("v.nbz!GData.afs/em000_0.ptx"));  // opaque: no format claims it
  EXPECT_FALSE(paths.count("v.nbz!GData.afs/"));
  const zip::ParseResult parsed = zip::parse_volume(bytes_of(f.bytes));
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed.volume->members.size(), 6u);
  EXPECT_TRUE(parsed.volume->members[0].directory);
  EXPECT_EQ(parsed.volume->members[1].method, 8);  // deflated
  EXPECT_EQ(parsed.volume->members[2].method, 0);  // stored
}

TEST(ZipVolume, AMemberInflatesToExactlyTheGeneratedBytes) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(5, 2);
  const std::vector<std::byte> v = zip::write_volume({{"a.mod", mods[0].bytes, true}, {"b.mod", mods[1].bytes, false}});
  const zip::ParseResult parsed = zip::parse_volume(bytes_of(v));
  ASSERT_TRUE(parsed.ok());
  for (size_t k = 0; k < 2; ++k) {
    const zip::Volume::Inflated got = parsed.volume->inflate(parsed.volume->members[k], 1u << 30);
    ASSERT_FALSE(got.problem) << got.problem->message;
    EXPECT_EQ(got.bytes, mods[k].bytes);
  }
  // The limit is checked from the declared size, before a byte is inflated.
  const zip::Volume::Inflated refused = parsed.volume->inflate(parsed.volume->members[0], mods[0].bytes.size() - 1);
  ASSERT_TRUE(refused.problem);
  EXPECT_EQ(refused.problem->code, zip::codes::member_too_large.code);
  EXPECT_TRUE(refused.bytes.empty());
}

TEST(ZipVolume, TheGeneratorIsDeterministic) {
  EXPECT_EQ(zip::synth_volume_corpus(3, 3)[2].bytes, zip::synth_volume_corpus(3, 3)[2].bytes);
  EXPECT_NE(zip::synth_volume_corpus(3, 1)[0].bytes, zip::synth_volume_corpus(4, 1)[0].bytes);
}

TEST(ZipVolume, EveryCodeButTheMemberLimitHasAMalformedVariantThatRaisesIt) {
  std::set<std::string_view> raised;
  for (const MalformedCase& c : zip::malformed_volume_cases(9)) {
    bool found = false;
    for (const RoundTripOutcome& o : roundtrip_tree(c.file.name, bytes_of(c.file.bytes))) {
      for (const Diagnostic& d : o.diagnostics) found |= d.code == c.expected_code;
      if (o.parsed && !o.read_only) {
        EXPECT_TRUE(o.identical) << o.path;
      }
    }
    EXPECT_TRUE(found) << c.file.name << " does not raise " << c.expected_code;
    raised.insert(c.expected_code);
  }
  for (const DiagnosticCode& code : zip::codes::kAll) {
    if (code.code != zip::codes::member_limit.code) {
      EXPECT_TRUE(raised.count(code.code)) << code.code << " has no variant";
    }
  }
}

// Two members of one name would be two outcomes under one report path (and
// one lock entry). Debian's libzip refuses such a volume when it opens it
// ("File already exists"), so meshgate reads none of it and says why: the
// volume is rejected (exit 1), never half-read under colliding paths.
TEST(ZipVolume, AVolumeWhoseMembersShareANameIsRefusedWhole) {
  const std::vector<std::byte> mod = mod::synth_mod_corpus(9, 1).at(0).bytes;
  std::vector<std::byte> v = zip::write_volume({{"em.mod", mod, false}, {"fm.mod", mod, false}});
  // Rename the second member "em.mod" in its local header and its central directory entry.
  const auto rename = [&](uint32_t signature, size_t name_at) {
    const auto u32_at = [&](size_t i) {
      return std::to_integer<uint32_t>(v[i]) | std::to_integer<uint32_t>(v[i + 1]) << 8 |
             std::to_integer<uint32_t>(v[i + 2]) << 16 | std::to_integer<uint32_t>(v[i + 3]) << 24;
    };
    for (size_t i = 0, seen = 0; i + 4 <= v.size(); ++i)
      if (u32_at(i) == signature && seen++ == 1) {
        ASSERT_EQ(v[i + name_at], std::byte{'f'});
        v[i + name_at] = std::byte{'e'};
        return;
      }
    FAIL() << "no second header";
  };
  rename(0x04034b50, 30);
  rename(0x02014b50, 46);
  const std::vector<RoundTripOutcome> out = roundtrip_tree("v.nbz", bytes_of(v));
  ASSERT_EQ(out.size(), 1u);  // nothing read under a colliding path
  EXPECT_FALSE(out[0].parsed);
  ASSERT_FALSE(out[0].diagnostics.empty());
  EXPECT_EQ(out[0].diagnostics[0].code, zip::codes::unreadable.code);
  EXPECT_NE(out[0].diagnostics[0].message.find("libzip"), std::string::npos);
}

TEST(ZipVolume, AFailedMemberFailsItsOutcomeNotTheOthers) {
  for (const MalformedCase& c : zip::malformed_volume_cases(9)) {
    if (c.expected_code != zip::codes::size_mismatch.code) continue;
    const std::vector<RoundTripOutcome> out = roundtrip_tree("v.nbz", bytes_of(c.file.bytes));
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(out[0].parsed && out[0].read_only);  // the volume's directory reads
    EXPECT_FALSE(out[1].parsed);                     // the member says why
    EXPECT_EQ(out[1].path, "v.nbz!em.mod");
    EXPECT_EQ(out[1].format, Format::dmc3_mod);
  }
}

TEST(ZipVolume, NamesThatWouldLeaveAFolderAreUnsafe) {
  for (const char* name : {"../em.mod", "a/../../em.mod", "/etc/passwd", "\\\\server\\x", "C:\\em.mod", "a\\..\\b"})
    EXPECT_TRUE(zip::unsafe_member_name(name)) << name;
  for (const char* name : {"GData.afs/em000.pac", "a..b/c", "..a", "em.mod"})
    EXPECT_FALSE(zip::unsafe_member_name(name)) << name;
  EXPECT_TRUE(zip::unsafe_member_name(std::string_view("a\0b", 3)));
}

TEST(ZipVolume, BytesThatAreNotAVolumeAreRefusedWithLibzipsReason) {
  const char junk[] = "PK\x03\x04 not really a zip archive at all";
  const zip::ParseResult r = zip::parse_volume(Bytes(reinterpret_cast<const std::byte*>(junk), sizeof junk - 1));
  EXPECT_FALSE(r.ok());
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, zip::codes::unreadable.code);
  EXPECT_NE(r.diagnostics[0].message.find("libzip"), std::string::npos);
}

}  // namespace
}  // namespace meshgate
