// The hostile-user checks at the library level: atomic output, the input scanner's report
// paths, the checked reader's size limits, the lock checks and the schema
// checker. corpus_tests/hardening.sh tries the same through the CLI.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "parser/core/hashing.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"
#include "parser/nres/nres_parser.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/json_schema_check.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/nres/nres_synth.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate {
namespace {

namespace fs = std::filesystem;

class OnDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("meshgate_hardening_" + std::to_string(::getpid()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  void put(const fs::path& relative, const std::vector<std::byte>& bytes) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  std::string text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  size_t entries() { return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator())); }
  std::vector<std::string> displays(const InputScan& scan) {
    std::vector<std::string> out;
    for (const InputFile& f : scan.files) out.push_back(f.display);
    return out;
  }
  std::vector<std::byte> model(uint64_t index) { return mod::synth_mod_corpus(4, index + 1).back().bytes; }
  fs::path dir;
};

// A write that fails part-way leaves the previous file and no temporary.
TEST_F(OnDisk, FailedWriteLeavesThePreviousFileAndNoTemporary) {
  const std::string path = (dir / "report.json").string();
  ASSERT_TRUE(write_file_atomically(path, [](std::ostream& out) { out << "old"; }).ok);
  const AtomicWrite failed = write_file_atomically(path, [](std::ostream& out) {
    out << std::string(200000, 'x');  // past the buffer: some bytes reach the temporary
    out.setstate(std::ios::badbit);   // as a full disk would
  });
  EXPECT_FALSE(failed.ok);
  EXPECT_NE(failed.error.find("report.json"), std::string::npos) << failed.error;
  EXPECT_EQ(text(path), "old");
  EXPECT_EQ(entries(), 1u) << "a temporary was left behind";
  ASSERT_TRUE(write_file_atomically(path, [](std::ostream& out) { out << "new"; }).ok);
  EXPECT_EQ(text(path), "new");
  EXPECT_EQ(entries(), 1u);
}

// Refuse mode never replaces a name, even a dangling symlink's. Replace
// mode never replaces a symlink by a file: it follows the
// link to its target, or refuses (Symlink::refuse, a dangling link).
TEST_F(OnDisk, RefuseNeverReplacesAndReplaceNeverReplacesSymlinks) {
  put("target.txt", {std::byte{'t'}});
  fs::create_symlink(dir / "target.txt", dir / "link.mod");
  fs::create_symlink(dir / "nowhere", dir / "dangling.mod");
  const std::vector<std::byte> bytes{std::byte{'m'}};
  for (const char* name : {"link.mod", "dangling.mod"}) {
    const AtomicWrite refused = write_bytes_atomically((dir / name).string(), bytes, Overwrite::refuse);
    EXPECT_FALSE(refused.ok) << name;
    EXPECT_NE(refused.error.find("exists"), std::string::npos) << refused.error;
  }
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
  EXPECT_FALSE(write_bytes_atomically((dir / "link.mod").string(), bytes, Overwrite::replace, Symlink::refuse).ok);
  EXPECT_EQ(text(dir / "target.txt"), "t");
  EXPECT_FALSE(write_bytes_atomically((dir / "dangling.mod").string(), bytes, Overwrite::replace).ok);
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
  ASSERT_TRUE(write_bytes_atomically((dir / "link.mod").string(), bytes, Overwrite::replace).ok);
  EXPECT_TRUE(fs::is_symlink(dir / "link.mod"));
  EXPECT_EQ(text(dir / "target.txt"), "m");
  EXPECT_TRUE(write_bytes_atomically((dir / "fresh.mod").string(), bytes, Overwrite::refuse).ok);
  EXPECT_FALSE(write_bytes_atomically("", bytes).ok);
  EXPECT_FALSE(write_bytes_atomically((dir / "no-such-dir" / "x").string(), bytes).ok);
}

// The escaping is injective: distinct names never share a spelling.
TEST(PathEscaping, DistinctNamesHaveDistinctSpellings) {
  const std::vector<std::string> names{"a.mod", "a!b", "a\\x21b", "\xCC", "\\xCC", "\\\\xCC", "\\", "\\\\", "!",
                                       "\xD0\xBC.mod", "a\\b"};
  std::set<std::string> spelled;
  for (const std::string& n : names) EXPECT_TRUE(spelled.insert(escape_path_component(n)).second) << n;
  EXPECT_EQ(escape_path_component("a!b"), "a\\x21b");
  EXPECT_EQ(escape_path_component("\xCC"), "\\xCC");
  EXPECT_EQ(escape_path_component("\\xCC"), "\\\\xCC");
  EXPECT_EQ(escape_path_component("\xD0\xBC.mod"), "\xD0\xBC.mod");  // UTF-8 stays as it is
  EXPECT_EQ(utf8_or_escaped("a\\b"), "a\\\\b");
}

// Root labels with several arguments, one spelling per file,
// one read per inode, and collisions as errors.
TEST_F(OnDisk, ReportPathsDoNotDependOnSpellingAndNeverCollapse) {
  put("A/x.mod", model(0));
  put("B/x.mod", model(1));
  put("B/sub/y.mod", model(2));
  const InputScan two = scan_inputs({(dir / "A").string(), (dir / "B").string()});
  EXPECT_TRUE(two.errors.empty());
  EXPECT_EQ(displays(two), (std::vector<std::string>{"A/x.mod", "B/sub/y.mod", "B/x.mod"}));
  // One argument: no label, as before.
  EXPECT_EQ(displays(scan_inputs({(dir / "B").string()})), (std::vector<std::string>{"sub/y.mod", "x.mod"}));
  // A file by its own name, however spelled.
  for (const fs::path& spelling : {dir / "B" / "x.mod", dir / "B" / "sub" / ".." / "x.mod", dir / "A" / ".." / "B" / "x.mod"})
    EXPECT_EQ(displays(scan_inputs({spelling.string()})), std::vector<std::string>{"x.mod"}) << spelling;
  // The same directory three ways: read once.
  const InputScan thrice = scan_inputs({(dir / "A").string(), (dir / "A/").string(), (dir / "B" / ".." / "A").string()});
  EXPECT_EQ(displays(thrice), std::vector<std::string>{"x.mod"});
  // Two files that would share a report path: an error, never a merge.
  const InputScan clash = scan_inputs({(dir / "A" / "x.mod").string(), (dir / "B" / "x.mod").string()});
  ASSERT_EQ(clash.errors.size(), 1u);
  EXPECT_NE(clash.errors[0].find("would both be reported as x.mod"), std::string::npos) << clash.errors[0];
}

// Case-fold collisions are warned; dangling and looping
// symlinks and FIFOs are named as skipped, not dropped silently.
TEST_F(OnDisk, CaseCollisionsAndSkippedPathsAreReported) {
  put("Model.mod", model(0));
  put("model.MOD", model(1));
  fs::create_symlink(dir / "nowhere", dir / "dangling.mod");
  fs::create_symlink("loop.mod", dir / "loop.mod");
  ASSERT_EQ(::mkfifo((dir / "pipe.mod").c_str(), 0600), 0);
  const InputScan scan = scan_inputs({dir.string()});
  EXPECT_EQ(displays(scan), (std::vector<std::string>{"Model.mod", "model.MOD"}));
  ASSERT_EQ(scan.warnings.size(), 1u);
  EXPECT_NE(scan.warnings[0].find("Model.mod, model.MOD"), std::string::npos) << scan.warnings[0];
  EXPECT_EQ(scan.skipped.size(), 3u);
  EXPECT_TRUE(scan.unreadable.empty());
  const InputScan fifo = scan_inputs({(dir / "pipe.mod").string()});
  ASSERT_EQ(fifo.errors.size(), 1u);
  EXPECT_NE(fifo.errors[0].find("not a regular file"), std::string::npos);
}

// What is not a regular file, and what is over its format's
// limit, is refused from fstat without being read.
TEST_F(OnDisk, ReaderRefusesFifosDevicesAndOversizedFilesUnread) {
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
  FileReader reader;
  EXPECT_EQ(reader.read(dir / "pipe").status, ReadStatus::not_regular);  // returns: open() did not block
  EXPECT_EQ(reader.read(std::filesystem::path("/dev/zero")).status, ReadStatus::not_regular);
  EXPECT_EQ(read_failure_text(reader.read(std::filesystem::path("/dev/zero"))), "not a regular file");
  // A 300 MiB sparse NRes file: over the 256 MiB limit, never read.
  {
    std::ofstream(dir / "big.rlb", std::ios::binary) << "NRes";
  }
  fs::resize_file(dir / "big.rlb", uint64_t{300} << 20);
  const FileRead big = reader.read(dir / "big.rlb");
  EXPECT_EQ(big.status, ReadStatus::too_large);
  EXPECT_EQ(big.format, Format::nres);
  EXPECT_EQ(big.limit, default_max_input_bytes(Format::nres));
  EXPECT_EQ(big.file_size, uint64_t{300} << 20);
  // --max-size moves the line both ways (up: without reading 300 MiB in a test).
  EXPECT_EQ(SizeLimits{.override_bytes = uint64_t{1} << 30}.for_format(Format::nres), uint64_t{1} << 30);
  put("small.mod", model(0));
  EXPECT_EQ(reader.read(dir / "small.mod", {.override_bytes = 16}).status, ReadStatus::too_large);
  EXPECT_EQ(reader.read(dir / "small.mod").status, ReadStatus::ok);
}

// A file too large to read is still cited: its digests, a megabyte at a time,
// equal the one-shot ones.
TEST_F(OnDisk, StreamedDigestsEqualOneShotDigests) {
  std::vector<std::byte> bytes((size_t{3} << 20) + 12345);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::byte>((i * 2654435761u) >> 13);
  put("blob", bytes);
  const std::optional<FileDigests> d = digest_file(dir / "blob");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->sha256, sha256_hex(bytes));
  EXPECT_EQ(d->xxh3_64, xxh3_64_hex(bytes));
  put("empty", {});
  EXPECT_EQ(digest_file(dir / "empty")->sha256, sha256_hex({}));
}

// The schema checker: the keywords it knows, and a refusal for those it does not.
TEST(SchemaCheck, NamesEachViolationAndRefusesUnknownKeywords) {
  const nlohmann::json schema = nlohmann::json::parse(R"({
    "type": "object", "required": ["a", "b"], "additionalProperties": false,
    "properties": {"a": {"type": "integer", "minimum": 0}, "b": {"type": "array", "uniqueItems": true,
                   "items": {"type": "string", "pattern": "^[a-z]+$", "not": {"pattern": "^x"}}},
                   "c": {"enum": ["p", "q"]}, "d": {"type": ["integer", "null"]}}})");
  EXPECT_TRUE(schema_violations(schema, nlohmann::json::parse(R"({"a": 1, "b": ["k"], "c": "p", "d": null})")).empty());
  const auto bad = schema_violations(schema, nlohmann::json::parse(R"({"a": -1, "b": ["k", "k", "X", "xy"], "c": "z", "e": 0})"));
  const std::vector<std::string> want{"/a: is below the minimum 0", "/b: holds \"k\" twice",
                                      "/b/2: does not match \"^[a-z]+$\"", "/b/3: must not match {\"pattern\":\"^x\"}",
                                      "/c: \"z\" is not one of [\"p\",\"q\"]", "/: key \"e\" is not allowed"};
  EXPECT_EQ(bad, want);
  EXPECT_THROW((void)schema_violations(nlohmann::json::parse(R"({"anyOf": []})"), 1), std::logic_error);
  // The built-in manifest schema is the file users read, and the checker knows all its keywords.
  EXPECT_EQ(manifest_schema()["properties"]["schema"]["const"], "meshgate.manifest.v1");
  EXPECT_FALSE(schema_violations(manifest_schema(), nlohmann::json::object()).empty());
}

// Either sort fold can be written; the parser tells them apart.
TEST(SortFold, GeneratorWritesEitherFoldAndTheParserTellsThemApart) {
  size_t upper_flagged = 0, lower_flagged = 0;
  for (uint64_t i = 0; i < 12; ++i) {
    for (const nres::SortFold fold : {nres::SortFold::lower, nres::SortFold::upper}) {
      const std::vector<std::byte> bytes = nres::build_nres(nres::random_archive_description(5, i, fold));
      const nres::ParseResult r = nres::parse_nres(bytes);
      ASSERT_TRUE(r.ok());
      const bool flagged = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.code == nres::codes::sort_order_uppercase_fold.code;
      });
      (fold == nres::SortFold::upper ? upper_flagged : lower_flagged) += flagged;
      if (flagged) {
        EXPECT_FALSE(nres::parse_nres(bytes, {.profile = ParseProfile::strict}).ok());
      }
    }
  }
  EXPECT_EQ(lower_flagged, 0u);
  EXPECT_GT(upper_flagged, 0u);
}

}  // namespace
}  // namespace meshgate
