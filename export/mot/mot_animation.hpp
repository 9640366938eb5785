// DMC3 motions on a MOD's joints as glTF animations (`export MODEL.mod
// --motion A.mot`, docs/spec/dmc3-mot.md §5-§9): one animation per MOT.
// - Translation and scale are CUBICSPLINE keyframes at the union of their
//   three tracks' key times (and a hold at +0x0C, the clip's length): a linear or Hermite piece is a cubic, and one
//   cut at another track's key time is still one, so the curve is the EXE's
//   exactly (up to float rounding) wherever no run of equal key times makes
//   it jump. The largest deviation from MotionSampler is measured, not assumed.
// - Rotation is three Euler angles, which no glTF interpolation follows: it is
//   sampled once per time unit (each angle quantised to 16 bits as the game
//   does, §8), as quaternions interpolated LINEAR (slerp), and the largest
//   angle between the slerp and the Euler pose halfway between samples is
//   reported.
// Unbound channels keep the MOD's rest transform (scale 1), as in the game.
// The clip starts at motion time 0, as the game plays it: keys before 0 are
// not shifted in, their effect at 0 is evaluated (docs/spec/dmc3-mot.md §12).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/gltf_document.hpp"
#include "export/gltf_export.hpp"

namespace meshgate::gltf {

// A joint's rest transform (the MOD transform record): what an unbound channel keeps.
struct RestPose {
  std::array<double, 3> translation{};
  std::array<double, 3> euler{};  // radians, X applied first (Rx*Ry*Rz on row vectors)
  bool has_children = false;      // a scale here reaches its children in glTF, not in the game
};

// The unit quaternion (x, y, z, w) of the MOD's Euler rotation: qz * qy * qx.
[[nodiscard]] std::array<double, 4> euler_quaternion(const std::array<double, 3>& euler);

// The first track whose decoded values or slopes are not finite (a NaN or
// infinite min or range, mot.non-finite-quantization): no glTF animation can
// hold it, so the export refuses the motion. Nullopt when every one is finite.
[[nodiscard]] std::optional<size_t> first_non_finite_track(const mot::Motion& motion);

// Appends one animation per motion on the joint nodes first_joint + j (joint
// j is MOD node j). Every motion must already have passed
// mot::bind_diagnostics for `rest.size()` nodes. Fills the summary's
// animation figures; returns asset.extras.meshgate.motions. A motion whose
// curves overflow a float sets `refused` (why), and the asset is unusable.
[[nodiscard]] nlohmann::json add_motion_animations(DocumentBuilder& doc, const MotionOptions& options,
                                                   const std::vector<RestPose>& rest, int first_joint,
                                                   ExportSummary& summary, std::string& refused);

}  // namespace meshgate::gltf
