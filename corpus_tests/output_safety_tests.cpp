// The outputs: a .gltf and its .bin on a full disk leave the
// previous pair intact; a replaced file keeps its mode, owner and
// group, and a symlink at the name is followed to its target or refused,
// never replaced; `set …=1e400` is refused like 1e39.
// No write replaces a file the process read as an input, and Windows device
// names are told. The CLI side (output paths against inputs, the --force
// rule) is in hostile_inputs.sh, section "outputs", and hardening.sh,
// sections 18 and 19. The volume writer's copy in the kernel (copy_into) lands
// where the stream stands, or appends nothing where it cannot be made.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <bit>
#include <csignal>
#include <limits>
#include <set>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "parser/mod/mod_parser.hpp"
#include "change/field_set.hpp"
#include "pipeline/file_reader.hpp"
#include "platform/file_status.hpp"
#include "platform/input_record.hpp"
#include "platform/read_only_file.hpp"
#include "writer/core/atomic_file.hpp"
#include "writer/core/output_names.hpp"
#include "export/gltf_export.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate {
namespace {

namespace fs = std::filesystem;

class Outputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("meshgate_outputs_" + std::to_string(::getpid()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  static std::string text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void put(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }
  // Files in `dir` whose name holds ".meshgate-": temporaries left behind.
  size_t temporaries() const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().find(".meshgate-") != std::string::npos;
    return n;
  }
  static struct stat stat_of(const fs::path& p) {
    struct stat st {};
    EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
    return st;
  }
  fs::path dir;
};

// The glTF of one generated MOD (`index` picks which).
gltf::Exported exported_mod(uint64_t index) {
  const SynthFile file = mod::synth_mod_corpus(26, index + 1).back();
  const mod::ParseResult parsed = mod::parse_mod(file.bytes);
  EXPECT_TRUE(parsed.ok()) << file.name;
  return gltf::export_mod(*parsed.model, file.bytes, {file.name, 0});
}

// A file size limit for this process (RLIMIT_FSIZE) with SIGXFSZ ignored, so
// a write past it fails with EFBIG as on a full disk; restored on scope exit.
class FullDisk {
 public:
  explicit FullDisk(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    previous_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = saved_;
    small.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &small);
  }
  ~FullDisk() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_);
  }

 private:
  rlimit saved_{};
  void (*previous_)(int) = nullptr;
};

// Tinygltf's file writer ignored write errors, so a full disk left an
// empty .gltf and a cut .bin behind exit 0.
TEST_F(Outputs, GltfPairOnAFullDiskKeepsThePreviousPair) {
  const fs::path gltf_path = dir / "m.gltf", bin_path = dir / "m.bin";
  ASSERT_EQ(gltf::write_asset(exported_mod(0).asset, gltf_path.string(), gltf::FileKind::gltf, Overwrite::refuse), "");
  const std::string gltf_before = text(gltf_path), bin_before = text(bin_path);
  ASSERT_GT(gltf_before.size(), 512u);
  ASSERT_GT(bin_before.size(), 512u);
  const gltf::Exported other = exported_mod(3);
  for (const rlim_t limit : {rlim_t{0}, rlim_t{256}, rlim_t{4096}}) {
    std::string error;
    {
      FullDisk full(limit);
      error = gltf::write_asset(other.asset, gltf_path.string(), gltf::FileKind::gltf, Overwrite::replace);
    }
    EXPECT_NE(error, "") << "a full disk (limit " << limit << " bytes) was not reported";
    EXPECT_NE(error.find("m."), std::string::npos) << error;
    EXPECT_EQ(text(gltf_path), gltf_before) << "limit " << limit;
    EXPECT_EQ(text(bin_path), bin_before) << "limit " << limit;
    EXPECT_EQ(temporaries(), 0u) << "limit " << limit;
  }
  // With room, the pair is replaced together, and the .gltf names the .bin.
  ASSERT_EQ(gltf::write_asset(other.asset, gltf_path.string(), gltf::FileKind::gltf, Overwrite::replace), "");
  EXPECT_NE(text(bin_path), bin_before);
  EXPECT_GT(text(gltf_path).size(), 4096u) << "the 4096-byte limit did not stop a write";
  EXPECT_EQ(temporaries(), 0u);
}

// The .gltf written from tinygltf's in-memory serialisation is the
// same asset: tinygltf reads it back with its buffer from the .bin.
TEST_F(Outputs, GltfPairReadsBackAsTheSameAsset) {
  const gltf::Exported e = exported_mod(1);
  const fs::path gltf_path = dir / "model.gltf";
  ASSERT_EQ(gltf::write_asset(e.asset, gltf_path.string(), gltf::FileKind::gltf, Overwrite::refuse), "");
  EXPECT_EQ(gltf::asset_files(gltf_path.string(), gltf::FileKind::gltf),
            (std::vector<std::string>{(dir / "model.bin").string(), gltf_path.string()}));
  tinygltf::TinyGLTF loader;
  tinygltf::Model back;
  std::string err, warn;
  ASSERT_TRUE(loader.LoadASCIIFromFile(&back, &err, &warn, gltf_path.string())) << err;
  ASSERT_EQ(back.buffers.size(), 1u);
  EXPECT_EQ(back.buffers[0].uri, "model.bin");
  EXPECT_EQ(back.buffers[0].data, e.asset.buffers[0].data);
  EXPECT_EQ(back.accessors.size(), e.asset.accessors.size());
  EXPECT_EQ(back.meshes.size(), e.asset.meshes.size());
  EXPECT_EQ(back.nodes.size(), e.asset.nodes.size());
  EXPECT_EQ(text(gltf_path).find("data:"), std::string::npos) << "the buffer was embedded";
  // Refuse mode: the pair exists now.
  EXPECT_NE(gltf::write_asset(e.asset, gltf_path.string(), gltf::FileKind::gltf, Overwrite::refuse).find("exists"),
            std::string::npos);
}

// Files written as a set are all staged before any is renamed: the
// second failing leaves the first name as it was.
TEST_F(Outputs, ASetIsRenamedOnlyWhenEveryFileIsStaged) {
  put(dir / "a.bin", "old a");
  put(dir / "b.gltf", "old b");
  const AtomicWrite w = write_files_atomically(
      {{(dir / "a.bin").string(), [](std::ostream& out) { out << "new a"; }},
       {(dir / "b.gltf").string(), [](std::ostream& out) { out.setstate(std::ios::badbit); }}},
      Overwrite::replace);
  EXPECT_FALSE(w.ok);
  EXPECT_NE(w.error.find("b.gltf"), std::string::npos) << w.error;
  EXPECT_EQ(text(dir / "a.bin"), "old a");
  EXPECT_EQ(text(dir / "b.gltf"), "old b");
  EXPECT_EQ(temporaries(), 0u);
}

// A 0600 file became 0644, a file owned 1000:1000 became root's.
TEST_F(Outputs, AReplacedFileKeepsItsModeOwnerAndGroup) {
  const fs::path p = dir / "private.mod";
  put(p, "old");
  ASSERT_EQ(::chmod(p.c_str(), 0640), 0);
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::chown(p.c_str(), 1000, 1001), 0);
  }
  const struct stat before = stat_of(p);
  ASSERT_TRUE(write_file_atomically(p.string(), [](std::ostream& out) { out << "new"; }).ok);
  const struct stat after = stat_of(p);
  EXPECT_EQ(text(p), "new");
  EXPECT_NE(after.st_ino, before.st_ino) << "not replaced by rename";
  EXPECT_EQ(after.st_mode & 07777, 0640u);
  EXPECT_EQ(after.st_uid, before.st_uid);
  EXPECT_EQ(after.st_gid, before.st_gid);
  if (!root) GTEST_LOG_(INFO) << "not root: the owner kept is our own";
  // An executable bit and a restrictive mode are kept as well.
  ASSERT_EQ(::chmod(p.c_str(), 0700), 0);
  ASSERT_TRUE(write_file_atomically(p.string(), [](std::ostream& out) { out << "newer"; }).ok);
  EXPECT_EQ(stat_of(p).st_mode & 07777, 0700u);
  EXPECT_EQ(temporaries(), 0u);
}

// A new file gets 0666 less the umask, as any program's would.
TEST_F(Outputs, ANewFileFollowsTheUmask) {
  const mode_t mask = ::umask(027);
  const AtomicWrite w = write_file_atomically((dir / "fresh.json").string(), [](std::ostream& out) { out << "{}"; });
  ::umask(mask);
  ASSERT_TRUE(w.ok) << w.error;
  // The umask is read once per process: whichever it was then, group write and
  // other write are never granted beyond it.
  const mode_t mode = stat_of(dir / "fresh.json").st_mode & 07777;
  EXPECT_EQ(mode & 0111, 0u);
  EXPECT_EQ(mode & 0600, 0600u);
}

// A symlink given as the file to replace is followed: its target is
// replaced (keeping its mode), the link stays a link.
TEST_F(Outputs, ASymlinkIsFollowedToItsTargetNeverReplaced) {
  fs::create_directories(dir / "real");
  const fs::path target = dir / "real" / "doc.md", link = dir / "doc.md";
  put(target, "old");
  ASSERT_EQ(::chmod(target.c_str(), 0600), 0);
  fs::create_symlink("real/doc.md", link);
  const AtomicWrite w = write_file_atomically(link.string(), [](std::ostream& out) { out << "new"; });
  ASSERT_TRUE(w.ok) << w.error;
  EXPECT_TRUE(fs::is_symlink(link)) << "the link was replaced by a file";
  EXPECT_EQ(fs::read_symlink(link), fs::path("real/doc.md"));
  EXPECT_EQ(text(target), "new");
  EXPECT_EQ(stat_of(target).st_mode & 07777, 0600u);
  EXPECT_EQ(temporaries(), 0u);
  for (const auto& e : fs::directory_iterator(dir / "real"))
    EXPECT_EQ(e.path().filename(), "doc.md") << "a temporary was left beside the target";
}

// Where following is not wanted (names meshgate chooses inside an
// output directory), a symlink is refused; a dangling one is refused always
// (following it would create a file the user did not name); so is anything
// that is not a regular file.
TEST_F(Outputs, SymlinksThatCannotBeFollowedAndNonFilesAreRefused) {
  put(dir / "victim", "victim");
  fs::create_symlink(dir / "victim", dir / "planted.glb");
  fs::create_symlink(dir / "nowhere", dir / "dangling.mod");
  const auto write_new = [](std::ostream& out) { out << "new"; };
  const AtomicWrite planted = write_file_atomically((dir / "planted.glb").string(), write_new, Overwrite::replace, Symlink::refuse);
  EXPECT_FALSE(planted.ok);
  EXPECT_NE(planted.error.find("is a symlink"), std::string::npos) << planted.error;
  EXPECT_EQ(text(dir / "victim"), "victim");
  EXPECT_TRUE(fs::is_symlink(dir / "planted.glb"));
  const AtomicWrite dangling = write_file_atomically((dir / "dangling.mod").string(), write_new);
  EXPECT_FALSE(dangling.ok);
  EXPECT_NE(dangling.error.find("missing file"), std::string::npos) << dangling.error;
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.mod"));
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
  const AtomicWrite fifo = write_file_atomically((dir / "pipe").string(), write_new);
  EXPECT_FALSE(fifo.ok);
  EXPECT_NE(fifo.error.find("not a regular file"), std::string::npos) << fifo.error;
  fs::create_directories(dir / "folder");
  EXPECT_FALSE(write_file_atomically((dir / "folder").string(), write_new).ok);
  EXPECT_TRUE(fs::is_directory(dir / "folder"));
  EXPECT_EQ(temporaries(), 0u);
}

// Every file read through ReadOnlyFile while inputs are recorded (as main()
// records them for every command) is one the atomic write refuses to
// replace, however it is reached: by its name, a symlink, a hard link, and
// as one file of a set. Each reader, each way, is a row; a probe records
// nothing, and an edit in place replaces the file it edits.
TEST_F(Outputs, NoWriteReplacesAFileTheCommandRead) {
  const platform::RecordInputs recording;
  const auto read_whole = [](const fs::path& p) { return read_file(p).has_value(); };
  const auto read_reader = [](const fs::path& p) {
    FileReader reader;
    return reader.read(p).ok();
  };
  const auto read_digest = [](const fs::path& p) { return digest_file(p).has_value(); };
  const auto read_head = [](const fs::path& p) {
    std::array<std::byte, 4> head{};
    return read_prefix(p, head).status == ReadStatus::ok;
  };
  const std::vector<std::pair<const char*, std::function<bool(const fs::path&)>>> readers = {
      {"read_file", read_whole}, {"FileReader", read_reader}, {"digest_file", read_digest}, {"read_prefix", read_head}};
  const auto write_new = [](std::ostream& out) { out << "new"; };
  for (const auto& [how, read] : readers) {
    const fs::path input = dir / (std::string(how) + ".mod");
    put(input, "input");
    ASSERT_TRUE(read(input)) << how;
    const fs::path link = dir / (std::string(how) + ".link"), hard = dir / (std::string(how) + ".hard");
    fs::create_symlink(input.filename(), link);
    fs::create_hard_link(input, hard);
    for (const fs::path& name : {input, link, hard}) {
      const AtomicWrite w = write_file_atomically(name.string(), write_new, Overwrite::replace);
      EXPECT_FALSE(w.ok) << how << ": " << name << " was replaced";
      EXPECT_NE(w.error.find("is one of the inputs"), std::string::npos) << w.error;
    }
    const AtomicWrite set = write_files_atomically(
        {{(dir / "fresh.bin").string(), write_new}, {input.string(), write_new}}, Overwrite::replace);
    EXPECT_FALSE(set.ok) << how << ": a set holding the input was written";
    EXPECT_FALSE(fs::exists(dir / "fresh.bin")) << how << ": the set's other file was written";
    EXPECT_EQ(text(input), "input") << how;
    fs::remove(link);
    fs::remove(hard);
  }
  // A probe (a scan's look at a file's magic) does not make a file an input.
  put(dir / "probed.mod", "probed");
  std::array<std::byte, 4> head{};
  ASSERT_EQ(read_prefix(dir / "probed.mod", head, platform::Reading::probe).status, ReadStatus::ok);
  EXPECT_TRUE(write_file_atomically((dir / "probed.mod").string(), write_new, Overwrite::replace).ok);
  // The edit in place (set --in-place, docs update) replaces the file it read.
  put(dir / "edited.mod", "old");
  ASSERT_TRUE(read_file(dir / "edited.mod"));
  EXPECT_TRUE(write_file_atomically((dir / "edited.mod").string(), write_new, Overwrite::edit_in_place).ok);
  EXPECT_EQ(text(dir / "edited.mod"), "new");
  EXPECT_EQ(temporaries(), 0u);
}

// Outside a recording (this test binary, a library user) nothing is an input:
// inodes of deleted files come back as other files.
TEST_F(Outputs, NothingIsRecordedOutsideARecording) {
  put(dir / "read.mod", "old");
  ASSERT_TRUE(read_file(dir / "read.mod"));
  EXPECT_TRUE(write_file_atomically((dir / "read.mod").string(), [](std::ostream& out) { out << "new"; }).ok);
  {
    const platform::RecordInputs recording;
    ASSERT_TRUE(read_file(dir / "read.mod"));
    EXPECT_TRUE(platform::is_recorded_input(platform::status_of(dir / "read.mod").identity));
  }
  EXPECT_FALSE(platform::is_recorded_input(platform::status_of(dir / "read.mod").identity)) << "the record outlived its scope";
}

// Windows opens a device for these names in every directory, whatever
// follows the first dot and in any case; the name is told on every system,
// and only Windows refuses it (platform::device_name_of).
TEST(OutputNames, WindowsDeviceNamesAreToldWhateverTheirCaseAndExtension) {
  const std::vector<std::pair<const char*, const char*>> names = {
      {"CON", "CON"},         {"con", "CON"},          {"NUL", "NUL"},       {"nul.glb", "NUL"},
      {"aux.txt", "AUX"},     {"Prn.tar.gz", "PRN"},   {"COM1", "COM1"},     {"lpt9.html", "LPT9"},
      {"dir/CON.json", "CON"}, {"NUL .txt", "NUL"},    {"CON.", "CON"},      {"com0", "COM0"},
      {"COM10", ""},          {"CONSOLE", ""},         {"aux_", ""},         {"xcon", ""},
      {"CON/x.glb", ""},      {".con", ""},            {"LPT", ""},          {"pl000.mod", ""}};
  for (const auto& [name, device] : names) EXPECT_EQ(platform::windows_device_name(name), device) << name;
#ifndef _WIN32
  EXPECT_EQ(platform::device_name_of("aux.txt"), "") << "a POSIX file may be named aux.txt";
#endif
  EXPECT_NE(platform::device_name_text("NUL").find("reserved Windows device name"), std::string::npos);
}

// extract --out: a member's name brings its own extension, which stays last
// ("upper-2.mod", not "upper.mod-2"); a name Windows takes for a device
// ("con.mod", "aux": a volume may hold one) is never written as it is, since
// on Windows it opens the device and the atomic writer refuses it.
TEST_F(Outputs, MemberFileNamesKeepTheirExtensionAndAvoidDeviceNames) {
  std::set<std::string> taken;
  EXPECT_EQ(output_file_name("UPPER.MOD", "", taken), "UPPER.MOD");
  EXPECT_EQ(output_file_name("upper.mod", "", taken), "upper-2.mod");
  EXPECT_EQ(output_file_name("slot_0001", ".ptx", taken), "slot_0001.ptx");
  for (const char* name : {"con.mod", "AUX", "nul.txt", "com1.pac", "lpt9"}) {
    const std::string file = output_file_name(name, "", taken);
    EXPECT_EQ(platform::windows_device_name(file), "") << name << " -> " << file;
  }
  EXPECT_EQ(output_file_name("aux", ".mod", taken), "_aux.mod");
}

// export --out: a model's file is named from its report path. A name past
// NAME_MAX (a ZIP member's name may be 65,535 bytes) is cut to a head, the
// hash of the whole path and the extensions: unique, the same every run, and
// a file the atomic writer can make (its temporary's name fits too).
TEST_F(Outputs, ModelFileNamesFitNameMaxStayUniqueAndStable) {
  std::set<std::string> taken;
  EXPECT_EQ(output_file_name("outer.rlb!MODEL.MSH", ".glb", taken), "outer.rlb_MODEL.MSH.glb");
  EXPECT_EQ(output_file_name("outer.rlb!MODEL.MSH", ".glb", taken), "outer.rlb_MODEL.MSH-2.glb");
  // Names in two cases are one file on Windows: the second is told apart too.
  EXPECT_EQ(output_file_name("outer.rlb!model.msh", ".glb", taken), "outer.rlb_model.msh-3.glb");
  const std::string stem = "vol.zip!d/" + std::string(400, 'n');
  std::vector<std::string> names;
  for (const std::string& path : {stem + "a.mod", stem + "b.mod", stem + "a.mod", std::string(65000, 'x') + ".pac!slot_0001",
                                  std::string(kNameMax - 5, 'y'), std::string(kNameMax - 4, 'y')})
    names.push_back(output_file_name(path, ".gltf", taken));
  for (const std::string& n : names) {
    EXPECT_LE(n.size(), kNameMax) << n;
    EXPECT_TRUE(n.ends_with(".gltf")) << n;
  }
  EXPECT_TRUE(names[0].starts_with("vol.zip_d_nnnn") && names[0].ends_with(".mod.gltf")) << names[0];
  EXPECT_EQ(names[0].size(), kNameMax);
  EXPECT_NE(names[0], names[1]);                          // same head, different paths
  EXPECT_TRUE(names[2].ends_with(".mod-2.gltf")) << names[2];  // the same path again: taken
  EXPECT_EQ(names[4], std::string(kNameMax - 5, 'y') + ".gltf");  // a name that fits is kept whole...
  EXPECT_EQ(names[5].size(), kNameMax);                   // ...one byte more is cut
  std::set<std::string> again;
  EXPECT_EQ(output_file_name(stem + "b.mod", ".gltf", again), names[1]);  // the same name in every run
  // The atomic writer makes a file of that name, and its .bin beside it.
  const std::vector<std::string> files = gltf::asset_files((dir / names[0]).string(), gltf::FileKind::gltf);
  for (const std::string& f : files) {
    const AtomicWrite w = write_file_atomically(f, [](std::ostream& out) { out << "x"; }, Overwrite::refuse);
    EXPECT_TRUE(w.ok) << w.error;
    EXPECT_EQ(text(f), "x");
  }
  EXPECT_EQ(temporaries(), 0u);
}

// Strtod returns HUGE_VAL with ERANGE for 1e400, which passed the
// "beyond the f32 range" check as an infinity asked for; leading white space
// was skipped.
TEST(SetValues, NumbersPastEveryRangeAndLeadingSpacesAreRefused) {
  for (const char* value : {"1e400", "-1e400", "1e39", "-3.5e38", "1e999999"}) {
    std::string error, note;
    EXPECT_FALSE(encode_field_value("f32", 4, value, error, note)) << value << " was accepted";
    EXPECT_NE(error.find("beyond the f32 range"), std::string::npos) << value << ": " << error;
  }
  for (const char* value : {" 1", "\t1", "\n1", " 1e400"}) {  // strtod would skip the space
    std::string error, note;
    EXPECT_FALSE(encode_field_value("f32", 4, value, error, note)) << "`" << value << "` was accepted";
    EXPECT_NE(error.find("is not a number"), std::string::npos) << error;
  }
  // Infinity spelled out is a value; a tiny number rounds to the nearest f32 with a note.
  std::string error, note;
  const auto inf = encode_field_value("f32", 4, "inf", error, note);
  ASSERT_TRUE(inf) << error;
  EXPECT_EQ(std::bit_cast<float>(std::to_integer<uint32_t>((*inf)[0]) | std::to_integer<uint32_t>((*inf)[1]) << 8 |
                                 std::to_integer<uint32_t>((*inf)[2]) << 16 | std::to_integer<uint32_t>((*inf)[3]) << 24),
            std::numeric_limits<float>::infinity());
  note.clear();
  EXPECT_TRUE(encode_field_value("f32", 4, "1e-400", error, note)) << error;
  EXPECT_NE(note, "");
  EXPECT_TRUE(encode_field_value("f32", 4, "3.4e38", error, note)) << error;
}

// The volume writer's copy of an untouched record (copy_into): the kernel
// appends the file's range where the stream stands, after what the stream
// still buffers and before what follows; a file it cannot copy from (a
// FIFO) appends nothing and says so, for the caller to copy by hand; a
// stream that is not an atomic write's is never copied into; and a copy cut
// by a full disk fails the write, leaving no file.
TEST_F(Outputs, AKernelCopyLandsWhereTheStreamStandsAndARefusedOneAppendsNothing) {
  put(dir / "source", "0123456789abcdef");
  const platform::ReadOnlyFile source(dir / "source");
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
  const platform::ReadOnlyFile pipe(dir / "pipe");
  ASSERT_TRUE(source.is_open() && pipe.is_open());
  bool copied = false, refused = true;
  const AtomicWrite written = write_file_atomically((dir / "out").string(), [&](std::ostream& out) {
    out << "head:";
    copied = copy_into(out, source, 3, 9);
    refused = copy_into(out, pipe, 0, 4);
    out << ":tail";
  });
  ASSERT_TRUE(written.ok) << written.error;
  EXPECT_TRUE(copied);
  EXPECT_FALSE(refused) << "a FIFO is no file the kernel copies from";
  EXPECT_EQ(text(dir / "out"), "head:3456789ab:tail");
  std::ostringstream not_atomic;
  EXPECT_FALSE(copy_into(not_atomic, source, 0, 4));
  EXPECT_TRUE(not_atomic.str().empty());
  {
    const FullDisk full(8);
    const AtomicWrite cut = write_file_atomically((dir / "cut").string(), [&](std::ostream& out) {
      out << "head:";
      EXPECT_TRUE(copy_into(out, source, 0, 16));
      EXPECT_FALSE(out) << "the copy passed the disk's end";
    });
    EXPECT_FALSE(cut.ok);
  }
  EXPECT_FALSE(fs::exists(dir / "cut"));
  EXPECT_EQ(temporaries(), 0u);
}

}  // namespace
}  // namespace meshgate
