// Which track drives which joint's channel (docs/spec/dmc3-mot.md §7), and
// a motion's channels evaluated at a time. Mask i belongs to joint i (MOD node
// order); each set bit takes the next track ordinal in a fixed channel order.
// What each bit means is the spec's [CONFLICT]: reading E (DR, from the EXE's
// binding walk and channel bases) is the default, reading I (the Blender
// importers, no cited evidence) a labelled view. They agree whenever a
// triplet is wholly set or clear.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/diagnostics.hpp"
#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

enum class Channel : uint8_t { tx, ty, tz, rx, ry, rz, sx, sy, sz };
inline constexpr size_t kChannelCount = 9;
[[nodiscard]] std::string_view channel_name(Channel c);  // "translation.x", ...

enum class MaskReading : uint8_t {
  exe,       // E (default): 0x040/0x080/0x100 translation X/Y/Z, 0x008.. rotation, 0x001.. scale
  importer,  // I: 0x100/0x080/0x040 translation X/Y/Z, 0x020.. rotation, 0x004.. scale
};
[[nodiscard]] std::string_view mask_reading_name(MaskReading r);

// The mask bit of a channel under a reading. Channels are visited in Channel
// order (translation, rotation, scale; X, Y, Z) under both readings.
[[nodiscard]] uint16_t channel_bit(Channel c, MaskReading reading);

struct ChannelBinding {
  uint32_t joint = 0;
  Channel channel = Channel::tx;
  uint32_t track = 0;  // ordinal in Motion::tracks
};
// Every set bit of every mask, in track order.
[[nodiscard]] std::vector<ChannelBinding> channel_bindings(const Motion& m, MaskReading reading = MaskReading::exe);
// Masks with a triplet partly set: where the two readings differ.
[[nodiscard]] uint64_t partly_set_triplets(const Motion& m);

// Evaluates a motion's channels at times that mostly move forward, keeping
// one search cache per track as the EXE does (§6).
class MotionSampler {
 public:
  explicit MotionSampler(const Motion& motion, MaskReading reading = MaskReading::exe);
  // The channel's value at motion time `time`; nullopt for an unbound channel
  // (it keeps its rest value: the MOD transform, or scale 1) or a track with
  // no value (no keys, unsupported compression).
  [[nodiscard]] std::optional<float> sample(uint32_t joint, Channel channel, float time);
  [[nodiscard]] std::optional<uint32_t> track_of(uint32_t joint, Channel channel) const;
  // The work of the samples so far: key times read, and keys the cached
  // search stepped across. An export samples each track at every time unit,
  // so this must grow with the keys, not with keys times samples.
  [[nodiscard]] uint64_t keys_visited() const { return keys_visited_; }

 private:
  const Motion& motion_;
  std::vector<std::array<int64_t, kChannelCount>> track_of_;  // per joint; -1 unbound
  std::vector<size_t> caches_;
  // Per track, its masked key times, read on its first sample: once, not per sample.
  std::vector<std::optional<std::vector<uint16_t>>> times_;
  uint64_t keys_visited_ = 0;
};

// The MOT x MOD checks of §10 for a model of `node_count` nodes: errors
// with the field path and offset of the header field that broke the rule.
[[nodiscard]] std::vector<Diagnostic> bind_diagnostics(const Motion& m, uint64_t node_count);

}  // namespace meshgate::mot
