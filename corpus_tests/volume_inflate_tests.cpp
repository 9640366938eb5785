// Volumes at the inflate floor: a deflated member whose sizes are declared is
// inflated by libdeflate (its raw stream read through libzip, its CRC-32
// checked here, not by libzip), and a volume's members are walked on several
// threads. Both keep what libzip's path reported (the same bytes, the same
// codes for a broken CRC or a declared size that lies, nothing written past
// the declared size), and the sweep is the same at --jobs 2 as at --jobs 1,
// budgets running out included.
#include <gtest/gtest.h>
#include <zip.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "analysis/sweep.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"
#include "parser/zip/zip_volume.hpp"
#include "reports/evidence.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate::volume_inflate_tests {
namespace {

Bytes bytes_of(const std::vector<std::byte>& v) { return Bytes(v.data(), v.size()); }

// The smallest of a few generated MODs, `count` times under distinct names.
std::vector<zip::VolumeEntry> many_small_mods(size_t count) {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(9, 4);
  const SynthFile& smallest = *std::min_element(mods.begin(), mods.end(), [](const SynthFile& a, const SynthFile& b) {
    return a.bytes.size() < b.bytes.size();
  });
  std::vector<zip::VolumeEntry> entries;
  for (size_t k = 0; k < count; ++k) entries.push_back({"GData.afs/small_" + std::to_string(k) + ".mod", smallest.bytes, k % 3 != 0});
  return entries;
}

// Bytes that deflate to several blocks (a MOD repeated with a counter mixed in).
std::vector<std::byte> large_member() {
  const std::vector<std::byte> mod = mod::synth_mod_corpus(11, 1).at(0).bytes;
  std::vector<std::byte> out;
  for (uint32_t k = 0; out.size() < (600u << 10); ++k) {
    out.insert(out.end(), mod.begin(), mod.end());
    out.push_back(static_cast<std::byte>(k));
  }
  return out;
}

// What libzip itself inflates member k to (its own CRC-32 check included).
std::vector<std::byte> libzip_bytes(const std::vector<std::byte>& volume, uint64_t k, uint64_t size) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(volume.data(), volume.size(), 0, &error);
  zip_t* za = zip_open_from_source(source, ZIP_RDONLY, &error);
  zip_error_fini(&error);
  if (!za) return {};
  std::vector<std::byte> out(size);
  zip_file_t* file = zip_fopen_index(za, k, 0);
  const zip_int64_t n = file ? zip_fread(file, out.data(), out.size()) : -1;
  if (file) zip_fclose(file);
  zip_discard(za);
  out.resize(n < 0 ? 0 : static_cast<size_t>(n));
  return out;
}

uint32_t get32(const std::vector<std::byte>& b, size_t at) {
  uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

// Sets a 32-bit field of member 0 in its local header and its central
// directory entry (so libzip's consistency check passes).
void patch_first_member(std::vector<std::byte>& v, size_t local_field, size_t central_field, uint32_t value) {
  const size_t central = get32(v, v.size() - 22 + 16);  // no archive comment
  ASSERT_EQ(get32(v, central), 0x02014b50u);
  const size_t local = get32(v, central + 42);
  ASSERT_EQ(get32(v, local), 0x04034b50u);
  std::memcpy(v.data() + local + local_field, &value, 4);
  std::memcpy(v.data() + central + central_field, &value, 4);
}
constexpr size_t kLocalCrc = 14, kCentralCrc = 16, kLocalSize = 22, kCentralSize = 24;

zip::Volume::Inflated inflate_first(const std::vector<std::byte>& v, bool whole) {
  const zip::ParseResult parsed = zip::parse_volume(bytes_of(v));
  if (!parsed.ok()) return {{}, Diagnostic{"volume-unreadable", Severity::error, "", 0, ""}};
  const zip::Member& m = parsed.volume->members[0];
  EXPECT_EQ(zip::inflates_whole(m, v.size()), whole) << "the member takes the other path";
  return parsed.volume->inflate(m, uint64_t{1} << 30);
}

TEST(VolumeInflate, LibdeflateInflatesADeflatedMemberToLibzipsBytes) {
  const std::vector<std::byte> small = mod::synth_mod_corpus(5, 1).at(0).bytes, large = large_member();
  const std::vector<std::byte> v = zip::write_volume({{"small.mod", small, true}, {"large.bin", large, true}});
  const zip::ParseResult parsed = zip::parse_volume(bytes_of(v));
  ASSERT_TRUE(parsed.ok());
  for (uint64_t k = 0; k < 2; ++k) {
    const zip::Member& m = parsed.volume->members[k];
    ASSERT_TRUE(zip::inflates_whole(m, v.size())) << m.name;
    const zip::Volume::Inflated got = parsed.volume->inflate(m, uint64_t{1} << 30);
    ASSERT_FALSE(got.problem) << got.problem->message;
    EXPECT_EQ(got.bytes, libzip_bytes(v, k, m.size)) << m.name;
    EXPECT_EQ(got.bytes, k == 0 ? small : large) << m.name;
  }
}

// libzip's own check names a CRC mismatch zip.member-unreadable: the stored
// member (still libzip's path) and the deflated one (libdeflate's) agree.
TEST(VolumeInflate, ACorruptedCrcIsTheDiagnosticLibzipsPathGives) {
  const std::vector<std::byte> mod = mod::synth_mod_corpus(5, 1).at(0).bytes;
  for (const bool deflate : {true, false}) {
    std::vector<std::byte> v = zip::write_volume({{"em.mod", mod, deflate}});
    const size_t central = get32(v, v.size() - 22 + 16);
    patch_first_member(v, kLocalCrc, kCentralCrc, get32(v, central + kCentralCrc) ^ 0x00010000u);
    const zip::Volume::Inflated got = inflate_first(v, deflate);
    ASSERT_TRUE(got.problem) << (deflate ? "deflated" : "stored");
    EXPECT_EQ(got.problem->code, zip::codes::member_unreadable.code) << got.problem->message;
    EXPECT_NE(got.problem->message.find("CRC"), std::string::npos) << got.problem->message;
    EXPECT_TRUE(got.bytes.empty());
    // And in the tree: the member's own outcome fails, with that code.
    const std::vector<RoundTripOutcome> out = roundtrip_tree("v.nbz", bytes_of(v));
    ASSERT_EQ(out.size(), 2u);
    ASSERT_FALSE(out[1].diagnostics.empty());
    EXPECT_EQ(out[1].diagnostics[0].code, zip::codes::member_unreadable.code);
  }
}

// A declared size 16 bytes short stops libdeflate at the room it was given
// (never written past); 16 bytes long leaves the end unfilled. Both are
// zip.size-mismatch, as libzip's path says, with the same words.
TEST(VolumeInflate, ADeclaredSizeThatLiesIsASizeMismatchAndNothingIsWrittenPastIt) {
  const std::vector<std::byte> member = large_member();
  for (const int64_t lie : {-16, 16}) {
    std::vector<std::byte> v = zip::write_volume({{"em.bin", member, true}});
    const auto declared = static_cast<uint32_t>(static_cast<int64_t>(member.size()) + lie);
    patch_first_member(v, kLocalSize, kCentralSize, declared);
    const zip::Volume::Inflated got = inflate_first(v, true);
    ASSERT_TRUE(got.problem) << lie;
    EXPECT_EQ(got.problem->code, zip::codes::size_mismatch.code);
    const std::string expected = "declares " + std::to_string(declared) + " bytes and inflates to " +
                                 (lie < 0 ? std::string("more") : std::to_string(member.size()));
    EXPECT_EQ(got.problem->message, expected);
    EXPECT_TRUE(got.bytes.empty());
    EXPECT_LE(got.bytes.capacity(), size_t{declared}) << "room past the declared size";
  }
}

// Every file the sweep reports, with its observations and tallies, as the
// evidence report prints them.
std::string swept(const std::vector<std::byte>& v, unsigned jobs, const SizeLimits& limits) {
  SweepResult r;
  sweep_file("v.nbz", bytes_of(v), ParseProfile::compatible, r, true, PageKind::none, {}, limits, jobs);
  return evidence_without_files(r).dump() + [&] {
    std::string files;
    for (const SweptFile& f : r.files) {
      files += f.path + " " + f.sha256 + " " + std::to_string(f.parse_ok) + std::to_string(f.roundtrip_identical) +
               " " + std::to_string(f.errors) + "/" + std::to_string(f.warnings);
    for (const std::string& code : f.diagnostic_codes) files += " " + code;
    files += "\n";
    }
    return files;
  }();
}

// A volume of `synth nbz`'s members and volumes (a PAC, a PNST, nested
// volumes, stored and deflated MODs): at --jobs 2 the members walk on two
// threads and the sweep is byte for byte the one-thread sweep, also when the
// inflation or nested-file budget runs out partway (a branch that found its
// share short is walked again in turn).
TEST(VolumeInflate, ASweepAtJobsTwoIsTheSweepAtJobsOne) {
  std::vector<zip::VolumeEntry> entries;
  uint64_t outer = 0, inner = 0;  // declared bytes of the volume's members, and of its volumes' members
  for (const SynthFile& f : zip::synth_volume_corpus(3, 4)) {
    entries.push_back({f.name, f.bytes, entries.size() % 2 == 0});
    outer += f.bytes.size();
    const zip::ParseResult parsed = zip::parse_volume(bytes_of(f.bytes));
    ASSERT_TRUE(parsed.ok());
    for (const zip::Member& m : parsed.volume->members) inner += m.size;
  }
  for (zip::VolumeEntry& e : many_small_mods(40)) {
    outer += e.bytes.size();
    entries.push_back(std::move(e));
  }
  const std::vector<std::byte> v = zip::write_volume(entries);
  const std::string one = swept(v, 1, {});
  EXPECT_EQ(swept(v, 2, {}), one);
  // The budget runs out inside the nested volumes, which the branches walk:
  // half of them fits (a branch's share is enough, but not the budget left
  // when its turn comes), a tenth does not fit one branch's share.
  for (const uint64_t part : {2u, 10u}) {
    SizeLimits limits;
    limits.inflated_bytes = outer + 4096 + inner / part;
    const std::string cut = swept(v, 1, limits);
    EXPECT_NE(cut.find("zip.inflated-limit"), std::string::npos) << "the budget did not run out";
    EXPECT_EQ(swept(v, 2, limits), cut) << "inflated budget " << limits.inflated_bytes;
  }
  SizeLimits few_files;
  few_files.nested_files = entries.size() + 10;  // every member, and 10 files inside them
  const std::string cut = swept(v, 1, few_files);
  EXPECT_NE(cut.find("core.nested-file-limit"), std::string::npos);
  EXPECT_EQ(swept(v, 2, few_files), cut);
}

// The same walk is taken on threads: a branch is made for each member and
// committed, and their files arrive in the one-thread order.
TEST(VolumeInflate, MembersWalkInBranchesThatCommitInMemberOrder) {
  const std::vector<std::byte> v = zip::write_volume(many_small_mods(70));
  std::vector<std::string> in_turn, branched;
  parse_tree("v.nbz", bytes_of(v), {}, [&](ParsedFile& f) { in_turn.push_back(f.path); });
  std::atomic<int> made{0};
  int committed = 0;
  ParseTreeOptions options{.jobs = 2, .branch = [&] {
                             ++made;
                             auto paths = std::make_shared<std::vector<std::string>>();
                             return TreeBranch{.enter = [paths](ParsedFile& f) { paths->push_back(f.path); },
                                               .leave = {},
                                               .commit = [&, paths] {
                                                 ++committed;
                                                 branched.insert(branched.end(), paths->begin(), paths->end());
                                               }};
                           }};
  parse_tree("v.nbz", bytes_of(v), options, [&](ParsedFile& f) { branched.push_back(f.path); });
  EXPECT_EQ(branched, in_turn);
  EXPECT_EQ(made.load(), 70);
  EXPECT_EQ(committed, 70);
}

// What a helper thread throws (an allocation that failed) reaches the caller
// of parse_tree, which the command reports, instead of ending the process.
TEST(VolumeInflate, WhatAHelperThreadThrowsReachesTheCaller) {
  const std::vector<std::byte> v = zip::write_volume(many_small_mods(8));
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> helper_walked{false};
  ParseTreeOptions options{.jobs = 2, .branch = [&] {
                             return TreeBranch{.enter =
                                                   [&](ParsedFile&) {
                                                     if (std::this_thread::get_id() != caller) {
                                                       helper_walked = true;
                                                       throw std::runtime_error("helper");
                                                     }
                                                     while (!helper_walked) std::this_thread::yield();
                                                   },
                                               .leave = {},
                                               .commit = [] {}};
                           }};
  EXPECT_THROW(parse_tree("v.nbz", bytes_of(v), options, [](ParsedFile&) {}), std::runtime_error);
  EXPECT_TRUE(helper_walked);
}

}  // namespace
}  // namespace meshgate::volume_inflate_tests
