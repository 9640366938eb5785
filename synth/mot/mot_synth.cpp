#include "synth/mot/mot_synth.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <tuple>

#include "parser/core/byte_reader.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"
#include "synth/core/prng.hpp"
#include "writer/mot/mot_writer.hpp"

namespace meshgate::mot {

namespace {

// Masks as retail motions hold them (ST: 0, 0x1C0, 0x38; wholly set
// triplets), and partly set triplets, where the §7 readings differ.
constexpr std::array<uint16_t, 6> kWholeMasks = {0x000, 0x1C0, 0x038, 0x1F8, 0x1FF, 0x007};
constexpr std::array<uint16_t, 4> kPartlyMasks = {0x048, 0x0D0, 0x101, 0x020};

template <typename Prefix>
void set_head(Prefix& p, uint64_t span, uint64_t keys, uint16_t compression, int16_t time_offset) {
  p.set(track::span, span);
  p.set(track::key_count, keys);
  p.set(track::compression, compression);
  p.set(track::time_offset, static_cast<uint16_t>(time_offset));
}

std::vector<std::byte> bytes_of(const Motion& m) {
  const WriteResult w = write_mot(m);
  return {w.bytes.begin(), w.bytes.end()};
}

// Strictly increasing masked times from 0 to `last`, `n` >= 2 of them.
std::vector<uint16_t> key_times(Prng& rng, uint64_t n, uint64_t last) {
  std::vector<uint16_t> times(n);
  for (uint64_t i = 0; i + 1 < n; ++i) {
    const uint64_t room = last - (n - 1 - i);  // keeps room for the keys after it
    const uint64_t from = i == 0 ? 0 : times[i - 1] + 1u;
    times[i] = static_cast<uint16_t>(i == 0 ? 0 : rng.range(from, std::max(from, room)));
  }
  times[n - 1] = static_cast<uint16_t>(last);
  return times;
}

Track random_track(Prng& rng, uint64_t end) {
  const bool hermite = rng.chance(85);
  const int16_t time_offset = rng.chance(80) ? 0 : static_cast<int16_t>(rng.range(1, 8));
  const uint64_t n = rng.range(2, std::min<uint64_t>(24, end - static_cast<uint64_t>(time_offset) + 1));
  const std::vector<uint16_t> times = key_times(rng, n, end - static_cast<uint64_t>(time_offset));
  std::vector<PlannedKey> keys;
  for (uint64_t i = 0; i < n; ++i) {
    PlannedKey k;
    const bool bit15 = hermite && (i == 0 || rng.chance(90));
    k.time_control = static_cast<uint16_t>(times[i] | (bit15 ? 0x8000u : 0u));
    k.q_value = static_cast<uint16_t>(rng.range(0, 65535));
    k.q_in = static_cast<uint16_t>(rng.range(0, 65535));
    k.q_out = static_cast<uint16_t>(rng.range(0, 65535));
    keys.push_back(k);
  }
  const float min = rng.real(-4, 0);
  const float range = rng.real(0, 8);
  if (!hermite) return make_track2(keys, min, range, time_offset);
  const float in_min = rng.real(-0.5f, 0);
  const float in_range = rng.real(0, 1);
  const float out_min = rng.real(-0.5f, 0);
  const float out_range = rng.real(0, 1);
  return make_track3(keys, {min, range, in_min, in_range, out_min, out_range}, time_offset);
}

}  // namespace

Track make_track2(const std::vector<PlannedKey>& keys, float min, float range, int16_t time_offset) {
  Track2 t;
  set_head(t.prefix, kTrack2PrefixSpec.size + keys.size() * uint64_t{kKey2Spec.size}, keys.size(), 2, time_offset);
  t.prefix.set_f32(track::value_min, min);
  t.prefix.set_f32(track::value_range, range);
  for (const PlannedKey& k : keys) {
    Key2Record& r = t.keys.emplace_back();
    r.set(key::time_control, k.time_control);
    r.set(key::q_value, k.q_value);
  }
  return t;
}

Track make_track3(const std::vector<PlannedKey>& keys, std::array<float, 6> mins_and_ranges, int16_t time_offset) {
  Track3 t;
  set_head(t.prefix, kTrack3PrefixSpec.size + keys.size() * uint64_t{kKey3Spec.size}, keys.size(), 3, time_offset);
  for (size_t f = 0; f < 6; ++f) t.prefix.set_f32(track::value_min + f, mins_and_ranges[f]);
  for (const PlannedKey& k : keys) {
    Key3Record& r = t.keys.emplace_back();
    r.set(key::time_control, k.time_control);
    r.set(key::q_value, k.q_value);
    r.set(key::q_in_slope, k.q_in);
    r.set(key::q_out_slope, k.q_out);
  }
  return t;
}

Motion make_motion(std::vector<uint16_t> masks, std::vector<Track> tracks, float end) {
  Motion m;
  const uint64_t h = expected_header_size(masks.size());
  m.header.set(hdr::header_size, h);
  std::copy(kMarker.begin(), kMarker.end(), m.header.raw_mut(hdr::marker).begin());
  m.header.set_f32(hdr::raw_0C, end);
  m.header.set_f32(hdr::raw_14, end);
  m.header.set(hdr::raw_1A, masks.size());
  m.header.set(hdr::channel_domain_count, masks.size());
  m.header_tail.assign(static_cast<size_t>(h - kMasksOffset - 2 * masks.size()), std::byte{0});
  m.masks = std::move(masks);
  m.count.set(0, tracks.size());
  m.tracks = std::move(tracks);
  const uint64_t unpadded = m.byte_size();
  m.tail.assign(static_cast<size_t>((kTailAlignment - unpadded % kTailAlignment) % kTailAlignment), std::byte{0});
  return m;
}

Motion random_motion(uint64_t seed, uint64_t index) {
  Prng rng(seed * 0x9E3779B97F4A7C15ull ^ (index + 1) * 0xD1B54A32D192ED03ull);
  rng.next();
  const uint64_t joints = rng.range(1, 24);
  const bool partly = index % 4 == 3;  // every fourth motion reaches the §7 conflict
  std::vector<uint16_t> masks;
  for (uint64_t j = 0; j < joints; ++j) {
    const uint16_t whole = kWholeMasks[rng.range(0, kWholeMasks.size() - 1)];
    const uint16_t odd = kPartlyMasks[rng.range(0, kPartlyMasks.size() - 1)];
    masks.push_back(partly && rng.chance(30) ? odd : whole);
  }
  const uint64_t end = rng.range(12, 700);
  std::vector<Track> tracks;
  uint64_t bits = 0;
  for (const uint16_t m : masks) bits += static_cast<uint64_t>(std::popcount(m));
  for (uint64_t t = 0; t < bits; ++t) tracks.push_back(random_track(rng, end));
  Motion m = make_motion(std::move(masks), std::move(tracks), static_cast<float>(end));
  m.header.set(hdr::raw_08, rng.chance(70) ? 0 : rng.range(1, 4));
  return m;
}

void synth_mot_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "motion_%04llu.mot", static_cast<unsigned long long>(i));
    if (!sink({name, bytes_of(random_motion(seed, i))})) return;
  }
}

std::vector<SynthFile> synth_mot_corpus(uint64_t seed, uint64_t count) {
  std::vector<SynthFile> files;
  synth_mot_corpus(seed, count, [&](SynthFile&& f) {
    files.push_back(std::move(f));
    return true;
  });
  return files;
}

Motion records_motion(uint64_t seed, uint64_t tracks) {
  Prng rng(seed * 0x9E3779B97F4A7C15ull ^ (tracks + 1) * 0xA24BAED4963EE407ull);
  tracks = std::clamp<uint64_t>(tracks, 1, kMaxTracks);
  std::vector<uint16_t> masks;
  for (uint64_t left = tracks; left > 0; left -= std::min<uint64_t>(left, 9))
    masks.push_back(static_cast<uint16_t>(kKnownMaskBits >> (9 - std::min<uint64_t>(left, 9))));
  constexpr uint16_t kEnd = 1;
  std::vector<Track> made;
  made.reserve(static_cast<size_t>(tracks));
  for (uint64_t t = 0; t < tracks; ++t) {
    if (t % 2 == 0) {
      RawTrack raw;
      raw.head.set(track::span, kTrackHeadSpec.size);
      raw.head.set(track::compression, 4);
      made.emplace_back(std::move(raw));
    } else {
      const auto q = static_cast<uint16_t>(rng.range(0, 65535));
      made.push_back(make_track2({{kEnd, q}}, -1.0f, 2.0f));
    }
  }
  return make_motion(std::move(masks), std::move(made), kEnd);
}

SynthFile synth_mot_records(uint64_t seed, uint64_t tracks) {
  char name[32];
  std::snprintf(name, sizeof name, "records_%05llu.mot", static_cast<unsigned long long>(tracks));
  return {name, bytes_of(records_motion(seed, tracks))};
}

namespace {

// The malformed cases' base: joint 0 moves (0x1C0: three compression-3
// tracks), joint 1 turns about X (0x008: one compression-2 track); every
// track ends at +0x0C's 30, so it parses with no finding at all.
std::vector<Track> base_tracks() {
  const std::vector<PlannedKey> hermite = {{0x8000, 0, 100, 200}, {0x8000 | 12, 30000, 300, 400},
                                           {0x8000 | 30, 65535, 500, 600}};
  const std::vector<PlannedKey> linear = {{0, 10}, {15, 20}, {30, 30}};
  const std::array<float, 6> q = {-1.0f, 2.0f, -0.5f, 1.0f, -0.25f, 0.5f};
  return {make_track3(hermite, q), make_track3(hermite, q), make_track3(hermite, q), make_track2(linear, 0.0f, 1.0f)};
}

Motion base_with(const std::function<void(std::vector<Track>&)>& change) {
  std::vector<Track> tracks = base_tracks();
  if (change) change(tracks);
  return make_motion({0x1C0, 0x008}, std::move(tracks), 30.0f);
}

}  // namespace

std::vector<MalformedCase> malformed_mot_cases(uint64_t seed) {
  (void)seed;  // the variants are fixed: each breaks one rule of one small motion
  using B = std::vector<std::byte>;
  const Motion base = base_with(nullptr);
  const uint64_t h = base.header_size();
  const uint64_t first_track = h + kCountSpec.size;
  const uint64_t last_track = base.byte_size() - base.tail.size() - track_size(base.tracks.back());
  auto poke = [](B& b, uint64_t at, uint64_t v, size_t width) { store_uint_le(std::span(b).subspan(at, width), v, width); };
  const auto modelled = [](const std::function<void(std::vector<Track>&)>& change) {
    return [change](B& b) { b = bytes_of(base_with(change)); };
  };
  const auto with_times = [](std::vector<uint16_t> times) {
    return [times](std::vector<Track>& t) {
      std::vector<PlannedKey> keys;
      for (const uint16_t time : times) keys.push_back({time, 1});
      t[3] = make_track2(keys, 0.0f, 1.0f);
    };
  };
  const auto with_raw = [](uint16_t compression, uint16_t key_count) {
    return [=](std::vector<Track>& t) {
      RawTrack raw;
      raw.head.set(track::span, 12);
      raw.head.set(track::key_count, key_count);
      raw.head.set(track::compression, compression);
      raw.body = {std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}};
      t[3] = raw;
    };
  };
  const std::vector<std::pair<std::string_view, std::function<void(B&)>>> mutations = {
      {codes::truncated_header.code, [](B& b) { b.resize(0x1D); }},
      {codes::header_size_mismatch.code, [&](B& b) { poke(b, 0, 0x40, 4); }},
      {codes::unknown_mask_bits.code, [&](B& b) { poke(b, kMasksOffset, 0x200, 2); }},
      {codes::track_count_mismatch.code, [&](B& b) { poke(b, h, 5, 4); }},
      {codes::track_count_limit.code, [&](B& b) { poke(b, h, 0xFFFFFFFF, 4); }},
      {codes::track_truncated.code, [&](B& b) { b.resize(last_track + 10); }},
      {codes::track_span_too_small.code, [&](B& b) { poke(b, first_track, 4, 2); }},
      {codes::track_span_mismatch.code, [&](B& b) { poke(b, first_track, 0x20 + 8 * 3 + 4, 2); }},
      {codes::key_time_decreasing.code, modelled(with_times({0, 5, 3, 30}))},
      {codes::nonzero_tail.code,
       [](B& b) {
         b.insert(b.end(), 16, std::byte{0});
         b.back() = std::byte{1};
       }},
      {codes::marker_mismatch.code, [](B& b) { b[4] = std::byte{'X'}; }},
      {codes::header_tail_nonzero.code, [&](B& b) { b[kMasksOffset + 4] = std::byte{1}; }},
      {codes::tail_misaligned.code, [](B& b) { b.push_back(std::byte{0}); }},
      {codes::track_compression_unsupported.code, modelled(with_raw(6, 1))},
      {codes::key_count_over_int16.code, modelled(with_raw(4, 40000))},
      {codes::empty_track.code, modelled(with_times({}))},
      {codes::duplicate_key_time.code, modelled(with_times({0, 5, 5, 30}))},
      {codes::non_finite_quantization.code,
       modelled([](std::vector<Track>& t) {
         std::get<Track3>(t[0]).prefix.set_f32(track::value_range, std::numeric_limits<float>::quiet_NaN());
       })},
      {codes::end_frame_mirror_mismatch.code, [](B& b) { b[0x14 + 3] ^= std::byte{0x01}; }},
      {codes::track_span_vs_end_frame.code, modelled(with_times({0, 5, 29}))},
      {codes::negative_key_time.code,
       modelled([](std::vector<Track>& t) {
         t[3] = make_track2({{0, 1}, {10, 2}, {33, 3}}, 0.0f, 1.0f, -3);
       })},
  };
  std::vector<MalformedCase> cases;
  for (const auto& [code, mutate] : mutations) {
    MalformedCase c{code, {"malformed_" + std::string(code) + ".mot", bytes_of(base)}};
    mutate(c.file.bytes);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace meshgate::mot
