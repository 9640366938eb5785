// replace / add / remove with the outer volume read from its file
// (AddressPath::outer_volume): the volume is never read whole (every read of
// it goes through a source that refuses any read over one copy chunk), the
// streamed output is byte-identical to the rewrite made in memory and passes
// the streamed proof, and a record the copy got wrong (a read that returned
// one wrong byte once) fails the proof, naming the member, as does a byte
// of a prefix or a gap between records (copied, and compared), with no output
// left behind. The in-memory path (the volume read whole) makes the same
// bytes, and refuses a walk that stopped short instead of rewriting it. A
// volume read from its file is copied file to file (in the kernel on Linux),
// and the proof still reads both back, on the staged file before it is
// moved into place (while it is flushed): a proof that fails leaves what
// was at OUT.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "change/member_proof.hpp"
#include "change/member_rewrite.hpp"
#include "parser/zip/zip_directory.hpp"
#include "parser/zip/zip_volume.hpp"
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

void store_u32(std::vector<std::byte>& v, size_t at, uint64_t value) {
  for (size_t i = 0; i < 4; ++i) v[at + i] = static_cast<std::byte>(value >> (8 * i));
}

// `volume` with `gap` inserted at `at` (a local record's start, or 0: a
// prefix) and every offset at or past it moved: bytes no member claims,
// which the writer copies where they were. A volume without ZIP64 records.
std::vector<std::byte> with_gap(std::vector<std::byte> volume, uint64_t at, const std::vector<std::byte>& gap) {
  zip::BytesSource bytes(volume);
  const zip::DirectoryRead read = zip::read_directory(bytes, zip::kMaxMembers);
  EXPECT_TRUE(read.directory && !read.directory->zip64_end);
  if (!read.directory) return volume;
  size_t record = static_cast<size_t>(read.directory->directory_offset);
  for (size_t i = 0; i < read.directory->entries.size(); ++i) {
    const Bytes fixed = Bytes(volume).subspan(record, zip::kCentralFixed);
    const uint64_t offset = load_uint_le(fixed.subspan(42), 4);
    if (offset >= at) store_u32(volume, record + 42, offset + gap.size());
    record += zip::kCentralFixed + load_uint_le(fixed.subspan(28), 2) + load_uint_le(fixed.subspan(30), 2) +
              load_uint_le(fixed.subspan(32), 2);
  }
  store_u32(volume, record + 16, read.directory->directory_offset + gap.size());  // the end record's directory offset
  volume.insert(volume.begin() + static_cast<std::ptrdiff_t>(at), gap.begin(), gap.end());
  return volume;
}

const zip::CentralEntry& entry_named(const zip::Directory& d, const std::string& name) {
  const auto found = std::find_if(d.entries.begin(), d.entries.end(), [&](const zip::CentralEntry& e) { return e.name == name; });
  EXPECT_NE(found, d.entries.end()) << name;
  return *found;
}

// The large volume with a prefix of `prefix` bytes (300 unless told) and
// 5,000 bytes between two blobs' records; `gap_at`: where the gap starts in it.
std::vector<std::byte> gapped_volume(uint64_t& gap_at, size_t prefix = 300) {
  std::vector<std::byte> volume = large_volume();
  zip::BytesSource bytes(volume);
  const zip::DirectoryRead read = zip::read_directory(bytes, zip::kMaxMembers);
  EXPECT_TRUE(read.directory);
  if (!read.directory) return volume;
  gap_at = entry_named(*read.directory, "GData.afs/blob6.bin").local_offset;
  volume = with_gap(std::move(volume), gap_at, noise(5000, 99));
  if (prefix == 0) return volume;
  gap_at += prefix;
  return with_gap(std::move(volume), 0, noise(prefix, 98));
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

// The edit most of these tests stream: em000.pac's slot_0001, two levels
// down, replaced by another MOD (`edit` holds `other`'s bytes: no copies).
struct SlotReplacement {
  std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  std::vector<std::string> names{"GData.afs/em000.pac", "slot_0001"};
  MemberEdit edit{.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)};
  SlotReplacement() = default;
  SlotReplacement(const SlotReplacement&) = delete;
  SlotReplacement& operator=(const SlotReplacement&) = delete;
};

// A source over the volume's file `in` that returns the byte `offset` into
// member `name`'s stored data wrong the first time it is read (the copy's
// read); nullptr when `volume` has no such member.
std::shared_ptr<ChunkedSource> source_flipping(const std::vector<std::byte>& volume, const std::filesystem::path& in,
                                               std::string_view name, uint64_t offset) {
  zip::BytesSource bytes(volume);
  const zip::DirectoryRead dir = zip::read_directory(bytes, zip::kMaxMembers);
  if (!dir.directory) return nullptr;
  const auto member = std::find_if(dir.directory->entries.begin(), dir.directory->entries.end(),
                                   [&](const zip::CentralEntry& e) { return e.name == name; });
  if (member == dir.directory->entries.end()) return nullptr;
  auto source = std::make_shared<ChunkedSource>(in);
  source->flip = member->data_offset() + offset;
  return source;
}

struct Streamed {
  AddressPath path;
  MemberRewrite rewrite;
  ProvenWrite written;
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
  EXPECT_NE(s.rewrite.outer_plan, nullptr);
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
  const SlotReplacement slot;
  const Streamed s = edit_streamed(source, slot.names, slot.edit, (folder.dir / "out.nbz").string());
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
  EXPECT_TRUE(*written == edit_in_memory(volume, slot.names, slot.edit)) << "the streamed volume is the one made in memory";
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
  const std::shared_ptr<ChunkedSource> source = source_flipping(volume, in, "GData.afs/blob6.bin", 1000);
  ASSERT_NE(source, nullptr);
  const SlotReplacement slot;
  const auto out = folder.dir / "out.nbz";
  const Streamed s = edit_streamed(source, slot.names, slot.edit, out.string());
  ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
  EXPECT_FALSE(source->flip) << "the copy read the byte";
  EXPECT_FALSE(s.written.proof.ok());
  EXPECT_EQ(s.written.proof.failed_level, "v.nbz");
  EXPECT_NE(s.written.proof.error.find("member GData.afs/blob6.bin: its local record differs from the bytes it was copied from"),
            std::string::npos) << s.written.proof.error;
  EXPECT_FALSE(std::filesystem::exists(out)) << "a proof that fails removes the output";
  EXPECT_TRUE(std::filesystem::exists(in));
}

// The bytes no record claims (a prefix, a gap between two records) are
// copied where they were, and the proof compares them too: a byte of the gap
// the copy read wrong fails it, and OUT is removed.
TEST(VolumeStream, ABetweenRecordsByteCopiedWrongFailsTheProofAndLeavesNoOutput) {
  const Folder folder;
  uint64_t gap_at = 0;
  const std::vector<std::byte> volume = gapped_volume(gap_at);
  const auto in = folder.write("v.nbz", volume);
  const SlotReplacement slot;
  const Streamed good = edit_streamed(std::make_shared<ChunkedSource>(in), slot.names, slot.edit, (folder.dir / "good.nbz").string());
  EXPECT_TRUE(good.written.proof.ok()) << good.written.proof.failed_level << ": " << good.written.proof.error;
  const std::optional<std::vector<std::byte>> good_bytes = read_file(folder.dir / "good.nbz");
  ASSERT_TRUE(good_bytes);
  // The PAC before the gap changed size: the gap moved with it.
  const auto moved = static_cast<std::ptrdiff_t>(good_bytes->size()) - static_cast<std::ptrdiff_t>(volume.size());
  const auto gap = volume.begin() + static_cast<std::ptrdiff_t>(gap_at);
  EXPECT_TRUE(std::equal(volume.begin(), volume.begin() + 300, good_bytes->begin())) << "the prefix is copied";
  EXPECT_TRUE(std::equal(gap, gap + 5000, good_bytes->begin() + static_cast<std::ptrdiff_t>(gap_at) + moved))
      << "the gap is copied where it was relative to its neighbours";
  for (const uint64_t flip : {uint64_t{150}, gap_at + 2500}) {  // in the prefix, in the gap
    SCOPED_TRACE(flip);
    auto source = std::make_shared<ChunkedSource>(in);
    source->flip = flip;  // the first read of it is the copy's
    const auto out = folder.dir / "out.nbz";
    const Streamed s = edit_streamed(source, slot.names, slot.edit, out.string());
    ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
    EXPECT_FALSE(source->flip) << "the copy read the byte";
    EXPECT_FALSE(s.written.proof.ok());
    EXPECT_EQ(s.written.proof.failed_level, "v.nbz");
    EXPECT_NE(s.written.proof.error.find("the bytes between its records differ from those they were copied from"),
              std::string::npos) << s.written.proof.error;
    EXPECT_FALSE(std::filesystem::exists(out)) << "a proof that fails removes the output";
  }
}

// The in-memory path (walk_address over the bytes, then rewrite_member)
// over the gapped volume: a volume is told by its first bytes, and this one
// starts with 300 bytes of noise, so the walk stops at its first level ("an
// unknown file"), as the command does. rewrite_member was once handed that
// stopped walk and indexed the level above a member that is not there (a
// replace threw std::bad_alloc; an add called a row's missing edit_member
// and crashed): a walk that stopped, or a level that holds no members, is
// refused with the reason, and nothing is made.
TEST(VolumeStream, AStoppedWalkOfTheGappedVolumeInMemoryIsRefusedNotRewritten) {
  uint64_t gap_at = 0;
  const std::vector<std::byte> volume = gapped_volume(gap_at);
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const AddressPath path = walk_address("v.nbz", Bytes(volume), {"GData.afs/em000.pac", "slot_0001"}, {});
  EXPECT_EQ(path.error, "v.nbz is an unknown file, not a container: it holds no members");
  ASSERT_EQ(path.levels.size(), 1u);
  const MemberRewrite replaced = rewrite_member(path, {.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)}, {});
  EXPECT_EQ(replaced.error, path.error);
  EXPECT_TRUE(replaced.bytes.empty());
  const AddressPath top = walk_address("v.nbz", Bytes(volume), {}, {});
  ASSERT_TRUE(top.error.empty()) << top.error;  // nothing asked of it yet
  const MemberRewrite added =
      rewrite_member(top, {.kind = MemberEditKind::add, .bytes = Bytes(other[0].bytes), .name = "GData.afs/new.mod"}, {});
  EXPECT_EQ(added.error, "v.nbz is an unknown file, not a container: it holds no members");
  EXPECT_TRUE(added.bytes.empty());
}

// Without the prefix the volume is one, and the in-memory path completes:
// the bytes it makes are those the streamed path writes, and they prove.
TEST(VolumeStream, TheGapOnlyVolumeRewrittenInMemoryIsTheStreamedOne) {
  const Folder folder;
  uint64_t gap_at = 0;
  const std::vector<std::byte> volume = gapped_volume(gap_at, 0);
  const std::vector<SynthFile> other = mod::synth_mod_corpus(11, 1);
  const std::vector<std::string> names{"GData.afs/em000.pac", "slot_0001"};
  const MemberEdit edit{.kind = MemberEditKind::replace, .bytes = Bytes(other[0].bytes)};
  const AddressPath path = walk_address("v.nbz", Bytes(volume), names, {});
  ASSERT_TRUE(path.error.empty()) << path.error;
  const MemberRewrite in_memory = rewrite_member(path, edit, {});
  ASSERT_TRUE(in_memory.error.empty()) << in_memory.error;
  EXPECT_FALSE(in_memory.outer_plan) << "a volume held whole is rewritten in memory";
  ASSERT_EQ(in_memory.levels.size(), 3u);
  EXPECT_EQ(in_memory.levels[0].size_after, in_memory.bytes.size());
  MemberEdit proven = edit;
  proven.member = path.levels.back().member;
  const RewriteProof proof = prove_rewrite(path, proven, {}, Bytes(in_memory.bytes), {});
  EXPECT_TRUE(proof.ok()) << proof.failed_level << ": " << proof.error;
  const std::vector<std::byte> gap(volume.begin() + static_cast<std::ptrdiff_t>(gap_at),
                                   volume.begin() + static_cast<std::ptrdiff_t>(gap_at) + 5000);
  EXPECT_NE(std::search(in_memory.bytes.begin(), in_memory.bytes.end(), gap.begin(), gap.end()), in_memory.bytes.end())
      << "the gap is kept";
  const Streamed streamed = edit_streamed(std::make_shared<ChunkedSource>(folder.write("v.nbz", volume)), names, edit,
                                          (folder.dir / "out.nbz").string());
  EXPECT_TRUE(streamed.written.proof.ok()) << streamed.written.proof.failed_level << ": " << streamed.written.proof.error;
  EXPECT_TRUE(read_file(folder.dir / "out.nbz") == in_memory.bytes) << "the streamed volume is the one made in memory";
}

// The volume's file, its reads counted; the file itself offered (as the
// command's source offers it) for the writer's copy in the kernel.
class CountedFileSource final : public zip::VolumeSource {
 public:
  explicit CountedFileSource(const std::filesystem::path& path) : file_(path) {}
  [[nodiscard]] uint64_t size() const override { return file_.size(); }
  [[nodiscard]] bool read(uint64_t offset, std::span<std::byte> into) override {
    bytes_read += into.size();
    return file_.read(offset, into);
  }
  [[nodiscard]] const platform::ReadOnlyFile* file() const override { return file_.file(); }
  uint64_t bytes_read = 0;

 private:
  zip::OwnedFileSource file_;
};

// A volume read from its file is copied file to file (Linux: by the
// kernel, so the copy reads nothing through the source: only the proof
// does, once), and the output is still the one made in memory, proven.
TEST(VolumeStream, AVolumeReadFromItsFileIsCopiedFileToFileAndProven) {
  const Folder folder;
  uint64_t gap_at = 0;
  const std::vector<std::byte> volume = gapped_volume(gap_at, 0);
  auto source = std::make_shared<CountedFileSource>(folder.write("v.nbz", volume));
  const SlotReplacement slot;
  const Streamed s = edit_streamed(source, slot.names, slot.edit, (folder.dir / "out.nbz").string());
  ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
  EXPECT_TRUE(s.written.proof.ok()) << s.written.proof.failed_level << ": " << s.written.proof.error;
  EXPECT_TRUE(read_file(folder.dir / "out.nbz") == edit_in_memory(volume, slot.names, slot.edit));
#ifdef __linux__
  // The proof compares every copied byte with the source once; the copy read none of them.
  EXPECT_LT(source->bytes_read, volume.size() + volume.size() / 4) << "the copy went through this process";
#endif
}

// A failed proof runs on the staged file, before it is moved into place:
// whatever was at OUT (replaced with --force) is left as it was, not removed
// with the output that failed.
TEST(VolumeStream, AFailedProofLeavesWhatWasAtTheOutputAsItWas) {
  const Folder folder;
  const std::vector<std::byte> volume = large_volume();
  const auto in = folder.write("v.nbz", volume);
  const std::shared_ptr<ChunkedSource> source = source_flipping(volume, in, "GData.afs/blob3.bin", 77);
  ASSERT_NE(source, nullptr);
  const std::vector<std::byte> previous = noise(4096, 5);
  const auto out = folder.write("out.nbz", previous);
  const SlotReplacement slot;
  const Streamed s = edit_streamed(source, slot.names, slot.edit, out.string());
  ASSERT_TRUE(s.written.write_error.empty()) << s.written.write_error;
  EXPECT_FALSE(s.written.proof.ok());
  EXPECT_NE(s.written.proof.error.find("member GData.afs/blob3.bin: its local record differs"), std::string::npos)
      << s.written.proof.error;
  EXPECT_TRUE(read_file(out) == previous) << "the file at OUT before the command is still there, unchanged";
  size_t left = 0;
  for (const auto& e : std::filesystem::directory_iterator(folder.dir)) left += e.path().filename() != "v.nbz" && e.path() != out;
  EXPECT_EQ(left, 0u) << "the refused temporary is removed";
}

}  // namespace
}  // namespace volume_stream_tests
}  // namespace meshgate
