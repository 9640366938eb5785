// One reading of a size for every size option (--max-size, --max-inflated,
// --max-lock): bytes, binary units (k, M, KiB, MiB, ...), decimal ones (kB,
// MB, GB), whole-byte fractions; signs, overflow and other text refused with
// a reason.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "pipeline/size_text.hpp"

namespace meshgate {
namespace {

uint64_t size_of(const std::string& text) {
  const SizeText size = parse_size_text(text);
  EXPECT_TRUE(size.ok()) << text << ": " << size.error;
  return size.bytes;
}

std::string refusal_of(const std::string& text) {
  const SizeText size = parse_size_text(text);
  EXPECT_FALSE(size.ok()) << text << " read as " << size.bytes;
  return size.error;
}

TEST(SizeText, BytesAndBinaryUnits) {
  EXPECT_EQ(size_of("0"), 0u);
  EXPECT_EQ(size_of("65536"), 65536u);
  EXPECT_EQ(size_of("512B"), 512u);
  EXPECT_EQ(size_of("512k"), 512u * 1024);
  EXPECT_EQ(size_of("512K"), 512u * 1024);
  EXPECT_EQ(size_of("512KiB"), 512u * 1024);
  EXPECT_EQ(size_of("64M"), uint64_t{64} << 20);
  EXPECT_EQ(size_of("64MiB"), uint64_t{64} << 20);
  EXPECT_EQ(size_of("64 MiB"), uint64_t{64} << 20);
  EXPECT_EQ(size_of("4G"), uint64_t{4} << 30);
  EXPECT_EQ(size_of("4GiB"), uint64_t{4} << 30);
  EXPECT_EQ(size_of("1T"), uint64_t{1} << 40);
  EXPECT_EQ(size_of("1TiB"), uint64_t{1} << 40);
}

TEST(SizeText, DecimalUnits) {
  EXPECT_EQ(size_of("512kB"), 512'000u);
  EXPECT_EQ(size_of("512KB"), 512'000u);
  EXPECT_EQ(size_of("64MB"), 64'000'000u);
  EXPECT_EQ(size_of("4GB"), 4'000'000'000u);
  EXPECT_EQ(size_of("2TB"), 2'000'000'000'000u);
}

TEST(SizeText, FractionsThatAreWholeBytes) {
  EXPECT_EQ(size_of("1.5k"), 1536u);
  EXPECT_EQ(size_of("1.50k"), 1536u);
  EXPECT_EQ(size_of("0.5GiB"), uint64_t{1} << 29);
  EXPECT_EQ(size_of("1.001kB"), 1001u);
  EXPECT_EQ(size_of("2.0"), 2u);
  EXPECT_EQ(size_of("0.0009765625k"), 1u);  // 1/1024 of a KiB
  EXPECT_NE(refusal_of("0.3k").find("not a whole number of bytes"), std::string::npos);
  EXPECT_NE(refusal_of("1.5").find("not a whole number of bytes"), std::string::npos);
  EXPECT_NE(refusal_of("1.0001kB").find("not a whole number of bytes"), std::string::npos);
  EXPECT_NE(refusal_of("1.").find("no digit after the point"), std::string::npos);
  EXPECT_NE(refusal_of(".5k").find("no digit before the point"), std::string::npos);
  EXPECT_NE(refusal_of("1.00000000000000000001k").find("too many digits"), std::string::npos);
}

TEST(SizeText, OverflowIsRefused) {
  EXPECT_EQ(size_of("18446744073709551615"), UINT64_MAX);
  EXPECT_NE(refusal_of("18446744073709551616").find("more than 2^64-1 bytes"), std::string::npos);
  EXPECT_NE(refusal_of("16777216T").find("more than 2^64-1 bytes"), std::string::npos);  // 2^64
  EXPECT_EQ(size_of("16777215.5T"), (uint64_t{16777215} << 40) + (uint64_t{1} << 39));
  EXPECT_EQ(size_of("18446744.073709551615TB"), UINT64_MAX);
  EXPECT_NE(refusal_of("18446744.073709551616TB").find("more than 2^64-1 bytes"), std::string::npos);
}

TEST(SizeText, SignsUnitsAndGarbageAreRefused) {
  EXPECT_NE(refusal_of("-1").find("a size has no sign"), std::string::npos);
  EXPECT_NE(refusal_of("+1").find("a size has no sign"), std::string::npos);
  EXPECT_NE(refusal_of("").find("does not start with a number"), std::string::npos);
  EXPECT_NE(refusal_of("MiB").find("does not start with a number"), std::string::npos);
  EXPECT_NE(refusal_of("12abc").find("unknown unit \"abc\""), std::string::npos);
  EXPECT_NE(refusal_of("64mib").find("unknown unit"), std::string::npos);
  EXPECT_NE(refusal_of("64 MiB ").find("unknown unit"), std::string::npos);
  EXPECT_NE(refusal_of("1e6").find("unknown unit"), std::string::npos);
  EXPECT_NE(refusal_of("0x10").find("unknown unit"), std::string::npos);
  // The message names the text and the units that are read.
  const std::string why = refusal_of("4 gigs");
  EXPECT_NE(why.find("\"4 gigs\" is not a size"), std::string::npos) << why;
  EXPECT_NE(why.find("KiB"), std::string::npos) << why;
}

}  // namespace
}  // namespace meshgate
