#include "synth/rsli/rsli_synth.hpp"

#include <array>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "parser/core/byte_reader.hpp"
#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_diagnostic_codes.hpp"
#include "parser/rsli/rsli_fields.hpp"
#include "synth/core/prng.hpp"
#include "synth/texm/texm_synth.hpp"

namespace meshgate::rsli {

namespace {

constexpr std::array kMethods{Method::stored, Method::xor_only, Method::lzss,   Method::xor_lzss,
                              Method::lzhuf,  Method::xor_lzhuf, Method::deflate};

std::string numbered(const char* pattern, uint64_t a, uint64_t b) {
  char name[32];
  std::snprintf(name, sizeof name, pattern, static_cast<unsigned>(a % 1000), static_cast<unsigned>(b % 1000));
  return name;
}

// Words from a small vocabulary: what compresses as retail text does.
std::vector<std::byte> words(Prng& rng, size_t size) {
  static constexpr std::array<std::string_view, 8> kWords{"stone ", "water ", "tower ", "gate ",
                                                          "light ", "road ",  "iron ",  "sky "};
  std::vector<std::byte> out;
  while (out.size() < size)
    for (const char c : kWords[rng.range(0, kWords.size() - 1)]) out.push_back(static_cast<std::byte>(c));
  out.resize(size);
  return out;
}

// A gradient with noise in its low bits: an image's worth of near repeats.
std::vector<std::byte> gradient(Prng& rng, size_t size) {
  std::vector<std::byte> out(size);
  for (size_t i = 0; i < size; ++i) out[i] = static_cast<std::byte>((i / 7 + (rng.next() & 3)) & 0xFF);
  return out;
}

std::vector<std::byte> plain_of(Prng& rng, uint64_t kind) {
  const size_t size = static_cast<size_t>(rng.range(0, 3) == 0 ? rng.range(0, 16) : rng.range(64, 6000));
  if (kind % 3 == 0) return words(rng, size);
  if (kind % 3 == 1) return gradient(rng, size);
  std::vector<std::byte> out(size);
  for (std::byte& b : out) b = static_cast<std::byte>(rng.next());
  return out;
}

std::vector<std::byte> bytes_of(const WriteResult& w) { return {w.bytes.begin(), w.bytes.end()}; }

// Rewrites row `row`'s plain field at `field` (the table decrypted, changed
// and encrypted again under the header's seed).
void set_row(std::vector<std::byte>& file, size_t row, size_t field, uint64_t value) {
  const uint16_t key = static_cast<uint16_t>(load_uint_le(Bytes(file).subspan(0x14), 4) & 0xFFFF);
  const uint64_t n = load_uint_le(Bytes(file).subspan(4), 2);
  std::vector<std::byte> table = xor_copy(Bytes(file).subspan(kHeaderSize, kEntrySize * n), key);
  const FieldSpec& f = kEntrySpec.fields[field];
  store_uint_le(std::span<std::byte>(table).subspan(row * kEntrySize + f.offset, f.width), value, f.width);
  xor_in_place(table, key);
  std::copy(table.begin(), table.end(), file.begin() + kHeaderSize);
}

uint64_t row_value(const std::vector<std::byte>& file, size_t row, size_t field) {
  const uint16_t key = static_cast<uint16_t>(load_uint_le(Bytes(file).subspan(0x14), 4) & 0xFFFF);
  const uint64_t n = load_uint_le(Bytes(file).subspan(4), 2);
  const std::vector<std::byte> table = xor_copy(Bytes(file).subspan(kHeaderSize, kEntrySize * n), key);
  const FieldSpec& f = kEntrySpec.fields[field];
  return load_uint_le(Bytes(table).subspan(row * kEntrySize + f.offset), f.width);
}

void append_trailer(std::vector<std::byte>& file, uint32_t overlay) {
  for (const char c : {'A', 'O'}) file.push_back(static_cast<std::byte>(c));
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<std::byte>((overlay >> (8 * i)) & 0xFF));
}

// Offsets stored `overlay` lower: valid only with the trailer's overlay added.
void store_below_overlay(std::vector<std::byte>& file, uint32_t overlay) {
  const uint64_t n = load_uint_le(Bytes(file).subspan(4), 2);
  for (size_t i = 0; i < n; ++i) set_row(file, i, entry::data_offset, row_value(file, i, entry::data_offset) - overlay);
  append_trailer(file, overlay);
}

void put_header(std::vector<std::byte>& file, uint64_t offset, uint64_t value, size_t width) {
  store_uint_le(std::span<std::byte>(file).subspan(static_cast<size_t>(offset), width), value, width);
}

}  // namespace

std::vector<NewEntry> synth_library_entries(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0x9E3779B97F4A7C15ull + index + 0x51);
  std::vector<NewEntry> entries;
  entries.push_back({numbered("TEX_%03u.TEX", index, 0), kMethods[index % kMethods.size()],
                     texm::build_texm(texm::random_texture_description(seed, index))});
  const uint64_t n = kMethods.size() + index % 3;
  for (uint64_t j = 1; j < n; ++j)
    entries.push_back({numbered("D%03u_%03u.DAT", index, j), kMethods[(index + j) % kMethods.size()], plain_of(rng, j + index)});
  return entries;
}

void synth_rsli_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t k = 0; k < count; ++k) {
    std::vector<std::byte> file = bytes_of(build_rsli(synth_library_entries(seed, k), static_cast<uint32_t>(seed + k)));
    if (k == 1) append_trailer(file, 0);
    if (k == 2) store_below_overlay(file, 0x10);
    char name[32];
    std::snprintf(name, sizeof name, "lib_%04llu.rlb", static_cast<unsigned long long>(k));
    if (!sink({name, std::move(file)})) return;
  }
}

std::vector<MalformedCase> malformed_rsli_cases(uint64_t seed) {
  // Row 0 stored "Hello", row 1 LZSS (its first control byte all literals),
  // row 2 Deflate; names not in row order (B, A, C), so +0x12 is [1, 0, 2]
  // and an identity field is neither reading of C1.
  Prng rng(seed);
  const std::vector<NewEntry> entries{
      {"B.TXT", Method::stored, {std::byte{'H'}, std::byte{'e'}, std::byte{'l'}, std::byte{'l'}, std::byte{'o'}}},
      {"A.TXT", Method::lzss, words(rng, 300)},
      {"C.TXT", Method::deflate, words(rng, 400)}};
  const std::vector<std::byte> base = bytes_of(build_rsli(entries, static_cast<uint32_t>(seed)));
  std::vector<MalformedCase> out;
  auto add = [&](const DiagnosticCode& code, const std::function<void(std::vector<std::byte>&)>& corrupt) {
    std::vector<std::byte> file = base;
    corrupt(file);
    out.push_back({code.code, {"malformed_" + std::string(code.code.substr(5)) + ".rlb", std::move(file)}});
  };
  add(codes::truncated_header, [](auto& f) { f.resize(31); });
  add(codes::bad_magic, [](auto& f) { f[1] = std::byte{'X'}; });
  add(codes::bad_reserved, [](auto& f) { f[2] = std::byte{1}; });
  add(codes::bad_version, [](auto& f) { f[3] = std::byte{2}; });
  add(codes::negative_count, [](auto& f) { put_header(f, 4, 0xFFFF, 2), put_header(f, 6, 0xFFFF, 2); });
  add(codes::count_mismatch, [](auto& f) { put_header(f, 6, 4, 2); });
  add(codes::table_out_of_bounds, [](auto& f) { put_header(f, 4, 0x7000, 2), put_header(f, 6, 0x7000, 2); });
  add(codes::offset_in_header, [](auto& f) { set_row(f, 0, entry::data_offset, 0x10); });
  add(codes::range_past_eof, [](auto& f) { set_row(f, 1, entry::packed_size, f.size()); });
  add(codes::overlay_out_of_bounds, [](auto& f) {
    set_row(f, 1, entry::data_offset, 0x100000);
    append_trailer(f, 0xFFFF);
  });
  add(codes::method_unknown, [](auto& f) { set_row(f, 1, entry::flags, 0xC0); });
  add(codes::sort_not_permutation, [](auto& f) { set_row(f, 0, entry::sort_to_original, 0); });  // [0, 0, 2]
  add(codes::sort_unordered, [](auto& f) {  // [0, 1, 2]: B, A, C through the field and in row order
    set_row(f, 0, entry::sort_to_original, 0);
    set_row(f, 1, entry::sort_to_original, 1);
  });
  add(codes::stored_size_mismatch, [](auto& f) { set_row(f, 0, entry::unpacked_size, 4); });
  add(codes::decode_truncated, [](auto& f) { set_row(f, 1, entry::packed_size, 2); });
  add(codes::decode_failed, [](auto& f) { set_row(f, 1, entry::flags, static_cast<uint64_t>(Method::deflate)); });
  add(codes::size_mismatch, [](auto& f) { set_row(f, 2, entry::unpacked_size, 399); });
  add(codes::limit_exceeded, [](auto& f) { set_row(f, 1, entry::unpacked_size, 200ull << 20); });
  return out;
}

}  // namespace meshgate::rsli
