// The budgets one input's whole tree shares, whatever its nesting: bytes
// inflated or decoded (members and the peeks that tell their format) and
// files nested below it. A limit per level would multiply with the depth, so
// a few kilobytes could buy gigabytes or millions of files.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "parser/core/core_diagnostic_codes.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"
#include "parser/zip/zip_volume.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate {
namespace {

Bytes budget_bytes(const std::vector<std::byte>& v) { return Bytes(v.data(), v.size()); }

// A member a format claims ("MOD " is enough: it is inflated, then rejected
// by the MOD parser), `size` bytes that deflate to almost nothing.
std::vector<std::byte> budget_member(size_t size) {
  std::vector<std::byte> out(size, std::byte{0});
  std::memcpy(out.data(), "MOD ", 4);
  return out;
}

struct BudgetWalk {
  uint64_t files = 0;
  uint64_t inflated = 0;  // bytes of every file below the input (what was inflated or lies in it)
  uint64_t volume_members_read = 0;
  std::vector<Diagnostic> diagnostics;
};

BudgetWalk budget_walk(const std::vector<std::byte>& input, const SizeLimits& limits) {
  BudgetWalk w;
  parse_tree("in.zip", budget_bytes(input), {.limits = limits}, [&](ParsedFile& f) {
    ++w.files;
    if (f.depth > 0) w.inflated += f.data.size();
    for (const Diagnostic& d : f.diagnostics()) w.diagnostics.push_back(d);
  });
  return w;
}

bool budget_raised(const BudgetWalk& w, std::string_view code) {
  for (const Diagnostic& d : w.diagnostics)
    if (d.code == code) return true;
  return false;
}

TEST(NestingBudget, TheInflationBudgetIsSharedByEveryNestedVolume) {
  // Four copies of a volume of four 1 MiB members: 16 MiB in all, each
  // volume alone well within a 6 MiB budget.
  std::vector<zip::VolumeEntry> inner;
  for (int i = 0; i < 4; ++i) inner.push_back({"m" + std::to_string(i) + ".mod", budget_member(1 << 20)});
  const std::vector<std::byte> volume = zip::write_volume(inner);
  std::vector<zip::VolumeEntry> outer;
  for (int i = 0; i < 4; ++i) outer.push_back({"v" + std::to_string(i) + ".nbz", volume});
  const std::vector<std::byte> input = zip::write_volume(outer);

  const BudgetWalk unbounded = budget_walk(input, {});
  EXPECT_GE(unbounded.inflated, uint64_t{16} << 20);
  EXPECT_FALSE(budget_raised(unbounded, zip::codes::inflated_limit.code));

  const BudgetWalk bounded = budget_walk(input, {.inflated_bytes = uint64_t{6} << 20});
  EXPECT_LE(bounded.inflated, uint64_t{6} << 20);
  EXPECT_GE(bounded.inflated, uint64_t{4} << 20);  // the budget is used, not refused at once
  EXPECT_TRUE(budget_raised(bounded, zip::codes::inflated_limit.code));
}

// An address a budget stops is not a missing file: the lookup says which
// budget stopped it (the commands exit 1, as for any budget finding), and
// never lists what the container holds as if the file were not among it.
TEST(NestingBudget, AnAddressABudgetStopsIsNotCalledMissing) {
  const std::vector<std::byte> inner = zip::write_volume({{"a.mod", budget_member(1 << 10)}});
  const std::vector<std::byte> input = zip::write_volume({{"b.mod", budget_member(1 << 10)}, {"in.nbz", inner}});
  const NestedLookup found = find_nested("v.zip", budget_bytes(input), "in.nbz!a.mod", {});
  ASSERT_TRUE(found.file) << found.error;
  for (const auto& [limits, code, option] :
       {std::tuple{SizeLimits{.inflated_bytes = 1}, zip::codes::inflated_limit.code, "--max-inflated"},
        std::tuple{SizeLimits{.nested_files = 0}, core_codes::nested_file_limit.code, "--max-nested"},
        std::tuple{SizeLimits{.nested_files = 2}, core_codes::nested_file_limit.code, "--max-nested"}}) {
    const NestedLookup cut = find_nested("v.zip", budget_bytes(input), "in.nbz!a.mod", {.limits = limits});
    EXPECT_FALSE(cut.file);
    EXPECT_TRUE(cut.limited) << cut.error;
    EXPECT_NE(cut.error.find(code), std::string::npos) << cut.error;
    EXPECT_NE(cut.error.find(option), std::string::npos) << cut.error;
    EXPECT_EQ(cut.error.find("no file"), std::string::npos) << cut.error;
    EXPECT_EQ(cut.error.find("v.zip holds"), std::string::npos) << cut.error;
    EXPECT_EQ(cut.error.find("in.nbz holds"), std::string::npos) << cut.error;
  }
  // A file that is not there is still missing, with what the container holds.
  const NestedLookup missing = find_nested("v.zip", budget_bytes(input), "in.nbz!c.mod", {});
  EXPECT_FALSE(missing.limited);
  EXPECT_NE(missing.error.find("no file \"v.zip!in.nbz!c.mod\""), std::string::npos) << missing.error;
}

TEST(NestingBudget, WhatADeepChainHoldsAtOnceStaysWithinTheBudget) {
  // Volume in volume, five deep, each level a 1 MiB member beside the next:
  // every level held while the next is read. Bytes held at once, summed
  // over the open levels, never pass the input's budget.
  std::vector<std::byte> level = zip::write_volume({{"deepest.mod", budget_member(1 << 20)}});
  for (int d = 0; d < 5; ++d)
    level = zip::write_volume({{"level.mod", budget_member(1 << 20)}, {"next.nbz", level}});
  const uint64_t budget = uint64_t{3} << 20;
  uint64_t held = 0, peak = 0;
  parse_tree(
      "in.zip", budget_bytes(level), {.limits = {.inflated_bytes = budget}},
      [&](ParsedFile& f) {
        if (f.depth > 0) held += f.data.size();
        peak = std::max(peak, held);
      },
      [&](ParsedFile& f) {
        if (f.depth > 0) held -= f.data.size();
      });
  EXPECT_LE(peak, budget);
  EXPECT_GT(peak, 0u);
}

TEST(NestingBudget, NestedFilesPerInputAreCappedAcrossContainers) {
  // A PAC of 40 slots, each a PAC of 40 MOD stubs: 1,640 files below it.
  pac::ContainerDescription leaf{.slot_count = 40};
  for (uint32_t s = 0; s < 40; ++s) leaf.members.push_back({{s}, budget_member(4)});
  const std::vector<std::byte> leaf_bytes = pac::build_pac(leaf);
  pac::ContainerDescription top{.slot_count = 40};
  for (uint32_t s = 0; s < 40; ++s) top.members.push_back({{s}, leaf_bytes});
  const std::vector<std::byte> input = pac::build_pac(top);

  const BudgetWalk all = budget_walk(input, {});
  EXPECT_EQ(all.files, 1u + 40 + 40 * 40);
  EXPECT_FALSE(budget_raised(all, core_codes::nested_file_limit.code));

  const BudgetWalk capped = budget_walk(input, {.nested_files = 500});
  EXPECT_EQ(capped.files, 1u + 500);
  EXPECT_TRUE(budget_raised(capped, core_codes::nested_file_limit.code));
}

TEST(NestingBudget, PeeksAreChargedWhatTheirDecoderDecodes) {
  // Opaque bzip2 members: nothing is read, but each peek decodes a block.
  std::vector<zip::VolumeEntry> members;
  for (int i = 0; i < 40; ++i) members.push_back({"blob" + std::to_string(i) + ".bin", std::vector<std::byte>(4096, std::byte{'x'}), true, true});
  const std::vector<std::byte> input = zip::write_volume(members);
  const zip::ParseResult parsed = zip::parse_volume(budget_bytes(input));
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed.volume->members[0].method, 12) << "libzip wrote no bzip2 member";
  EXPECT_EQ(zip::peek_cost(parsed.volume->members[0], kMagicProbeBytes), 900'000u);

  EXPECT_FALSE(budget_raised(budget_walk(input, {}), zip::codes::inflated_limit.code));
  const BudgetWalk bounded = budget_walk(input, {.inflated_bytes = 10 * 900'000});
  EXPECT_TRUE(budget_raised(bounded, zip::codes::inflated_limit.code));
  EXPECT_EQ(bounded.files, 1u);  // opaque members are never files of their own
}

TEST(NestingBudget, AMemberThatHoldsMoreThanItDeclaresIsReadAndSaysSo) {
  std::vector<std::byte> input = zip::write_volume({{"zero.mod", budget_member(4096)}});
  // Declare 0 bytes in the local and the central header.
  const auto patch_size = [&](uint32_t signature, size_t field) {
    for (size_t i = 0; i + 4 <= input.size(); ++i)
      if (std::to_integer<uint32_t>(input[i]) == (signature & 0xff) &&
          std::memcmp(input.data() + i, &signature, 4) == 0) {
        std::memset(input.data() + i + field, 0, 4);
        return;
      }
    FAIL() << "no header";
  };
  patch_size(0x04034b50, 22);
  patch_size(0x02014b50, 24);
  const std::vector<RoundTripOutcome> out = roundtrip_tree("v.nbz", budget_bytes(input));
  ASSERT_EQ(out.size(), 2u) << "the member is listed as opaque and never read";
  EXPECT_EQ(out[1].path, "v.nbz!zero.mod");
  bool mismatch = false;
  for (const Diagnostic& d : out[1].diagnostics) mismatch |= d.code == zip::codes::size_mismatch.code;
  EXPECT_TRUE(mismatch);
}

TEST(NestingBudget, AnInflatedMemberIsHeldInOneBufferOfItsSize) {
  const std::vector<std::byte> member = budget_member((5 << 20) + 12345);
  const std::vector<std::byte> input = zip::write_volume({{"big.mod", member}});
  const zip::ParseResult parsed = zip::parse_volume(budget_bytes(input));
  ASSERT_TRUE(parsed.ok());
  const zip::Volume::Inflated got = parsed.volume->inflate(parsed.volume->members[0], uint64_t{1} << 30);
  ASSERT_FALSE(got.problem);
  EXPECT_EQ(got.bytes, member);
  EXPECT_LE(got.bytes.capacity(), member.size() + 1) << "the buffer grew past the member";
}

// A declared size is only a claim: a deflated member's buffer is no larger
// than its compressed bytes can inflate to (libFuzzer's malloc limit saw a
// 250 MiB buffer for a 60-byte member).
TEST(NestingBudget, TheBufferFollowsWhatTheCompressedBytesCanHold) {
  std::vector<std::byte> input = zip::write_volume({{"liar.mod", budget_member(4096)}});
  const uint32_t claimed = 200u << 20;
  for (const auto& [signature, field] : {std::pair{0x04034b50u, size_t{22}}, std::pair{0x02014b50u, size_t{24}}})
    for (size_t i = 0; i + 4 <= input.size(); ++i)
      if (std::memcmp(input.data() + i, &signature, 4) == 0) {
        std::memcpy(input.data() + i + field, &claimed, 4);
        break;
      }
  const zip::ParseResult parsed = zip::parse_volume(budget_bytes(input));
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed.volume->members[0].size, claimed);
  const zip::Volume::Inflated got = parsed.volume->inflate(parsed.volume->members[0], uint64_t{1} << 30);
  ASSERT_TRUE(got.problem);
  EXPECT_EQ(got.problem->code, zip::codes::size_mismatch.code);
  EXPECT_LT(got.bytes.capacity(), size_t{8} << 20);
}

}  // namespace
}  // namespace meshgate
