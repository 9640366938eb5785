// The paged report's index.html (`report PATH -o DIR/`, issue 52): at most
// 5 MB for 10,000 files whose rows are a real install's (every format the
// install holds, diagnostics, invariants violated, nested paths: a file of
// an install is four rows on average with the entries nested in it), and
// every row still says what the sweep said of its file.
// The rows are a small synthetic install's, swept here (real parses of the
// generated files), copied into numbered folders up to 10,000 files: what
// a row weighs depends on its cells, not on how many bytes its file holds.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"
#include "corpus_tests/fixtures.hpp"
#include "reports/paged_report.hpp"
#include "synth/install/install_synth.hpp"

namespace meshgate {
namespace {

using nlohmann::json;

constexpr uint64_t kIndexFiles = 10'000;
constexpr uint64_t kIndexBytesAtMost = 5'000'000;  // the bound for 10,000 files

// Every entry of a small install, nested ones too, as the sweep hands them to the report.
struct SweptInstall {
  SweepResult result;
  std::vector<SweptFile> files;
};

SweptInstall sweep_install(uint64_t seed, uint64_t target_bytes) {
  SweptInstall s;
  s.result.stream = [&s](SweptFile&& f) { s.files.push_back(std::move(f)); };
  install::synth_install(seed, target_bytes, [&s](SynthFile&& f) {
    sweep_file(f.name, Bytes(f.bytes), ParseProfile::compatible, s.result, /*digests=*/false);
    return true;
  });
  s.result.stream = nullptr;
  return s;
}

// The index's rows: the install's entries copied into folders copy000/,
// copy001/, ... ("copy017/dmc3/data/vol0003.nbz!GData.afs/em000_0.pac!slot_0001"),
// up to kIndexFiles files with the entries nested in them.
std::vector<SweptFile> index_rows(const std::vector<SweptFile>& install) {
  std::vector<SweptFile> rows;
  uint64_t files = 0;
  for (uint64_t copy = 0;; ++copy) {
    char folder[16];
    std::snprintf(folder, sizeof folder, "copy%03llu/", static_cast<unsigned long long>(copy));
    for (const SweptFile& f : install) {
      if (!f.nested && files++ == kIndexFiles) return rows;
      rows.push_back(f);
      rows.back().path = folder + f.path;
    }
  }
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The JSON of <script type="application/json" id="NAME"> ("<\/" is JSON's "/").
json script_data(const std::string& html, const std::string& name) {
  const std::string open = "<script type=\"application/json\" id=\"" + name + "\">";
  const size_t begin = html.find(open);
  if (begin == std::string::npos) return nullptr;
  const size_t from = begin + open.size();
  return json::parse(html.substr(from, html.find("</script>", from) - from));
}

// A row of the index read back: the tables' entries its indices name.
struct IndexRow {
  std::string path, format, verdict;
  json coverage;
  uint64_t size = 0;
  bool page = false;
  std::vector<std::string> codes, invariants;
};

std::vector<std::string> named(const json& table, const json& set) {
  std::vector<std::string> names;
  for (const json& i : set) names.push_back(table.at(i.get<size_t>()).get<std::string>());
  return names;
}

std::vector<IndexRow> read_rows(const json& index) {
  std::vector<IndexRow> rows;
  for (const json& r : index.at("rows")) {
    IndexRow row;
    row.path = index.at("folders").at(r.at(0).get<size_t>()).get<std::string>() + r.at(1).get<std::string>();
    row.format = index.at("formats").at(r.at(2).get<size_t>()).get<std::string>();
    row.verdict = index.at("verdicts").at(r.at(3).get<size_t>()).get<std::string>();
    row.coverage = r.at(4);
    row.size = r.at(5).get<uint64_t>();
    row.page = r.at(6).get<int>() == 1;
    row.codes = named(index.at("codes"), index.at("code_sets").at(r.at(7).get<size_t>()));
    row.invariants = named(index.at("invariants"), index.at("invariant_sets").at(r.at(8).get<size_t>()));
    rows.push_back(std::move(row));
  }
  return rows;
}

TEST(PagedIndex, TenThousandRowsOfARealInstallFitInFiveMegabytes) {
  const SweptInstall install = sweep_install(1, 3'000'000);
  ASSERT_FALSE(install.files.empty());
  // The rows are a real install's: every format it holds, files with several codes and several invariants.
  std::set<Format> formats;
  size_t several_codes = 0, several_invariants = 0;
  for (const SweptFile& f : install.files) {
    formats.insert(f.format);
    several_codes += f.diagnostic_codes.size() >= 2;
    several_invariants += f.invariants_violated.size() >= 2;
  }
  EXPECT_GE(formats.size(), 10u);
  EXPECT_GT(several_codes, 0u);
  EXPECT_GT(several_invariants, 0u);

  const std::vector<SweptFile> files = index_rows(install.files);
  testing::OwnTempDir dir("paged_index");
  PagedReport report(dir.path(), /*all_pages=*/false);
  for (const SweptFile& f : files) ASSERT_TRUE(report.add(SweptFile(f))) << report.error();
  ASSERT_TRUE(report.finish(install.result)) << report.error();
  const std::string html = read_text(dir.path() / "index.html");
  ASSERT_LE(html.size(), kIndexBytesAtMost) << "index.html of " << kIndexFiles << " files, " << files.size()
                                           << " rows: " << html.size() / files.size() << " bytes a row";

  // Nothing is lost in the tables: each row reads back as the file it was made of.
  const json index = script_data(html, "index");
  ASSERT_TRUE(index.is_object()) << "no index data in index.html";
  const std::vector<IndexRow> rows = read_rows(index);
  ASSERT_EQ(rows.size(), files.size());
  std::set<std::string> verdicts;
  for (size_t i = 0; i < rows.size(); ++i) {
    const SweptFile& f = files[i];
    const IndexRow& row = rows[i];
    ASSERT_EQ(row.path, f.path) << i;
    EXPECT_EQ(row.format, format_name(f.format)) << f.path;
    EXPECT_EQ(row.size, f.size) << f.path;
    EXPECT_EQ(row.codes, f.diagnostic_codes) << f.path;
    EXPECT_EQ(row.invariants, std::vector<std::string>(f.invariants_violated.begin(), f.invariants_violated.end()))
        << f.path;
    EXPECT_EQ(row.verdict == "rejected", !f.parse_ok) << f.path;
    EXPECT_EQ(row.coverage.is_null(), !f.has_coverage || f.coverage.covered_bytes + f.coverage.uncovered_bytes == 0)
        << f.path;
    EXPECT_FALSE(row.page) << f.path;  // the rows were handed over without pages
    verdicts.insert(row.verdict);
  }
  EXPECT_TRUE(verdicts.count("clean") && verdicts.count("rejected")) << verdicts.size();
}

}  // namespace
}  // namespace meshgate
