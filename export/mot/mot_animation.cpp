#include "export/mot/mot_animation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "parser/mot/mot_curve.hpp"
#include "parser/mot/mot_keys.hpp"

namespace meshgate::gltf {

namespace {

using nlohmann::json;
using mot::Channel;
using Quat = std::array<double, 4>;  // x, y, z, w
using Vec3 = std::array<double, 3>;

// Rotation samples of one export, over all its motions and joints, before
// the step widens past one time unit: 2^21 quaternions are 32 MiB of output,
// far past a retail motion (226 joints x 650 units is 147k) but within reach
// of a hostile one (255 joints x 65,535 units). Each motion gets an equal share.
constexpr uint64_t kMaxRotationSamples = uint64_t{1} << 21;

// The latest key time a track can hold: 15-bit masked time plus an i16 offset.
constexpr int32_t kLatestKeyTime = 0x7FFF + 0x7FFF;

// Where a channel group starts in Channel order.
constexpr size_t kTranslation = 0, kRotation = 3, kScale = 6;

Quat multiply(const Quat& a, const Quat& b) {
  return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
          a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

double dot(const Quat& a, const Quat& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }

// What a glTF client does between two LINEAR rotation keyframes.
Quat slerp(const Quat& a, const Quat& b, double u) {
  const double d = std::clamp(dot(a, b), -1.0, 1.0);
  const double theta = std::acos(d);
  if (theta < 1e-9) return a;
  const double wa = std::sin((1 - u) * theta) / std::sin(theta), wb = std::sin(u * theta) / std::sin(theta);
  return {wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2], wa * a[3] + wb * b[3]};
}

double degrees_between(const Quat& a, const Quat& b) {
  return 2 * std::acos(std::min(1.0, std::fabs(dot(a, b)))) * 180 / std::numbers::pi;
}

// glTF's cubic spline between keyframes k and k + 1 (tangents per second,
// `td` seconds apart) at s in [0, 1], component c of a VEC3 output laid out
// in-tangent, value, out-tangent per keyframe.
double gltf_cubic(const std::vector<float>& out, size_t k, size_t c, double td, double s) {
  const auto at = [&](size_t key, size_t part) { return static_cast<double>(out[9 * key + 3 * part + c]); };
  const double s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * at(k, 1) + td * (s3 - 2 * s2 + s) * at(k, 2) + (3 * s2 - 2 * s3) * at(k + 1, 1) +
         td * (s3 - s2) * at(k + 1, 0);
}

// Where a motion's animation departs most from the EXE's evaluation.
struct Worst {
  double error = 0;
  uint32_t joint = 0;
  double time = 0;
  void see(double e, uint32_t j, double t) {
    if (e > error) *this = {e, j, t};
  }
  [[nodiscard]] json to_json(const char* unit) const {
    return {{unit, error}, {"joint", joint}, {"time_units", time}};
  }
};

// One motion's animation: its channels joint by joint, and how far each
// departs from MotionSampler (the EXE's cached search and segments).
class MotionAnimator {
 public:
  MotionAnimator(DocumentBuilder& doc, const MotionOptions& options, const std::vector<RestPose>& rest, int first_joint,
                 const MotionInput& input)
      : budget_(std::max<uint64_t>(kMaxRotationSamples / std::max<size_t>(1, options.motions.size()), 4096)),
        doc_(doc),
        fps_(options.units_per_second),
        rest_(rest),
        first_joint_(first_joint),
        motion_(*input.motion),
        sampler_(motion_, options.mask) {
    anim_.name = input.name;
    for (const mot::Track& t : motion_.tracks) curves_.emplace_back(t);
    // +0x0C, the clip's length as the game keeps it (§2), when it is a time a clip can end at.
    const float end = motion_.header.get_f32(mot::hdr::raw_0C);
    if (std::isfinite(end) && end > 0 && end <= kLatestKeyTime) end_frame_ = static_cast<int32_t>(end);
  }

  tinygltf::Animation run() {
    step_ = rotation_step();
    for (uint32_t j = 0; j < rest_.size(); ++j) {
      add_vector(j, kTranslation, rest_[j].translation, "translation");
      add_rotation(j, step_);
      add_vector(j, kScale, {1, 1, 1}, "scale");
      count_jumps(j);
    }
    return std::move(anim_);
  }

  [[nodiscard]] const Worst& curve_error() const { return curve_; }
  [[nodiscard]] const Worst& rotation_error() const { return rotation_; }
  [[nodiscard]] uint64_t jumps() const { return jumps_; }
  [[nodiscard]] uint64_t step() const { return step_; }
  // The channel whose values overflowed a float, or "" (the animation is then unusable).
  [[nodiscard]] const std::string& overflow() const { return overflow_; }
  [[nodiscard]] bool scale_inheritance_inexact() const { return scale_inheritance_inexact_; }

 private:
  // The curve of joint j's channel c, or null when unbound or without keys (the rest value holds).
  const mot::TrackCurve* curve(uint32_t j, size_t c) const {
    const std::optional<uint32_t> t = sampler_.track_of(j, static_cast<Channel>(c));
    return t && !curves_[*t].empty() ? &curves_[*t] : nullptr;
  }

  double reference(uint32_t j, size_t c, double time, double rest) {
    return sampler_.sample(j, static_cast<Channel>(c), static_cast<float>(time)).value_or(static_cast<float>(rest));
  }

  // Runs of equal key times at or after time 0 whose values differ, on joint j's
  // channels: a step no glTF curve holds (the samples around it measure it).
  void count_jumps(uint32_t j) {
    for (size_t c = 0; c < mot::kChannelCount; ++c)
      if (const mot::TrackCurve* k = curve(j, c))
        for (int32_t t : k->breakpoints()) jumps_ += t >= 0 && k->value_before(t) != k->value_after(t);
  }

  // A scale on a joint with children that leaves 1 by more than the game's 1e-5: glTF children inherit it,
  // the game compensates the parent's (0x14030E9B0, not recovered), so such a clip is inexact (§12).
  void note_scale_inheritance(uint32_t j, const std::vector<float>& out) {
    if (!rest_[j].has_children) return;
    for (size_t k = 0; k < out.size(); k += 9)
      for (size_t i = 0; i < 3; ++i)
        if (std::fabs(out[k + 3 + i] - 1.0f) > 1e-5f) scale_inheritance_inexact_ = true;
  }

  // Translation or scale as CUBICSPLINE keyframes at time 0 and every key time after it.
  void add_vector(uint32_t j, size_t first, const Vec3& rest, const char* path) {
    std::array<const mot::TrackCurve*, 3> c{curve(j, first), curve(j, first + 1), curve(j, first + 2)};
    if (!c[0] && !c[1] && !c[2]) return;
    std::vector<int32_t> units{0, end_frame_};  // a hold key at +0x0C keeps the clip the game's length
    for (const mot::TrackCurve* k : c)
      if (k)
        for (int32_t t : k->breakpoints()) units.push_back(std::max(t, 0));
    std::sort(units.begin(), units.end());
    units.erase(std::unique(units.begin(), units.end()), units.end());
    std::vector<float> times, out;
    for (int32_t t : units) {
      times.push_back(static_cast<float>(t / fps_));
      for (int part = 0; part < 3; ++part)
        for (size_t i = 0; i < 3; ++i) {
          if (!c[i]) {
            out.push_back(part == 1 ? static_cast<float>(rest[i]) : 0.0f);
            continue;
          }
          const double v = part == 0 ? c[i]->slope_before(t) * fps_ : part == 1 ? c[i]->value_after(t) : c[i]->slope_after(t) * fps_;
          out.push_back(static_cast<float>(v));
        }
    }
    measure_curve(j, first, rest, units, times, out);
    if (first == kScale) note_scale_inheritance(j, out);
    if (units.size() == 1) {  // glTF wants two keyframes for CUBICSPLINE: one value is LINEAR
      add_channel(j, path, times, {out.begin() + 3, out.begin() + 6}, TINYGLTF_TYPE_VEC3, "LINEAR");
      return;
    }
    add_channel(j, path, times, out, TINYGLTF_TYPE_VEC3, "CUBICSPLINE");
  }

  // The cubic as a client evaluates it, at each keyframe and three points
  // inside each interval, against the EXE's value there.
  void measure_curve(uint32_t j, size_t first, const Vec3& rest, const std::vector<int32_t>& units,
                     const std::vector<float>& times, const std::vector<float>& out) {
    for (size_t k = 0; k < units.size(); ++k)
      for (double s : {0.0, 0.25, 0.5, 0.75}) {
        if (k + 1 == units.size() && s > 0) break;
        const double t = units[k] + s * (k + 1 < units.size() ? units[k + 1] - units[k] : 0);
        const double td = k + 1 < units.size() ? static_cast<double>(times[k + 1]) - times[k] : 0;
        for (size_t i = 0; i < 3; ++i) {
          const double client = k + 1 < units.size() ? gltf_cubic(out, k, i, td, s) : out[9 * k + 3 + i];
          curve_.see(std::fabs(client - reference(j, first + i, t, rest[i])), j, t);
        }
      }
  }

  // The Euler pose of joint j at `time` as the game builds it: bound angles
  // from their tracks, the rest from the MOD, each quantised (§8).
  Quat pose(uint32_t j, double time) {
    Vec3 euler = rest_[j].euler;
    for (size_t i = 0; i < 3; ++i)
      euler[i] = mot::quantize_angle(static_cast<float>(reference(j, kRotation + i, time, euler[i])));
    return euler_quaternion(euler);
  }

  // Where joint j's rotation samples end: its tracks' last key time (0 when none is after 0); -1 when no
  // rotation channel of it is bound. The pose holds after it: one more sample at +0x0C keeps the clip's length.
  int64_t rotation_end(uint32_t j) const {
    int64_t end = -1;
    for (size_t i = 0; i < 3; ++i)
      if (const mot::TrackCurve* c = curve(j, kRotation + i)) end = std::max<int64_t>({end, 0, c->breakpoints().back()});
    return end;
  }

  // One sample per time unit, unless the motion would then pass its share of kMaxRotationSamples.
  uint64_t rotation_step() const {
    uint64_t total = 0;
    for (uint32_t j = 0; j < rest_.size(); ++j) total += static_cast<uint64_t>(rotation_end(j) + 1);
    return std::max<uint64_t>(1, (total + budget_ - 1) / budget_);
  }

  // Rotation sampled every `step` units from 0 to its last key, as LINEAR
  // quaternions on one hemisphere chain; the slerp halfway between samples
  // is compared with the Euler pose there.
  void add_rotation(uint32_t j, uint64_t step) {
    const int64_t end = rotation_end(j);
    if (end < 0) return;
    std::vector<double> units;
    for (int64_t t = 0; t < end; t += static_cast<int64_t>(step)) units.push_back(static_cast<double>(t));
    units.push_back(static_cast<double>(end));
    if (end_frame_ > end) units.push_back(end_frame_);  // the hold to +0x0C: a constant stretch, no samples
    std::vector<Quat> q;
    for (double t : units) {
      Quat p = pose(j, t);
      if (!q.empty() && dot(q.back(), p) < 0) p = {-p[0], -p[1], -p[2], -p[3]};
      q.push_back(p);
    }
    for (size_t k = 0; k + 1 < units.size(); ++k) {
      const double mid = (units[k] + units[k + 1]) / 2;
      rotation_.see(degrees_between(slerp(q[k], q[k + 1], 0.5), pose(j, mid)), j, mid);
    }
    std::vector<float> out;
    for (const Quat& p : q)
      for (double x : p) out.push_back(static_cast<float>(x));
    add_channel(j, "rotation", rotation_times(units), out, TINYGLTF_TYPE_VEC4, "LINEAR");
  }

  std::vector<float> rotation_times(const std::vector<double>& units) const {
    std::vector<float> times;
    for (double t : units) times.push_back(static_cast<float>(t / fps_));
    return times;
  }

  void add_channel(uint32_t j, const char* path, const std::vector<float>& times, const std::vector<float>& out,
                   int type, const char* interpolation) {
    // Finite keys can still overflow a float on the way (a huge range, a slope times the frame rate).
    if (overflow_.empty())
      for (float v : out)
        if (!std::isfinite(v)) {
          overflow_ = "joint " + std::to_string(j) + "'s " + path;
          break;
        }
    tinygltf::AnimationSampler sampler;
    sampler.input = doc_.add_floats(times, TINYGLTF_TYPE_SCALAR, 0, true);
    sampler.output = doc_.add_floats(out, type, 0);
    sampler.interpolation = interpolation;
    anim_.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim_.samplers.size() - 1);
    channel.target_node = first_joint_ + static_cast<int>(j);
    channel.target_path = path;
    anim_.channels.push_back(channel);
  }

  const uint64_t budget_;  // this motion's share of kMaxRotationSamples: the export's total holds
  DocumentBuilder& doc_;
  const double fps_;
  const std::vector<RestPose>& rest_;
  const int first_joint_;
  const mot::Motion& motion_;
  mot::MotionSampler sampler_;
  std::vector<mot::TrackCurve> curves_;  // per track
  tinygltf::Animation anim_;
  Worst curve_, rotation_;
  int32_t end_frame_ = 0;  // +0x0C as a time unit, or 0
  uint64_t jumps_ = 0, step_ = 1;
  std::string overflow_;
  bool scale_inheritance_inexact_ = false;
};

json motion_extras(const MotionInput& input, const MotionOptions& options, const MotionAnimator& a, size_t channels) {
  const mot::Motion& m = *input.motion;
  return {
      {"source", input.name},
      {"mask_reading", std::string(mot::mask_reading_name(options.mask)) +
                           (options.mask == mot::MaskReading::exe ? " (default: DR, from the EXE's channel bases)"
                                                                  : " (the Blender importers)")},
      {"partly_set_triplets", mot::partly_set_triplets(m)},
      {"units_per_second", options.units_per_second},
      {"tracks", m.tracks.size()},
      {"gltf_channels", channels},
      {"translation_scale",
       {{"interpolation", "CUBICSPLINE"},
        {"keyframes", "time 0, every key time of the channel's three tracks after it, and +0x0C (a hold to the "
                      "clip's length)"},
        {"max_error", a.curve_error().to_json("stored_units")}}},
      {"rotation",
       {{"interpolation", "LINEAR"},
        {"sample_step_units", a.step()},
        {"quantisation", "each angle int16(trunc(a * 10430.377)) * 9.587381e-5, as the game (spec section 8)"},
        {"max_error", a.rotation_error().to_json("degrees")}}},
      {"jumps", a.jumps()},
      {"scale_inheritance_inexact", a.scale_inheritance_inexact()},
      {"not_reproduced",
       json::array({"motion groups: every joint plays at the motion's one time",
                    "the engine's parent scale compensation (0x14030E9B0), which nobody has recovered",
                    "time before 0 (the clip starts at motion time 0, its value there evaluated) and looping: the "
                    "playback range is not recovered"})},
  };
}

}  // namespace

std::array<double, 4> euler_quaternion(const std::array<double, 3>& euler) {
  const auto axis = [](size_t a, double radians) {
    Quat q{0, 0, 0, std::cos(radians / 2)};
    q[a] = std::sin(radians / 2);
    return q;
  };
  // Row vectors through Rx, then Ry, then Rz: X is applied first.
  return multiply(axis(2, euler[2]), multiply(axis(1, euler[1]), axis(0, euler[0])));
}

std::optional<size_t> first_non_finite_track(const mot::Motion& motion) {
  for (size_t t = 0; t < motion.tracks.size(); ++t)
    for (const mot::Key& k : mot::decode_keys(motion.tracks[t]))
      if (!std::isfinite(k.value) || !std::isfinite(k.in_slope) || !std::isfinite(k.out_slope)) return t;
  return std::nullopt;
}

json add_motion_animations(DocumentBuilder& doc, const MotionOptions& options, const std::vector<RestPose>& rest,
                           int first_joint, ExportSummary& summary, std::string& refused) {
  json extras = json::array();
  summary.motions = true;
  for (const MotionInput& input : options.motions) {
    MotionAnimator animator(doc, options, rest, first_joint, input);
    tinygltf::Animation anim = animator.run();
    if (!animator.overflow().empty()) {
      refused = "the motion " + input.name + " drives " + animator.overflow() +
                " to values a float cannot hold (its ranges or slopes overflow), which no glTF animation holds";
      return extras;
    }
    json e = motion_extras(input, options, animator, anim.channels.size());
    if (anim.channels.empty()) {
      e["omitted"] = "the motion binds no channel that has keys: glTF has no empty animation";
    } else {
      anim.extras = to_value(e);
      doc.model().animations.push_back(std::move(anim));
      summary.animations += 1;
    }
    summary.motion_curve_max_error = std::max(summary.motion_curve_max_error, animator.curve_error().error);
    summary.motion_rotation_max_error_deg = std::max(summary.motion_rotation_max_error_deg, animator.rotation_error().error);
    summary.motion_jumps += animator.jumps();
    extras.push_back(std::move(e));
  }
  return extras;
}

}  // namespace meshgate::gltf
