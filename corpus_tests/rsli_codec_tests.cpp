// RsLi codecs (docs/spec/nikita-rsli.md §3.1, §4): the cipher's published
// vectors, §8's LZSS stream, lzhuf.c's position tables, every method's
// encoder decoded back on generated data (empty, one byte, repetitive,
// random, text-like; sizes across the ring and LZHUF's tree rebuilds), and
// hostile streams: each decoder stays within the declared size and the
// packed bytes, and ends with a status instead of a crash or a hang.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_huffman.hpp"
#include "synth/core/prng.hpp"
#include "writer/rsli/rsli_encode.hpp"

// A namespace of its own: unity batches join test files into one unit.
namespace meshgate::rsli::codec_tests {
namespace {

std::vector<std::byte> bytes_of(std::initializer_list<unsigned> values) {
  std::vector<std::byte> out;
  for (unsigned v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}
std::vector<std::byte> text(std::string_view s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

TEST(RsliCipher, PublishedVectors) {
  // FP's test: key 0x1234, 00 01 02 03 -> 7A 86 B2 8C.
  EXPECT_EQ(xor_copy(bytes_of({0, 1, 2, 3}), 0x1234), bytes_of({0x7A, 0x86, 0xB2, 0x8C}));
  // §8: key 0x000D's keystream.
  EXPECT_EQ(xor_copy(std::vector<std::byte>(16), 0x000D),
            bytes_of({0x1A, 0x2E, 0x7F, 0x90, 0x87, 0xDA, 0x04, 0x54, 0xD2, 0x4B, 0xAA, 0xE0, 0x7A, 0xD3, 0x66, 0xCA}));
  // §4.3 (VER): key 1, "Hello" -> 4A 63 67 72 49.
  EXPECT_EQ(xor_copy(text("Hello"), 1), bytes_of({0x4A, 0x63, 0x67, 0x72, 0x49}));
}

TEST(RsliCipher, SelfInverseAndKeyZeroIsIdentity) {
  Prng rng(51);
  std::vector<std::byte> data(777);
  for (std::byte& b : data) b = static_cast<std::byte>(rng.next());
  for (uint16_t key : {uint16_t{0x0001}, uint16_t{0x6587}, uint16_t{0x8531}, uint16_t{0xFFFF}})
    EXPECT_EQ(xor_copy(xor_copy(data, key), key), data) << key;
  EXPECT_EQ(xor_copy(data, 0), data);  // §3.1: key16 0 gives an all-zero keystream
}

TEST(RsliLzss, WorkedExampleDecodes) {
  // §8: 07 | 61 62 63 | EE F6 | 00 00 -> "abcabcabcabc" + three spaces.
  const auto packed = bytes_of({0x07, 0x61, 0x62, 0x63, 0xEE, 0xF6, 0x00, 0x00});
  const DecodeResult r = decode_lzss(packed, 15);
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.bytes, text("abcabcabcabc   "));
  EXPECT_EQ(r.consumed, 8u);
  EXPECT_FALSE(r.match_cut);
}

TEST(RsliLzss, MatchCutAtTheSizeIsReported) {
  // The same stream declared 13 bytes long: the last match (3 spaces) is cut after one.
  const auto packed = bytes_of({0x07, 0x61, 0x62, 0x63, 0xEE, 0xF6, 0x00, 0x00});
  const DecodeResult r = decode_lzss(packed, 13);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, text("abcabcabcabc "));
  EXPECT_TRUE(r.match_cut);
}

TEST(RsliLzss, StreamEndingFirstIsTruncated) {
  const auto packed = bytes_of({0x07, 0x61, 0x62, 0x63, 0xEE});  // the first match has one of its two bytes
  const DecodeResult r = decode_lzss(packed, 15);
  EXPECT_EQ(r.status, DecodeStatus::truncated);
  EXPECT_EQ(r.bytes.size(), 3u);
}

TEST(RsliLzhuf, PositionTablesAreLzhufs) {
  // lzhuf.c's d_code / d_len at the band edges (Ngi32 holds the same counts, FP-old).
  const lzhuf::PositionTables& t = lzhuf::position_tables();
  const std::pair<unsigned, std::pair<unsigned, unsigned>> expected[] = {
      {0x00, {0x00, 3}}, {0x1F, {0x00, 3}}, {0x20, {0x01, 4}}, {0x4F, {0x03, 4}}, {0x50, {0x04, 5}},
      {0x8F, {0x0B, 5}}, {0x90, {0x0C, 6}}, {0xBF, {0x17, 6}}, {0xC0, {0x18, 7}}, {0xEF, {0x2F, 7}},
      {0xF0, {0x30, 8}}, {0xFF, {0x3F, 8}}};
  for (const auto& [i, code_len] : expected) {
    EXPECT_EQ(t.d_code[i], code_len.first) << i;
    EXPECT_EQ(t.d_len[i], code_len.second) << i;
  }
  for (unsigned v = 0; v < 64; ++v) EXPECT_EQ(t.d_code[t.p_code[v]], v);  // the encoder's prefixes decode back
}

TEST(RsliLzhuf, FirstLiteralOfAFreshTree) {
  // Worked by hand from lzhuf.c's StartHuff: node j >= 314 has the sons
  // 2(j - 314) and the next, the root is 626. All-zero bits go 626 -> 624 ->
  // 620 -> 612 -> 596 -> 564 -> 500 -> 372 -> leaf node 116: symbol 't'
  // (0x74) in 8 bits. Symbol 0 (leaf node 0) sits one level deeper, under
  // 314 <- 471 <- 549 <- 588 <- 608 <- 618 <- 623 <- 625 <- 626: the bits
  // 1 1 0 0 0 1 1 0 0, i.e. C6 then a 0 bit.
  const DecodeResult t = decode_lzhuf(bytes_of({0x00}), 1);
  ASSERT_TRUE(t.ok()) << t.detail;
  EXPECT_EQ(t.bytes, text("t"));
  EXPECT_EQ(t.consumed, 1u);
  const DecodeResult zero = decode_lzhuf(bytes_of({0xC6, 0x00}), 1);
  ASSERT_TRUE(zero.ok()) << zero.detail;
  EXPECT_EQ(zero.bytes, bytes_of({0x00}));
  EXPECT_EQ(zero.consumed, 2u);
  EXPECT_EQ(decode_lzhuf(bytes_of({0xC6}), 1).status, DecodeStatus::truncated);  // the ninth bit is missing
  EXPECT_EQ(encode_lzhuf(text("t")), bytes_of({0x00}));
  EXPECT_EQ(encode_lzhuf(bytes_of({0x00})), bytes_of({0xC6, 0x00}));
}

// Generated inputs, by name: what an encoder meets (and its corner cases).
std::vector<std::pair<std::string, std::vector<std::byte>>> samples() {
  std::vector<std::pair<std::string, std::vector<std::byte>>> out;
  out.emplace_back("empty", std::vector<std::byte>{});
  out.emplace_back("one_byte", bytes_of({0x5A}));
  out.emplace_back("spaces_4096", std::vector<std::byte>(4096, std::byte{' '}));
  out.emplace_back("repetitive_100k", std::vector<std::byte>(100000, std::byte{0xAB}));
  Prng rng(0x4E4C);
  for (size_t size : {17u, 4095u, 4097u, 70000u}) {
    std::vector<std::byte> random(size);
    for (std::byte& b : random) b = static_cast<std::byte>(rng.next());
    out.emplace_back("random_" + std::to_string(size), std::move(random));
  }
  // Words from a small vocabulary: matches of every length and distance.
  const char* words[] = {"PAL", "ARIALTEX", "TFT", " ", "GEIZER", "INTERF", "\n", "Texm", "0123456789"};
  for (size_t size : {300u, 20000u, 90000u}) {
    std::vector<std::byte> t;
    while (t.size() < size)
      for (char c : std::string_view(words[rng.range(0, 8)])) t.push_back(static_cast<std::byte>(c));
    t.resize(size);
    out.emplace_back("words_" + std::to_string(size), std::move(t));
  }
  return out;
}

constexpr Method kMethods[] = {Method::stored, Method::xor_only, Method::lzss, Method::xor_lzss,
                               Method::lzhuf, Method::xor_lzhuf, Method::deflate};

TEST(RsliCodecRoundTrip, EveryMethodDecodesWhatItsEncoderMade) {
  for (const auto& [name, plain] : samples()) {
    for (Method m : kMethods) {
      const uint16_t key = 0x2A51;
      const std::vector<std::byte> packed = encode_entry(m, plain, key);
      const DecodeResult r = decode_entry(m, packed, plain.size(), key);
      SCOPED_TRACE(name + " " + std::string(method_name(m)));
      ASSERT_TRUE(r.ok()) << r.detail;
      EXPECT_TRUE(r.bytes == plain);
      EXPECT_EQ(r.consumed, packed.size());  // §7.3: exactly the packed stream
      EXPECT_FALSE(r.match_cut);
    }
  }
}

TEST(RsliCodecRoundTrip, CompressorsShrinkRedundantData) {
  for (const auto& [name, plain] : samples()) {
    if (name != "repetitive_100k" && name != "words_90000") continue;
    for (Method m : {Method::lzss, Method::lzhuf, Method::deflate}) {
      const size_t packed = encode_entry(m, plain, 0).size();
      // LZSS's best is 17 bytes per 144 (a control byte and eight 18-byte matches).
      EXPECT_LT(packed * 2, plain.size()) << name << " " << method_name(m) << ": " << packed;
    }
  }
}

TEST(RsliCodecHostile, ArbitraryStreamsStayInBounds) {
  // Random packed bytes with random declared sizes: every decoder ends with a
  // status, writes no more than declared and claims no byte it was not given.
  Prng rng(0xBAD);
  for (int round = 0; round < 3000; ++round) {
    std::vector<std::byte> packed(rng.range(0, 64));
    for (std::byte& b : packed) b = static_cast<std::byte>(rng.next());
    const uint64_t declared = rng.chance(10) ? (uint64_t{128} << 20) : rng.range(0, 600);
    for (Method m : kMethods) {
      const DecodeResult r = decode_entry(m, packed, declared, static_cast<uint16_t>(rng.next()));
      ASSERT_LE(r.bytes.size(), declared);
      ASSERT_LE(r.consumed, packed.size());
      if (r.ok()) {
        ASSERT_EQ(r.bytes.size(), declared);
      }
      // A tiny stream declaring 128 MiB reserves what it could reach, not the declaration.
      ASSERT_LT(r.bytes.capacity(), size_t{1} << 20);
    }
  }
}

TEST(RsliCodecHostile, DeflateSizeLiesAndBadData) {
  const std::vector<std::byte> plain(1000, std::byte{'x'});
  const std::vector<std::byte> packed = encode_deflate(plain);
  EXPECT_EQ(decode_deflate(packed, 999).status, DecodeStatus::size_mismatch);   // holds more
  EXPECT_EQ(decode_deflate(packed, 1001).status, DecodeStatus::size_mismatch);  // holds less
  EXPECT_EQ(decode_deflate(bytes_of({0xFF, 0xFF, 0xFF}), 10).status, DecodeStatus::failed);
  std::vector<std::byte> trailing = packed;
  trailing.push_back(std::byte{0x99});  // §4.6: bytes after the final block are not used
  const DecodeResult r = decode_deflate(trailing, 1000);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.consumed, packed.size());
}

TEST(RsliCodecHostile, StoredAndXorNeedEqualSizes) {
  EXPECT_EQ(decode_entry(Method::stored, text("Hello"), 4, 0).status, DecodeStatus::stored_size_mismatch);
  EXPECT_EQ(decode_entry(Method::xor_only, text("Hello"), 6, 1).status, DecodeStatus::stored_size_mismatch);
}

TEST(RsliCodecHostile, LzhufStreamOfOnesEndsTruncated) {
  // All-ones bits: a deep literal or match code over and over; the stream
  // runs out long before the declared size and the decoder says so.
  const std::vector<std::byte> packed(40, std::byte{0xFF});
  const DecodeResult r = decode_lzhuf(packed, 1u << 20);
  EXPECT_EQ(r.status, DecodeStatus::truncated);
  EXPECT_LE(r.consumed, packed.size());
}

}  // namespace
}  // namespace meshgate::rsli::codec_tests
