// RsLi as a format through its row (pipeline/formats/rsli_row.cpp): the
// generated corpus round-trips as a tree whose Texm entries are descended
// into; members are the entries by name with their decoded bytes; replace,
// add and remove (writer/rsli/rsli_member_edit.cpp) keep what §7.3 keeps,
// re-key the XOR entries whose sort key moved, and every entry of the written
// library decodes to what it should hold.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/rsli/rsli_synth.hpp"
#include "writer/rsli/rsli_member_edit.hpp"
#include "writer/rsli/rsli_writer.hpp"

namespace meshgate::rsli {
namespace {

std::vector<SynthFile> corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> out;
  synth_rsli_corpus(seed, count, [&](SynthFile&& f) {
    out.push_back(std::move(f));
    return true;
  });
  return out;
}

Library parsed(Bytes file) {
  ParseResult r = parse_rsli(file);
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics.back().message);
  return r.ok() ? std::move(*r.library) : Library{};
}

Method method_at(const Library& l, size_t i) { return *method_of(l.entries[i].record.get(entry::flags)); }

// Entry i by name: its decoded bytes.
std::map<std::string, std::vector<std::byte>> by_name(const Library& l) {
  std::map<std::string, std::vector<std::byte>> out;
  for (const Entry& e : l.entries) out[std::string(entry_name_view(e.record))] = e.decoded;
  return out;
}

TEST(RsliRow, TheGeneratedCorpusRoundTripsAsATreeWithItsTexturesInside) {
  for (const SynthFile& f : corpus(51, 4)) {
    std::vector<RoundTripOutcome> outcomes = roundtrip_tree(f.name, f.bytes);
    ASSERT_FALSE(outcomes.empty());
    EXPECT_EQ(outcomes[0].format, Format::rsli) << f.name;
    size_t textures = 0;
    for (const RoundTripOutcome& o : outcomes) {
      EXPECT_TRUE(o.parsed && o.identical) << o.path;
      textures += o.format == Format::nikita_texm && o.path.starts_with(f.name + "!TEX_");
    }
    EXPECT_EQ(textures, 1u) << f.name;
  }
}

TEST(RsliRow, TheCorpusHoldsEveryMethodAndBothTrailers) {
  std::set<Method> methods;
  const std::vector<SynthFile> files = corpus(51, 3);
  for (const SynthFile& f : files) {
    const Library l = parsed(f.bytes);
    for (size_t i = 0; i < l.entries.size(); ++i) methods.insert(method_at(l, i));
  }
  EXPECT_EQ(methods.size(), 7u);
  EXPECT_FALSE(parsed(files[0].bytes).has_trailer);
  EXPECT_TRUE(parsed(files[1].bytes).has_trailer);
  EXPECT_EQ(parsed(files[1].bytes).overlay, 0u);
  EXPECT_EQ(parsed(files[2].bytes).overlay, 0x10u);
}

TEST(RsliRow, MembersAreTheEntriesByNameWithTheirDecodedBytes) {
  const SynthFile f = corpus(51, 1)[0];
  const ParsedFile file = parse_file(f.name, f.bytes);
  ASSERT_EQ(file.format, Format::rsli);
  const std::vector<ContainerMember> members = row_of(Format::rsli).members(file);
  const std::vector<NewEntry> entries = synth_library_entries(51, 0);
  ASSERT_EQ(members.size(), entries.size());
  for (size_t i = 0; i < members.size(); ++i) {
    EXPECT_EQ(members[i].name, entries[i].name);
    EXPECT_TRUE(std::ranges::equal(members[i].bytes, entries[i].plain)) << members[i].name;
  }
}

std::vector<std::byte> text(std::string_view s) {
  std::vector<std::byte> out;
  for (const char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

// Each entry replaced in turn: it keeps its method and decodes to the new
// bytes; every other entry keeps its packed bytes exactly.
TEST(RsliEdit, AReplacedEntryKeepsItsMethodAndTheOthersTheirPackedBytes) {
  const SynthFile f = corpus(52, 1)[0];
  const Library before = parsed(f.bytes);
  const std::vector<std::byte> fresh = text("a new entry, a new entry, a new entry: packed by meshgate");
  for (size_t i = 0; i < before.entries.size(); ++i) {
    SCOPED_TRACE(i);
    const EditedContainer edited = edit_rsli(before, {.kind = MemberEditKind::replace, .member = i, .bytes = fresh});
    ASSERT_FALSE(edited.error) << *edited.error;
    const Library after = parsed(edited.bytes);
    ASSERT_EQ(after.entries.size(), before.entries.size());
    EXPECT_EQ(method_at(after, i), method_at(before, i));
    EXPECT_EQ(after.entries[i].decoded, fresh);
    for (size_t j = 0; j < before.entries.size(); ++j) {
      if (j == i) continue;
      EXPECT_TRUE(std::ranges::equal(packed_bytes(after, j), packed_bytes(before, j))) << j;
      EXPECT_TRUE(std::ranges::equal(after.entries[j].record.raw(entry::service), before.entries[j].record.raw(entry::service)));
    }
  }
}

TEST(RsliEdit, PuttingAnEntryBackUnchangedGivesTheSameLibrary) {
  const SynthFile f = corpus(53, 1)[0];
  const Library before = parsed(f.bytes);
  // build_rsli lays out as §7.3 says and meshgate's encoders are
  // deterministic, so an entry packed again as it was changes no byte.
  for (size_t i = 0; i < before.entries.size(); ++i) {
    const EditedContainer same =
        edit_rsli(before, {.kind = MemberEditKind::replace, .member = i, .bytes = before.entries[i].decoded});
    ASSERT_FALSE(same.error) << *same.error;
    EXPECT_TRUE(std::ranges::equal(same.bytes, f.bytes)) << i;
  }
}

// A library laid out otherwise than §7.3 would (here: an AO trailer cut by one
// byte, left as a 5-byte gap the parser keeps) is not laid out afresh when an
// entry is put back as it was: member_edit_fuzzer's oracle, which found it.
TEST(RsliEdit, PuttingAnEntryBackUnchangedKeepsALayoutOfItsOwn) {
  for (const SynthFile& f : corpus(3, 4)) {
    if (f.bytes.size() < 2) continue;
    const Bytes cut = Bytes(f.bytes).first(f.bytes.size() - 1);
    const ParseResult r = parse_rsli(cut);
    if (!r.ok()) continue;
    for (size_t i = 0; i < r.library->entries.size(); ++i) {
      const EditedContainer same =
          edit_rsli(*r.library, {.kind = MemberEditKind::replace, .member = i, .bytes = r.library->entries[i].decoded});
      ASSERT_FALSE(same.error) << f.name << " entry " << i << ": " << *same.error;
      EXPECT_TRUE(std::ranges::equal(same.bytes, cut)) << f.name << " entry " << i;
    }
  }
}

// An entry named first in strcmp order moves every other row's key: the XOR
// entries are re-keyed, and all decode as before.
TEST(RsliEdit, AnAddedEntryTakesTheMostUsedMethodAndReKeysTheXorEntries) {
  const SynthFile f = corpus(54, 1)[0];
  const Library before = parsed(f.bytes);
  const std::vector<std::byte> fresh = text("added first in name order");
  const MemberEdit add{.kind = MemberEditKind::add, .bytes = fresh, .name = "AAA.DAT"};
  const EditedContainer edited = edit_rsli(before, add);
  ASSERT_FALSE(edited.error) << *edited.error;
  EXPECT_EQ(edited.added_name, "AAA.DAT");
  const Library after = parsed(edited.bytes);
  ASSERT_EQ(after.entries.size(), before.entries.size() + 1);
  EXPECT_EQ(method_at(after, before.entries.size()), method_for_edit(before, add));
  std::map<std::string, std::vector<std::byte>> expected = by_name(before);
  expected["AAA.DAT"] = fresh;
  EXPECT_EQ(by_name(after), expected);
  size_t rekeyed = 0;  // reading F: row i's key names the i-th row in name order, so every key moved here
  for (size_t j = 0; j < before.entries.size(); ++j) {
    if (!uses_xor(method_at(before, j)) || before.entries[j].decoded.empty()) continue;
    ASSERT_NE(after.entries[j].effective_sort, before.entries[j].effective_sort) << j;
    EXPECT_FALSE(std::ranges::equal(packed_bytes(after, j), packed_bytes(before, j))) << j;
    ++rekeyed;
  }
  EXPECT_GE(rekeyed, 3u);  // XOR, XOR+LZSS, XOR+LZHUF
  EXPECT_EQ(after.header.get(hdr::total_unpacked), before.header.get(hdr::total_unpacked) + fresh.size());
}

TEST(RsliEdit, TheMethodOfAnAddIsTheMostUsedOneAndDeflateInAnEmptyLibrary) {
  const WriteResult w = build_rsli({{"A", Method::lzss, text("x")}, {"B", Method::lzhuf, text("y")},
                                    {"C", Method::lzhuf, text("z")}},
                                   5);
  const Library l = parsed(Bytes(w.bytes.data(), w.bytes.size()));
  EXPECT_EQ(method_for_edit(l, {.kind = MemberEditKind::add}), Method::lzhuf);
  EXPECT_EQ(method_for_edit(Library{}, {.kind = MemberEditKind::add}), Method::deflate);
}

TEST(RsliEdit, ARemovedEntryIsGoneAndTheRestDecodeAsBefore) {
  const SynthFile f = corpus(55, 1)[0];
  const Library before = parsed(f.bytes);
  const EditedContainer edited = edit_rsli(before, {.kind = MemberEditKind::remove, .member = 0});
  ASSERT_FALSE(edited.error) << *edited.error;
  const Library after = parsed(edited.bytes);
  std::map<std::string, std::vector<std::byte>> expected = by_name(before);
  expected.erase(std::string(entry_name_view(before.entries[0].record)));
  EXPECT_EQ(by_name(after), expected);
  EXPECT_EQ(after.header.get(hdr::entry_count), before.entries.size() - 1);
  EXPECT_EQ(after.header.get(hdr::entry_count_copy), before.entries.size() - 1);
}

// §7.3: an AO trailer stays, offsets stored without its overlay.
TEST(RsliEdit, AnAoTrailerStaysWithItsOverlay) {
  const SynthFile f = corpus(56, 3)[2];
  const Library before = parsed(f.bytes);
  ASSERT_EQ(before.overlay, 0x10u);
  const EditedContainer edited = edit_rsli(before, {.kind = MemberEditKind::remove, .member = 1});
  ASSERT_FALSE(edited.error) << *edited.error;
  const Library after = parsed(edited.bytes);
  EXPECT_TRUE(after.has_trailer);
  EXPECT_EQ(after.overlay, 0x10u);
  EXPECT_TRUE(std::ranges::equal(Bytes(edited.bytes).last(6), Bytes(f.bytes).last(6)));
}

// 0x14 (C5): kept, or kept equal to the payload area's size when it was.
TEST(RsliEdit, TheSeedFollowsThePayloadSizeOnlyWhenItWasIt) {
  const SynthFile f = corpus(57, 1)[0];
  Library l = parsed(f.bytes);
  const MemberEdit remove{.kind = MemberEditKind::remove, .member = 2};
  EXPECT_EQ(parsed(edit_rsli(l, remove).bytes).header.get(hdr::seed), l.header.get(hdr::seed));
  l.header.set(hdr::seed, l.payload_area.size());  // reading M; the table re-encrypted under the new key below
  const WriteResult m = write_rsli(l);
  const Library under_m = parsed(Bytes(m.bytes.data(), m.bytes.size()));
  const EditedContainer edited = edit_rsli(under_m, remove);
  ASSERT_FALSE(edited.error) << *edited.error;
  const Library after = parsed(edited.bytes);
  EXPECT_EQ(after.header.get(hdr::seed), after.payload_area.size());
  EXPECT_NE(after.header.get(hdr::seed), under_m.header.get(hdr::seed));
}

TEST(RsliEdit, NamesAnAddCannotTakeAreRefused) {
  const SynthFile f = corpus(58, 1)[0];
  const Library l = parsed(f.bytes);
  for (const char* name : {"", "THIRTEEN.CHAR", "TEX_000.TEX"}) {
    const EditedContainer e = edit_rsli(l, {.kind = MemberEditKind::add, .bytes = text("x"), .name = name});
    EXPECT_TRUE(e.error) << name;
    EXPECT_TRUE(e.bytes.empty());
  }
  EXPECT_TRUE(edit_rsli(l, {.kind = MemberEditKind::remove, .member = l.entries.size()}).error);
}

}  // namespace
}  // namespace meshgate::rsli
