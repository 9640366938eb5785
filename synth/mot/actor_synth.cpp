#include "synth/mot/actor_synth.hpp"

#include <array>
#include <cstdio>
#include <string>

#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"
#include "parser/mot/mot_fields.hpp"
#include "synth/core/prng.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/mot/mot_synth.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "writer/mot/mot_writer.hpp"
#include "writer/pac/pac_layout_builder.hpp"

namespace meshgate::dmc3 {

namespace {

using mot::PlannedKey;

// Saturated hues, one per texture slot (a MOD has at most 8 in the corpus):
// a textured model's pixels are strongly coloured, an untextured one's grey.
constexpr std::array<std::array<uint8_t, 3>, 8> kHues = {{{230, 40, 40},
                                                         {40, 200, 60},
                                                         {50, 80, 230},
                                                         {240, 210, 30},
                                                         {220, 50, 220},
                                                         {30, 210, 220},
                                                         {250, 130, 20},
                                                         {140, 60, 230}}};

uint16_t rgb565(const std::array<uint8_t, 3>& c) {
  return static_cast<uint16_t>((c[0] >> 3) << 11 | (c[1] >> 2) << 5 | c[2] >> 3);
}

// An 8x8 checker of hue `slot` and a darker shade: DXT1 blocks (libsquish
// decodes them) for odd slots, A8R8G8B8 pixels for even ones.
ptx::EntryDescription slot_entry(size_t slot) {
  const std::array<uint8_t, 3> hue = kHues[slot % kHues.size()];
  const std::array<uint8_t, 3> dark = {static_cast<uint8_t>(hue[0] / 2), static_cast<uint8_t>(hue[1] / 2),
                                       static_cast<uint8_t>(hue[2] / 2)};
  ptx::EntryDescription e;
  e.image.width = e.image.height = 8;
  std::vector<std::byte> level;
  if (slot % 2 == 1) {
    e.image.layout = ptx::PixelLayout::dxt1;
    const uint16_t c0 = rgb565(hue), c1 = rgb565(dark);  // c0 > c1: four-colour blocks
    for (int block = 0; block < 4; ++block)
      for (uint32_t word : {uint32_t{c0} | uint32_t{c1} << 16, block % 2 ? 0x05050505u : 0x50505050u})
        for (int b = 0; b < 4; ++b) level.push_back(static_cast<std::byte>(word >> (8 * b)));
  } else {
    e.image.layout = ptx::PixelLayout::uncompressed;
    e.image.rgb = ptx::RgbLayout::a8r8g8b8;
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) {
        const auto& c = (x / 2 + y / 2) % 2 ? dark : hue;
        const auto px = ptx::encode_rgb_pixel(e.image.rgb, {c[0], c[1], c[2], 255});
        level.insert(level.end(), px.begin(), px.end());
      }
  }
  e.image.levels.push_back(std::move(level));
  return e;
}

std::vector<std::byte> companion_for(const mod::ModDescription& model) {
  ptx::PtxDescription d;
  for (size_t s = 0; s < model.texture_slot_count; ++s) d.entries.push_back(slot_entry(s));
  return ptx::build_ptx(d);
}

// Keys every `stride` units from 0 to `end`, values and slopes drawn; bit 15
// on every key of a Hermite track. `duplicate`: the second key repeated at
// its own time with another value (a run of equal times).
std::vector<PlannedKey> planned_keys(Prng& rng, uint16_t end, uint16_t stride, bool hermite, bool duplicate) {
  std::vector<PlannedKey> keys;
  for (uint16_t t = 0; t <= end; t = static_cast<uint16_t>(t + stride)) {
    PlannedKey k;
    k.time_control = static_cast<uint16_t>(t | (hermite ? 0x8000u : 0u));
    k.q_value = static_cast<uint16_t>(rng.range(0, 65535));
    k.q_in = static_cast<uint16_t>(rng.range(0, 65535));
    k.q_out = static_cast<uint16_t>(rng.range(0, 65535));
    keys.push_back(k);
    if (duplicate && keys.size() == 2) {
      PlannedKey again = k;
      again.q_value = static_cast<uint16_t>(65535 - k.q_value);
      keys.push_back(again);
    }
  }
  return keys;
}

// A track of one channel kind: rotations within +-0.6 rad, translations
// within +-0.3 units, scale factors 0.8..1.2.
mot::Track channel_track(Prng& rng, mot::Channel channel, uint16_t end, bool turn, bool duplicate) {
  const auto c = static_cast<size_t>(channel);
  const float min = c >= 6 ? 0.8f : c >= 3 ? -0.6f : -0.3f;
  const float range = c >= 6 ? 0.4f : c >= 3 ? 1.2f : 0.6f;
  if (turn) {
    const auto offset = static_cast<int16_t>(duplicate ? 0 : rng.range(0, 1) * 5);
    return mot::make_track2(planned_keys(rng, static_cast<uint16_t>(end - offset), 20, false, duplicate), min, range,
                            offset);
  }
  return mot::make_track3(planned_keys(rng, end, 30, true, false), {min, range, -0.02f, 0.04f, -0.02f, 0.04f});
}

uint16_t joint_mask(uint64_t j, uint64_t joints, bool turn) {
  if (!turn) return j == 0 ? 0x1F8 : 0x038;
  if (j == 0) return 0x048;                    // partly set: translation and rotation, one axis each
  return j + 1 == joints ? 0x017 : 0x010;      // the last joint scales too
}

std::vector<std::byte> motion_bytes(const mot::Motion& m) {
  const WriteResult w = mot::write_mot(m);
  return {w.bytes.begin(), w.bytes.end()};
}

std::string actor_name(uint64_t index, const char* suffix) {
  char name[40];
  std::snprintf(name, sizeof name, "pl_%04llu%s", static_cast<unsigned long long>(index), suffix);
  return name;
}

}  // namespace

mot::Motion actor_motion(uint64_t seed, uint64_t index, uint64_t joints, bool turn) {
  Prng rng(seed * 0xC2B2AE3D27D4EB4Full ^ (index + 1) * 0x165667B19E3779F9ull ^ (turn ? 0x5555u : 0u));
  rng.next();
  const uint16_t end = turn ? 100 : 120;
  std::vector<uint16_t> masks;
  std::vector<mot::Track> tracks;
  for (uint64_t j = 0; j < joints; ++j) {
    masks.push_back(joint_mask(j, joints, turn));
    for (size_t c = 0; c < mot::kChannelCount; ++c)
      if (masks.back() & mot::channel_bit(static_cast<mot::Channel>(c), mot::MaskReading::exe))
        tracks.push_back(channel_track(rng, static_cast<mot::Channel>(c), end, turn, turn && j == 0 && c == 3));
  }
  return mot::make_motion(std::move(masks), std::move(tracks), static_cast<float>(end));
}

void synth_actor_corpus(uint64_t seed, uint64_t count, const SynthSink& sink) {
  for (uint64_t i = 0; i < count; ++i) {
    const mod::ModDescription model = mod::random_mod_description(seed, i);
    const uint64_t joints = model.nodes.size();
    pac::ContainerDescription pac{.kind = pac::Kind::pac, .slot_count = 4};
    const std::array<std::pair<const char*, std::vector<std::byte>>, 4> files = {{
        {".mod", mod::build_mod(model).bytes},
        {".ptx", companion_for(model)},
        {"_idle.mot", motion_bytes(actor_motion(seed, i, joints, false))},
        {"_turn.mot", motion_bytes(actor_motion(seed, i, joints, true))},
    }};
    for (uint32_t slot = 0; slot < files.size(); ++slot) {
      pac.members.push_back({{slot}, files[slot].second});
      if (!sink({actor_name(i, files[slot].first), files[slot].second})) return;
    }
    if (!sink({actor_name(i, ".pac"), pac::build_pac(pac)})) return;
  }
}

std::vector<MalformedCase> malformed_actor_cases(uint64_t seed) {
  const uint64_t joints = mod::random_mod_description(seed, 0).nodes.size();
  mot::Motion alternate = actor_motion(seed, 0, joints, false);
  alternate.header.set(mot::hdr::raw_18, 0x2);
  return {
      {mot::codes::bind_domain_mismatch.code,
       {"pl_0000_extra_joint.mot", motion_bytes(actor_motion(seed, 0, joints + 1, false))}},
      {mot::codes::bind_alternate_path.code, {"pl_0000_alternate_binding.mot", motion_bytes(alternate)}},
  };
}

}  // namespace meshgate::dmc3
