// The manifest and the gate that keep no file (issue 52): LockWriter writes
// what write_manifest_json writes of the same files, and LockGate finds what
// gate_differences finds, on a small synthetic install (volumes, PACs with
// nested entries, PTX parts, malformed files), unchanged and changed; a lock
// lock_problems() would refuse is never read as a stream.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/sweep.hpp"
#include "corpus_tests/fixtures.hpp"
#include "reports/lock_gate.hpp"
#include "reports/lock_writer.hpp"
#include "reports/manifest.hpp"
#include "synth/install/install_synth.hpp"
#include "writer/core/scratch_file.hpp"

namespace meshgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class LockStream : public ::testing::Test {
 protected:
  void SetUp() override {
    install::synth_install(3, 2'000'000, [this](SynthFile&& f) {
      write(f.name, f.bytes);
      return true;
    });
  }
  void write(const std::string& name, const std::vector<std::byte>& bytes) {
    fs::create_directories((tree() / name).parent_path());
    std::ofstream(tree() / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  fs::path tree() const { return dir_.path() / "install"; }
  SweepResult run() const {
    SweepOptions options;
    options.jobs = 2;
    return sweep(scan_inputs({tree().string()}).files, options);
  }
  // The lock's text as `meshgate gate` would read it.
  static std::string text_of(const json& lock) { return lock.dump(2) + "\n"; }
  // LockGate's differences for `lock` against `swept`, or nullopt when it refuses to read the lock as a stream.
  static std::optional<std::vector<std::string>> streamed_gate(const std::string& lock, const SweepResult& swept) {
    std::istringstream in(lock);
    std::stringstream spill;
    std::optional<LockGate> gate = open_lock_gate(in, spill);
    if (!gate) return std::nullopt;
    for (const SweptFile& f : swept.files) gate->check(f);
    return gate->differences(swept);
  }
  static void reseal(json& lock) { reseal_lock(lock); }

  testing::OwnTempDir dir_{"lock_stream"};
};

TEST_F(LockStream, TheWriterWritesTheManifestByteForByteThroughAScratchFile) {
  const SweepResult swept = run();
  ASSERT_GT(swept.files.size(), 20u);
  ASSERT_TRUE(std::any_of(swept.files.begin(), swept.files.end(), [](const SweptFile& f) { return f.nested; }));
  ASSERT_TRUE(std::any_of(swept.files.begin(), swept.files.end(), [](const SweptFile& f) { return !f.parts.empty(); }));
  ASSERT_TRUE(std::any_of(swept.files.begin(), swept.files.end(), [](const SweptFile& f) { return !f.volume_members.empty(); }));
  ScratchFile scratch(dir_.path() / "corpus.lock.json");
  ASSERT_TRUE(scratch.is_open());
  LockWriter writer(scratch.stream());
  for (const SweptFile& f : swept.files) writer.add(f);
  EXPECT_TRUE(writer.error().empty());
  EXPECT_EQ(writer.entries(), swept.files.size());
  std::ostringstream once, twice;
  writer.write(once);
  writer.write(twice);  // measured, then written
  std::ostringstream whole;
  write_manifest_json(whole, swept);
  EXPECT_EQ(once.str(), whole.str());
  EXPECT_EQ(twice.str(), whole.str());
}

TEST_F(LockStream, TheScratchFileGoesWithItsOwner) {
  { ScratchFile scratch(dir_.path() / "out.json"); }
  size_t left = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir_.path())) left += e.path().filename() != "install";
  EXPECT_EQ(left, 0u) << "a scratch file was left beside its destination";
  EXPECT_FALSE(ScratchFile(dir_.path() / "no such folder" / "out.json").is_open());
  EXPECT_FALSE(ScratchFile(fs::path()).is_open());
}

TEST_F(LockStream, TheGateFindsWhatTheWholeLockGateFinds) {
  const json lock = manifest_json(run());
  const std::string text = text_of(lock);
  SweepResult same = run();
  ASSERT_EQ(streamed_gate(text, same), std::optional(gate_differences(lock, same)));
  EXPECT_TRUE(streamed_gate(text, same)->empty());

  // One top-level file changed, one removed, one added, and a nested member's
  // PAC changed: every kind of line, in gate_differences' order.
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(tree()))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 3u);
  auto flip = [](const fs::path& p) {
    std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(fs::file_size(p) / 2));
    const char c = static_cast<char>(f.get() ^ 0x20);
    f.seekp(static_cast<std::streamoff>(fs::file_size(p) / 2));
    f.put(c);
  };
  flip(files[1]);
  // A PAC other than the two files above (flipping one twice would undo it).
  const auto pac = std::find_if(files.begin() + 3, files.end(), [](const fs::path& p) { return p.extension() == ".pac"; });
  ASSERT_NE(pac, files.end());
  flip(*pac);
  fs::remove(files[2]);
  write("zz_extra.mod", testing::canonical_minimal_mod());
  const SweepResult changed = run();
  const std::vector<std::string> whole = gate_differences(lock, changed);
  ASSERT_GE(whole.size(), 3u) << ::testing::PrintToString(whole);
  EXPECT_EQ(streamed_gate(text, changed), std::optional(whole));

  // A lock edited and sealed again: every outcome comparison, as the whole lock's.
  json edited = lock;
  std::mt19937 pick(7);
  for (json& f : edited["files"]) {
    if (pick() % 3 != 0) continue;
    f["expected"]["parse_ok"] = !f["expected"]["parse_ok"].get<bool>();
    f["expected"]["diagnostic_codes"].push_back("mod.bogus");
    f["expected"]["uncovered_bytes"] = 12345;
  }
  json::array_t& entries = edited["files"].get_ref<json::array_t&>();
  std::shuffle(entries.begin(), entries.end(), pick);  // any order the seals cover
  reseal(edited);
  ASSERT_TRUE(lock_problems(edited).empty());
  EXPECT_EQ(streamed_gate(text_of(edited), same), std::optional(gate_differences(edited, same)));
  EXPECT_EQ(streamed_gate(text_of(edited), changed), std::optional(gate_differences(edited, changed)));
}

TEST_F(LockStream, ALockWithAProblemIsNeverReadAsAStream) {
  const json lock = manifest_json(run());
  json unsealed = lock;
  unsealed["files"][0]["size"] = 1;
  json twice = lock;
  twice["files"].push_back(lock["files"][0]);
  reseal(twice);
  json off_schema = lock;
  off_schema["files"][1]["extra"] = true;
  reseal(off_schema);
  json head_off = lock;
  head_off["tool"]["name"] = "other";
  reseal(head_off);
  for (const json* bad : {&unsealed, &twice, &off_schema, &head_off}) {
    ASSERT_FALSE(lock_problems(*bad).empty());
    EXPECT_EQ(streamed_gate(text_of(*bad), run()), std::nullopt) << lock_problems(*bad).front();
  }
  const std::string text = text_of(lock);
  const std::string duplicate_key = "{\"files\": [], \"files\": []}";
  for (const std::string& bad : {text.substr(0, text.size() / 2), duplicate_key, std::string("[]"), std::string()})
    EXPECT_EQ(streamed_gate(bad, run()), std::nullopt) << bad.substr(0, 40);
}

}  // namespace
}  // namespace meshgate
