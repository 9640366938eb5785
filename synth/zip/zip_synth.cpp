#include "synth/zip/zip_synth.hpp"

#include <zip.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "parser/zip/zip_diagnostic_codes.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/pac/pac_synth.hpp"

namespace meshgate::zip {

namespace {

// 2001-09-09: a fixed modification time, so a seed always gives the same bytes.
constexpr time_t kFixedTime = 1'000'000'000;

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error("zip_synth: " + what); }

std::vector<std::byte> noise(uint64_t seed, size_t size) {
  std::vector<std::byte> out(size);
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (std::byte& b : out) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    b = static_cast<std::byte>(x);
  }
  return out;
}

uint32_t get32(const std::vector<std::byte>& b, size_t at) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v |= static_cast<uint32_t>(b.at(at + i)) << (8 * i);
  return v;
}
void put32(std::vector<std::byte>& b, size_t at, uint32_t v) {
  for (size_t i = 0; i < 4; ++i) b.at(at + i) = static_cast<std::byte>(v >> (8 * i));
}
void put16(std::vector<std::byte>& b, size_t at, uint16_t v) {
  b.at(at) = static_cast<std::byte>(v), b.at(at + 1) = static_cast<std::byte>(v >> 8);
}

// The central directory entry of member `k` and its local header, found
// from the end record (never by searching for signatures inside data).
struct Headers {
  size_t central = 0, local = 0;
};
Headers headers_of(const std::vector<std::byte>& v, size_t k) {
  if (v.size() < 22) fail("no end record");
  const size_t eocd = v.size() - 22;  // write_volume writes no archive comment
  if (get32(v, eocd) != 0x06054b50) fail("end record not at the end");
  size_t at = get32(v, eocd + 16);
  for (size_t i = 0; i < k; ++i) {
    if (get32(v, at) != 0x02014b50) fail("central directory entry expected");
    at += 46 + (static_cast<size_t>(v.at(at + 28)) | static_cast<size_t>(v.at(at + 29)) << 8) +
          (static_cast<size_t>(v.at(at + 30)) | static_cast<size_t>(v.at(at + 31)) << 8) +
          (static_cast<size_t>(v.at(at + 32)) | static_cast<size_t>(v.at(at + 33)) << 8);
  }
  if (get32(v, at) != 0x02014b50) fail("central directory entry expected");
  return {at, get32(v, at + 42)};
}

// Sets member k's declared uncompressed size in both headers.
void declare_size(std::vector<std::byte>& v, size_t k, uint32_t size) {
  const Headers h = headers_of(v, k);
  put32(v, h.local + 22, size);
  put32(v, h.central + 24, size);
}

}  // namespace

std::vector<std::byte> write_volume(const std::vector<VolumeEntry>& entries) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* image = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!image) fail(zip_error_strerror(&error));
  zip_source_keep(image);  // the written archive is read back from it after zip_close
  zip_t* za = zip_open_from_source(image, ZIP_TRUNCATE, &error);
  if (!za) fail(zip_error_strerror(&error));
  for (const VolumeEntry& e : entries) {
    zip_int64_t index = -1;
    if (!e.name.empty() && e.name.back() == '/') {
      index = zip_dir_add(za, e.name.c_str(), ZIP_FL_ENC_RAW);
    } else {
      zip_source_t* data = zip_source_buffer(za, e.bytes.data(), e.bytes.size(), 0);
      if (!data) fail(zip_strerror(za));
      index = zip_file_add(za, e.name.c_str(), data, ZIP_FL_ENC_RAW);
      if (index < 0) zip_source_free(data);
      else zip_set_file_compression(za, static_cast<zip_uint64_t>(index),
                                    e.bzip2 ? ZIP_CM_BZIP2 : e.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 9);
    }
    if (index < 0) fail(zip_strerror(za));
    zip_file_set_mtime(za, static_cast<zip_uint64_t>(index), kFixedTime, 0);
  }
  if (zip_close(za) != 0) fail(zip_strerror(za));
  std::vector<std::byte> out;
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_source_stat(image, &st) != 0 || zip_source_open(image) != 0) fail("cannot read the written volume");
  out.resize(static_cast<size_t>(st.size));
  const zip_int64_t n = zip_source_read(image, out.data(), out.size());
  zip_source_close(image);
  zip_source_free(image);
  if (n != static_cast<zip_int64_t>(out.size())) fail("short read of the written volume");
  return out;
}

namespace {

std::vector<VolumeEntry> volume_entries(uint64_t seed, uint64_t i) {
  std::vector<VolumeEntry> e;
  e.push_back({"GData.afs/", {}, false});
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(seed + i, 2);
  e.push_back({"GData.afs/pl000_" + std::to_string(i) + ".mod", mods.at(0).bytes, true});
  e.push_back({"GData.afs/pl001_" + std::to_string(i) + ".mod", mods.at(1).bytes, false});
  std::vector<SynthFile> pacs = pac::synth_pac_corpus(pac::Kind::pac, seed + i, 3);
  e.push_back({"GData.afs/em000_" + std::to_string(i) + ".pac", pacs.back().bytes, i % 2 == 0});
  std::vector<SynthFile> pnsts = pac::synth_pac_corpus(pac::Kind::pnst, seed + i, 4);
  e.push_back({"GData.afs/em000_041_" + std::to_string(i) + ".pnst", pnsts.back().bytes, true});
  e.push_back({"GData.afs/em000_" + std::to_string(i) + ".ptx", noise(seed + i, 700), false});
  if (i % 4 == 3)  // a volume inside a volume, as an extracted corpus zipped again would be
    e.push_back({"inner.zip", write_volume({{"em.mod", mods.at(0).bytes, true}}), false});
  return e;
}

}  // namespace

void synth_volume_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "volume_%04llu.%s", static_cast<unsigned long long>(i), i % 3 == 2 ? "zip" : "nbz");
    if (!sink({name, write_volume(volume_entries(seed, i))})) return;
  }
}

std::vector<SynthFile> synth_volume_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> out;
  synth_volume_corpus(seed, count, [&](SynthFile&& f) {
    out.push_back(std::move(f));
    return true;
  });
  return out;
}

namespace {

// The smallest of a few generated MODs: a nested seed stays small.
std::vector<std::byte> small_mod(uint64_t seed) {
  std::vector<SynthFile> mods = mod::synth_mod_corpus(seed, 6);
  return std::min_element(mods.begin(), mods.end(), [](const SynthFile& a, const SynthFile& b) {
           return a.bytes.size() < b.bytes.size();
         })->bytes;
}

// A container of `members` in slots 0, 2, 3...: slot 1 stays empty, as in retail tables.
std::vector<std::byte> container(pac::Kind kind, std::vector<std::vector<std::byte>> members) {
  pac::ContainerDescription d;
  d.kind = kind;
  d.slot_count = static_cast<uint32_t>(members.size() + 1);
  for (size_t k = 0; k < members.size(); ++k)
    d.members.push_back({{static_cast<uint32_t>(k == 0 ? 0 : k + 1)}, std::move(members[k])});
  return pac::build_pac(d);
}

}  // namespace

std::vector<SynthFile> nested_volume_files(uint64_t seed) {
  const std::vector<std::byte> mod = small_mod(seed), other = small_mod(seed + 1);
  const std::vector<std::byte> pac_mod = container(pac::Kind::pac, {mod});
  const std::vector<std::byte> deep = container(
      pac::Kind::pac, {mod, container(pac::Kind::pnst, {other, container(pac::Kind::pac, {mod})})});
  constexpr bool kDeflate = true, kStore = false, kBzip2 = true;
  std::vector<SynthFile> out;
  out.push_back({"nested_volume_pac_mod.nbz",
                 write_volume({{"GData.afs/", {}, kStore},
                               {"inner.nbz", write_volume({{"GData.afs/em000.pac", pac_mod, kDeflate}}), kStore}})});
  out.push_back({"nested_volumes.zip",
                 write_volume({{"a.nbz", write_volume({{"pl000.mod", mod, kDeflate}}), kDeflate},
                               {"b.zip", write_volume({{"em000.pac", pac_mod, kStore}}), kStore},
                               {"c.nbz", write_volume({{"pl001.mod", other, kDeflate, kBzip2}}), kDeflate, kBzip2}})});
  out.push_back({"nested_bzip2.nbz",
                 write_volume({{"pl000.mod", mod, kDeflate, kBzip2},
                               {"em000.pac", pac_mod, kDeflate, kBzip2},
                               {"inner.zip", write_volume({{"pl001.mod", other, kDeflate, kBzip2}}), kDeflate, kBzip2}})});
  out.push_back({"nested_pac_pnst_pac.pac", deep});
  out.push_back({"nested_volume_pac_pnst_pac.nbz", write_volume({{"em000.pac", deep, kDeflate}})});
  return out;
}

std::vector<MalformedCase> malformed_volume_cases(uint64_t seed) {
  std::vector<MalformedCase> out;
  const std::vector<SynthFile> mods = mod::synth_mod_corpus(seed, 1);
  const std::vector<std::byte> mod = mods.at(0).bytes;
  const auto name = [](std::string_view code) {
    return "malformed_volume." + std::string(code.substr(code.find('.') + 1)) + ".nbz";
  };
  {  // cut inside its central directory: libzip cannot open it
    std::vector<std::byte> v = write_volume({{"em.mod", mod, false}, {"em2.mod", mod, false}});
    v.resize(v.size() - 30);
    out.push_back({codes::unreadable.code, {name(codes::unreadable.code), std::move(v)}});
  }
  {  // a MOD declared as 128 MiB: over the MOD limit, never inflated
    std::vector<std::byte> v = write_volume({{"em.mod", mod, true}});
    declare_size(v, 0, 128u << 20);
    out.push_back({codes::member_too_large.code, {name(codes::member_too_large.code), std::move(v)}});
  }
  {  // 20 PACs declared as 250 MiB each (under the PAC limit of 256 MiB):
     // 5,000 MiB in all, past 4 GiB, so the volume refuses the last four
    std::vector<VolumeEntry> entries;
    std::vector<SynthFile> pacs = pac::synth_pac_corpus(pac::Kind::pac, seed, 3);
    for (int k = 0; k < 20; ++k) entries.push_back({"em" + std::to_string(k) + ".pac", pacs.back().bytes, true});
    std::vector<std::byte> v = write_volume(entries);
    for (size_t k = 0; k < 20; ++k) declare_size(v, k, 250u << 20);
    out.push_back({codes::inflated_limit.code, {name(codes::inflated_limit.code), std::move(v)}});
  }
  {  // the encryption bit set on a stored member
    std::vector<std::byte> v = write_volume({{"em.mod", mod, false}});
    const Headers h = headers_of(v, 0);
    put16(v, h.local + 6, 1);
    put16(v, h.central + 8, 1);
    out.push_back({codes::member_unreadable.code, {name(codes::member_unreadable.code), std::move(v)}});
  }
  {  // a deflated MOD declared 16 bytes longer than it inflates to
    std::vector<std::byte> v = write_volume({{"em.mod", mod, true}});
    declare_size(v, 0, static_cast<uint32_t>(mod.size() + 16));
    out.push_back({codes::size_mismatch.code, {name(codes::size_mismatch.code), std::move(v)}});
  }
  {  // a member named to climb out of any folder it were extracted to
    std::vector<std::byte> v = write_volume({{"../../em.mod", mod, true}});
    out.push_back({codes::unsafe_name.code, {name(codes::unsafe_name.code), std::move(v)}});
  }
  return out;
}

}  // namespace meshgate::zip
