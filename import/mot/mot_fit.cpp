#include "import/mot/mot_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "parser/mot/mot_keys.hpp"

namespace meshgate::mot {

namespace {

// A quantisation pair (min, range) of one prefix, and what it cannot carry.
struct Quantisation {
  float min = 0, range = 0;
};

// The like pair unless the values leave it by more than half a step of their
// own span would cost every key: an unedited round trip keeps its q values
// even where a key cut from a Hermite piece overshoots the like range a little.
Quantisation quantisation_for(const std::vector<double>& values, float like_min, float like_range) {
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double own_error = (*hi - *lo) / 65535.0 / 2;
  if (std::isfinite(like_min) && std::isfinite(like_range) && like_range >= 0) {
    const double outside = std::max({0.0, like_min - *lo, *hi - (static_cast<double>(like_min) + like_range)});
    if (outside <= std::max(own_error, std::fabs(static_cast<double>(like_range)) / 65535.0)) return {like_min, like_range};
  }
  return {static_cast<float>(*lo), static_cast<float>(*hi - *lo)};
}

uint16_t clamp_fit_q(double q) { return static_cast<uint16_t>(std::clamp(std::round(q), 0.0, 65535.0)); }

// The q whose decoded value is nearest `value`, among those near the
// estimate (the decode is f32 arithmetic, so the estimate may be one off).
uint16_t quantise(double value, const Quantisation& p) {
  if (!(p.range > 0)) return 0;
  const uint16_t estimate = clamp_fit_q((value - p.min) / p.range * 65535.0);
  uint16_t best = estimate;
  double best_error = std::numeric_limits<double>::infinity();
  for (int d = -2; d <= 2; ++d) {
    const int q = estimate + d;
    if (q < 0 || q > 0xFFFF) continue;
    const double e = std::fabs(dequantize(static_cast<uint16_t>(q), p.min, p.range) - value);
    if (e < best_error) best = static_cast<uint16_t>(q), best_error = e;
  }
  return best;
}

// The game's 16-bit angle nearest `radians` (§8 truncates; a value read back
// from a quaternion lands a hair either side of a step).
float nearest_game_angle(double radians) {
  const double step = 9.587381e-5;
  return quantize_angle(static_cast<float>((std::round(radians / step) + (radians >= 0 ? 0.25 : -0.25)) * step));
}

// A rotation's q: among those near the nearest, one whose game angle is the
// one nearest the value, so the pose the game builds is the one asked for.
uint16_t quantise_angle_value(double value, const Quantisation& p) {
  const uint16_t nearest = quantise(value, p);
  if (!(p.range > 0)) return nearest;
  const float target = nearest_game_angle(value);
  uint16_t best = nearest;
  double best_error = std::numeric_limits<double>::infinity();
  for (int d = -3; d <= 3; ++d) {
    const int q = nearest + d;
    if (q < 0 || q > 0xFFFF) continue;
    const float decoded = dequantize(static_cast<uint16_t>(q), p.min, p.range);
    if (quantize_angle(decoded) != target) continue;
    const double e = std::fabs(decoded - value);
    if (e < best_error) best = static_cast<uint16_t>(q), best_error = e;
  }
  return best;
}

std::string check_fit_keys(const std::vector<FitKey>& keys, uint16_t compression) {
  if (keys.size() > max_track_keys(compression))
    return std::to_string(keys.size()) + " keys, more than a compression-" + std::to_string(compression) +
           " track's u16 span holds (" + std::to_string(max_track_keys(compression)) + ")";
  for (size_t k = 0; k < keys.size(); ++k) {
    const FitKey& key = keys[k];
    if (key.time < 0 || key.time > kLatestFitTime)
      return "key " + std::to_string(k) + " at time unit " + std::to_string(key.time) + ", outside 0.." +
             std::to_string(kLatestFitTime) + " (15 bits of time_control)";
    if (k > 0 && key.time < keys[k - 1].time) return "key times decrease at key " + std::to_string(k);
    if (!std::isfinite(key.value) || !std::isfinite(key.in_slope) || !std::isfinite(key.out_slope) ||
        std::fabs(key.value) > std::numeric_limits<float>::max() ||
        std::fabs(key.in_slope) > std::numeric_limits<float>::max() ||
        std::fabs(key.out_slope) > std::numeric_limits<float>::max())
      return "key " + std::to_string(k) + " has a value or slope that is not a finite 32-bit float";
  }
  return {};
}

template <class Prefix>
void set_fit_head(Prefix& p, uint64_t span, uint64_t count, uint16_t compression) {
  p.set(track::span, span);
  p.set(track::key_count, count);
  p.set(track::compression, compression);
  p.set(track::time_offset, 0);
}

std::vector<double> fit_values_of(const std::vector<FitKey>& keys, double FitKey::*field) {
  std::vector<double> out;
  for (const FitKey& k : keys) out.push_back(k.*field);
  return out;
}

uint16_t fit_time_control(const FitKey& k, bool bit15) {
  return static_cast<uint16_t>((static_cast<uint32_t>(k.time) & 0x7FFFu) | (bit15 ? 0x8000u : 0u));
}

Track2 fit2(const std::vector<FitKey>& keys, const Track2& like, bool angle) {
  Track2 t;
  const Quantisation v = quantisation_for(fit_values_of(keys, &FitKey::value), like.prefix.get_f32(track::value_min),
                                          like.prefix.get_f32(track::value_range));
  set_fit_head(t.prefix, kTrack2PrefixSpec.size + keys.size() * uint64_t{kKey2Spec.size}, keys.size(), 2);
  t.prefix.set_f32(track::value_min, v.min);
  t.prefix.set_f32(track::value_range, v.range);
  for (const FitKey& k : keys) {
    Key2Record& r = t.keys.emplace_back();
    r.set(key::time_control, fit_time_control(k, false));  // compression 2 keys start raw 0x0000 (EM)
    r.set(key::q_value, angle ? quantise_angle_value(k.value, v) : quantise(k.value, v));
  }
  return t;
}

// The slopes a Hermite piece reads (§5): the out slope of a key with bit 15
// set, the in slope of the key after it. The others (a linear piece's, the
// first key's in, the last key's out) never reach a value, so they do not
// widen the slope range: a steep linear piece among gentle cubics would
// otherwise coarsen every cubic's slopes, and a long piece turns each slope
// step into a value error of up to a seventh of its length in units.
std::vector<double> read_slopes(const std::vector<FitKey>& keys, bool out_slopes) {
  std::vector<double> out;
  for (size_t k = 0; k + 1 < keys.size(); ++k)
    if (keys[k].cubic) out.push_back(out_slopes ? keys[k].out_slope : keys[k + 1].in_slope);
  return out;
}

Quantisation like_or_own(const std::vector<double>& values, const Track3& like, size_t field) {
  const float like_min = like.prefix.get_f32(track::value_min + 2 * field);
  const float like_range = like.prefix.get_f32(track::value_range + 2 * field);
  if (!values.empty()) return quantisation_for(values, like_min, like_range);
  if (std::isfinite(like_min) && std::isfinite(like_range)) return {like_min, like_range};
  return {};
}

Track3 fit3(const std::vector<FitKey>& keys, const Track3& like, bool angle) {
  Track3 t;
  const std::array<Quantisation, 3> q = {like_or_own(fit_values_of(keys, &FitKey::value), like, 0),
                                         like_or_own(read_slopes(keys, false), like, 1),
                                         like_or_own(read_slopes(keys, true), like, 2)};
  set_fit_head(t.prefix, kTrack3PrefixSpec.size + keys.size() * uint64_t{kKey3Spec.size}, keys.size(), 3);
  for (size_t f = 0; f < 3; ++f) {
    t.prefix.set_f32(track::value_min + 2 * f, q[f].min);
    t.prefix.set_f32(track::value_range + 2 * f, q[f].range);
  }
  for (const FitKey& k : keys) {
    Key3Record& r = t.keys.emplace_back();
    r.set(key::time_control, fit_time_control(k, k.cubic));
    r.set(key::q_value, angle ? quantise_angle_value(k.value, q[0]) : quantise(k.value, q[0]));
    r.set(key::q_in_slope, quantise(k.in_slope, q[1]));
    r.set(key::q_out_slope, quantise(k.out_slope, q[2]));
  }
  return t;
}

}  // namespace

uint64_t max_track_keys(uint16_t compression) {
  return compression == 2 ? (0xFFFF - kTrack2PrefixSpec.size) / kKey2Spec.size
                          : (0xFFFF - kTrack3PrefixSpec.size) / kKey3Spec.size;
}

FitResult fit_track(const std::vector<FitKey>& keys, const Track& like, bool angle) {
  FitResult out;
  const auto* like2 = std::get_if<Track2>(&like);
  const auto* like3 = std::get_if<Track3>(&like);
  if (!like2 && !like3) {
    out.error = "the like track's compression is not 2 or 3, which meshgate cannot write";
    return out;
  }
  if (keys.empty()) {
    out.error = "no keys";
    return out;
  }
  out.error = check_fit_keys(keys, like2 ? 2 : 3);
  if (out.error.empty()) out.track = like2 ? Track(fit2(keys, *like2, angle)) : Track(fit3(keys, *like3, angle));
  return out;
}

}  // namespace meshgate::mot
