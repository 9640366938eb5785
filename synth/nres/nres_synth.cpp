#include "synth/nres/nres_synth.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>

#include "parser/core/checked_math.hpp"
#include "parser/nres/nres_diagnostic_codes.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_parser.hpp"
#include "synth/core/prng.hpp"

namespace meshgate::nres {

namespace {

// Types whose payloads meshgate keeps as bytes: Texm, MAT0 and WEAR payloads
// are parsed (parse_tree), so they come from `synth texm` / `synth materials`
// with real contents, never as random bytes.
constexpr std::array<uint32_t, 6> kFourCCs = {0x56415753 /*SWAV*/, 0x4C505845 /*EXPL*/, 0x54415453 /*STAT*/,
                                              0x44495846 /*FXID*/, 0x4853454D /*MESH*/, 0x444C5443 /*CTLD*/};
constexpr std::array<std::string_view, 8> kStems = {"TEXTURE", "model", "Land", "FX_", "a^b", "[x]", "Wear", "b_c"};

std::vector<std::byte> random_bytes(Prng& rng, size_t n) {
  std::vector<std::byte> out(n);
  for (auto& b : out) b = static_cast<std::byte>(rng.range(1, 255));
  return out;
}

ArchiveDescription random_description(Prng& rng, uint64_t index, int depth, SortFold fold) {
  ArchiveDescription d;
  d.uppercase_sort = fold == SortFold::upper;
  // Nested archives use small-integer stream type ids like Land.msh (terrain):
  // each holds a type-21 terrain face stream, so it stays a plain NRes archive
  // (MSH models, with typed streams, come from `synth msh`).
  const bool model = depth > 0;
  const size_t count = index % 20 == 19 ? 0 : rng.range(1, model ? 16 : 30);
  for (size_t i = 0; i < count; ++i) {
    EntryDescription e;
    e.type_id = model ? (i == 0 ? 21 : static_cast<uint32_t>(rng.range(1, 21))) : kFourCCs[rng.range(0, kFourCCs.size() - 1)];
    e.attr1 = static_cast<uint32_t>(rng.range(0, 500));
    e.attr2 = rng.chance(80) ? 0 : static_cast<uint32_t>(rng.range(1, 60));
    e.attr3 = static_cast<uint32_t>(rng.range(0, 68));
    // Drawn one statement each: the order of a call's arguments is the
    // compiler's (GCC and clang differ), and the corpus must not be. The
    // number is drawn first, as the GCC builds always did.
    const auto number = static_cast<unsigned long long>(rng.range(0, 999));
    const std::string stem(kStems[rng.range(0, kStems.size() - 1)]);
    char name[40];
    std::snprintf(name, sizeof name, "%s%llu.%s", stem.c_str(), number, model ? "dat" : "tex");
    e.name = name;
    if (index % 3 == 2 && rng.chance(50)) {
      for (size_t k = e.name.size() + 1; k < 36; ++k) e.name_tail.push_back(static_cast<uint8_t>(rng.range(0, 255)));
    }
    if (depth == 0 && index % 4 == 1 && rng.chance(30)) {
      e.name = "MODEL" + std::to_string(i) + ".MSH";
      e.type_id = kFourCCs[4];
      e.payload = build_nres(random_description(rng, index, depth + 1, fold));
    } else {
      e.payload = random_bytes(rng, rng.range(0, 3000));
    }
    d.entries.push_back(std::move(e));
  }
  d.data_order.resize(count);
  std::iota(d.data_order.begin(), d.data_order.end(), size_t{0});
  if (index % 5 == 2)
    for (size_t k = count; k > 1; --k) std::swap(d.data_order[k - 1], d.data_order[rng.range(0, k - 1)]);
  if (depth == 0 && index % 6 == 5) {
    d.unindexed_after = rng.range(0, count);
    d.unindexed_bytes = random_bytes(rng, rng.range(64, 512));
  }
  return d;
}

}  // namespace

ArchiveDescription random_archive_description(uint64_t seed, uint64_t index, SortFold fold) {
  Prng rng(seed * 0xC2B2AE3D27D4EB4Full ^ (index + 1) * 0x9E3779B97F4A7C15ull);
  rng.next();
  return random_description(rng, index, 0, fold);
}

void synth_nres_corpus(uint64_t seed, uint64_t count, SortFold fold, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "synth_%04llu.rlb", static_cast<unsigned long long>(i));
    if (!sink({name, build_nres(random_archive_description(seed, i, fold))})) return;
  }
}

std::vector<SynthFile> synth_nres_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_nres_corpus(seed, count, SortFold::lower, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

namespace {
void poke32(std::vector<std::byte>& b, uint64_t at, uint64_t v) { store_uint_le(std::span(b).subspan(at, 4), v, 4); }
uint64_t peek32(const std::vector<std::byte>& b, uint64_t at) { return load_uint_le(Bytes(b).subspan(at, 4), 4); }
}  // namespace

std::vector<MalformedCase> malformed_nres_cases(uint64_t seed) {
  // A fixed, warning-free base: payload sizes 13 (padded), 24 and 7.
  Prng rng(seed);
  ArchiveDescription base;
  for (const auto& [name, size] : {std::pair{"ALPHA.TEX", 13}, std::pair{"beta.mat", 24}, std::pair{"Gamma", 7}})
    base.entries.push_back({kFourCCs[0], 1, 0, 4, name, {}, random_bytes(rng, static_cast<size_t>(size))});
  const std::vector<std::byte> good = build_nres(base);
  const uint64_t size = good.size(), dir = size - 3 * kEntrySpec.size;
  auto field = [&](size_t i, size_t f) { return dir + i * kEntrySpec.size + kEntrySpec.fields[f].offset; };
  auto at_header = [](size_t f) { return uint64_t{kHeaderSpec.fields[f].offset}; };

  using B = std::vector<std::byte>;
  const uint64_t offset0 = peek32(good, field(0, entry::data_offset));
  const uint64_t sort0 = peek32(good, field(0, entry::sort_index)), sort1 = peek32(good, field(1, entry::sort_index));
  const std::vector<std::pair<std::string_view, std::function<void(B&)>>> mutations = {
      {codes::truncated_header.code, [](B& b) { b.resize(10); }},
      {codes::bad_magic.code, [](B& b) { b[0] = std::byte{'X'}; }},
      {codes::unsupported_container.code,
       [](B& b) {
         b.assign(32, std::byte{0});
         b[0] = std::byte{'N'}, b[1] = std::byte{'L'}, b[3] = std::byte{1};
       }},
      {codes::bad_version.code, [&](B& b) { poke32(b, at_header(hdr::version), 0x101); }},
      {codes::negative_count.code, [&](B& b) { poke32(b, at_header(hdr::entry_count), 0xFFFFFFFF); }},
      {codes::limit_exceeded.code, [&](B& b) { poke32(b, at_header(hdr::entry_count), 2u << 20); }},
      {codes::total_size_mismatch.code, [&](B& b) { poke32(b, at_header(hdr::total_size), size + 1); }},
      {codes::directory_out_of_bounds.code, [&](B& b) { poke32(b, at_header(hdr::entry_count), size / 64 + 1); }},
      {codes::entry_out_of_bounds.code, [&](B& b) { poke32(b, field(0, entry::data_offset), dir); }},
      {codes::name_unterminated.code,
       [&](B& b) { std::fill_n(b.begin() + static_cast<std::ptrdiff_t>(field(0, entry::name)), 36, std::byte{'A'}); }},
      {codes::name_empty.code, [&](B& b) { b[field(0, entry::name)] = std::byte{0}; }},
      {codes::payload_overlap.code, [&](B& b) { poke32(b, field(1, entry::data_offset), offset0); }},
      {codes::sort_index_out_of_range.code, [&](B& b) { poke32(b, field(0, entry::sort_index), 8); }},
      {codes::sort_not_permutation.code, [&](B& b) { poke32(b, field(1, entry::sort_index), sort0); }},
      {codes::sort_order_mismatch.code,
       [&](B& b) {
         poke32(b, field(0, entry::sort_index), sort1);
         poke32(b, field(1, entry::sort_index), sort0);
       }},
      {codes::sort_order_uppercase_fold.code,
       [&](B& b) {
         // "B_1" < "BA1" under lowercase folding ('_' < 'a'), the reverse under uppercase.
         ArchiveDescription d;
         d.uppercase_sort = true;
         d.entries.push_back({kFourCCs[0], 0, 0, 0, "B_1", {}, random_bytes(rng, 8)});
         d.entries.push_back({kFourCCs[0], 0, 0, 0, "BA1", {}, random_bytes(rng, 8)});
         b = build_nres(d);
       }},
      {codes::nonzero_padding.code, [&](B& b) { b[offset0 + 13] = std::byte{0xFF}; }},
      {codes::payload_misaligned.code,
       [&](B& b) {
         poke32(b, field(0, entry::data_offset), offset0 + 1);
         poke32(b, field(0, entry::size), 12);
       }},
      {codes::unindexed_region.code, [&](B& b) { poke32(b, field(0, entry::size), 0); }},
      {codes::duplicate_name.code,
       [&](B& b) {
         // Equal as _strcmpi compares: a lookup by name finds only one.
         ArchiveDescription d = base;
         d.entries[1].name = "alpha.tex";
         b = build_nres(d);
       }},
  };
  std::vector<MalformedCase> cases;
  for (const auto& [code, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".rlb", good}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::nres
