// replace / add / remove with the outer volume read from its file
// (AddressPath::outer_volume): the volume is never read whole (every read of
// it goes through a source that refuses any read over one copy chunk), the
// streamed output is byte-identical to the rewrite made in memory and passes
// the streamed proof, and a record the copy got wrong (a read that returned
// one wrong byte once) fails the proof, naming the member, with no output
// left behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "change/member_proof.hpp"
#include "change/member_rewrite.hpp"
#include "parser/zip/zip_directory.hpp"
#include "pipeline/file_reader.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate {
// Its own namespace: the test files are compiled in unity batches.
namespace volume_stream_tests {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

std::vector<std::byte> noise(size_t size, uint32_t seed) {
  std::vector<std::byte> out(size);
  std::mt19937 random(seed);
  for (std::byte& b : out) b = static_cast<std::byte>(random() >> 24);
  return out;
}

// A PAC of three generated MODs among eight stored megabytes of noise, a
// deflated blob and a directory: a volume whose size is many copy chunks.
std::vector<std::byte> large_volume() {
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(5, 3);
  pac::ContainerDescription d{.slot_count = 3, .alignment = 16, .phase = 8};
  for (uint32_t s = 0; s < 3; ++s) d.members.push_back({{s}, mods[s].bytes});
  std::vector<zip::VolumeEntry> entries{{"GData.afs/", {}, false, false}};
  for (uint32_t i = 0; i < 8; ++i) {
    if (i == 4) entries.push_back({"GData.afs/em000.pac", pac::build_pac(d), true, false});
    entries.push_back({"GData.afs/blob" + std::to_string(i) + ".bin", noise(kMiB, i), false, false});
  }
  entries.push_back({"GData.afs/packed.bin", std::vector<std::byte>(300'000, std::byte{7}), true, false});
  return zip::write_volume(entries);
}

// The volume's file, read only through reads of at most one copy chunk; a
// read may be told to return one wrong byte at `flip` once (a transient
// fault: the copy gets it, a read of the same range later does not).
class ChunkedSource final : public zip::VolumeSource {
 public:
  explicit ChunkedSource(const std::filesystem::path& path) : file_(path) {}
  [[nodiscard]] uint64_t size() const override { return file_.size(); }
  [[nodiscard]] bool read(uint64_t offset, std::span<std::byte> into) override {
    largest_read = std::max<uint64_t>(largest_read, into.size());
    bytes_read += into.size();
    if (into.size() > kMiB) return false;  // a whole-volume read, or anything near it
    if (!file_.read(offset, into)) return false;
    if (flip && *flip >= offset && *flip < offset + into.size()) {
      into[static_cast<size_t>(*flip - offset)] ^= std::byte{0x5A};
      flip.reset();
    }
    return true;
  }
  uint64_t largest_read = 0, bytes_read = 0;
  std::optional<uint64_t> flip;

 private:
  zip::OwnedFileSource file_;
};

struct Folder {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("volume_stream_" + std::to_string(std::random_device{}()));
  Folder() { std::filesystem::create_directories(dir); }
  ~Folder() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::filesystem::path write(const std::string& name, const std::vector<std::byte>& bytes) const {
    std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return dir / name;
  }
};

struct Streamed {
  AddressPath path;
  MemberRewrite rewrite;
  WrittenVolume written;
};

// The command's steps over `source`: walk, rewrite, stream to `out`, prove.
Streamed edit_streamed(const std::shared_ptr<zip::VolumeSource>& source, const std::vector<std::string>& names,
                       MemberEdit edit, const std::string& out) {
  const ParseTreeOptions options{};
  Streamed s;
  std::string error;
  auto outer = open_outer_volume("v.nbz", row_of(Format::zip_volume), source, options, error);
  EXPECT_TRUE(outer) << error;
  if (!outer) return s;
  s.path = walk_address("v.nbz", outer, names, options);
  EXPECT_TRUE(s.path.error.empty()) << s.path.error;
  s.rewrite = rewrite_member(s.path, edit, options);
  EXPECT_TRUE(s.rewrite.error.empty()) << s.rewrite.error;
  EXPECT_TRUE(s.rewrite.outer_plan.has_value());
  if (!s.rewrite.outer_plan) return s;
  if (edit.kind != MemberEditKind::add) edit.member = s.path.levels.back().member;
  const std::string added = s.rewrite.changed.substr(s.rewrite.changed.rfind('!') + 1);
  s.written = write_proven_volume(s.path, edit, added, *s.rewrite.outer_plan, out, Overwrite::replace, options);
  return s;
}

// The same edit made on the volume in memory, as for any container.
std::vector<std::byte> edit_in_memory(const std::vector<std::byte>& volume, const std::vector<std::string>& names,
                                      MemberEdit edit) {
  const AddressPath path = walk_address("v.nbz", Bytes(volume), names, {});
  return rewrite_member(path, edit, {}).bytes;
}

TEST(VolumeStream, AMemberTwoLevelsDownIsReplacedWithoutReadingTheVolumeWhole) {
  const Folder folder;
  const std::vector<std::byte> volume = large_volume();
  const auto in = folder.write("v.nbz", volume);
  auto source = std::make_shared<ChunkedSource>(in);
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const std::vector<std::string> names{"GData.afs/em000.pac", "slot_0001"};
  const MemberEdit edit{.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)};
  const Streamed s = edit_streamed(source, names, edit, (folder.dir / "out.nbz").string());
  ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
  EXPECT_TRUE(s.written.proof.ok()) << s.written.proof.failed_level << ": " << s.written.proof.error;
  EXPECT_EQ(s.written.proof.unchanged, 11u);  // ten blobs beside the PAC, two MODs beside the slot
  EXPECT_LE(source->largest_read, kMiB);
  EXPECT_GT(volume.size(), 8 * kMiB);
  // The copy and the proof's comparison read the volume about twice; never more than three times.
  EXPECT_LE(source->bytes_read, 3 * volume.size());
  ASSERT_EQ(s.rewrite.levels.size(), 3u);
  EXPECT_EQ(s.rewrite.levels[0].size_before, volume.size());
  EXPECT_EQ(s.rewrite.levels[0].format, Format::zip_volume);
  const std::optional<std::vector<std::byte>> written = read_file(folder.dir / "out.nbz");
  ASSERT_TRUE(written);
  EXPECT_EQ(s.rewrite.levels[0].size_after, written->size());
  EXPECT_TRUE(*written == edit_in_memory(volume, names, edit)) << "the streamed volume is the one made in memory";
}

TEST(VolumeStream, AddAndRemoveStreamTheSameBytesAsInMemory) {
  const Folder folder;
  const std::vector<std::byte> volume = large_volume();
  const auto in = folder.write("v.nbz", volume);
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(12, 1);
  const MemberEdit add{.kind = MemberEditKind::add, .bytes = Bytes(mods[0].bytes), .name = "GData.afs/new.mod"};
  const Streamed added = edit_streamed(std::make_shared<ChunkedSource>(in), {}, add, (folder.dir / "added.nbz").string());
  EXPECT_TRUE(added.written.proof.ok()) << added.written.proof.failed_level << ": " << added.written.proof.error;
  EXPECT_EQ(added.written.proof.unchanged, 10u);
  EXPECT_TRUE(read_file(folder.dir / "added.nbz") == edit_in_memory(volume, {}, add));
  const std::vector<std::string> names{"GData.afs/blob2.bin"};
  const MemberEdit remove{.kind = MemberEditKind::remove};
  const Streamed removed = edit_streamed(std::make_shared<ChunkedSource>(in), names, remove, (folder.dir / "removed.nbz").string());
  EXPECT_TRUE(removed.written.proof.ok()) << removed.written.proof.failed_level << ": " << removed.written.proof.error;
  EXPECT_EQ(removed.written.proof.unchanged, 9u);
  MemberEdit in_memory = remove;
  in_memory.member = removed.path.levels.back().member;
  EXPECT_TRUE(read_file(folder.dir / "removed.nbz") == edit_in_memory(volume, names, in_memory));
}

TEST(VolumeStream, ARecordCopiedWrongFailsTheProofAndLeavesNoOutput) {
  const Folder folder;
  const std::vector<std::byte> volume = large_volume();
  const auto in = folder.write("v.nbz", volume);
  zip::BytesSource bytes(volume);
  const zip::DirectoryRead dir = zip::read_directory(bytes, zip::kMaxMembers);
  ASSERT_TRUE(dir.directory);
  const auto blob = std::find_if(dir.directory->entries.begin(), dir.directory->entries.end(),
                                 [](const zip::CentralEntry& e) { return e.name == "GData.afs/blob6.bin"; });
  ASSERT_NE(blob, dir.directory->entries.end());
  auto source = std::make_shared<ChunkedSource>(in);
  source->flip = blob->data_offset() + 1000;  // the first read of it is the copy's
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const auto out = folder.dir / "out.nbz";
  const Streamed s = edit_streamed(source, {"GData.afs/em000.pac", "slot_0001"},
                                   {.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)}, out.string());
  ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
  EXPECT_FALSE(source->flip) << "the copy read the byte";
  EXPECT_FALSE(s.written.proof.ok());
  EXPECT_EQ(s.written.proof.failed_level, "v.nbz");
  EXPECT_NE(s.written.proof.error.find("member GData.afs/blob6.bin: its local record differs from the bytes it was copied from"),
            std::string::npos) << s.written.proof.error;
  EXPECT_FALSE(std::filesystem::exists(out)) << "a proof that fails removes the output";
  EXPECT_TRUE(std::filesystem::exists(in));
}

}  // namespace
}  // namespace volume_stream_tests
}  // namespace meshgate
