// Object +0x10 source_flags, decoded as far as the evidence goes (spec §2.2).
// Bits without an evidenced meaning are reported as such, never named.
#pragma once

#include <cstdint>
#include <string_view>

namespace meshgate::mod {

inline constexpr uint32_t kFlagBlendModeMask = 0x0000000F;   // 0x1402F17C0: GS ALPHA from .rdata 0x1405D0550 + mode*8
inline constexpr uint32_t kFlagConditionalParams = 0x00000600;  // enables the +0x18/+0x1C copy (0x140302D22)
inline constexpr uint32_t kFlagNearestFilter = 0x00004000;   // TEX1 = 0 instead of 0x60 (0x1402F9890)
inline constexpr uint32_t kFlagCommon20000 = 0x00020000;     // common (24/166 objects), no meaning reported
inline constexpr uint32_t kFlagLegacyGsState = 0x00100000;   // GS alpha-test / depth-write selector (0x140302640)
inline constexpr uint32_t kFlagUndecoded21 = 0x00200000;     // carried and restored, never interpreted
inline constexpr uint32_t kFlagRestoreMask = 0x0010000F;     // 0x140305911: eff = (eff & ~mask) | (base & mask)

struct SourceFlags {
  uint32_t raw = 0;
  uint32_t blend_mode = 0;             // low nibble
  std::string_view blend_name;         // "normal", "additive", "subtractive", "none", "unknown"
  uint32_t gs_alpha = 0;               // 0x44 / 0x48 / 0x42 for modes 1..4, 0 otherwise
  bool alpha_test_gs_value = false;    // mode 4 also selects GS TEST 0x50007
  bool conditional_params_live = false;
  bool nearest_filter = false;
  bool legacy_gs_state = false;
  uint32_t gs_test = 0;                // 0x5010D with bit 20, 0x5000D without
  bool depth_write_masked = false;     // bit 20 clear and mode != 0: ZBUF ZMSK set
  bool bit_20000 = false;
  bool bit_200000 = false;
  uint32_t unexplained_bits = 0;       // bits outside every mask above
};

[[nodiscard]] constexpr SourceFlags decode_source_flags(uint32_t raw) {
  SourceFlags f;
  f.raw = raw;
  f.blend_mode = raw & kFlagBlendModeMask;
  switch (f.blend_mode) {
    case 0: f.blend_name = "none"; break;
    case 1: f.blend_name = "normal", f.gs_alpha = 0x44; break;
    case 2: f.blend_name = "additive", f.gs_alpha = 0x48; break;
    case 3: f.blend_name = "subtractive", f.gs_alpha = 0x42; break;
    case 4: f.blend_name = "normal", f.gs_alpha = 0x44, f.alpha_test_gs_value = true; break;
    default: f.blend_name = "unknown"; break;
  }
  f.conditional_params_live = (raw & kFlagConditionalParams) != 0;
  f.nearest_filter = (raw & kFlagNearestFilter) != 0;
  f.legacy_gs_state = (raw & kFlagLegacyGsState) != 0;
  f.gs_test = f.legacy_gs_state ? 0x5010D : 0x5000D;
  f.depth_write_masked = !f.legacy_gs_state && f.blend_mode != 0;
  f.bit_20000 = (raw & kFlagCommon20000) != 0;
  f.bit_200000 = (raw & kFlagUndecoded21) != 0;
  f.unexplained_bits = raw & ~(kFlagBlendModeMask | kFlagConditionalParams | kFlagNearestFilter | kFlagCommon20000 |
                               kFlagLegacyGsState | kFlagUndecoded21);
  return f;
}

static_assert(decode_source_flags(0x00100201).conditional_params_live);  // em000_033 objects 1, 2
static_assert(decode_source_flags(0x00100201).gs_test == 0x5010D);
static_assert(decode_source_flags(0x00120002).blend_name == "additive");
static_assert(decode_source_flags(0x00024000).nearest_filter);

}  // namespace meshgate::mod
