#include "import/mot/mot_from_gltf.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <sstream>

#include "export/finite_check.hpp"
#include "export/mot/mot_animation.hpp"
#include "import/gltf_animation_curves.hpp"
#include "import/gltf_joint_order.hpp"
#include "import/import_losses.hpp"
#include "import/mot/mot_fit.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"
#include "writer/mot/mot_writer.hpp"

namespace meshgate::mot {

namespace {

using gltf::AnimationCurve;
using Vec3 = std::array<double, 3>;

enum Path : size_t { kPathTranslation, kPathRotation, kPathScale, kPathCount };
constexpr std::array<const char*, kPathCount> kPathNames = {"translation", "rotation", "scale"};

Path path_of(Channel c) { return static_cast<Path>(static_cast<size_t>(c) / 3); }
size_t axis_of(Channel c) { return static_cast<size_t>(c) % 3; }

// The --mot-mask value that names a reading.
const char* mask_option(MaskReading r) { return r == MaskReading::exe ? "exe" : "importer"; }

std::string joint_text(uint32_t j, int node) { return "joint " + std::to_string(j) + " (nodes[" + std::to_string(node) + "])"; }

double quaternion_angle_degrees(const std::array<double, 4>& a, const std::array<double, 4>& b) {
  const double d = std::fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  return 2 * std::acos(std::min(1.0, d)) * 180 / std::numbers::pi;
}

// The key times of a rotation curve and every whole unit between its first and last.
std::vector<double> rotation_grid(const AnimationCurve& c) {
  std::vector<double> times = c.times;
  for (double t = std::ceil(c.times.front()); t < c.times.back(); t += 1) times.push_back(t);
  std::sort(times.begin(), times.end());
  std::vector<double> out;
  for (double t : times)
    if (out.empty() || t - out.back() > 1e-3) out.push_back(t);
  return out;
}

// True when `m` lies on the piece from `a` to `b` (value and both slopes
// within `tolerance` over the piece): a cut no track needs.
bool lies_on_piece(const FitKey& a, const FitKey& m, const FitKey& b, double tolerance) {
  if (!(a.time < m.time && m.time < b.time) || a.cubic != m.cubic) return false;
  const double d = b.time - a.time, u = (m.time - a.time) / d;
  double value = 0, slope = 0;
  if (a.cubic) {
    const double u2 = u * u, u3 = u2 * u;
    value = (2 * u3 - 3 * u2 + 1) * a.value + (u3 - 2 * u2 + u) * d * a.out_slope + (3 * u2 - 2 * u3) * b.value +
            (u3 - u2) * d * b.in_slope;
    slope = ((6 * u2 - 6 * u) * a.value + (3 * u2 - 4 * u + 1) * d * a.out_slope + (6 * u - 6 * u2) * b.value +
             (3 * u2 - 2 * u) * d * b.in_slope) / d;
  } else {
    slope = (b.value - a.value) / d;
    value = a.value + u * (b.value - a.value);
    if (std::fabs(a.out_slope - slope) * d > tolerance) return false;
  }
  return std::fabs(value - m.value) <= tolerance && std::fabs(slope - m.in_slope) * d <= tolerance &&
         std::fabs(slope - m.out_slope) * d <= tolerance;
}

// A CUBICSPLINE piece whose two tangents lie on its chord is straight: the
// export writes a MOT's linear piece (bit 15 clear) so. It goes back linear,
// so its slopes, which no value reads, stay out of the slope range the
// track's cubic pieces are quantised in.
void mark_straight(std::vector<FitKey>& keys, double tolerance) {
  for (size_t k = 0; k + 1 < keys.size(); ++k) {
    FitKey& a = keys[k];
    const FitKey& b = keys[k + 1];
    const double d = b.time - a.time;
    if (d <= 0) continue;
    const double chord = (b.value - a.value) / d;
    const bool on_chord = std::fabs(a.out_slope - chord) * d <= tolerance && std::fabs(b.in_slope - chord) * d <= tolerance;
    if (on_chord) a.cubic = false;
  }
}

// `keys` without those that lie on the piece between their neighbours.
std::vector<FitKey> without_cuts(const std::vector<FitKey>& keys, double tolerance) {
  if (keys.size() < 3) return keys;
  std::vector<FitKey> out{keys.front()};
  for (size_t k = 1; k + 1 < keys.size(); ++k)
    if (!lies_on_piece(out.back(), keys[k], keys[k + 1], tolerance)) out.push_back(keys[k]);
  out.push_back(keys.back());
  return out;
}

// A joint's rest transform from its glTF node (what export writes from the MOD record).
struct JointRest {
  Vec3 translation{}, scale{1, 1, 1}, euler{};
};

class MotImporter {
 public:
  MotImporter(const tinygltf::Model& g, const Motion& like, const MotImportOptions& o)
      : g_(g), like_(like), o_(o), budget_(gltf::import_budget(g)) {}

  ImportedMot run() {
    out_.errors = gltf::accessor_errors(g_);
    if (const std::string bad = gltf::first_non_finite_number(g_); out_.errors.empty() && !bad.empty())
      out_.errors.push_back("the glTF's " + bad + " is not finite (NaN key)");
    if (out_.errors.empty() && choose_animation() && read_joints() && read_channels() && check_masks()) build();
    losses_.into(out_.warnings);
    if (!out_.errors.empty()) out_.bytes.clear();
    return std::move(out_);
  }

 private:
  bool fail(std::string why) {
    out_.errors.push_back(std::move(why));
    return false;
  }

  bool choose_animation() {
    if (g_.animations.empty()) return fail("the glTF has no animation: nothing to import as a MOT");
    const std::string& want = o_.animation;
    if (want.empty()) {
      if (g_.animations.size() > 1)
        return fail("the glTF has " + std::to_string(g_.animations.size()) +
                    " animations: name one with --animation NAME|INDEX");
      animation_ = 0;
    } else {
      for (size_t a = 0; a < g_.animations.size() && !animation_; ++a)
        if (g_.animations[a].name == want) animation_ = a;
      if (!animation_ && want.find_first_not_of("0123456789") == std::string::npos && want.size() < 10 &&
          std::stoul(want) < g_.animations.size())
        animation_ = std::stoul(want);
      if (!animation_) return fail("--animation " + want + ": the glTF has no animation of that name or index");
    }
    const tinygltf::Animation& a = g_.animations[*animation_];
    out_.animation = a.name.empty() ? "animations[" + std::to_string(*animation_) + "]" : a.name;
    return true;
  }

  bool read_joints() {
    if (g_.skins.empty()) return fail("the glTF has no skin: it names no MOD joints for the motion to drive");
    joints_ = gltf::joints_in_node_order(g_, g_.skins[0].joints).nodes;  // joint `node_j` is MOD node j
    if (joints_.size() != like_.masks.size())
      return fail("the glTF's skins[0] has " + std::to_string(joints_.size()) + " joints, the like MOT's masks bind " +
                  std::to_string(like_.masks.size()) + ": the animation is not on the MOD's joints");
    for (size_t j = 0; j < joints_.size(); ++j) {
      const int node = joints_[j];
      if (node < 0 || static_cast<size_t>(node) >= g_.nodes.size())
        return fail("skins[0].joints[" + std::to_string(j) + "] names no node");
      if (joint_of_.contains(node)) return fail("skins[0] names nodes[" + std::to_string(node) + "] twice");
      joint_of_[node] = static_cast<uint32_t>(j);
      rest_.push_back(rest_of(g_.nodes[static_cast<size_t>(node)], node));
    }
    return true;
  }

  JointRest rest_of(const tinygltf::Node& n, int node) {
    JointRest r;
    if (!n.matrix.empty()) losses_.add("a joint's rest is a matrix, read as the identity", "nodes[" + std::to_string(node) + "]");
    if (n.translation.size() == 3) r.translation = {n.translation[0], n.translation[1], n.translation[2]};
    if (n.scale.size() == 3) r.scale = {n.scale[0], n.scale[1], n.scale[2]};
    if (n.rotation.size() == 4) r.euler = gltf::quaternion_euler({n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]}, {});
    return r;
  }

  bool read_channels() {
    const tinygltf::Animation& a = g_.animations[*animation_];
    for (size_t c = 0; c < a.channels.size(); ++c) {
      const tinygltf::AnimationChannel& ch = a.channels[c];
      const std::string where = "animation '" + out_.animation + "' channels[" + std::to_string(c) + "]";
      const auto path = std::find(kPathNames.begin(), kPathNames.end(), ch.target_path);
      if (path == kPathNames.end()) {
        losses_.add("a channel of path '" + ch.target_path + "' (a MOT holds translation, rotation and scale): ignored", where);
        continue;
      }
      const auto joint = joint_of_.find(ch.target_node);
      if (joint == joint_of_.end())
        return fail(where + " targets nodes[" + std::to_string(ch.target_node) +
                    "], which is not a joint of the MOD (skins[0].joints)");
      if (ch.sampler < 0 || static_cast<size_t>(ch.sampler) >= a.samplers.size())
        return fail(where + " names no sampler");
      const Path p = static_cast<Path>(path - kPathNames.begin());
      auto& slot = curves_[{joint->second, p}];
      if (slot) return fail(where + ": a second " + kPathNames[p] + " channel on " + joint_text(joint->second, ch.target_node));
      std::string error;
      slot = gltf::read_animation_curve(g_, a, static_cast<size_t>(ch.sampler), p == kPathRotation ? 4 : 3,
                                        o_.units_per_second, budget_, error);
      if (!slot) return fail(error);
      if (slot->times.back() > kLatestFitTime)
        return fail(where + ": a key at " + std::to_string(slot->times.back()) + " time units (at --mot-fps " +
                    std::to_string(o_.units_per_second) + "), past the latest a MOT key holds (" +
                    std::to_string(kLatestFitTime) + ")");
      if (slot->interpolation == gltf::Interpolation::step)
        losses_.add("STEP interpolation, which no MOT track has: fitted as linear (the error below measures it)", where);
    }
    if (curves_.empty()) return fail("animation '" + out_.animation + "' has no translation, rotation or scale channel");
    return true;
  }

  const AnimationCurve* curve(uint32_t j, Path p) const {
    const auto it = curves_.find({j, p});
    return it == curves_.end() ? nullptr : &*it->second;
  }

  // Rotations at `times` as Euler angles, each branch continued from the one
  // before; the first from the like track's first value (or the rest), so an
  // unedited motion keeps the range its tracks were quantised in.
  std::vector<Vec3> euler_at(uint32_t j, const AnimationCurve& c, const std::vector<double>& times) const {
    Vec3 near = rest_[j].euler;
    for (size_t i = 0; i < 3; ++i)
      if (const std::optional<uint32_t> t = track_of(j, static_cast<Channel>(3 + i)))
        if (const std::vector<Key> keys = decode_keys(like_.tracks[*t]); !keys.empty() && std::isfinite(keys[0].value))
          near[i] = keys[0].value;
    std::vector<Vec3> out;
    for (double t : times) {
      const std::vector<double> q = c.at(t);
      out.push_back(gltf::quaternion_euler({q[0], q[1], q[2], q[3]}, near));
      near = out.back();
    }
    return out;
  }

  std::optional<uint32_t> track_of(uint32_t j, Channel c) const {
    const uint16_t bit = channel_bit(c, o_.mask);
    if (!(like_.masks[j] & bit)) return std::nullopt;
    uint32_t ordinal = 0;
    for (uint32_t k = 0; k < j; ++k) ordinal += static_cast<uint32_t>(std::popcount(like_.masks[k]));
    for (size_t ch = 0; ch < static_cast<size_t>(c); ++ch) ordinal += (like_.masks[j] & channel_bit(static_cast<Channel>(ch), o_.mask)) != 0;
    return ordinal;
  }

  // Every axis the glTF moves must be one the like file's mask carries: a
  // channel the game never reads would silently be lost.
  bool check_masks() {
    for (const auto& [key, c] : curves_) {
      const auto [j, p] = key;
      const std::vector<Vec3> euler = p == kPathRotation ? euler_at(j, *c, c->times) : std::vector<Vec3>{};
      for (size_t i = 0; i < 3; ++i) {
        const Channel ch = static_cast<Channel>(3 * p + i);
        if (track_of(j, ch)) continue;
        const double rest = p == kPathTranslation ? rest_[j].translation[i] : p == kPathScale ? 1.0 : rest_[j].euler[i];
        const double tolerance = p == kPathRotation ? o_.max_degrees * std::numbers::pi / 180 : o_.max_units;
        for (size_t k = 0; k < c->keys(); ++k) {
          const double v = p == kPathRotation ? euler[k][i] : c->value(k, i);
          const double off = p == kPathRotation ? std::remainder(v - rest, 2 * std::numbers::pi) : v - rest;
          if (std::fabs(off) > tolerance)
            return fail(joint_text(j, joints_[j]) + ": the glTF moves its " + std::string(channel_name(ch)) + " (to " +
                        std::to_string(v) + " at time unit " + std::to_string(c->times[k]) +
                        "), which the like MOT's mask " + mask_text(like_.masks[j]) + " does not carry (--mot-mask " +
                        mask_option(o_.mask) + ")");
        }
      }
    }
    return true;
  }

  static std::string mask_text(uint16_t mask) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%03X", static_cast<unsigned>(mask));
    return text;
  }

  int32_t whole_unit(double units, const std::string& where) {
    const double whole = std::round(units);
    if (std::fabs(units - whole) > 1e-3) losses_.add("a key time between whole MOT time units: rounded to the nearest", where);
    return static_cast<int32_t>(whole);
  }

  // Axis i of a translation or scale curve as keys, without the cuts the
  // export made at the other axes' key times (the same piece on both sides);
  // a compression 2 track (linear only) takes a key at each whole unit inside
  // a piece that is curved.
  std::vector<FitKey> vector_keys(const AnimationCurve& c, size_t i, bool linear_only, const std::string& where) {
    std::vector<FitKey> keys;
    const bool cubic = c.interpolation == gltf::Interpolation::cubic;
    for (size_t k = 0; k < c.keys(); ++k) {
      FitKey key{whole_unit(c.times[k], where), c.value(k, i), c.in_tangent(k, i), c.out_tangent(k, i), cubic};
      if (!cubic) {
        if (k > 0) key.in_slope = secant(c, k - 1, i);
        if (k + 1 < c.keys()) key.out_slope = secant(c, k, i);
      }
      keys.push_back(key);
    }
    if (cubic) mark_straight(keys, o_.max_units / 100);
    keys = without_cuts(keys, o_.max_units / 100);
    return linear_only ? subdivided(keys, c, i) : keys;
  }

  static double secant(const AnimationCurve& c, size_t k, size_t i) {
    return (c.value(k + 1, i) - c.value(k, i)) / (c.times[k + 1] - c.times[k]);
  }

  // Linear pieces only: a key at every whole unit inside a piece that departs from its chord by more than an
  // eighth of the tolerance (its values from the glTF curve).
  std::vector<FitKey> subdivided(const std::vector<FitKey>& keys, const AnimationCurve& c, size_t i) const {
    std::vector<FitKey> out;
    for (size_t k = 0; k < keys.size(); ++k) {
      out.push_back(keys[k]);
      out.back().cubic = false;
      if (k + 1 == keys.size() || !keys[k].cubic) continue;
      const FitKey &a = keys[k], &b = keys[k + 1];
      const double d = b.time - a.time, s = d > 0 ? (b.value - a.value) / d : 0;
      if (0.15 * d * (std::fabs(a.out_slope - s) + std::fabs(b.in_slope - s)) <= o_.max_units / 8) continue;
      for (int32_t t = a.time + 1; t < b.time; ++t) out.push_back({t, c.at(t)[i], 0, 0, false});
    }
    return out;
  }

  // Rotation keys at the glTF's key times and every whole unit between
  // them (a MOT's Euler pieces follow a slerp only where they are keyed).
  std::vector<FitKey> rotation_keys(uint32_t j, const AnimationCurve& c, size_t i, const std::string& where) {
    const std::vector<double> times = rotation_grid(c);
    const std::vector<Vec3> euler = euler_at(j, c, times);
    std::vector<FitKey> keys;
    for (size_t k = 0; k < times.size(); ++k) {
      FitKey key{whole_unit(times[k], where), euler[k][i], 0, 0, false};
      if (k > 0) key.in_slope = (euler[k][i] - euler[k - 1][i]) / (times[k] - times[k - 1]);
      if (k + 1 < times.size()) key.out_slope = (euler[k + 1][i] - euler[k][i]) / (times[k + 1] - times[k]);
      keys.push_back(key);
    }
    return keys;
  }

  double rest_value(uint32_t j, Channel ch) const {
    const size_t i = axis_of(ch);
    switch (path_of(ch)) {
      case kPathTranslation: return rest_[j].translation[i];
      case kPathRotation: return rest_[j].euler[i];
      default: return rest_[j].scale[i];
    }
  }

  // The track for one binding: fitted from its glTF curve; the like track
  // itself when the glTF leaves the channel alone and the like track has no
  // keys (it drives nothing); else the rest value held.
  std::optional<Track> track_for(const ChannelBinding& b) {
    const Track& like = like_.tracks[b.track];
    const std::string where = joint_text(b.joint, joints_[b.joint]) + "'s " + std::string(channel_name(b.channel));
    if (std::holds_alternative<RawTrack>(like)) {
      losses_.add("a track of a compression meshgate does not write: kept as the like file has it", where);
      return like;
    }
    const AnimationCurve* c = curve(b.joint, path_of(b.channel));
    if (!c && decode_keys(like).empty()) return like;
    std::vector<FitKey> keys;
    if (!c) keys = {{0, rest_value(b.joint, b.channel), 0, 0, false}};
    else if (path_of(b.channel) == kPathRotation) keys = rotation_keys(b.joint, *c, axis_of(b.channel), where);
    else keys = vector_keys(*c, axis_of(b.channel), std::holds_alternative<Track2>(like), where);
    FitResult fit = fit_track(keys, like, path_of(b.channel) == kPathRotation);
    if (!fit.track) fail(where + ": " + fit.error);
    return std::move(fit.track);
  }

  void build() {
    Motion m;
    m.header = like_.header;
    m.masks = like_.masks;
    m.header_tail = like_.header_tail;
    m.count = like_.count;
    for (const ChannelBinding& b : channel_bindings(like_, o_.mask)) {
      std::optional<Track> t = track_for(b);
      if (!t) return;
      m.tracks.push_back(std::move(*t));
    }
    note_end(m);
    const uint64_t unpadded = m.byte_size();  // no tail yet: zeros to 16, as §3 lays it
    m.tail.assign(static_cast<size_t>((kTailAlignment - unpadded % kTailAlignment) % kTailAlignment), std::byte{0});
    WriteResult written = write_mot(m);
    if (!written.ok()) {
      fail("the MOT built does not write: " + written.error->message);
      return;
    }
    out_.bytes.assign(written.bytes.begin(), written.bytes.end());
    ParseResult parsed = parse_mot(out_.bytes);
    if (!parsed.ok()) {
      fail("the MOT built does not parse again");
      return;
    }
    measure(*parsed.motion);
  }

  void note_end(const Motion& m) {
    double last = 0;
    for (const auto& [key, c] : curves_) last = std::max(last, c->times.back());
    const float end = m.header.get_f32(hdr::raw_0C);
    if (last > end + 1e-3)
      losses_.add("the animation runs to time unit " + std::to_string(last) + ", past the like file's +0x0C (" +
                      std::to_string(end) + "), kept as the like file has it",
                  "header.raw_0C");
  }

  // Every glTF curve against the MOT written, at each key and a quarter,
  // half and three quarters into each interval; a rotation also at every
  // whole unit (its MOT keys) and inside each unit.
  void measure(const Motion& written) {
    MotionSampler sampler(written, o_.mask);
    MotAccuracy a;
    for (const auto& [key, c] : curves_) {
      const auto [j, p] = key;
      if (p == kPathRotation) {
        measure_rotation(sampler, j, *c, a);
        continue;
      }
      ChannelError& e = p == kPathTranslation ? a.translation : a.scale;
      for (size_t k = 0; k < c->keys(); ++k)
        for (double s : {0.0, 0.25, 0.5, 0.75}) {
          if (k + 1 == c->keys() && s > 0) break;
          const double t = c->times[k] + s * (k + 1 < c->keys() ? c->times[k + 1] - c->times[k] : 0);
          const std::vector<double> want = c->at(t);
          for (size_t i = 0; i < 3; ++i) {
            const Channel ch = static_cast<Channel>(3 * p + i);
            const double got = sampler.sample(j, ch, static_cast<float>(t)).value_or(static_cast<float>(rest_value(j, ch)));
            e.see(std::fabs(got - want[i]), j, t);
          }
        }
    }
    out_.accuracy = a;
    check_tolerance(a);
  }

  // Inside a glTF interval of one unit or less that slerps (or follows a
  // cubic), no Euler piece between two whole units can follow it: that part
  // is reported apart (rotation_between_units, the export's own slerp error
  // in kind), the rest is held to the tolerance.
  void measure_rotation(MotionSampler& sampler, uint32_t j, const AnimationCurve& c, MotAccuracy& a) {
    const std::vector<double> grid = rotation_grid(c);
    for (size_t g = 0; g < grid.size(); ++g) {
      a.rotation.see(rotation_error(sampler, j, grid[g], c.at(grid[g])), j, grid[g]);
      if (g + 1 == grid.size()) break;
      const size_t k = static_cast<size_t>(std::upper_bound(c.times.begin(), c.times.end(), grid[g]) - c.times.begin()) - 1;
      const bool unit_slerp = c.interpolation != gltf::Interpolation::step && k + 1 < c.keys() &&
                              c.times[k + 1] - c.times[k] <= 1 + 1e-3;  // seconds as f32: a unit reads back as 0.99996..1.00004
      ChannelError& e = unit_slerp ? a.rotation_between_units : a.rotation;
      for (double s : {0.25, 0.5, 0.75}) {
        const double t = grid[g] + s * (grid[g + 1] - grid[g]);
        e.see(rotation_error(sampler, j, t, c.at(t)), j, t);
      }
    }
  }

  double rotation_error(MotionSampler& sampler, uint32_t j, double t, const std::vector<double>& want) {
    Vec3 euler{};
    for (size_t i = 0; i < 3; ++i) {
      const Channel ch = static_cast<Channel>(3 + i);
      euler[i] = quantize_angle(sampler.sample(j, ch, static_cast<float>(t)).value_or(static_cast<float>(rest_value(j, ch))));
    }
    return quaternion_angle_degrees(gltf::euler_quaternion(euler), {want[0], want[1], want[2], want[3]});
  }

  void check_tolerance(const MotAccuracy& a) {
    const auto check = [&](const ChannelError& e, const char* what, double limit, const char* unit) {
      if (e.error > limit)
        fail("the MOT written departs from the glTF's " + std::string(what) + " by " + std::to_string(e.error) + " " + unit +
             " at joint " + std::to_string(e.joint) + ", time unit " + std::to_string(e.time) + ": above the tolerance " +
             std::to_string(limit) + " (--max-error UNITS,DEGREES allows more)");
    };
    check(a.translation, "translation", o_.max_units, "units");
    check(a.rotation, "rotation", o_.max_degrees, "degrees");
    check(a.scale, "scale", o_.max_units, "(factor)");
  }

  const tinygltf::Model& g_;
  const Motion& like_;
  const MotImportOptions& o_;
  gltf::ReadBudget budget_;
  ImportedMot out_;
  ImportLosses losses_;
  std::optional<size_t> animation_;
  std::vector<int> joints_;
  std::map<int, uint32_t> joint_of_;
  std::vector<JointRest> rest_;
  std::map<std::pair<uint32_t, Path>, std::optional<AnimationCurve>> curves_;
};

nlohmann::json channel_error_json(const ChannelError& e, const char* unit) {
  return {{unit, e.error}, {"joint", e.joint}, {"time_units", e.time}, {"probes", e.probes}};
}

}  // namespace

bool parse_max_error(const std::string& text, MotImportOptions& options) {
  std::istringstream in(text);
  double units = 0, degrees = 0;
  char comma = 0;
  if (!(in >> units >> comma >> degrees) || comma != ',' || in.peek() != EOF || !std::isfinite(units) ||
      !std::isfinite(degrees) || units < 0 || degrees < 0)
    return false;
  options.max_units = units;
  options.max_degrees = degrees;
  return true;
}

ImportedMot mot_from_gltf(const tinygltf::Model& asset, const Motion& like, const MotImportOptions& options) {
  return MotImporter(asset, like, options).run();
}

nlohmann::json mot_accuracy_json(const ImportedMot& imported, const MotImportOptions& options) {
  nlohmann::json out = {{"animation", imported.animation},
                        {"units_per_second", options.units_per_second},
                        {"mask_reading", mask_option(options.mask)},
                        {"tolerance", {{"units", options.max_units}, {"degrees", options.max_degrees}}},
                        {"max_error", nullptr}};
  if (const auto& a = imported.accuracy)
    out["max_error"] = {{"translation", channel_error_json(a->translation, "units")},
                        {"rotation", channel_error_json(a->rotation, "degrees")},
                        {"scale", channel_error_json(a->scale, "factor")},
                        {"rotation_between_units", channel_error_json(a->rotation_between_units, "degrees")}};
  return out;
}

std::string mot_accuracy_text(const MotAccuracy& a) {
  const auto one = [](const ChannelError& e, const char* what, const char* unit) {
    char text[160];
    std::snprintf(text, sizeof text, "%s %.3g%s (joint %u, time %.6g; %llu probes)", what, e.error, unit, e.joint, e.time,
                  static_cast<unsigned long long>(e.probes));
    return std::string(text);
  };
  return "max error against the glTF: " + one(a.translation, "translation", " units") + ", " +
         one(a.rotation, "rotation", " degrees") + ", " + one(a.scale, "scale", "") + "; inside one-unit slerps (not held to the tolerance): " +
         one(a.rotation_between_units, "rotation", " degrees");
}

}  // namespace meshgate::mot
