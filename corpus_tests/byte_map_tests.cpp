// Byte maps: every byte of every generated file is classified, the classes add
// up to the coverage the sweep reports, every leaf the parsers mark is found in
// a table (no "field without a status"), planted non-zero gaps and overlaps
// show as such, and the pictures are well-formed.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "analysis/byte_map.hpp"
#include "reports/byte_map_picture.hpp"
#include "reports/file_page.hpp"
#include "pipeline/roundtrip.hpp"
#include "analysis/sweep.hpp"
#include "pipeline/format_rows.hpp"
#include "synth/generators.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {
namespace {

struct Mapped {
  std::string path;
  uint64_t size = 0;
  std::vector<ClassRun> runs;
  CoverageSummary summary;
};

// The byte map of every file in the tree of `bytes` (the file and its nested models).
std::vector<Mapped> map_tree(const SynthFile& file) {
  std::vector<Mapped> out;
  (void)roundtrip_tree(file.name, file.bytes, ParseProfile::compatible,
                       [&](const RoundTripOutcome& o, Bytes data, const ParsedView& parsed) {
                         const ParsedCoverage c = parsed_coverage(parsed);
                         if (!c.map) return;
                         out.push_back({o.path, data.size(), classify_bytes(o.format, *c.map, *c.summary, data), *c.summary});
                       });
  return out;
}

void expect_runs_tile_and_match_coverage(const Mapped& m) {
  SCOPED_TRACE(m.path);
  ASSERT_FALSE(m.runs.empty());
  EXPECT_EQ(m.runs.front().begin, 0u);
  EXPECT_EQ(m.runs.back().end, m.size);
  for (size_t i = 1; i < m.runs.size(); ++i) {
    EXPECT_EQ(m.runs[i].begin, m.runs[i - 1].end);
    EXPECT_NE(m.runs[i].cls, m.runs[i - 1].cls) << "adjacent runs of one class are merged";
  }
  const auto totals = class_totals(m.runs);
  EXPECT_EQ(totals[static_cast<size_t>(ByteClass::unknown_status)], 0u) << "a leaf no table describes";
  uint64_t uncovered = 0;
  for (ByteClass c : {ByteClass::padding, ByteClass::zero_gap, ByteClass::nonzero}) uncovered += totals[static_cast<size_t>(c)];
  EXPECT_EQ(uncovered, m.summary.uncovered_bytes);
}

TEST(ByteMap, EveryGeneratedByteIsClassifiedAndEveryLeafHasAStatus) {
  std::vector<SynthFile> files = mod::synth_mod_corpus(7, 10);
  for (SynthFile& f : msh::synth_msh_corpus(7, 8)) files.push_back(std::move(f));
  for (SynthFile& f : nres::synth_nres_corpus(7, 4)) files.push_back(std::move(f));
  size_t mapped = 0;
  for (const SynthFile& f : files)
    for (const Mapped& m : map_tree(f)) {
      expect_runs_tile_and_match_coverage(m);
      ++mapped;
    }
  EXPECT_GT(mapped, files.size());  // nested models are mapped too
}

TEST(ByteMap, PlantedNonZeroGapAndOverlapAreUnmistakable) {
  // Every fifth MOD carries non-zero padding (mod_synth.cpp): those bytes are "uncovered non-zero".
  bool nonzero_seen = false;
  for (const SynthFile& f : mod::synth_mod_corpus(7, 10))
    for (const Mapped& m : map_tree(f)) {
      uint64_t nonzero_in_summary = 0;
      for (const UncoveredRange& u : m.summary.uncovered)
        for (uint64_t i = u.begin; i < u.end; ++i) nonzero_in_summary += f.bytes[i] != std::byte{0};
      EXPECT_EQ(class_totals(m.runs)[static_cast<size_t>(ByteClass::nonzero)], nonzero_in_summary) << f.name;
      nonzero_seen = nonzero_seen || nonzero_in_summary > 0;
    }
  EXPECT_TRUE(nonzero_seen);
  for (const MalformedCase& c : mod::malformed_mod_cases(3)) {
    if (c.expected_code != "mod.coverage-overlap") continue;
    const std::vector<Mapped> maps = map_tree(c.file);
    ASSERT_EQ(maps.size(), 1u);
    EXPECT_GT(class_totals(maps[0].runs)[static_cast<size_t>(ByteClass::overlap)], 0u);
    return;
  }
  FAIL() << "no overlap variant";
}

TEST(ByteMap, PicturesAreWellFormed) {
  const SynthFile f = mod::synth_mod_corpus(7, 1).front();
  const Mapped m = map_tree(f).front();
  const ByteGrid grid = byte_grid(m.runs, m.size, 64);
  EXPECT_EQ(grid.used_cells, m.size);
  EXPECT_EQ(grid.rows, (m.size + 63) / 64);
  const std::vector<std::byte> png = byte_map_png(grid, 2);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(std::to_integer<int>(png[1]), 'P');
  EXPECT_EQ(std::to_integer<int>(png[2]), 'N');
  const std::string svg = byte_map_svg(grid, m.runs, f.name);
  EXPECT_TRUE(svg.starts_with("<svg ")) << svg.substr(0, 40);
  EXPECT_NE(svg.find("EXE_CONFIRMED: "), std::string::npos);
  // A file too large for kMaxGridRows rows folds bytes into cells.
  const ByteGrid folded = byte_grid({{0, 10'000'000, ByteClass::padding}}, 10'000'000, 256);
  EXPECT_LE(folded.rows, kMaxGridRows);
  EXPECT_GT(folded.bytes_per_cell, 1u);
  // A cell holding one non-zero uncovered byte shows it, however few.
  const ByteGrid coarse = byte_grid({{0, 99'999'999, static_cast<ByteClass>(0)}, {99'999'999, 100'000'000, ByteClass::nonzero}},
                                    100'000'000, 1);
  EXPECT_EQ(coarse.cells[coarse.used_cells - 1], ByteClass::nonzero);
}

}  // namespace
}  // namespace meshgate

namespace meshgate {
namespace {

// Every file every generator makes (a few of each, and the nested volumes).
std::vector<SynthFile> every_generators_files(uint64_t seed) {
  std::vector<SynthFile> files;
  for (const SynthGenerator& g : synth_generators()) {
    g.corpus(seed, 3, nres::SortFold::lower, [&](SynthFile&& f) {
      files.push_back(std::move(f));
      return true;
    });
    if (g.nested)
      for (SynthFile& f : g.nested(seed)) files.push_back(std::move(f));
  }
  return files;
}

// Every mark of every generated file's report page, whatever its format,
// names a table or leaf the report's references hold: a click on any
// covered byte finds its field. Every format whose row describes leaves has
// its maps checked here.
TEST(ReportPages, EveryMarkResolvesInTheReportsReferences) {
  const nlohmann::json refs = page_references();
  std::set<Format> checked;
  size_t marks = 0;
  for (const SynthFile& f : every_generators_files(9))
    (void)roundtrip_tree(f.name, f.bytes, ParseProfile::compatible,
                         [&](const RoundTripOutcome& o, Bytes data, const ParsedView& parsed) {
                           const FilePage page = file_page(o, data, parsed, {});
                           if (page.detail.empty()) return;
                           const nlohmann::json detail = nlohmann::json::parse(page.detail);
                           EXPECT_TRUE(detail["windows"].is_array());
                           for (const auto& m : detail["marks"]) {
                             ++marks;
                             checked.insert(o.format);
                             const std::string kind = m[3];
                             if (kind == "t" || kind == "f") {
                               ASSERT_TRUE(m[4].is_number()) << o.path << " " << m.dump();
                               EXPECT_LT(m[4].get<size_t>(), refs["tables"].size());
                             } else {
                               EXPECT_EQ(kind, "l") << o.path << " " << m.dump();
                               EXPECT_TRUE(refs["leaves"].contains(m[4].get<std::string>())) << o.path << " " << m.dump();
                             }
                           }
                         });
  for (const FormatRow* row : format_rows())
    if (row->describe_mark) {
      EXPECT_TRUE(checked.contains(row->format)) << "no generated file of " << format_name(row->format) << " was checked";
    }
  EXPECT_GT(marks, 1000u);
}

std::vector<std::byte> from_base64(const std::string& text) {
  static constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::vector<std::byte> out;
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=') break;
    bits = (bits << 6) | static_cast<uint32_t>(kDigits.find(c));
    if ((count += 6) >= 8) out.push_back(static_cast<std::byte>(bits >> (count -= 8)));
  }
  return out;
}

// A page carries its file whole only when the file is small; of a larger
// one, windows within kPageWindowBudget that hold what the page is for: the
// first bytes, each diagnostic's offset and each uncovered non-zero range's
// first byte (a 100 MB install's pages were 40 MB, 85% base64 of whole files).
TEST(ReportPages, APageHoldsTheBytesThatMatterNotTheWholeFile) {
  size_t large = 0, small = 0;
  for (const SynthFile& f : every_generators_files(9))
    (void)roundtrip_tree(f.name, f.bytes, ParseProfile::compatible,
                         [&](const RoundTripOutcome& o, Bytes data, const ParsedView& parsed) {
                           const FilePage page = file_page(o, data, parsed, {});
                           if (page.detail.empty()) return;
                           const nlohmann::json windows = nlohmann::json::parse(page.detail)["windows"];
                           ASSERT_TRUE(windows.is_array()) << o.path;
                           uint64_t held = 0, end = 0;
                           const auto holds = [&](uint64_t at) {
                             return std::any_of(windows.begin(), windows.end(), [&](const nlohmann::json& w) {
                               return at >= w[0].get<uint64_t>() && at < w[0].get<uint64_t>() + from_base64(w[1]).size();
                             });
                           };
                           for (const nlohmann::json& w : windows) {
                             const uint64_t begin = w[0];
                             const std::vector<std::byte> bytes = from_base64(w[1]);
                             ASSERT_TRUE(held == 0 || begin > end) << o.path << ": windows overlap or are not merged";
                             ASSERT_LE(begin + bytes.size(), data.size()) << o.path;
                             EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), data.begin() + static_cast<std::ptrdiff_t>(begin))) << o.path;
                             held += bytes.size();
                             end = begin + bytes.size();
                           }
                           if (data.size() <= kPageWindowBudget) {
                             ++small;
                             EXPECT_EQ(held, data.size()) << o.path << ": a small file is held whole";
                             return;
                           }
                           ++large;
                           EXPECT_LE(held, kPageWindowBudget) << o.path;
                           EXPECT_TRUE(holds(0)) << o.path;
                           for (const Diagnostic& d : o.diagnostics)
                             if (d.offset < data.size()) {
                               EXPECT_TRUE(holds(d.offset)) << o.path << " " << d.code;
                             }
                           const CoverageSummary* coverage = parsed_coverage(parsed).summary;
                           for (const UncoveredRange& r : coverage->uncovered)
                             if (std::any_of(data.begin() + static_cast<std::ptrdiff_t>(r.begin), data.begin() + static_cast<std::ptrdiff_t>(r.end),
                                             [](std::byte b) { return b != std::byte{0}; })) {
                               EXPECT_TRUE(holds(r.begin)) << o.path << " uncovered at " << r.begin;
                             }
                         });
  EXPECT_GT(large, 5u) << "too few generated files above the page's budget to check";
  EXPECT_GT(small, 5u);
}

// Windows are taken in the order asked until the budget is spent, clipped to
// the file, then sorted and merged where they touch.
TEST(ReportPages, WindowsFitTheBudgetInTheOrderAsked) {
  EXPECT_EQ(fit_windows({{0, 100}, {50, 100}, {1000, 10}}, 2000, 1000), (std::vector<ByteWindow>{{0, 150}, {1000, 10}}));
  EXPECT_EQ(fit_windows({{500, 300}, {0, 300}, {900, 300}}, 1000, 500), (std::vector<ByteWindow>{{0, 200}, {500, 300}}));
  EXPECT_EQ(fit_windows({{990, 100}, {2000, 5}}, 1000, 500), (std::vector<ByteWindow>{{990, 10}}));
  EXPECT_EQ(fit_windows({{0, 10}, {10, 10}}, 100, 100), (std::vector<ByteWindow>{{0, 20}}));
}

// What a row lists is what it describes: every leaf has its entry.
TEST(ReportPages, EveryRowsLeavesAreInTheReferences) {
  const nlohmann::json refs = page_references();
  for (const FormatRow* row : format_rows()) {
    EXPECT_EQ(row->describe_mark == nullptr, row->mark_leaves == nullptr) << format_name(row->format);
    if (!row->mark_leaves) continue;
    for (const MarkLeaf& l : row->mark_leaves())
      EXPECT_TRUE(refs["leaves"].contains(std::string(format_name(row->format)) + "/" + std::string(l.leaf)))
          << format_name(row->format) << " lists " << l.leaf << ", which it does not describe";
  }
}

}  // namespace
}  // namespace meshgate
