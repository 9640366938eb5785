// parser/core and writer/core: checked arithmetic, reader, coverage, output image.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/field_table.hpp"
#include "parser/core/gap.hpp"
#include "parser/core/hashing.hpp"
#include "parser/core/provenance.hpp"
#include "parser/core/small_bytes.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/nres/nres_model.hpp"
#include "synth/core/prng.hpp"
#include "writer/core/output_image.hpp"

namespace meshgate {
namespace {

// Names from disk and archives reach JSON reports: valid UTF-8 as it is,
// every byte of anything else as \xNN (RFC 3629's limits: no overlong form,
// surrogate or code point above U+10FFFF passes).
TEST(Utf8Text, ValidTextStaysAndEveryInvalidByteIsEscaped) {
  EXPECT_EQ(utf8_or_escaped("plain/model.msh"), "plain/model.msh");
  EXPECT_EQ(utf8_or_escaped("\xD0\xBC\xD0\xBE\xD0\xB4.mod"), "\xD0\xBC\xD0\xBE\xD0\xB4.mod");  // "мод" in UTF-8
  EXPECT_EQ(utf8_or_escaped("\xEC\xEE\xE4.mod"), "\\xEC\\xEE\\xE4.mod");                        // "мод" in 1251
  EXPECT_EQ(utf8_or_escaped("\xF0\x9F\x98\x80"), "\xF0\x9F\x98\x80");                            // U+1F600
  EXPECT_EQ(utf8_or_escaped("\xC0\x80"), "\\xC0\\x80");                                      // overlong NUL
  EXPECT_EQ(utf8_or_escaped("\xED\xA0\x80"), "\\xED\\xA0\\x80");                            // surrogate
  EXPECT_EQ(utf8_or_escaped("\xF4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");                  // above U+10FFFF
  EXPECT_EQ(utf8_or_escaped("a\xE2\x82"), "a\\xE2\\x82");                                    // cut short
  EXPECT_EQ(utf8_or_escaped("\xE2\x82\xAC\x80"), "\xE2\x82\xAC\\x80");                      // a stray continuation
  EXPECT_EQ(utf8_or_escaped(std::string_view("a\0b", 3)), std::string("a\0b", 3));  // JSON escapes NUL itself
  // An NRes entry name is the bytes before its NUL, escaped the same way.
  nres::EntryRecord record;
  std::array<std::byte, 64> image{};
  const uint8_t name[] = {0xCC, 0xEE, 0xE4, '.', 'm'};
  for (size_t i = 0; i < sizeof name; ++i) image[nres::kEntrySpec.fields[nres::entry::name].offset + i] = std::byte{name[i]};
  record.decode(image);
  EXPECT_EQ(nres::entry_name(record), "\\xCC\\xEE\\xE4.m");
}

TEST(CheckedMath, AddAndMultiplyReportOverflow) {
  EXPECT_EQ(checked_add(1, 2), 3u);
  EXPECT_FALSE(checked_add(UINT64_MAX, 1));
  EXPECT_EQ(checked_mul(0x50, 255), 0x50u * 255u);
  EXPECT_FALSE(checked_mul(uint64_t{1} << 63, 2));
  EXPECT_FALSE(checked_align_up(UINT64_MAX - 3, 16));
  EXPECT_EQ(checked_align_up(0x21, 16), 0x30u);
}

TEST(CheckedMath, RangeFitsHandlesEveryEdge) {
  EXPECT_TRUE(range_fits(0, 0, 0));
  EXPECT_TRUE(range_fits(10, 0, 10));
  EXPECT_FALSE(range_fits(11, 0, 10));
  EXPECT_TRUE(range_fits(6, 4, 10));
  EXPECT_FALSE(range_fits(7, 4, 10));
  EXPECT_FALSE(range_fits(UINT64_MAX, 2, 10));  // offset + size would wrap
  EXPECT_FALSE(range_fits(2, UINT64_MAX, 10));
}

TEST(ByteReader, ReadsLittleEndianAndRefusesToLeaveTheBuffer) {
  const std::array<std::byte, 6> raw = {std::byte{0x78}, std::byte{0x56}, std::byte{0x34},
                                        std::byte{0x12}, std::byte{0xAA}, std::byte{0xBB}};
  ByteReader r{Bytes(raw)};
  EXPECT_EQ(r.read_u32le(0), 0x12345678u);
  EXPECT_EQ(r.read_u16le(4), 0xBBAAu);
  EXPECT_EQ(r.read_u8(5), 0xBBu);
  EXPECT_FALSE(r.read_u32le(3));
  EXPECT_FALSE(r.read_u8(6));
  EXPECT_FALSE(r.read_u64le(UINT64_MAX - 2));
  EXPECT_FALSE(r.slice(2, 5));
  EXPECT_EQ(r.slice(2, 4)->size(), 4u);
}

TEST(Provenance, CombinedStatusesPrintInDeclarationOrder) {
  const StatusSet s = Status::preserved_undecoded | Status::exe_confirmed | Status::reserved_observed_zero;
  EXPECT_EQ(status_string(s), "EXE_CONFIRMED+PRESERVED_UNDECODED+RESERVED_OBSERVED_ZERO");
  EXPECT_TRUE(s.keeps_raw_bytes());
  EXPECT_FALSE(StatusSet(Status::exe_confirmed).keeps_raw_bytes());
  for (int i = 0; i < kStatusCount; ++i) EXPECT_FALSE(status_name(static_cast<Status>(i)).empty());
}

inline constexpr RecordSpec<3> kDemo{"demo", 8, {{
    {0, 2, FieldType::u16, "a", Status::exe_confirmed, ""},
    {2, 2, FieldType::i16, "b", Status::exe_confirmed, ""},
    {4, 4, FieldType::bytes, "c", Status::preserved_undecoded, ""},
}}};
inline constexpr RecordSpec<2> kHoled{"holed", 8, {{
    {0, 2, FieldType::u16, "a", Status::exe_confirmed, ""},
    {4, 4, FieldType::u32, "b", Status::exe_confirmed, ""},
}}};
inline constexpr RecordSpec<2> kWrongWidth{"wrong", 4, {{
    {0, 2, FieldType::u32, "a", Status::exe_confirmed, ""},
    {2, 2, FieldType::u16, "b", Status::exe_confirmed, ""},
}}};
static_assert(tiles_record_exactly(kDemo));
static_assert(!tiles_record_exactly(kHoled));
static_assert(!tiles_record_exactly(kWrongWidth));

// A record made without a value is all zero, alone or in a std::vector; a
// run of records made for overwrite (PodVector) holds exactly what is copied
// over it.
TEST(FieldTable, DefaultRecordsAreZeroAndRecordRunsHoldWhatIsCopiedIn) {
  const Record<kDemo> alone;
  for (size_t f = 0; f < Record<kDemo>::kFieldCount; ++f) EXPECT_TRUE(alone.is_zero(f)) << f;
  const std::vector<Record<kDemo>> zeroed(3);
  for (const Record<kDemo>& r : zeroed) EXPECT_EQ(r, alone);
  std::vector<std::byte> images(3 * kDemo.size);
  for (size_t i = 0; i < images.size(); ++i) images[i] = static_cast<std::byte>(0xA0 + i);
  PodVector<Record<kDemo>> run(3);
  std::memcpy(static_cast<void*>(run.data()), images.data(), images.size());
  for (size_t k = 0; k < run.size(); ++k) EXPECT_EQ(run[k], Record<kDemo>(Bytes(images).subspan(k * kDemo.size, kDemo.size)));
}

TEST(FieldTable, RecordDecodesAndEncodesEveryFieldExactly) {
  const std::array<std::byte, 8> raw = {std::byte{0x01}, std::byte{0x02}, std::byte{0xFE}, std::byte{0xFF},
                                        std::byte{0xDE}, std::byte{0xAD}, std::byte{0xBE}, std::byte{0xEF}};
  Record<kDemo> r;
  r.decode(Bytes(raw));
  EXPECT_EQ(r.get(0), 0x0201u);
  EXPECT_EQ(r.get_signed(1), -2);
  EXPECT_EQ(r.raw(2)[0], std::byte{0xDE});
  std::array<std::byte, 8> out{};
  r.encode(out);
  EXPECT_EQ(out, raw);
  EXPECT_EQ((field_index<kDemo>("c")), 2u);
}

TEST(CoverageMap, ReportsUncoveredRangesGapKindsAndOverlaps) {
  CoverageMap map;
  const uint32_t a = map.add_owner("rec");
  map.mark(0, 4, a, "x");      // [0,4)
  map.mark(8, 8, a, "y");      // [8,16): [4,8) is padding to an 8 boundary
  map.mark(12, 2, a, "z");     // overlaps y
  map.mark(19, 3, a, "w");     // [16,19) is a gap (ends at 19)
  map.mark(30, 0, a, "empty"); // ignored
  const CoverageSummary s = map.summarize(40);
  EXPECT_EQ(s.covered_bytes, 4u + 8u + 3u);
  EXPECT_EQ(s.uncovered_bytes, 40u - 15u);
  ASSERT_EQ(s.uncovered.size(), 3u);
  EXPECT_EQ(s.uncovered[0].begin, 4u);
  EXPECT_EQ(s.uncovered[0].kind, GapKind::alignment_padding);
  EXPECT_EQ(s.uncovered[1].kind, GapKind::gap);
  EXPECT_EQ(s.uncovered[2].begin, 22u);
  EXPECT_EQ(s.uncovered[2].kind, GapKind::trailing);
  ASSERT_EQ(s.overlap_count, 1u);
  EXPECT_EQ(s.overlaps[0].first_path, "rec.y");
  EXPECT_EQ(s.overlaps[0].second_path, "rec.z");
  EXPECT_EQ(map.path_at(13), "rec.y");
}

// Gap bytes live inline up to 16 bytes and on the heap beyond: every length
// on both sides of the boundary holds exactly its bytes, copies and compares
// by content, and a changed byte is a different string.
TEST(SmallBytes, EveryLengthHoldsExactlyItsBytesInlineOrOnTheHeap) {
  Prng prng(5);
  for (size_t n = 0; n <= 2 * SmallBytes::kInline + 3; ++n) {
    std::vector<std::byte> source(n);
    for (std::byte& b : source) b = static_cast<std::byte>(prng.range(1, 255));
    const SmallBytes held{Bytes(source)};
    ASSERT_EQ(held.size(), n);
    EXPECT_EQ(held.empty(), n == 0);
    EXPECT_TRUE(std::ranges::equal(Bytes(held), source)) << n;
    SmallBytes copy = held;
    EXPECT_EQ(copy, held);
    if (n == 0) continue;
    copy.back() ^= std::byte{0x80};
    EXPECT_NE(copy, held) << n;
    EXPECT_EQ(source.back() ^ std::byte{0x80}, Bytes(copy).back());
    const SmallBytes shorter{Bytes(source).first(n - 1)};
    EXPECT_NE(shorter, held) << n;  // a prefix is not equal, even when both are inline
  }
}

TEST(Gaps, CollectedGapsHoldTheFilesBytesAtEachUncoveredRange) {
  std::vector<std::byte> file(100);
  for (size_t i = 0; i < file.size(); ++i) file[i] = static_cast<std::byte>(i + 1);
  CoverageMap map;
  const uint32_t a = map.add_owner("rec");
  map.mark(3, 10, a, "x");  // [0,3) uncovered: 3 bytes
  map.mark(29, 5, a, "y");  // [13,29): 16 bytes, the inline limit
  map.mark(51, 1, a, "z");  // [34,51): 17 bytes, on the heap; [52,100) trailing
  const std::vector<Gap> gaps = collect_gaps(map.summarize(file.size()), file);
  ASSERT_EQ(gaps.size(), 4u);
  const std::pair<uint64_t, uint64_t> expected[] = {{0, 3}, {13, 29}, {34, 51}, {52, 100}};
  for (size_t g = 0; g < gaps.size(); ++g) {
    EXPECT_EQ(gaps[g].offset, expected[g].first);
    EXPECT_TRUE(std::ranges::equal(Bytes(gaps[g].bytes), Bytes(file).subspan(expected[g].first, expected[g].second - expected[g].first)))
        << g;
    EXPECT_FALSE(gaps[g].all_zero());
  }
}

// summarize() orders marks by position, stably (marks with the same range
// keep their marking order, which names overlaps), whatever the order they
// arrived in: by insertion for small maps, by runs for large ones. Each
// size on both sides of the switch, against the same marks made in order.
TEST(CoverageMap, AnyMarkingOrderSummarizesAsFileOrderDoes) {
  Prng prng(17);
  for (const size_t n : {size_t{2}, size_t{9}, size_t{63}, size_t{64}, size_t{65}, size_t{300}}) {
    for (int round = 0; round < 20; ++round) {
      struct M { uint64_t begin, length; std::string owner; };
      std::vector<M> marks;
      uint64_t at = 0;
      for (size_t k = 0; k < n; ++k) {
        if (prng.chance(30)) at += prng.range(1, 5);          // a gap
        const uint64_t length = prng.range(1, 12);
        const uint64_t begin = prng.chance(15) && at > 8 ? at - prng.range(1, 8) : at;  // some overlap
        marks.push_back({begin, length, "m" + std::to_string(k)});
        if (prng.chance(10)) marks.push_back({begin, length, "twin" + std::to_string(k)});  // same range
        at = std::max(at, begin + length);
      }
      std::vector<M> shuffled = marks;
      for (size_t k = shuffled.size(); k > 1; --k) std::swap(shuffled[k - 1], shuffled[prng.range(0, k - 1)]);
      // The reference: the same marks in stable position order.
      std::vector<M> ordered = shuffled;
      std::stable_sort(ordered.begin(), ordered.end(), [](const M& a, const M& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.begin + a.length < b.begin + b.length;
      });
      const auto summarize = [&](const std::vector<M>& ms, CoverageMap& map) {
        for (const M& m : ms) map.mark(m.begin, m.length, map.add_owner(m.owner), "x");
        return map.summarize(at + 3);
      };
      CoverageMap a, b;
      const CoverageSummary sa = summarize(shuffled, a), sb = summarize(ordered, b);
      ASSERT_EQ(a.marks().size(), b.marks().size());
      for (size_t k = 0; k < a.marks().size(); ++k)
        ASSERT_EQ(a.path_of(a.marks()[k]), b.path_of(b.marks()[k])) << n << " marks, position " << k;
      EXPECT_EQ(sa.covered_bytes, sb.covered_bytes);
      ASSERT_EQ(sa.uncovered.size(), sb.uncovered.size());
      for (size_t k = 0; k < sa.uncovered.size(); ++k) {
        EXPECT_EQ(sa.uncovered[k].begin, sb.uncovered[k].begin);
        EXPECT_EQ(sa.uncovered[k].end, sb.uncovered[k].end);
      }
      ASSERT_EQ(sa.overlap_count, sb.overlap_count);
      for (size_t k = 0; k < sa.overlaps.size(); ++k) {
        EXPECT_EQ(sa.overlaps[k].first_path, sb.overlaps[k].first_path);
        EXPECT_EQ(sa.overlaps[k].second_path, sb.overlaps[k].second_path);
      }
    }
  }
}

// Whole records are one mark each; paths, overlaps and the fuzz layout still
// resolve single fields through the table.
// Owner paths live end to end in one string that grows as owners come: each
// stays exactly its own, whichever overload made it, through every regrowth,
// and names its marks; a moved map keeps them.
TEST(CoverageMap, OwnerPathsStayExactWhileTheirStorageGrows) {
  CoverageMap map;
  std::vector<std::string> expected;
  for (size_t i = 0; i < 600; ++i) {
    const std::string index = std::to_string(i), width(i % 40, 'w');
    uint32_t id = 0;
    if (i % 3 == 0) {
      expected.push_back("objects[" + index + "].meshes[" + width + "]");
      id = map.add_owner({"objects[", index, "].meshes[", width, "]"});
    } else if (i % 3 == 1) {
      expected.push_back("plain" + index + width);
      id = map.add_owner(expected.back());
    } else {
      expected.push_back("");  // an unnamed owner: its marks are named by their leaf alone
      id = map.add_owner(std::string_view());
    }
    ASSERT_EQ(id, i);
    map.mark(i * 4, 4, id, "leaf");
  }
  const CoverageMap moved = std::move(map);
  for (uint32_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(moved.owner(i), expected[i]) << i;
    EXPECT_EQ(moved.path_of(moved.marks()[i]), expected[i].empty() ? "leaf" : expected[i] + ".leaf") << i;
  }
}

TEST(CoverageMap, RecordMarksResolveFieldsFromTheirTable) {
  CoverageMap map;
  const uint32_t header = map.add_owner("header");
  map.mark_record(0, header, kDemo.fields, kDemo.size);                               // [0, 8)
  const uint32_t run = map.add_record_table_owner("items", 8, kDemo.size, kDemo.fields);
  map.mark_records(8, 3, run);                                                        // [8, 32)
  const uint32_t late = map.add_owner("late");
  map.mark_record(28, late, kDemo.fields, kDemo.size);                                // overlaps items[2]
  EXPECT_EQ(map.size(), 3u);
  const CoverageSummary s = map.summarize(40);
  EXPECT_EQ(s.covered_bytes, 36u);
  EXPECT_EQ(map.path_at(0), "header.a");
  EXPECT_EQ(map.path_at(3), "header.b");
  EXPECT_EQ(map.path_at(8 + 2 * 8 + 4), "items[2].c");
  EXPECT_EQ(map.path_at(8 + 8 + 1), "items[1].a");
  ASSERT_EQ(s.overlap_count, 1u);
  EXPECT_EQ(s.overlaps[0].first_path, "items[2].c");
  EXPECT_EQ(s.overlaps[0].second_path, "late.a");
  const CoverageMark& items = map.marks()[1];
  EXPECT_EQ(map.record_layout(items).stride, kDemo.size);
  EXPECT_EQ(map.record_layout(items).fields.size(), 3u);
  EXPECT_TRUE(map.record_layout(CoverageMark{0, 1, header, "leaf"}).fields.empty());
}

TEST(OutputImage, FailsWhenTheModelLeavesAByteUnwritten) {
  OutputImage out(8);
  const std::array<std::byte, 4> four{};
  EXPECT_TRUE(out.emit_bytes(0, four, "a"));
  EXPECT_TRUE(out.emit_bytes(5, Bytes(four).first(3), "b"));
  auto error = out.finish();
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "writer.unplanned-bytes");
  EXPECT_EQ(error->offset, 4u);
}

TEST(OutputImage, AcceptsAgreeingOverlapsAndRejectsConflictingOnes) {
  OutputImage out(4);
  const std::array<std::byte, 4> ones = {std::byte{1}, std::byte{1}, std::byte{1}, std::byte{1}};
  const std::array<std::byte, 2> other = {std::byte{1}, std::byte{2}};
  EXPECT_TRUE(out.emit_bytes(0, ones, "a"));
  EXPECT_TRUE(out.emit_bytes(1, Bytes(ones).first(2), "same"));
  EXPECT_FALSE(out.emit_bytes(2, other, "conflict"));
  ASSERT_TRUE(out.error());
  EXPECT_EQ(out.error()->code, "writer.conflicting-overlap");
  EXPECT_EQ(out.error()->offset, 3u);
}

// Without an image (PartObserver::keep_image false) every part goes to the
// observer and nothing is laid out: bytes the model holds are seen in place,
// produced parts from a scratch buffer. Placement and "every byte emitted" are
// still checked, and an overlapping part is handed over for the observer to judge.
TEST(OutputImage, WithoutAnImageHandsEveryPartOverAndStillChecksPlacement) {
  std::vector<std::pair<uint64_t, std::vector<std::byte>>> seen;
  std::vector<const std::byte*> where;
  const PartObserver observer{[&](uint64_t offset, std::span<const std::byte> part) {
                                seen.emplace_back(offset, std::vector<std::byte>(part.begin(), part.end()));
                                where.push_back(part.data());
                              },
                              /*keep_image=*/false};
  const std::array<std::byte, 4> ones = {std::byte{1}, std::byte{1}, std::byte{1}, std::byte{1}};
  OutputImage out(8, &observer);
  EXPECT_TRUE(out.emit_bytes(0, ones, "a"));
  EXPECT_TRUE(out.emit(4, 3, "b", [](std::span<std::byte> dst) { std::fill(dst.begin(), dst.end(), std::byte{7}); }));
  EXPECT_TRUE(out.emit(2, 2, "overlap", [](std::span<std::byte> dst) { std::fill(dst.begin(), dst.end(), std::byte{9}); }));
  EXPECT_TRUE(out.emit_bytes(1, Bytes(ones).first(2), "overlap held"));
  const auto error = out.finish();
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "writer.unplanned-bytes");
  EXPECT_EQ(error->offset, 7u);
  EXPECT_TRUE(out.take().empty());
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[0], std::make_pair(uint64_t{0}, std::vector<std::byte>(ones.begin(), ones.end())));
  EXPECT_EQ(where[0], ones.data());  // the held bytes themselves, not a copy
  EXPECT_EQ(seen[1], std::make_pair(uint64_t{4}, std::vector<std::byte>(3, std::byte{7})));
  EXPECT_EQ(seen[2], std::make_pair(uint64_t{2}, std::vector<std::byte>(2, std::byte{9})));
  EXPECT_EQ(seen[3], std::make_pair(uint64_t{1}, std::vector<std::byte>(2, std::byte{1})));
  OutputImage small(4, &observer);
  EXPECT_FALSE(small.emit_bytes(3, Bytes(ones).first(2), "tail"));
  EXPECT_EQ(small.error()->code, "writer.out-of-range");
}

// The interval list against a byte-by-byte record of what was emitted:
// parts at random places, in random order, mostly cut from one reference
// image (so overlaps agree) and now and then from another. The first part that
// disagrees with an emitted byte must fail at the lowest such byte; otherwise
// the image holds every emitted byte, and finish() names the first byte no
// part produced.
TEST(OutputImage, IntervalsTrackEveryEmittedByteInAnyOrder) {
  Prng rng(20261203);
  size_t conflicts = 0, complete = 0, incomplete = 0;
  for (int round = 0; round < 3000; ++round) {
    const uint64_t size = rng.range(1, 120);
    std::vector<std::byte> reference(size), other(size), image(size);
    for (uint64_t k = 0; k < size; ++k) {
      reference[k] = static_cast<std::byte>(rng.range(0, 255));
      other[k] = reference[k] ^ std::byte{0x5A};
    }
    std::vector<bool> emitted(size, false);
    OutputImage out(size);
    std::optional<uint64_t> conflict;
    const uint64_t parts = rng.range(0, 60);
    for (uint64_t p = 0; p < parts && !conflict; ++p) {
      const uint64_t at = rng.range(0, size - 1), length = rng.range(0, std::min<uint64_t>(size - at, 40));
      const std::vector<std::byte>& from = rng.chance(2) ? other : reference;  // 2%: most rounds see no conflict
      for (uint64_t k = at; k < at + length && !conflict; ++k)
        if (emitted[k] && image[k] != from[k]) conflict = k;
      const bool ok = out.emit_bytes(at, Bytes(from).subspan(at, length), "part");
      ASSERT_EQ(ok, !conflict) << round;
      if (conflict) break;
      for (uint64_t k = at; k < at + length; ++k) emitted[k] = true, image[k] = from[k];
    }
    const auto first_gap = std::find(emitted.begin(), emitted.end(), false);
    const auto error = out.finish();
    if (conflict) {
      ++conflicts;
      ASSERT_TRUE(error) << round;
      EXPECT_EQ(error->code, "writer.conflicting-overlap") << round;
      EXPECT_EQ(error->offset, *conflict) << round;
    } else if (first_gap == emitted.end()) {
      ++complete;
      ASSERT_FALSE(error) << round;
      const PodVector<std::byte> written = out.take();
      ASSERT_TRUE(std::equal(written.begin(), written.end(), image.begin(), image.end())) << round;
    } else {
      ++incomplete;
      ASSERT_TRUE(error) << round;
      EXPECT_EQ(error->code, "writer.unplanned-bytes") << round;
      EXPECT_EQ(error->offset, static_cast<uint64_t>(first_gap - emitted.begin())) << round;
    }
  }
  EXPECT_GT(conflicts, 20u);
  EXPECT_GT(complete, 20u);
  EXPECT_GT(incomplete, 20u);
}

TEST(OutputImage, RefusesPlacementsOutsideTheImage) {
  OutputImage out(4);
  const std::array<std::byte, 2> two{};
  EXPECT_FALSE(out.emit_bytes(3, two, "tail"));
  EXPECT_EQ(out.error()->code, "writer.out-of-range");
}

TEST(OutputImage, RecordsPartsWithoutARepresentableOffset) {
  OutputImage out(4);
  EXPECT_FALSE(out.reject_unplaceable("objects[0].meshes[0].workspace"));
  const auto error = out.finish();
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "writer.out-of-range");
  EXPECT_EQ(error->path, "objects[0].meshes[0].workspace");
}

// A writer that emits its parts apart and then the gaps between them (SCM,
// MOD: records, streams, then padding) joins intervals in the middle. Kept as
// a sorted list, each join shifted every interval after it: an SCM of 65,025
// meshes took 9.7 s to write; these 400,000 parts took 16.6 s (100,000:
// 0.9 s). Well under a second now on an idle machine, also under ASan; the
// bound leaves room for a busy CI.
TEST(OutputImage, GapsFilledBetweenManyPartsJoinInLinearTime) {
  constexpr uint64_t kParts = 400'000;
  OutputImage out(2 * kParts);
  const std::array<std::byte, 1> one{std::byte{0x5A}};
  const auto start = std::chrono::steady_clock::now();
  for (uint64_t k = 0; k < kParts; ++k) ASSERT_TRUE(out.emit_bytes(2 * k, one, "part"));
  for (uint64_t k = 0; k < kParts; ++k) ASSERT_TRUE(out.emit_bytes(2 * k + 1, one, "gap"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_FALSE(out.finish());
  EXPECT_LT(seconds, 8.0);
  std::printf("output image: %llu parts and their gaps in %.3f s\n", static_cast<unsigned long long>(kParts), seconds);
}

TEST(Hashing, Xxh3HexIsSixteenLowercaseDigitsOfTheCanonicalForm) {
  // XXH3_64bits of the empty input is 2d06800538d394c2 (xxHash reference).
  EXPECT_EQ(xxh3_64_hex(Bytes{}), "2d06800538d394c2");
  const std::string abc = "abc";
  EXPECT_EQ(xxh3_64_hex(std::as_bytes(std::span(abc))).size(), 16u);
}

}  // namespace
}  // namespace meshgate
