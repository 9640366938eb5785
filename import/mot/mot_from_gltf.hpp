// `import anim.glb --as mot --like A.mot` (and `replace` of a MOT member by
// a glTF): one glTF animation on the MOD's joints (skins[0].joints[j] is MOD
// node j, as export writes them) becomes a MOT with the like file's header
// words, masks and track compressions (docs/spec/dmc3-mot.md). Translation
// and scale are fitted at the animation's key times as each track's
// compression holds them (mot_fit.hpp); rotation quaternions become the
// MOD's Euler angles, continued from key to key. Then the MOT written is
// parsed again and evaluated by MotionSampler against the glTF curves, per
// channel, at every key and three points inside each interval (a rotation
// also at every whole unit): the largest error, its joint and time, is the
// import's measured accuracy, and an error above the tolerance refuses the
// import. Measured, not assumed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_model.hpp"

namespace meshgate::mot {

struct MotImportOptions {
  std::string animation;                // --animation NAME or INDEX; empty: the only one
  MaskReading mask = MaskReading::exe;  // --mot-mask, as on export
  double units_per_second = 60;         // --mot-fps, as on export
  double max_units = 1e-3;              // --max-error: translation and scale, model units / factor
  double max_degrees = 0.05;            // --max-error: rotation
};

// The largest departure of one channel kind, where it is; `probes`: how many points were compared.
struct ChannelError {
  double error = 0;
  uint32_t joint = 0;
  double time = 0;  // MOT time units
  uint64_t probes = 0;
  void see(double e, uint32_t j, double t) {
    ++probes;
    if (e > error) error = e, joint = j, time = t;
  }
};

struct MotAccuracy {
  ChannelError translation, rotation, scale;  // units, degrees, factor: held to the tolerance
  // Inside a glTF rotation interval of one unit or less (the export's per-unit
  // samples): a slerp no Euler piece between whole units follows. Reported, not held.
  ChannelError rotation_between_units;
};

struct ImportedMot {
  std::vector<std::string> warnings, errors;
  std::vector<std::byte> bytes;         // the MOT written; empty on an error
  std::optional<MotAccuracy> accuracy;  // once the MOT was written and measured
  std::string animation;                // the animation imported, by name or index
};

// --max-error "UNITS,DEGREES" (two finite numbers, not negative) into `options`; false when it is not that.
[[nodiscard]] bool parse_max_error(const std::string& text, MotImportOptions& options);

[[nodiscard]] ImportedMot mot_from_gltf(const tinygltf::Model& asset, const Motion& like, const MotImportOptions& options);

// {animation, units_per_second, mask_reading, tolerance, max_error: {translation, rotation, scale}}
[[nodiscard]] nlohmann::json mot_accuracy_json(const ImportedMot& imported, const MotImportOptions& options);
// "max error: translation 1.2e-05 units (joint 3, time 40), rotation ..."
[[nodiscard]] std::string mot_accuracy_text(const MotAccuracy& accuracy);

}  // namespace meshgate::mot
