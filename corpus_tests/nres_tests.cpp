// NRes container: hand-built fixtures, one negative test per code (both
// profiles), the synthetic archive round trip, nested archives, name tails
// and unindexed regions kept exactly.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"
#include "parser/nres/nres_parser.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/core/prng.hpp"
#include "synth/nres/nres_synth.hpp"
#include "writer/nres/nres_writer.hpp"

namespace meshgate::nres {
namespace {

using testing::put;

std::vector<std::byte> one_entry_archive() {
  // header 16 | payload "abcde" at 0x10 + 3 zero pad | directory entry at 0x18 | EOF 0x58
  std::vector<std::byte> b(0x58);
  b[0] = std::byte{'N'}, b[1] = std::byte{'R'}, b[2] = std::byte{'e'}, b[3] = std::byte{'s'};
  put(b, 0x04, 0x100, 4);  // version
  put(b, 0x08, 1, 4);      // entry count
  put(b, 0x0C, 0x58, 4);   // total size
  for (size_t i = 0; i < 5; ++i) b[0x10 + i] = static_cast<std::byte>('a' + i);
  put(b, 0x18, 0x6D786554, 4);  // type Texm
  put(b, 0x1C, 7, 4);           // attr1
  put(b, 0x20, 0, 4);           // attr2
  put(b, 0x24, 5, 4);           // size
  put(b, 0x28, 4, 4);           // attr3
  const char* name = "Tex.txm";
  for (int i = 0; name[i]; ++i) b[0x2C + static_cast<size_t>(i)] = static_cast<std::byte>(name[i]);
  b[0x2C + 20] = std::byte{0x5A};  // a byte after the NUL: must be kept
  put(b, 0x50, 0x10, 4);           // data offset
  put(b, 0x54, 0, 4);              // sort index
  return b;
}

TEST(NresFixture, EmptyArchiveIsSixteenBytes) {
  std::vector<std::byte> b(16);
  b[0] = std::byte{'N'}, b[1] = std::byte{'R'}, b[2] = std::byte{'e'}, b[3] = std::byte{'s'};
  put(b, 4, 0x100, 4);
  put(b, 12, 16, 4);
  const ParseResult r = parse_nres(b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.archive->entries.empty());
  EXPECT_EQ(write_nres(*r.archive).bytes, b);
}

TEST(NresFixture, OneEntryFieldsAndNameTail) {
  const auto b = one_entry_archive();
  const ParseResult r = parse_nres(b);
  ASSERT_TRUE(r.ok()) << r.diagnostics.back().message;
  EXPECT_TRUE(r.diagnostics.empty());
  const Entry& e = r.archive->entries.at(0);
  EXPECT_EQ(e.record.get(entry::type_id), 0x6D786554u);
  EXPECT_EQ(e.record.get(entry::attr1), 7u);
  EXPECT_EQ(e.record.get(entry::attr3), 4u);
  EXPECT_EQ(entry_name(e.record), "Tex.txm");
  EXPECT_EQ(e.record.raw(entry::name)[20], std::byte{0x5A});
  EXPECT_EQ(e.payload.size(), 5u);
  EXPECT_EQ(r.coverage.uncovered.size(), 1u);  // the 3 padding bytes
  EXPECT_EQ(r.coverage.uncovered[0].kind, GapKind::alignment_padding);
  EXPECT_EQ(r.coverage_map.path_at(0x2C), "entries[0].name");
  const WriteResult w = write_nres(*r.archive);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w.bytes, b);
}

// The directory is written as one part: a model whose entries do not fit
// between the header's directory offset and EOF is refused as a whole, by
// path, and one that leaves directory bytes unwritten is refused too.
TEST(NresWriter, ADirectoryThatDoesNotFitItsPlaceIsRefused) {
  const ParseResult r = parse_nres(one_entry_archive());
  ASSERT_TRUE(r.ok());
  Archive extra = *r.archive;
  extra.entries.push_back(extra.entries.front());  // two records where the header places one
  const WriteResult past_eof = write_nres(extra);
  ASSERT_FALSE(past_eof.ok());
  EXPECT_EQ(past_eof.error->code, "writer.out-of-range");
  EXPECT_EQ(past_eof.error->path, "entries");
  Archive missing = *r.archive;
  missing.entries.clear();  // the header's directory record is left unwritten
  const WriteResult hole = write_nres(missing);
  ASSERT_FALSE(hole.ok());
  EXPECT_EQ(hole.error->code, "writer.unplanned-bytes");
}

TEST(NresNames, StrcmpiFoldsToLowercase) {
  EXPECT_LT(compare_names_lowercase("B_1", "ba1"), 0);  // '_' (0x5F) < 'a' (0x61)
  EXPECT_GT(compare_names_uppercase("B_1", "ba1"), 0);  // 'A' (0x41) < '_'
  EXPECT_EQ(compare_names_lowercase("Land", "LAND"), 0);
  EXPECT_LT(compare_names_lowercase("ab", "abc"), 0);
  EXPECT_EQ(compare_names_lowercase("M0121.positions", "m0121.POSITIONS"), 0);  // case differences in whole words
  EXPECT_LT(compare_names_lowercase("AbCdEfGhX", "abcdefghY"), 0);  // case differences before the real one
  EXPECT_GT(compare_names_lowercase("ABCDEFGH_1", "abcdefgh1"), 0);
}

// A name ends at its field's first NUL, wherever it falls in the 36 bytes and
// whatever follows it; bytes like 0x01 and 0x80 next to it must not pass for
// one (the search goes eight bytes at a time). No NUL: the whole field.
TEST(NresNames, ANameEndsAtTheFirstNulOfItsField) {
  Prng prng(29);
  const std::array<std::byte, 4> tricky = {std::byte{0x01}, std::byte{0x80}, std::byte{0x81}, std::byte{0xFF}};
  for (size_t length = 0; length <= 36; ++length)
    for (int round = 0; round < 50; ++round) {
      EntryRecord r;
      const std::span<std::byte> field = r.raw_mut(entry::name);
      ASSERT_EQ(field.size(), 36u);
      for (std::byte& b : field)
        b = prng.chance(50) ? tricky[prng.range(0, 3)] : static_cast<std::byte>(prng.range(1, 255));
      if (length < field.size()) {
        field[length] = std::byte{0};
        for (size_t k = length + 1; k < field.size(); ++k)
          if (prng.chance(30)) field[k] = std::byte{0};  // more NULs after the first
      }
      EXPECT_EQ(entry_name_view(r).size(), length);
    }
}

// The comparison skips exactly-equal words; against a byte-at-a-time
// reference on random names (long shared prefixes, case variants, every
// length up to two words and a half).
TEST(NresNames, FoldedComparisonMatchesAByteAtATimeReference) {
  const auto reference = [](std::string_view a, std::string_view b, auto fold) {
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
      const auto x = static_cast<unsigned char>(fold(a[i])), y = static_cast<unsigned char>(fold(b[i]));
      if (x != y) return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
  };
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  const auto upper = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; };
  Prng prng(23);
  const std::string alphabet = "aAbB_.1Zz\xe0";
  for (int round = 0; round < 20000; ++round) {
    std::string a(prng.range(0, 20), 'x');
    for (char& c : a) c = alphabet[prng.range(0, alphabet.size() - 1)];
    std::string b = a.substr(0, prng.range(0, a.size()));  // a shared prefix
    while (b.size() < prng.range(0, 20)) b.push_back(alphabet[prng.range(0, alphabet.size() - 1)]);
    if (!b.empty() && prng.chance(50)) b[prng.range(0, b.size() - 1)] ^= 0x20;  // flip a case bit
    ASSERT_EQ(compare_names_lowercase(a, b), reference(a, b, lower)) << a << " vs " << b;
    ASSERT_EQ(compare_names_uppercase(a, b), reference(a, b, upper)) << a << " vs " << b;
  }
}

class NresMalformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(NresMalformed, VariantRaisesItsCode) {
  const DiagnosticCode& code = GetParam();
  const auto cases = malformed_nres_cases(3);
  auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
  ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
  for (Profile profile : {Profile::compatible, Profile::strict}) {
    const ParseResult r = parse_nres(it->file.bytes, {.profile = profile});
    auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                          [&](const Diagnostic& x) { return x.code == code.code; });
    ASSERT_NE(d, r.diagnostics.end()) << code.code;
    EXPECT_FALSE(d->path.empty());
    EXPECT_LE(d->offset, it->file.bytes.size());
    const bool sort_code = code.code.starts_with("nres.sort-");
    const Severity expected = sort_code && profile == Profile::strict ? Severity::error : code.severity;
    EXPECT_EQ(d->severity, expected) << code.code;
    if (expected == Severity::error) {
      EXPECT_FALSE(r.ok());
    } else {
      ASSERT_TRUE(r.ok());
      const WriteResult w = write_nres(*r.archive);
      ASSERT_TRUE(w.ok());
      EXPECT_EQ(w.bytes, it->file.bytes);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCode, NresMalformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(NresRegistry, EveryCodeHasOneVariant) {
  std::set<std::string_view> codes_seen, planted;
  for (const DiagnosticCode& c : codes::kAll) EXPECT_TRUE(codes_seen.insert(c.code).second) << c.code;
  for (const MalformedCase& c : malformed_nres_cases(3)) planted.insert(c.expected_code);
  EXPECT_EQ(planted, codes_seen);
}

TEST(NresCorpus, ArchivesRoundTripWithNestedModelsTailsAndUnindexedRegions) {
  const auto corpus = synth_nres_corpus(20261202, 60);
  size_t nested = 0, tails = 0, regions = 0, entries = 0;
  for (const SynthFile& f : corpus) {
    const ParseResult r = parse_nres(f.bytes, {.profile = Profile::strict});
    ASSERT_TRUE(r.ok()) << f.name << ": " << r.diagnostics.back().message;
    const WriteResult w = write_nres(*r.archive);
    ASSERT_TRUE(w.ok()) << f.name;
    ASSERT_EQ(w.bytes, f.bytes) << f.name;
    EXPECT_EQ(*parse_nres(w.bytes).archive, *r.archive);
    for (const Entry& e : r.archive->entries) {
      ++entries;
      const std::string name = entry_name(e.record);
      Bytes field = e.record.raw(entry::name);
      if (std::any_of(field.begin() + static_cast<std::ptrdiff_t>(name.size()) + 1, field.end(),
                      [](std::byte b) { return b != std::byte{0}; }))
        ++tails;
    }
    for (const Diagnostic& d : r.diagnostics)
      if (d.code == "nres.unindexed-region") ++regions;
    for (const RoundTripOutcome& o : roundtrip_tree(f.name, f.bytes)) {
      EXPECT_TRUE(o.identical) << o.path;
      if (o.path.find('!') != std::string::npos) ++nested;
    }
  }
  EXPECT_GE(nested, 10u);
  EXPECT_GE(tails, 20u);
  EXPECT_GE(regions, 5u);
  EXPECT_GE(entries, 500u);
}

TEST(NresNesting, DescentStopsAtTheDepthLimit) {
  // Twelve archives, each the only payload of the next.
  std::vector<std::byte> inner = build_nres({});
  for (int level = 0; level < 12; ++level) {
    ArchiveDescription d;
    d.entries.push_back({0x4853454D, 0, 0, 0, "LEVEL" + std::to_string(level) + ".MSH", {}, inner});
    inner = build_nres(d);
  }
  const auto outcomes = roundtrip_tree("deep.rlb", inner);
  EXPECT_EQ(outcomes.size(), 8u);
  for (const RoundTripOutcome& o : outcomes) EXPECT_TRUE(o.identical) << o.path;
  const auto& last = outcomes.back().diagnostics;
  EXPECT_TRUE(std::any_of(last.begin(), last.end(), [](const Diagnostic& d) { return d.code == "core.nesting-limit"; }));
}

// §1.7.9 overlap verdicts against every pair of payloads compared directly:
// payloads moved at random (half of the rounds in ascending order, which the
// parser checks without sorting; some ascending ones touching or overlapping
// their neighbour, some starting together), sizes 0..40. An overlap must be
// reported exactly when two non-empty payloads share a byte, naming a pair
// that does.
TEST(NresOverlaps, VerdictMatchesEveryPairComparedDirectly) {
  ArchiveDescription d;
  for (int i = 0; i < 6; ++i)
    d.entries.push_back(
        {.type_id = 1, .name = "e" + std::to_string(i), .name_tail = {}, .payload = std::vector<std::byte>(32)});
  const std::vector<std::byte> base = build_nres(d);
  const uint64_t dir = base.size() - 6 * kEntrySpec.size, data_end = dir;
  const auto at = [&](size_t i, size_t f) { return dir + i * kEntrySpec.size + kEntrySpec.fields[f].offset; };
  uint64_t state = 7;
  const auto next = [&](uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  size_t overlapping = 0, apart = 0, ascending_checked = 0;
  for (int round = 0; round < 4000; ++round) {
    std::vector<std::byte> b = base;
    std::array<uint64_t, 6> begin{}, size{};
    const bool ascending = round % 2 == 0;
    uint64_t cursor = 0x10;
    for (size_t i = 0; i < 6; ++i) {
      size[i] = next(41);
      if (ascending) {
        // Mostly apart, sometimes touching the previous payload's end, overlapping it or starting with it.
        const uint64_t step = next(4) == 0 ? 0 : next(16);
        cursor = std::min<uint64_t>(cursor + step, data_end - size[i]);
        begin[i] = cursor;
        cursor += next(8) == 0 ? size[i] / 2 : size[i];
      } else {
        begin[i] = 0x10 + next(data_end - 0x10 - size[i] + 1);
      }
      put(b, at(i, entry::data_offset), begin[i], 4);
      put(b, at(i, entry::size), size[i], 4);
    }
    bool expected = false;
    for (size_t i = 0; i < 6; ++i)
      for (size_t j = i + 1; j < 6; ++j)
        expected |= size[i] && size[j] && begin[i] < begin[j] + size[j] && begin[j] < begin[i] + size[i];
    const ParseResult r = parse_nres(b);
    const auto found = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                                    [](const Diagnostic& x) { return x.code == codes::payload_overlap.code; });
    ASSERT_EQ(found != r.diagnostics.end(), expected) << round;
    ascending_checked += ascending;
    if (!expected) {
      ++apart;
      EXPECT_TRUE(r.ok()) << round;  // misalignment is a warning; nothing else was touched
      continue;
    }
    ++overlapping;
    unsigned k = 0, previous = 0;
    ASSERT_EQ(std::sscanf(found->message.c_str(), "payload of entries[%u] at %*s overlaps entries[%u]", &k, &previous), 2)
        << found->message;
    ASSERT_LT(std::max(k, previous), 6u);
    EXPECT_TRUE(size[k] && size[previous] && begin[k] < begin[previous] + size[previous] &&
                begin[previous] < begin[k] + size[k])
        << round << ": " << found->message;
  }
  EXPECT_GT(overlapping, 1000u);
  EXPECT_GT(apart, 1000u);
  EXPECT_EQ(ascending_checked, 2000u);
}

TEST(NresMutation, CorruptedArchivesFailCleanlyOrRoundTripExactly) {
  const auto corpus = synth_nres_corpus(8, 10);
  uint64_t state = 99;
  size_t rejected = 0, accepted = 0;
  for (int round = 0; round < 3000; ++round) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    std::vector<std::byte> b = corpus[(state >> 33) % corpus.size()].bytes;
    const uint64_t pick = state >> 20;
    // Hit the header or the directory (where offsets and counts live) most of the time.
    const uint64_t at = pick % 4 == 0 ? (pick >> 3) % 16 : b.size() - 1 - (pick >> 3) % std::min<uint64_t>(b.size(), 512);
    const std::array<uint32_t, 6> values = {0, 1, 0xFFFFFFFF, 0x7FFFFFFF, static_cast<uint32_t>(b.size()),
                                            static_cast<uint32_t>(pick)};
    const uint32_t v = values[(pick >> 40) % values.size()];
    for (size_t i = 0; i < 4 && at + i < b.size(); ++i) b[at + i] = static_cast<std::byte>(v >> (8 * i));
    const ParseResult r = parse_nres(b);
    if (!r.ok()) {
      ++rejected;
      ASSERT_EQ(r.diagnostics.back().severity, Severity::error);
      continue;
    }
    ++accepted;
    const WriteResult w = write_nres(*r.archive);
    ASSERT_TRUE(w.ok()) << round;
    ASSERT_EQ(w.bytes, b) << round;
  }
  EXPECT_GT(rejected, 100u);
  EXPECT_GT(accepted, 100u);
}

}  // namespace
}  // namespace meshgate::nres
