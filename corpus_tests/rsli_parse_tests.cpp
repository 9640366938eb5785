// RsLi libraries (docs/spec/nikita-rsli.md): §8's worked example byte for
// byte (parse, fields, decodes, lossless write), generated libraries of every
// method round-tripping, and one hostile variant per §7.2 error code, each
// built from the example's plain table and encrypted here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "corpus_tests/fixtures.hpp"
#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_diagnostic_codes.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "synth/core/prng.hpp"
#include "writer/rsli/rsli_encode.hpp"
#include "writer/rsli/rsli_writer.hpp"

// A namespace of its own: unity batches join test files into one unit.
namespace meshgate::rsli::parse_tests {
namespace {

using testing::put;

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

// §8, as printed: header, encrypted table, payloads (0x6D bytes).
const std::vector<std::byte> kWorkedExample = bytes_of({
    0x4e, 0x4c, 0x00, 0x01, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xba, 0xab,
    0x14, 0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x52, 0x6b, 0x33, 0xdc, 0xc8, 0xf4, 0x50, 0x0c, 0x86, 0x4b, 0xaa, 0xe0, 0x7a, 0xd3, 0x66, 0xca,
    0x5d, 0x83, 0x98, 0xe4, 0x42, 0x8e, 0x92, 0xf1, 0x19, 0xc6, 0x50, 0x9e, 0xb8, 0x87, 0xf7, 0x65,
    0xab, 0x6c, 0x4c, 0x16, 0x0f, 0xa0, 0x7b, 0x1e, 0x02, 0x19, 0x25, 0x64, 0xbb, 0xf4, 0x5d, 0xbd,
    0x84, 0x13, 0x78, 0xa7, 0xcd, 0x00, 0x42, 0xe7, 0x7d, 0x43, 0xfc, 0x39, 0x23, 0x51, 0xf0, 0x39,
    0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x07, 0x61, 0x62, 0x63, 0xee, 0xf6, 0x00, 0x00,
});

// §8's plain table, as printed.
const std::vector<std::byte> kWorkedPlainTable = bytes_of({
    0x48, 0x45, 0x4c, 0x4c, 0x4f, 0x2e, 0x54, 0x58, 0x54, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x05, 0x00, 0x00, 0x00, 0x60, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
    0x41, 0x42, 0x43, 0x2e, 0x54, 0x58, 0x54, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x40, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x65, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,
});

// A library to corrupt: the example's header, plain rows and payloads, with
// the table encrypted by the header's seed when the file is made.
struct Fixture {
  std::vector<std::byte> header{kWorkedExample.begin(), kWorkedExample.begin() + 32};
  std::vector<std::byte> rows = kWorkedPlainTable;
  std::vector<std::byte> payload{kWorkedExample.begin() + 0x60, kWorkedExample.end()};

  void row(size_t i, size_t at, uint64_t v, size_t width) { put(rows, i * 32 + at, v, width); }
  void count(uint64_t n) {
    put(header, 4, n, 2);
    put(header, 6, n, 2);
  }
  std::vector<std::byte> file() const {
    std::vector<std::byte> out = header;
    const auto key = static_cast<uint16_t>(std::to_integer<unsigned>(header[0x14]) |
                                           std::to_integer<unsigned>(header[0x15]) << 8);
    const std::vector<std::byte> table = xor_copy(rows, key);
    out.insert(out.end(), table.begin(), table.end());
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
  }
};

std::vector<std::string_view> codes_of(const std::vector<Diagnostic>& ds) {
  std::vector<std::string_view> out;
  for (const Diagnostic& d : ds) out.push_back(d.code);
  return out;
}
bool has_code(const ParseResult& r, const DiagnosticCode& c) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.code == c.code && d.severity == c.severity) return true;
  return false;
}

TEST(RsliWorkedExample, FixtureRebuildsThePrintedFile) {
  EXPECT_EQ(Fixture{}.file(), kWorkedExample);  // the helper below encrypts as the spec did
}

TEST(RsliWorkedExample, ParsesWithItsFieldsAndDecodes) {
  const ParseResult r = parse_rsli(kWorkedExample);
  ASSERT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics.back().message);
  EXPECT_TRUE(r.diagnostics.empty()) << ::testing::PrintToString(codes_of(r.diagnostics));
  const Library& lib = *r.library;
  ASSERT_EQ(lib.entries.size(), 2u);
  EXPECT_EQ(lib.header.get(hdr::presorted), 0xABBAu);
  EXPECT_EQ(lib.header.get(hdr::total_unpacked), 20u);
  EXPECT_EQ(table_key(lib.header), 0x000D);
  const Entry& hello = lib.entries[0];
  const Entry& abc = lib.entries[1];
  EXPECT_EQ(entry_name_view(hello.record), "HELLO.TXT");
  EXPECT_EQ(entry_name_view(abc.record), "ABC.TXT");
  EXPECT_EQ(hello.record.get(entry::flags), 0u);
  EXPECT_EQ(abc.record.get(entry::flags), 0x40u);
  EXPECT_EQ(hello.effective_sort, 1);
  EXPECT_EQ(abc.effective_sort, 0);
  EXPECT_EQ(abc.record.get(entry::data_offset), 0x65u);
  EXPECT_EQ(abc.record.get(entry::packed_size), 8u);
  EXPECT_EQ(hello.decoded, text("Hello"));
  EXPECT_EQ(abc.decoded, text("abcabcabcabc   "));
  // The decrypted rows are the printed plain table.
  std::vector<std::byte> plain(64);
  hello.record.encode(std::span<std::byte>(plain.data(), 32));
  abc.record.encode(std::span<std::byte>(plain.data() + 32, 32));
  EXPECT_EQ(plain, kWorkedPlainTable);
  // Every byte is explained: header, table rows, two payloads.
  EXPECT_EQ(r.coverage.uncovered_bytes, 0u);
  EXPECT_EQ(r.coverage.covered_bytes, kWorkedExample.size());
  // The table's fields sit at their encrypted bytes' offsets (provenance).
  EXPECT_EQ(r.coverage_map.path_at(0x50), "entries[1].flags");  // row 1 at 0x40, flags at +0x10
  // MR's relation holds in the example: 0x14 = 13 = the payload size.
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_EQ(r.notes[0].code, codes::seed_vs_payload.code);
  EXPECT_NE(r.notes[0].message.find("13 equals the payload size 13"), std::string::npos) << r.notes[0].message;
}

TEST(RsliWorkedExample, WritesBackByteForByte) {
  const ParseResult r = parse_rsli(kWorkedExample);
  ASSERT_TRUE(r.ok());
  const WriteResult w = write_rsli(*r.library);
  ASSERT_TRUE(w.ok());
  EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), kWorkedExample.begin(), kWorkedExample.end()));
}

TEST(RsliWorkedExample, XorRowUsesItsEffectiveKey) {
  // §8: were row 0 method 0x020, its stored bytes would be 4A 63 67 72 49 (key 1).
  Fixture f;
  f.row(0, 0x10, 0x20, 2);
  std::copy_n(bytes_of({0x4A, 0x63, 0x67, 0x72, 0x49}).begin(), 5, f.payload.begin());
  const ParseResult r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_EQ(r.library->entries[0].decoded, text("Hello"));
}

// Libraries of every method made by build_rsli, parsed back: every entry
// decodes to its plain bytes, and the lossless write gives the file back.
TEST(RsliGenerated, EveryMethodRoundTrips) {
  constexpr Method methods[] = {Method::stored, Method::xor_only, Method::lzss, Method::xor_lzss,
                                Method::lzhuf, Method::xor_lzhuf, Method::deflate};
  Prng rng(0x5151);
  for (int library = 0; library < 12; ++library) {
    std::vector<NewEntry> entries;
    const size_t n = rng.range(0, 9);
    for (size_t i = 0; i < n; ++i) {
      NewEntry e;
      e.name = "E" + std::to_string(rng.range(0, 99999)) + ".TEX";
      e.method = methods[rng.range(0, 6)];
      e.plain.resize(rng.chance(20) ? rng.range(0, 1) : rng.range(0, 9000));
      const unsigned alphabet = static_cast<unsigned>(rng.range(2, 256));
      for (std::byte& b : e.plain) b = static_cast<std::byte>(rng.next() % alphabet);
      entries.push_back(std::move(e));
    }
    const uint32_t seed = static_cast<uint32_t>(rng.next());
    const WriteResult w = build_rsli(entries, seed);
    ASSERT_TRUE(w.ok());
    const std::vector<std::byte> file(w.bytes.begin(), w.bytes.end());
    const ParseResult r = parse_rsli(file);
    ASSERT_TRUE(r.ok()) << r.diagnostics.back().code << ": " << r.diagnostics.back().message;
    for (const Diagnostic& d : r.diagnostics) EXPECT_EQ(d.code, codes::duplicate_name.code) << d.message;
    ASSERT_EQ(r.library->entries.size(), n);
    for (size_t i = 0; i < n; ++i) EXPECT_TRUE(r.library->entries[i].decoded == entries[i].plain) << library << " " << i;
    const WriteResult again = write_rsli(*r.library);
    EXPECT_TRUE(std::equal(again.bytes.begin(), again.bytes.end(), file.begin(), file.end())) << library;
  }
}

TEST(RsliGenerated, ServiceBytesNameTailsAndGapsAreKept) {
  Fixture f;
  f.row(0, 0x0C, 0xDEADBEEF, 4);           // service bytes
  f.row(1, 0x0B, 0x7A, 1);                 // a byte after ABC.TXT's NUL
  f.payload.insert(f.payload.begin() + 5, std::byte{0x55});  // a gap between the two streams
  f.row(1, 0x18, 0x66, 4);
  const std::vector<std::byte> file = f.file();
  const ParseResult r = parse_rsli(file);
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::service_nonzero));
  EXPECT_TRUE(has_code(r, codes::name_tail_nonzero));
  EXPECT_TRUE(has_code(r, codes::gap));
  const WriteResult w = write_rsli(*r.library);
  EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), file.begin(), file.end()));
}

TEST(RsliGenerated, DeflateEntryOnePastEofIsAWarningAndKept) {
  std::vector<NewEntry> entries{{"A.TEX", Method::lzss, text("aaaa")},
                                {"INTERF8.TEX", Method::deflate, std::vector<std::byte>(3000, std::byte{7})}};
  const WriteResult w = build_rsli(entries, 99633);
  std::vector<std::byte> file(w.bytes.begin(), w.bytes.end());
  // Row 1 declares one more packed byte than the file holds (§5.3).
  const std::vector<std::byte> plain = xor_copy(Bytes(file).subspan(32, 64), static_cast<uint16_t>(99633 & 0xFFFF));
  std::vector<std::byte> rows = plain;
  put(rows, 32 + 0x1C, load_uint_le(Bytes(rows).subspan(32 + 0x1C), 4) + 1, 4);
  const std::vector<std::byte> table = xor_copy(rows, static_cast<uint16_t>(99633 & 0xFFFF));
  std::copy(table.begin(), table.end(), file.begin() + 32);
  const ParseResult r = parse_rsli(file);
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::deflate_eof_plus_one));
  EXPECT_EQ(r.library->entries[1].decoded.size(), 3000u);
  const WriteResult again = write_rsli(*r.library);
  EXPECT_TRUE(std::equal(again.bytes.begin(), again.bytes.end(), file.begin(), file.end()));
  // Two bytes past EOF is no quirk.
  put(rows, 32 + 0x1C, load_uint_le(Bytes(rows).subspan(32 + 0x1C), 4) + 1, 4);
  const std::vector<std::byte> table2 = xor_copy(rows, static_cast<uint16_t>(99633 & 0xFFFF));
  std::copy(table2.begin(), table2.end(), file.begin() + 32);
  EXPECT_TRUE(has_code(parse_rsli(file), codes::range_past_eof));
}

TEST(RsliGenerated, AoTrailerKeptAndOverlayAppliedOnlyWhenNeeded) {
  Fixture f;
  for (std::byte b : bytes_of({'A', 'O', 0, 0, 0, 0})) f.payload.push_back(b);
  ParseResult r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(has_code(r, codes::ao_trailer));
  EXPECT_FALSE(has_code(r, codes::ao_overlay_applied));
  EXPECT_EQ(r.library->overlay, 0u);
  // Offsets stored 0x10 low, the trailer's overlay 0x10 puts them back.
  f.payload.resize(f.payload.size() - 6);
  for (std::byte b : bytes_of({'A', 'O', 0x10, 0, 0, 0})) f.payload.push_back(b);
  f.row(0, 0x18, 0x60 - 0x10, 4);
  f.row(1, 0x18, 0x65 - 0x10, 4);
  const std::vector<std::byte> file = f.file();
  r = parse_rsli(file);
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::ao_overlay_applied));
  EXPECT_EQ(r.library->entries[1].decoded, text("abcabcabcabc   "));
  const WriteResult w = write_rsli(*r.library);
  EXPECT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), file.begin(), file.end()));
}

TEST(RsliGenerated, WithoutAbbaTheSortFieldIsRebuilt) {
  Fixture f;
  put(f.header, 0x0E, 0, 2);
  f.row(0, 0x12, 7, 2);  // ignored: the loader rebuilds it
  f.row(1, 0x12, 7, 2);
  const ParseResult r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::presorted_absent));
  EXPECT_EQ(r.library->entries[0].effective_sort, 1);  // ABC.TXT (row 1) is first in strcmp order
  EXPECT_EQ(r.library->entries[1].effective_sort, 0);
}

TEST(RsliGenerated, ReadingOIsReported) {
  // Rows stored sorted (ABC first), each holding its own pre-sort index.
  Fixture f;
  std::vector<std::byte> swapped(f.rows.begin() + 32, f.rows.end());
  swapped.insert(swapped.end(), f.rows.begin(), f.rows.begin() + 32);
  f.rows = swapped;
  f.rows.resize(96);
  f.count(3);
  // A third row ZED.TXT, stored, empty, and the fields [1, 2, 0]: not ascending through F.
  std::copy_n(text("ZED.TXT").begin(), 7, f.rows.begin() + 64);
  f.row(0, 0x12, 1, 2);
  f.row(1, 0x12, 2, 2);
  f.row(2, 0x12, 0, 2);
  for (size_t i = 0; i < 3; ++i) f.row(i, 0x18, load_uint_le(Bytes(f.rows).subspan(i * 32 + 0x18), 4) + 32, 4);
  f.row(2, 0x18, 0x80, 4);
  const ParseResult r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::sort_reading_alt));
}

TEST(RsliGenerated, MatchCutAndUnusedPackedBytesAreWarnings) {
  // ABC.TXT declared 13 bytes: its last match (three spaces) is cut after one (§7.1.5).
  Fixture f;
  f.row(1, 0x14, 13, 4);
  ParseResult r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::match_overrun));
  EXPECT_TRUE(has_code(r, codes::total_unpacked_mismatch));  // 0x10 still says 20
  EXPECT_EQ(r.library->entries[1].decoded, text("abcabcabcabc "));
  // Declared 12 bytes: the decoder stops before the last match, whose two bytes stay unused.
  f.row(1, 0x14, 12, 4);
  r = parse_rsli(f.file());
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(has_code(r, codes::packed_trailing));
  EXPECT_FALSE(has_code(r, codes::match_overrun));
}

// One hostile variant per error code: the parse ends with that code, no library.
struct Hostile {
  const DiagnosticCode* code;
  std::vector<std::byte> file;
  ParseOptions options = {};
};

std::vector<Hostile> hostile_cases() {
  std::vector<Hostile> out;
  auto add = [&](const DiagnosticCode& c, const Fixture& f) { out.push_back({&c, f.file()}); };
  out.push_back({&codes::truncated_header, std::vector<std::byte>(kWorkedExample.begin(), kWorkedExample.begin() + 31)});
  Fixture f;
  f.header[1] = std::byte{'X'};
  add(codes::bad_magic, f);
  f = {}, f.header[2] = std::byte{1};
  add(codes::bad_reserved, f);
  f = {}, f.header[3] = std::byte{2};
  add(codes::bad_version, f);
  f = {}, f.count(0xFFFF);
  add(codes::negative_count, f);
  f = {}, put(f.header, 6, 1, 2);
  add(codes::count_mismatch, f);
  f = {}, f.count(5);  // 32 + 160 bytes of table in a 0x6D-byte file
  add(codes::table_out_of_bounds, f);
  f = {}, f.row(0, 0x18, 0x40, 4);  // inside the table
  add(codes::offset_in_header, f);
  f = {}, f.row(1, 0x1C, 9, 4);  // LZSS, one byte past EOF: only Deflate may
  add(codes::range_past_eof, f);
  f = {}, f.row(1, 0x1C, 0x7FFFFFF0, 4);  // the packed size lies by 2 GiB
  add(codes::range_past_eof, f);
  f = {}, f.row(1, 0x18, 0x1000, 4);
  for (std::byte b : bytes_of({'A', 'O', 0xFF, 0xFF, 0, 0})) f.payload.push_back(b);
  add(codes::overlay_out_of_bounds, f);
  f = {}, f.row(1, 0x10, 0xC0, 2);
  add(codes::method_unknown, f);
  f = {}, f.row(0, 0x12, 0, 2);  // both rows say 0
  add(codes::sort_not_permutation, f);
  f = {}, f.row(0, 0x12, 0xFFFF, 2);  // -1
  add(codes::sort_not_permutation, f);
  f = {}, f.row(0, 0x12, 0, 2), f.row(1, 0x12, 1, 2);  // HELLO then ABC: neither reading ascends
  add(codes::sort_unordered, f);
  f = {}, f.row(0, 0x14, 4, 4);  // stored: 5 packed, 4 unpacked
  add(codes::stored_size_mismatch, f);
  f = {}, f.row(1, 0x1C, 5, 4);  // the LZSS stream cut inside its first match
  add(codes::decode_truncated, f);
  f = {}, f.row(1, 0x10, 0x100, 2);  // the LZSS bytes read as Deflate
  add(codes::decode_failed, f);
  std::vector<NewEntry> one{{"D.TEX", Method::deflate, text("deflated text, deflated text")}};
  const WriteResult w = build_rsli(one, 7);
  Fixture d;
  d.header.assign(w.bytes.begin(), w.bytes.begin() + 32);
  d.rows = xor_copy(Bytes(w.bytes.data() + 32, 32), 7);
  d.payload.assign(w.bytes.begin() + 64, w.bytes.end());
  d.row(0, 0x14, 27, 4);  // the stream holds 28 bytes
  add(codes::size_mismatch, d);
  f = {}, f.row(1, 0x14, 2000000, 4);  // LZSS declaring 2 MB from 8 bytes: decodes until the stream ends
  add(codes::decode_truncated, f);
  Hostile limited{&codes::limit_exceeded, Fixture{}.file()};
  limited.options.limits.unpacked_per_entry = 10;
  out.push_back(limited);
  Hostile strict{&codes::gap, Fixture{}.file()};
  strict.options.strict = true;  // a warning escalated by --strict ends the parse too
  strict.file.push_back(std::byte{0});
  out.push_back(strict);
  return out;
}

TEST(RsliHostile, EachCaseEndsWithItsCode) {
  for (const Hostile& h : hostile_cases()) {
    const ParseResult r = parse_rsli(h.file, h.options);
    SCOPED_TRACE(std::string(h.code->code));
    EXPECT_FALSE(r.ok());
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.back().code, h.code->code) << r.diagnostics.back().message;
    EXPECT_EQ(r.diagnostics.back().severity, Severity::error);
  }
}

TEST(RsliHostile, EveryErrorCodeHasACase) {
  std::vector<std::string_view> covered;
  for (const Hostile& h : hostile_cases()) covered.push_back(h.code->code);
  for (const DiagnosticCode& c : codes::kAll)
    if (c.severity == Severity::error) {
      EXPECT_NE(std::find(covered.begin(), covered.end(), c.code), covered.end()) << c.code;
    }
}

TEST(RsliHostile, TruncationsAndBitFlipsNeverCrash) {
  // Every prefix of the example and every single-bit flip of it parses to a
  // result; an accepted one writes back to its input.
  std::vector<std::vector<std::byte>> inputs;
  for (size_t n = 0; n < kWorkedExample.size(); ++n) inputs.emplace_back(kWorkedExample.begin(), kWorkedExample.begin() + static_cast<std::ptrdiff_t>(n));
  for (size_t i = 0; i < kWorkedExample.size() * 8; ++i) {
    std::vector<std::byte> flipped = kWorkedExample;
    flipped[i / 8] ^= std::byte{static_cast<uint8_t>(1u << (i % 8))};
    inputs.push_back(std::move(flipped));
  }
  for (const std::vector<std::byte>& in : inputs) {
    const ParseResult r = parse_rsli(in);
    if (!r.ok()) continue;
    const WriteResult w = write_rsli(*r.library);
    ASSERT_TRUE(std::equal(w.bytes.begin(), w.bytes.end(), in.begin(), in.end()));
  }
}

}  // namespace
}  // namespace meshgate::rsli::parse_tests
