#include "synth/pac/pac_synth.hpp"

#include <cstdio>
#include <functional>
#include <string_view>

#include "parser/core/byte_reader.hpp"
#include "parser/pac/pac_diagnostic_codes.hpp"
#include "synth/core/prng.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/mod/mod_layout_builder.hpp"

namespace meshgate::pac {

namespace {

std::vector<std::byte> opaque_blob(Prng& rng) {
  // Never a magic meshgate would classify: the first byte is not 'M' or 'P'.
  std::vector<std::byte> out(static_cast<size_t>(rng.range(1, 700)));
  for (auto& b : out) b = static_cast<std::byte>(rng.range(0, 255));
  out[0] = static_cast<std::byte>(rng.range(0x00, 0x3F));
  return out;
}

ContainerDescription random_description(Prng& rng, Kind kind, uint64_t seed, uint64_t index, int depth) {
  ContainerDescription d;
  d.kind = kind;
  d.alignment = 16;
  d.phase = rng.chance(50) ? 8 : 0;  // retail offsets are 0 or 8 mod 16
  d.padding = std::byte{0};
  if (depth == 0 && index % 7 == 6) return d;  // zero slots: an 8-byte container
  d.slot_count = static_cast<uint32_t>(rng.range(1, depth == 0 ? 24 : 6));
  for (uint32_t s = 0; s < d.slot_count; ++s) {
    if (rng.chance(35)) continue;  // sparse: the slot stays empty, and stays slot s
    MemberDescription m;
    m.slots = {s};
    const uint64_t pick = rng.range(0, 99);
    if (pick < 45) {
      m.bytes = mod::build_mod(mod::random_mod_description(seed ^ 0x5AC, index * 977 + s + 1000 * static_cast<uint64_t>(depth))).bytes;
    } else if (pick < 60 && depth < 2) {
      const Kind inner = rng.chance(50) ? Kind::pac : Kind::pnst;  // PNST inside PAC and the other way round
      m.bytes = build_pac(random_description(rng, inner, seed, index * 31 + s, depth + 1));
    } else {
      m.bytes = opaque_blob(rng);
    }
    d.members.push_back(std::move(m));
  }
  // Members are laid out in slot order usually, shuffled sometimes: offsets
  // need not ascend with slot numbers.
  if (index % 4 == 3)
    for (size_t k = d.members.size(); k > 1; --k) std::swap(d.members[k - 1], d.members[rng.range(0, k - 1)]);
  return d;
}

}  // namespace

ContainerDescription random_container_description(Kind kind, uint64_t seed, uint64_t index) {
  Prng rng(seed * 0x94D049BB133111EBull ^ (index + 1) * 0xBF58476D1CE4E5B9ull ^ (kind == Kind::pnst ? 0x55 : 0));
  rng.next();
  return random_description(rng, kind, seed, index, 0);
}

void synth_pac_corpus(Kind kind, uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "synth_%04llu.%s", static_cast<unsigned long long>(i), kind == Kind::pac ? "pac" : "pnst");
    if (!sink({name, build_pac(random_container_description(kind, seed, i))})) return;
  }
}

std::vector<SynthFile> synth_pac_corpus(Kind kind, uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_pac_corpus(kind, seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

std::vector<MalformedCase> malformed_pac_cases(uint64_t seed) {
  // A fixed, warning-free base: 4 slots, slot 1 empty, members of 40, 24 and
  // 16 bytes, 16-aligned, the first after an 8-byte zero gap behind the table.
  Prng rng(seed);
  ContainerDescription base;
  base.kind = Kind::pac;
  base.slot_count = 4;
  for (uint32_t s : {0u, 2u, 3u}) {
    MemberDescription m{{s}, opaque_blob(rng)};
    m.bytes.resize(s == 0 ? 40 : s == 2 ? 24 : 16, std::byte{0x11});
    base.members.push_back(std::move(m));
  }
  const std::vector<std::byte> good = build_pac(base);
  const uint64_t size = good.size();
  using B = std::vector<std::byte>;
  auto poke32 = [](B& b, uint64_t at, uint64_t v) { store_uint_le(std::span(b).subspan(static_cast<size_t>(at), 4), v, 4); };
  auto peek32 = [](const B& b, uint64_t at) { return load_uint_le(Bytes(b).subspan(static_cast<size_t>(at), 4), 4); };
  auto slot_at = [](uint64_t k) { return kHeaderSpec.size + k * uint64_t{kSlotSpec.size}; };
  const uint64_t offset0 = peek32(good, slot_at(0));
  const uint64_t count_at = kHeaderSpec.fields[hdr::slot_count].offset;
  const std::vector<std::pair<std::string_view, std::function<void(B&)>>> mutations = {
      {codes::truncated_header.code, [](B& b) { b.resize(6); }},
      {codes::bad_magic.code, [](B& b) { b[2] = std::byte{'X'}; }},
      {codes::slot_limit.code, [&](B& b) { poke32(b, count_at, 0xFFFFFFFFu); }},
      {codes::table_out_of_bounds.code, [&](B& b) { poke32(b, count_at, size / 4); }},
      {codes::offset_into_table.code, [&](B& b) { poke32(b, slot_at(0), slot_at(3)); }},
      {codes::offset_out_of_bounds.code, [&](B& b) { poke32(b, slot_at(3), size); }},
      {codes::shared_extent.code, [&](B& b) { poke32(b, slot_at(1), offset0); }},
      {codes::unclaimed_bytes.code, [&](B& b) { b[table_end(4)] = std::byte{0xEE}; }},
  };
  std::vector<MalformedCase> cases;
  for (const auto& [code, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".pac", good}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::pac
