// The NBZ/ZIP volume writer (writer/zip/, docs/spec/dmc3-containers.md §2.1):
// replace, add and remove over stored, deflate and bzip2 members; every
// untouched member's local record byte-identical at its new offset; data
// descriptors, extra fields and comments kept; ZIP64 written (forced by a
// low threshold) and read again; refusals and hostile framing write nothing.
// Every volume written here is also saved when MESHGATE_ZIP_REWRITE_DUMP
// names a folder, with the members it must hold, for the independent readers
// (zip_rewrite_readers.sh: Info-ZIP's unzip -t and Python's zipfile).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <set>

#include "parser/zip/zip_directory.hpp"
#include "parser/zip/zip_rewrite_codes.hpp"
#include "parser/zip/zip_volume.hpp"
#include "platform/read_only_file.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/zip/zip_compress.hpp"
#include "writer/zip/zip_rewrite.hpp"

namespace meshgate {
// Its own namespace: the test files are compiled in unity batches, and these
// helpers' short names must not meet another file's.
namespace zip_rewrite_tests {
namespace {

using zip::Edit;
using zip::EditKind;
using Contents = std::map<std::string, std::vector<std::byte>>;

std::vector<std::byte> pattern(size_t size, uint32_t seed, bool smooth = true) {
  std::vector<std::byte> out(size);
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < size; ++i) {
    x = x * 1103515245u + 12345u;
    out[i] = static_cast<std::byte>(smooth ? (i / 7 + seed) & 0x3F : x >> 24);
  }
  return out;
}

std::vector<std::byte> text(std::string_view s) {
  const auto* p = reinterpret_cast<const std::byte*>(s.data());
  return {p, p + s.size()};
}

// A volume of a directory and one member of each method meshgate writes, by libzip (synth).
std::vector<std::byte> three_methods() {
  std::vector<zip::VolumeEntry> entries;
  entries.push_back({"GData.afs/", {}, false, false});
  entries.push_back({"GData.afs/stored.bin", pattern(3000, 1, false), false, false});
  entries.push_back({"GData.afs/em000.pac", pattern(20000, 2), true, false});
  entries.push_back({"GData.afs/bz.bin", pattern(9000, 3), false, true});
  entries.push_back({"GData.afs/tail.bin", pattern(500, 4, false), true, false});
  return zip::write_volume(entries);
}

// Every member's bytes, read back through libzip (an independent reader of
// what meshgate wrote: its consistency check compares local headers with
// the central directory).
Contents read_members(const std::vector<std::byte>& volume, std::map<std::string, uint16_t>* methods = nullptr) {
  const auto parsed = zip::parse_volume(volume);
  EXPECT_TRUE(parsed.ok()) << (parsed.diagnostics.empty() ? "" : parsed.diagnostics.front().message);
  Contents out;
  if (!parsed.ok()) return out;
  for (const zip::Member& m : parsed.volume->members) {
    auto inflated = parsed.volume->inflate(m, uint64_t{1} << 30);
    EXPECT_FALSE(inflated.problem) << m.name << ": " << inflated.problem->message;
    out[m.name] = std::move(inflated.bytes);
    if (methods) (*methods)[m.name] = m.method;
  }
  return out;
}

zip::Directory directory_of(const std::vector<std::byte>& volume) {
  zip::BytesSource source(volume);
  auto read = zip::read_directory(source, 1'000'000);
  EXPECT_TRUE(read.directory) << read.problem->path << ": " << read.problem->message;
  return read.directory ? std::move(*read.directory) : zip::Directory{};
}

// The extra fields but the ZIP64 one, as (id, bytes).
std::vector<std::pair<uint16_t, std::vector<std::byte>>> other_extras(Bytes area) {
  std::vector<std::pair<uint16_t, std::vector<std::byte>>> out;
  for (const auto& f : zip::extra_fields(area))
    if (f.id != zip::kZip64ExtraId) out.push_back({f.id, {f.data.begin(), f.data.end()}});
  return out;
}

// Each untouched member's local record (header, data, descriptor) is the
// same bytes in `after` as in `before`, wherever it now starts.
void expect_verbatim(const std::vector<std::byte>& before, const std::vector<std::byte>& after,
                     const std::set<std::string>& edited) {
  const auto old_dir = directory_of(before), new_dir = directory_of(after);
  std::map<std::string, const zip::CentralEntry*> now;
  for (const auto& e : new_dir.entries) now[e.name] = &e;
  size_t checked = 0;
  for (const auto& e : old_dir.entries) {
    if (edited.count(e.name)) continue;
    ASSERT_TRUE(now.count(e.name)) << e.name << " is gone";
    const auto* n = now[e.name];
    const uint64_t length = e.record_end() - e.local_offset;
    ASSERT_EQ(n->record_end() - n->local_offset, length) << e.name;
    EXPECT_TRUE(std::equal(before.begin() + static_cast<ptrdiff_t>(e.local_offset),
                           before.begin() + static_cast<ptrdiff_t>(e.record_end()),
                           after.begin() + static_cast<ptrdiff_t>(n->local_offset)))
        << e.name << " is not its old record at " << n->local_offset;
    // The central record too: all of it but its offset (bytes 42..45) while
    // that fits 32 bits; once it moves into a ZIP64 extra, its name, comment
    // and every other extra field.
    if (e.u32_at(42) != zip::kZip64Size && n->u32_at(42) != zip::kZip64Size) {
      EXPECT_TRUE(std::equal(e.record.begin(), e.record.begin() + 42, n->record.begin())) << e.name;
      EXPECT_TRUE(std::equal(e.record.begin() + 46, e.record.end(), n->record.begin() + 46, n->record.end())) << e.name;
    } else {
      EXPECT_TRUE(std::ranges::equal(e.comment(), n->comment())) << e.name;
      EXPECT_EQ(other_extras(e.extra()), other_extras(n->extra())) << e.name;
    }
    ++checked;
  }
  const auto untouched = std::ranges::count_if(old_dir.entries, [&](auto& e) { return edited.count(e.name) == 0; });
  EXPECT_EQ(checked, static_cast<size_t>(untouched));
}

// Saves a written volume and what it must hold for zip_rewrite_readers.sh:
// NAME.zip and NAME.members ("crc32 size name" a line, crc32 in hex).
void dump(const std::string& name, const std::vector<std::byte>& volume, const Contents& expected) {
  const char* folder = std::getenv("MESHGATE_ZIP_REWRITE_DUMP");
  if (!folder) return;
  const std::filesystem::path base = std::filesystem::path(folder) / name;
  std::ofstream(base.string() + ".zip", std::ios::binary)
      .write(reinterpret_cast<const char*>(volume.data()), static_cast<std::streamsize>(volume.size()));
  std::ofstream list(base.string() + ".members");
  for (const auto& [member, bytes] : expected) {
    char crc[9];
    std::snprintf(crc, sizeof crc, "%08x", zip::crc32_of(bytes));
    list << crc << ' ' << bytes.size() << ' ' << member << '\n';
  }
}

// Rewrites, checks that libzip reads `expected` back and that every member
// not edited kept its record verbatim, and saves the result for the readers.
std::vector<std::byte> rewrite_and_check(const std::string& label, const std::vector<std::byte>& before,
                                         std::vector<Edit> edits, const Contents& expected,
                                         const zip::RewriteOptions& options = {}) {
  std::set<std::string> edited;
  for (const Edit& e : edits) edited.insert(e.name);
  auto out = zip::rewrite_zip(before, std::move(edits), options);
  EXPECT_FALSE(out.problem) << label << ": " << out.problem->path << ": " << out.problem->message;
  if (out.problem) return {};
  EXPECT_EQ(read_members(out.bytes), expected) << label;
  expect_verbatim(before, out.bytes, edited);
  dump(label, out.bytes, expected);
  return std::move(out.bytes);
}

Edit replace(std::string name, std::vector<std::byte> bytes) { return {EditKind::replace, std::move(name), std::move(bytes)}; }
Edit add(std::string name, std::vector<std::byte> bytes) { return {EditKind::add, std::move(name), std::move(bytes)}; }
Edit remove(std::string name) { return {EditKind::remove, std::move(name), {}}; }

TEST(ZipRewrite, ReplacesAStoredADeflatedAndABzip2MemberWithItsOwnMethod) {
  const auto before = three_methods();
  std::map<std::string, uint16_t> methods_before;
  const Contents original = read_members(before, &methods_before);
  for (const std::string name : {"GData.afs/stored.bin", "GData.afs/em000.pac", "GData.afs/bz.bin"}) {
    Contents expected = original;
    expected[name] = pattern(12345, 9, name != "GData.afs/stored.bin");
    const auto after = rewrite_and_check("replace-" + name.substr(10), before, {replace(name, expected[name])}, expected);
    std::map<std::string, uint16_t> methods_after;
    (void)read_members(after, &methods_after);
    EXPECT_EQ(methods_after, methods_before) << name;
  }
}

TEST(ZipRewrite, AddsAMemberDeflatedOrStoredAndRemovesOne) {
  const auto before = three_methods();
  Contents expected = read_members(before);
  expected["GData.afs/new.mod"] = pattern(4000, 5);
  expected["GData.afs/noise.bin"] = pattern(4000, 6, false);
  const auto added = rewrite_and_check(
      "add", before, {add("GData.afs/new.mod", expected["GData.afs/new.mod"]), add("GData.afs/noise.bin", expected["GData.afs/noise.bin"])},
      expected);
  std::map<std::string, uint16_t> methods;
  (void)read_members(added, &methods);
  EXPECT_EQ(methods["GData.afs/new.mod"], zip::kMethodDeflate);
  EXPECT_EQ(methods["GData.afs/noise.bin"], zip::kMethodStored);  // deflate would not make it smaller
  expected.erase("GData.afs/em000.pac");
  expected.erase("GData.afs/stored.bin");
  (void)rewrite_and_check("remove", added, {remove("GData.afs/em000.pac"), remove("GData.afs/stored.bin")}, expected);
}

TEST(ZipRewrite, ReplaceRemoveAndAddInOneRewrite) {
  const auto before = three_methods();
  Contents expected = read_members(before);
  expected["GData.afs/bz.bin"] = pattern(100, 7);
  expected.erase("GData.afs/tail.bin");
  expected["x/\xc3\xa9.bin"] = pattern(10, 8);  // a UTF-8 name
  (void)rewrite_and_check("mixed", before,
                          {replace("GData.afs/bz.bin", expected["GData.afs/bz.bin"]), remove("GData.afs/tail.bin"),
                           add("x/\xc3\xa9.bin", expected["x/\xc3\xa9.bin"])},
                          expected);
}

TEST(ZipRewrite, NoEditsGiveTheVolumeBack) {
  const auto before = three_methods();
  const auto out = zip::rewrite_zip(before, {});
  ASSERT_FALSE(out.problem);
  EXPECT_EQ(out.bytes, before);
}

// A ZIP built field by field, for what libzip does not write: data
// descriptors, extra fields of both copies, member and archive comments,
// encrypted flags, other methods.
struct RawMember {
  std::string name;
  std::vector<std::byte> stored;  // the data as stored (compressed or not)
  std::vector<std::byte> plain;   // what it inflates to (CRC-32 and size)
  uint16_t method = 0;
  uint16_t flags = 0;
  std::vector<std::byte> local_extra, central_extra;
  std::string comment;
  int descriptor = 0;  // 0 none, 12 without signature, 16 with it
};

void le(std::vector<std::byte>& v, uint64_t value, size_t width) { append_uint_le(v, value, width); }
void raw(std::vector<std::byte>& v, const std::vector<std::byte>& bytes) { v.insert(v.end(), bytes.begin(), bytes.end()); }
void raw(std::vector<std::byte>& v, std::string_view s) { raw(v, text(s)); }

std::vector<std::byte> raw_zip(const std::vector<RawMember>& members, std::string_view archive_comment) {
  std::vector<std::byte> v, central;
  for (const RawMember& m : members) {
    const uint32_t crc = zip::crc32_of(m.plain);
    const bool dd = m.descriptor != 0;
    const uint64_t offset = v.size();
    le(v, 0x04034b50, 4), le(v, 20, 2), le(v, m.flags | (dd ? 8 : 0), 2), le(v, m.method, 2), le(v, 0x6000, 2);
    le(v, 0x5821, 2), le(v, dd ? 0 : crc, 4), le(v, dd ? 0 : m.stored.size(), 4), le(v, dd ? 0 : m.plain.size(), 4);
    le(v, m.name.size(), 2), le(v, m.local_extra.size(), 2), raw(v, m.name), raw(v, m.local_extra), raw(v, m.stored);
    if (m.descriptor == 16) le(v, 0x08074b50, 4);
    if (dd) le(v, crc, 4), le(v, m.stored.size(), 4), le(v, m.plain.size(), 4);
    le(central, 0x02014b50, 4), le(central, 0x031e, 2), le(central, 20, 2), le(central, m.flags | (dd ? 8 : 0), 2);
    le(central, m.method, 2), le(central, 0x6000, 2), le(central, 0x5821, 2), le(central, crc, 4);
    le(central, m.stored.size(), 4), le(central, m.plain.size(), 4), le(central, m.name.size(), 2);
    le(central, m.central_extra.size(), 2), le(central, m.comment.size(), 2), le(central, 0, 4), le(central, 0x81a40000, 4);
    le(central, offset, 4), raw(central, m.name), raw(central, m.central_extra), raw(central, m.comment);
  }
  const uint64_t at = v.size();
  raw(v, central);
  le(v, 0x06054b50, 4), le(v, 0, 4), le(v, members.size(), 2), le(v, members.size(), 2), le(v, central.size(), 4);
  le(v, at, 4), le(v, archive_comment.size(), 2), raw(v, archive_comment);
  return v;
}

RawMember stored_member(std::string name, std::vector<std::byte> bytes) {
  RawMember m;
  m.name = std::move(name);
  m.stored = bytes;
  m.plain = std::move(bytes);
  return m;
}

// An extra field the writer knows nothing about (id 0xCAFE) and an extended timestamp (UT).
std::vector<std::byte> some_extra(uint8_t seed) {
  std::vector<std::byte> e;
  le(e, 0xCAFE, 2), le(e, 3, 2), le(e, seed, 1), le(e, seed + 1, 1), le(e, seed + 2, 1);
  le(e, 0x5455, 2), le(e, 5, 2), le(e, 1, 1), le(e, 0x5f5e1000u + seed, 4);
  return e;
}

std::vector<std::byte> framed_volume() {
  std::vector<RawMember> m;
  m.push_back(stored_member("a/first.bin", pattern(300, 1)));
  m.back().local_extra = some_extra(1), m.back().central_extra = some_extra(2), m.back().comment = "first's comment";
  m.push_back(stored_member("a/descriptor16.bin", pattern(200, 2)));
  m.back().descriptor = 16;
  m.push_back(stored_member("a/descriptor12.bin", pattern(100, 3)));
  m.back().descriptor = 12, m.back().central_extra = some_extra(3);
  m.push_back(stored_member("a/last.bin", pattern(50, 4)));
  m.back().local_extra = some_extra(4), m.back().comment = "last";
  return raw_zip(m, "the archive's comment");
}

TEST(ZipRewrite, DataDescriptorsExtraFieldsAndCommentsAreKept) {
  const auto before = framed_volume();
  const Contents original = read_members(before);
  ASSERT_EQ(original.size(), 4u);
  const auto dir = directory_of(before);
  EXPECT_EQ(dir.entries[1].descriptor_size, 16u);
  EXPECT_EQ(dir.entries[2].descriptor_size, 12u);
  for (const std::string name : {"a/first.bin", "a/descriptor16.bin", "a/descriptor12.bin", "a/last.bin"}) {
    Contents expected = original;
    expected[name] = pattern(777, 5);
    const auto after = rewrite_and_check("framed-" + name.substr(2), before, {replace(name, expected[name])}, expected);
    const auto now = directory_of(after);
    EXPECT_EQ(now.comment, text("the archive's comment"));
    for (size_t i = 0; i < now.entries.size(); ++i) {
      const auto& e = now.entries[i];
      // The replaced member's extra fields and comment survive (central and local); no descriptor any more.
      EXPECT_TRUE(std::ranges::equal(e.extra(), dir.entries[i].extra())) << e.name;
      EXPECT_TRUE(std::ranges::equal(e.comment(), dir.entries[i].comment())) << e.name;
      if (e.name == name) {
        EXPECT_EQ(e.descriptor_size, 0u);
        EXPECT_EQ(e.flags & zip::kFlagDescriptor, 0);
        EXPECT_EQ(e.local_header_size, dir.entries[i].local_header_size) << "the local extra is kept";
      }
    }
  }
}

TEST(ZipRewrite, Zip64IsWrittenWhenAValueReachesTheThresholdAndReadAgain) {
  const auto before = three_methods();
  Contents expected = read_members(before);
  expected["GData.afs/em000.pac"] = pattern(5000, 11);
  const zip::RewriteOptions forced{.zip64_threshold = 1};  // every size and offset but 0 through ZIP64
  const auto wide = rewrite_and_check("zip64-forced", before, {replace("GData.afs/em000.pac", expected["GData.afs/em000.pac"])},
                                      expected, forced);
  const auto dir = directory_of(wide);
  EXPECT_TRUE(dir.zip64_end);
  size_t deferred = 0;
  for (const auto& e : dir.entries) deferred += e.u32_at(42) == zip::kZip64Size;
  EXPECT_EQ(deferred, dir.entries.size() - 1) << "every offset but the first member's is in its ZIP64 extra";
  for (const auto& e : dir.entries)
    if (e.name == "GData.afs/em000.pac") {
      EXPECT_EQ(e.u32_at(20), zip::kZip64Size) << "the new sizes too";
    }
  // Read again at the format's own threshold: ZIP64 offsets stay where they are, the end records too.
  expected.erase("GData.afs/stored.bin");
  expected["GData.afs/new.bin"] = pattern(64, 12);
  const auto again = rewrite_and_check("zip64-again", wide, {remove("GData.afs/stored.bin"), add("GData.afs/new.bin", expected["GData.afs/new.bin"])},
                                       expected);
  EXPECT_TRUE(directory_of(again).zip64_end);
}

TEST(ZipRewrite, StreamingFromAFileWritesTheSameBytes) {
  const auto before = three_methods();
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("zip_rewrite_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in.zip";
  std::ofstream(in, std::ios::binary).write(reinterpret_cast<const char*>(before.data()), static_cast<std::streamsize>(before.size()));
  const std::vector<Edit> edits{replace("GData.afs/stored.bin", pattern(40000, 13, false))};
  {  // the file closed before its folder is removed: Windows refuses to remove an open file
    platform::ReadOnlyFile file(in);
    zip::FileSource source(file);
    auto planned = zip::plan_rewrite(source, edits);
    ASSERT_TRUE(planned.rewrite);
    std::ostringstream streamed;
    ASSERT_TRUE(zip::write_rewrite(*planned.rewrite, source, streamed));
    const auto whole = zip::rewrite_zip(before, edits);
    ASSERT_FALSE(whole.problem);
    EXPECT_EQ(streamed.str(), std::string(reinterpret_cast<const char*>(whole.bytes.data()), whole.bytes.size()));
    EXPECT_EQ(planned.rewrite->size, whole.bytes.size());
  }
  std::filesystem::remove_all(dir);
}

void expect_refused(const std::vector<std::byte>& volume, std::vector<Edit> edits, std::string_view code,
                    std::string_view words) {
  const auto out = zip::rewrite_zip(volume, std::move(edits));
  ASSERT_TRUE(out.problem) << words;
  EXPECT_EQ(out.problem->code, code) << out.problem->message;
  EXPECT_NE((out.problem->path + " " + out.problem->message).find(words), std::string::npos)
      << out.problem->path << ": " << out.problem->message;
  EXPECT_TRUE(out.bytes.empty()) << "nothing is written";
}

TEST(ZipRewrite, RefusesEditsItCannotMakeNamingTheMember) {
  const auto volume = three_methods();
  const auto& refused = zip::rewrite_codes::refused.code;
  expect_refused(volume, {replace("GData.afs/nothere", {})}, refused, "members[GData.afs/nothere]");
  expect_refused(volume, {replace("gdata.afs/stored.bin", {})}, refused, "is not a member");  // names match exactly
  expect_refused(volume, {add("GData.afs/bz.bin", {})}, refused, "already in the volume");
  expect_refused(volume, {remove("GData.afs/bz.bin"), replace("GData.afs/bz.bin", {})}, refused, "edited twice");
  expect_refused(volume, {replace("GData.afs/", text("x"))}, refused, "directory");
  expect_refused(volume, {add("new/", {})}, refused, "not a name");
  std::vector<RawMember> odd{stored_member("secret.bin", pattern(64, 1)), stored_member("lzma.bin", pattern(64, 2))};
  odd[0].flags = zip::kFlagEncrypted;
  odd[1].method = 14;
  const auto raw = raw_zip(odd, "");
  expect_refused(raw, {replace("secret.bin", text("x"))}, refused, "secret.bin] is encrypted");
  expect_refused(raw, {replace("lzma.bin", text("x"))}, refused, "LZMA (14), which meshgate cannot write");
  // Untouched, both are copied as they are.
  const auto kept = zip::rewrite_zip(raw, {add("plain.bin", text("plain"))});
  ASSERT_FALSE(kept.problem) << kept.problem->message;
  EXPECT_TRUE(std::equal(raw.begin(), raw.begin() + static_cast<ptrdiff_t>(directory_of(raw).directory_offset), kept.bytes.begin()));
}

TEST(ZipRewrite, AnEmptyVolumeTakesAMemberAndGivesItBack) {
  const auto empty = raw_zip({}, "");  // the end record alone (libzip writes no file for no member)
  Contents expected{{"GData.afs/first.mod", pattern(2000, 14)}};
  const auto one = rewrite_and_check("empty-add", empty, {add("GData.afs/first.mod", expected["GData.afs/first.mod"])}, expected);
  const auto none = rewrite_and_check("empty-again", one, {remove("GData.afs/first.mod")}, {});
  EXPECT_EQ(none, empty);
}

TEST(ZipRewrite, HostileFramingIsRefusedBeforeAnythingIsWritten) {
  const auto good = framed_volume();
  const auto dir = directory_of(good);
  const uint64_t end_at = good.size() - 22 - std::string_view("the archive's comment").size();
  const auto& unreadable = zip::rewrite_codes::unreadable.code;
  auto patched = [&](uint64_t at, uint64_t value, size_t width) {
    auto v = good;
    store_uint_le(std::span(v).subspan(static_cast<size_t>(at)), value, width);
    return v;
  };
  expect_refused(std::vector<std::byte>(good.begin(), good.end() - 3), {}, unreadable, "no end of central directory");
  expect_refused(patched(end_at + 8, 0xFFFFFFFF, 4), {}, unreadable, "more members than the central directory");
  expect_refused(patched(end_at + 8, 3, 2), {}, unreadable, "spanned");
  expect_refused(patched(end_at + 16, dir.directory_offset - 1, 4), {}, unreadable, "does not end where");
  const uint64_t second = dir.directory_offset + dir.entries[0].record.size();
  // Two entries of one record (same name, same data, one offset): it could not be moved once.
  auto shared = raw_zip({stored_member("dup.bin", pattern(9, 1)), stored_member("dup.bin", pattern(9, 1))}, "");
  store_uint_le(std::span(shared).subspan(shared.size() - 22 - 46 - 7 + 42), 0, 4);
  expect_refused(shared, {}, unreadable, "overlaps");
  expect_refused(patched(second + 42, 7, 4), {}, unreadable, "no local header");
  expect_refused(patched(second + 20, 0xFFFFFFFF, 4), {}, unreadable, "ZIP64 extra");
  expect_refused(patched(second + 16, 0x12345678, 4), {}, unreadable, "data descriptor disagrees");
  expect_refused(patched(dir.entries[3].local_offset + 30, 'A', 1), {}, unreadable, "names another member");
  expect_refused(patched(second + 20, 1'000'000, 4), {}, unreadable, "runs into the central directory");
}

}  // namespace
}  // namespace zip_rewrite_tests
}  // namespace meshgate
