#include "parser/mot/mot_channels.hpp"

#include <bit>
#include <string>

#include "parser/mot/mot_diagnostic_codes.hpp"
#include "parser/mot/mot_keys.hpp"

namespace meshgate::mot {

namespace {

// Bits in Channel order: E from the channel bases +0x120..+0x220, I as the
// Blender importers label them.
constexpr std::array<uint16_t, kChannelCount> kExeBits = {0x040, 0x080, 0x100, 0x008, 0x010,
                                                          0x020, 0x001, 0x002, 0x004};
constexpr std::array<uint16_t, kChannelCount> kImporterBits = {0x100, 0x080, 0x040, 0x020, 0x010,
                                                               0x008, 0x004, 0x002, 0x001};

uint64_t field_offset(size_t i) { return kHeaderSpec.fields[i].offset; }

}  // namespace

std::string_view channel_name(Channel c) {
  static constexpr std::array<std::string_view, kChannelCount> kNames = {
      "translation.x", "translation.y", "translation.z", "rotation.x", "rotation.y",
      "rotation.z",    "scale.x",       "scale.y",       "scale.z"};
  return kNames[static_cast<size_t>(c)];
}

std::string_view mask_reading_name(MaskReading r) { return r == MaskReading::exe ? "E" : "I"; }

uint16_t channel_bit(Channel c, MaskReading reading) {
  return (reading == MaskReading::exe ? kExeBits : kImporterBits)[static_cast<size_t>(c)];
}

std::vector<ChannelBinding> channel_bindings(const Motion& m, MaskReading reading) {
  std::vector<ChannelBinding> out;
  uint32_t ordinal = 0;
  for (uint32_t joint = 0; joint < m.masks.size(); ++joint)
    for (size_t c = 0; c < kChannelCount; ++c) {
      const auto channel = static_cast<Channel>(c);
      if (m.masks[joint] & channel_bit(channel, reading)) out.push_back({joint, channel, ordinal++});
    }
  return out;
}

uint64_t partly_set_triplets(const Motion& m) {
  uint64_t partly = 0;
  for (const uint16_t mask : m.masks)
    for (const unsigned triplet : {0x1C0u, 0x038u, 0x007u}) {
      const int set = std::popcount(static_cast<unsigned>(mask & triplet));
      partly += set == 1 || set == 2;
    }
  return partly;
}

MotionSampler::MotionSampler(const Motion& motion, MaskReading reading)
    : motion_(motion), track_of_(motion.masks.size()), caches_(motion.tracks.size(), 0), times_(motion.tracks.size()) {
  for (auto& joint : track_of_) joint.fill(-1);
  for (const ChannelBinding& b : channel_bindings(motion, reading))
    if (b.track < motion.tracks.size()) track_of_[b.joint][static_cast<size_t>(b.channel)] = b.track;
}

std::optional<uint32_t> MotionSampler::track_of(uint32_t joint, Channel channel) const {
  if (joint >= track_of_.size()) return std::nullopt;
  const int64_t t = track_of_[joint][static_cast<size_t>(channel)];
  if (t < 0) return std::nullopt;
  return static_cast<uint32_t>(t);
}

std::optional<float> MotionSampler::sample(uint32_t joint, Channel channel, float time) {
  const std::optional<uint32_t> t = track_of(joint, channel);
  if (!t) return std::nullopt;
  std::optional<std::vector<uint16_t>>& times = times_[*t];
  if (!times) {
    times = masked_key_times(motion_.tracks[*t]);
    keys_visited_ += times->size();
  }
  const size_t from = caches_[*t];
  const std::optional<float> value = evaluate_track(motion_.tracks[*t], *times, time, caches_[*t]);
  keys_visited_ += 1 + (from > caches_[*t] ? from - caches_[*t] : caches_[*t] - from);
  return value;
}

std::vector<Diagnostic> bind_diagnostics(const Motion& m, uint64_t node_count) {
  std::vector<Diagnostic> out;
  const auto add = [&](const DiagnosticCode& code, size_t field, std::string message) {
    out.push_back({code.code, code.severity, "header." + std::string(kHeaderSpec.fields[field].name),
                   field_offset(field), std::move(message)});
  };
  if (node_count == 0)
    add(codes::bind_no_skeleton, hdr::channel_domain_count, "the model has no nodes for the motion's masks to drive");
  else if (m.masks.size() != node_count)
    add(codes::bind_domain_mismatch, hdr::channel_domain_count,
        "the motion has " + std::to_string(m.masks.size()) + " masks; the model has " + std::to_string(node_count) +
            " nodes (the EXE only bounds its walk by the node count; other counts are not proven safe)");
  if (m.header.get(hdr::raw_18) & 0x2)
    add(codes::bind_alternate_path, hdr::raw_18,
        "header flag 0x2 selects the alternate binding 0x140310CBF, which nobody has recovered");
  return out;
}

}  // namespace meshgate::mot
