#include "parser/mot/mot_keys.hpp"

#include <cmath>
#include <type_traits>
#include <variant>

namespace meshgate::mot {

namespace {

uint16_t masked(uint64_t time_control) { return static_cast<uint16_t>(time_control & 0x7FFF); }

template <typename T>
Key head_of_key(const T& track, size_t i) {
  const auto& k = track.keys[i];
  Key out;
  out.masked_time = masked(k.get(key::time_control));
  out.time = out.masked_time + static_cast<int32_t>(track.prefix.get_signed(track::time_offset));
  out.bit15 = (k.get(key::time_control) & 0x8000) != 0;
  out.value = dequantize(static_cast<uint16_t>(k.get(key::q_value)), track.prefix.get_f32(track::value_min),
                         track.prefix.get_f32(track::value_range));
  return out;
}

// The EXE's segment: linear, or cubic Hermite when the left key of a
// compression-3 track has bit 15 (compression 2 has no Hermite branch).
float segment_value(const Key& k0, const Key& k1, float local, bool hermite) {
  const float d = static_cast<float>(k1.masked_time) - static_cast<float>(k0.masked_time);
  const float u = (local - static_cast<float>(k0.masked_time)) / d;
  if (!hermite) return (1.0f - u) * k0.value + u * k1.value;
  const float u2 = u * u, u3 = u2 * u;
  const float h00 = 2.0f * u3 - 3.0f * u2 + 1.0f, h01 = 3.0f * u2 - 2.0f * u3;
  const float h10 = u3 - 2.0f * u2 + u, h11 = u3 - u2;
  return h00 * k0.value + h01 * k1.value + h10 * d * k0.out_slope + h11 * d * k1.in_slope;
}

template <typename T>
std::optional<float> evaluate_keys(const T& track, const std::vector<uint16_t>& times, float time, size_t& cache,
                                   bool hermite_allowed) {
  if (track.keys.empty() || times.size() != track.keys.size()) return std::nullopt;
  const float local = time - static_cast<float>(track.prefix.get_signed(track::time_offset));
  const KeyChoice c = cached_search(times, local, cache);
  const Key k0 = decode_key(track, c.left);
  if (!c.segment) return k0.value;
  return segment_value(k0, decode_key(track, c.left + 1), local, hermite_allowed && k0.bit15);
}

}  // namespace

float dequantize(uint16_t q, float min, float range) { return static_cast<float>(q) * range / 65535.0f + min; }

Key decode_key(const Track2& track, size_t i) { return head_of_key(track, i); }

Key decode_key(const Track3& track, size_t i) {
  Key out = head_of_key(track, i);
  const auto& k = track.keys[i];
  const Track3Prefix& p = track.prefix;
  out.in_slope = dequantize(static_cast<uint16_t>(k.get(key::q_in_slope)), p.get_f32(track::in_slope_min),
                            p.get_f32(track::in_slope_range));
  out.out_slope = dequantize(static_cast<uint16_t>(k.get(key::q_out_slope)), p.get_f32(track::out_slope_min),
                             p.get_f32(track::out_slope_range));
  return out;
}

std::vector<Key> decode_keys(const Track& track) {
  std::vector<Key> out;
  std::visit(
      [&](const auto& t) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(t)>, RawTrack>)
          for (size_t i = 0; i < t.keys.size(); ++i) out.push_back(decode_key(t, i));
      },
      track);
  return out;
}

KeyChoice cached_search(const std::vector<uint16_t>& times, float local, size_t& cache) {
  const size_t n = times.size();
  size_t i = cache < n ? cache : n - 1;
  const auto t = [&](size_t k) { return static_cast<float>(times[k]); };
  KeyChoice choice;
  if (local >= t(i)) {
    // Forward until the next key lies past `local`, or a key sits on it.
    while (t(i) != local && i + 1 < n && !(t(i + 1) > local)) ++i;
    choice = {i, t(i) != local && i + 1 < n};
  } else {
    // Backward until the previous key lies before `local`, or sits on it.
    while (i > 0 && !(local > t(i - 1)) && t(i - 1) != local) --i;
    if (i == 0) choice = {0, false};                           // before the first key
    else if (t(i - 1) == local) choice = {i - 1, false};       // on a key
    else choice = {i - 1, true};                               // between two keys
  }
  cache = choice.left;
  return choice;
}

std::vector<uint16_t> masked_key_times(const Track& track) {
  std::vector<uint16_t> times;
  std::visit(
      [&](const auto& t) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(t)>, RawTrack>) {
          times.reserve(t.keys.size());
          for (const auto& k : t.keys) times.push_back(masked(k.get(key::time_control)));
        }
      },
      track);
  return times;
}

std::optional<float> evaluate_track(const Track& track, float time, size_t& cache) {
  return evaluate_track(track, masked_key_times(track), time, cache);
}

std::optional<float> evaluate_track(const Track& track, const std::vector<uint16_t>& times, float time, size_t& cache) {
  if (const auto* t2 = std::get_if<Track2>(&track)) return evaluate_keys(*t2, times, time, cache, false);
  if (const auto* t3 = std::get_if<Track3>(&track)) return evaluate_keys(*t3, times, time, cache, true);
  return std::nullopt;
}

float quantize_angle(float radians) {
  const float scaled = radians * 10430.377f;
  // cvttss2si gives 0x80000000 for NaN and out-of-range inputs: 0 as an int16.
  if (!(std::fabs(scaled) < 2147483648.0f)) return 0.0f;
  const auto whole = static_cast<int32_t>(scaled);
  const auto wrapped = static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(whole) & 0xFFFFu));
  return static_cast<float>(wrapped) * 9.587381e-5f;
}

}  // namespace meshgate::mot
