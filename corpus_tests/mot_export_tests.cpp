// DMC3 motions exported on a MOD's joints (export MODEL.mod --motion A.mot):
// a track's curve (breakpoints, one-sided limits and slopes) agrees with the
// EXE's evaluation; the rest pose as translation and quaternion is the
// node's matrix; the actor of `synth dmc3` exports one animation per motion,
// CUBICSPLINE translation and scale within float rounding of MotionSampler,
// LINEAR rotation with its error measured; the mask reading is named; a
// motion that does not fit the model, one with non-finite values, and a
// model that is not a MOD, are refused naming both.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "export/gltf_export.hpp"
#include "export/mot/mot_animation.hpp"
#include "parser/mod/mod_nodes.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mot/mot_curve.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"
#include "parser/mot/mot_fields.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"
#include "parser/scm/scm_parser.hpp"
#include "synth/mot/actor_synth.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/mot/mot_synth.hpp"
#include "synth/scm/scm_synth.hpp"
#include "writer/mod/mod_layout_builder.hpp"

namespace meshgate {
namespace {

using mot::PlannedKey;

// Three Hermite keys, then a linear segment (bit 15 clear on its left key), then a run of equal times.
mot::Track sample_track() {
  const std::vector<PlannedKey> keys = {{0x8000, 1000, 100, 60000}, {0x8000 | 10, 40000, 30000, 200},
                                        {20, 20000, 0, 0},          {30, 50000, 0, 0},
                                        {30, 10000, 0, 0},          {0x8000 | 45, 65535, 500, 500}};
  return mot::make_track3(keys, {-1.0f, 2.0f, -0.5f, 1.0f, -0.25f, 0.5f}, 3);
}

TEST(MotCurve, EveryPieceIsTheExesSegmentAndTheLimitsHoldOutside) {
  const mot::Track track = sample_track();
  const mot::TrackCurve curve(track);
  EXPECT_EQ(curve.breakpoints(), (std::vector<int32_t>{3, 13, 23, 33, 48}));  // time_offset 3; 30 twice is one breakpoint
  size_t cache = 0;
  for (double t = 0; t <= 60; t += 0.25) {
    if (t == 33) continue;  // the run of equal times: the EXE's choice there depends on its cache
    const float exe = *mot::evaluate_track(track, static_cast<float>(t), cache);
    EXPECT_NEAR(curve.value_after(t), exe, 2e-6) << "t " << t;
    EXPECT_NEAR(curve.value_before(t), exe, 2e-6) << "t " << t;
  }
}

TEST(MotCurve, SlopesAreOneSidedAndMatchTheKeys) {
  const mot::Track track = sample_track();
  const mot::TrackCurve curve(track);
  const std::vector<mot::Key> keys = mot::decode_keys(track);
  EXPECT_EQ(curve.slope_before(3), 0);                          // held before the first key
  EXPECT_NEAR(curve.slope_after(3), keys[0].out_slope, 1e-6);  // Hermite from key 0
  EXPECT_NEAR(curve.slope_before(13), keys[1].in_slope, 1e-6);
  EXPECT_NEAR(curve.slope_after(13), keys[1].out_slope, 1e-6);
  // Key 2 has bit 15 clear: the segment after it is linear, its slope the secant.
  EXPECT_NEAR(curve.slope_after(23), (keys[3].value - keys[2].value) / 10.0, 1e-6);
  // The run at 33: the left piece ends at its first key, the right one starts at its last.
  EXPECT_NEAR(curve.value_before(33), keys[3].value, 1e-6);
  EXPECT_NEAR(curve.value_after(33), keys[4].value, 1e-6);
  EXPECT_EQ(curve.slope_after(48), 0);  // held after the last key
}

TEST(MotCurve, AHermitePieceCutAnywhereIsTheSameCubic) {
  const mot::CurvePiece p{0, 10, 1.0f, -2.0f, 0.7f, -0.3f};
  const double cut = 3.7;
  const mot::CurvePiece left{0, 10, p.v0, p.v1, p.m0, p.m1};
  const double v = mot::piece_value(p, cut), m = mot::piece_slope(p, cut);
  // The right part as a Hermite of its own over [cut, 10]: the same values.
  for (double t = cut; t <= 10; t += 0.5) {
    const double d = 10 - cut, u = (t - cut) / d, u2 = u * u, u3 = u2 * u;
    const double right = (2 * u3 - 3 * u2 + 1) * v + (3 * u2 - 2 * u3) * p.v1 + (u3 - 2 * u2 + u) * d * m +
                         (u3 - u2) * d * p.m1;
    EXPECT_NEAR(right, mot::piece_value(left, t), 1e-9) << t;
  }
}

TEST(MotRest, TheQuaternionIsTheNodeMatrixRotation) {
  for (const std::array<double, 3> euler : {std::array<double, 3>{0.3, -1.1, 2.0}, {3.0, 0.2, -0.7}, {0, 0, 0}}) {
    const std::array<double, 4> q = gltf::euler_quaternion(euler);
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    // Column-vector rotation matrix of q; the row-vector MOD matrix is its transpose.
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    const Mat4 m = rotation_x(euler[0]) * rotation_y(euler[1]) * rotation_z(euler[2]);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_NEAR(r[i][j], m.at(j, i), 1e-12) << i << "," << j;
  }
}

struct Actor {
  mod::Model model;
  std::vector<std::byte> mod_bytes;
  uint64_t joints = 0;
};

Actor actor(uint64_t seed) {
  Actor a;
  const mod::ModDescription d = mod::random_mod_description(seed, 0);
  a.mod_bytes = mod::build_mod(d).bytes;
  a.model = *mod::parse_mod(a.mod_bytes).model;
  a.joints = d.nodes.size();
  return a;
}

std::shared_ptr<const gltf::MotionOptions> motions_of(std::vector<std::pair<std::string, mot::Motion>> motions,
                                                       mot::MaskReading mask = mot::MaskReading::exe) {
  auto out = std::make_shared<gltf::MotionOptions>();
  out->mask = mask;
  for (auto& [name, m] : motions) out->motions.push_back({name, std::make_shared<const mot::Motion>(std::move(m))});
  return out;
}

gltf::Exported export_with(const Actor& a, std::shared_ptr<const gltf::MotionOptions> motions) {
  gltf::ExportOptions options;
  options.source_name = "pl.mod";
  options.motions = std::move(motions);
  return gltf::export_mod(a.model, a.mod_bytes, options);
}

TEST(MotExport, OneAnimationPerMotionOnTheJointsWithItsErrorsMeasured) {
  const Actor a = actor(11);
  const gltf::Exported e = export_with(a, motions_of({{"idle.mot", dmc3::actor_motion(11, 0, a.joints, false)},
                                                      {"turn.mot", dmc3::actor_motion(11, 0, a.joints, true)}}));
  ASSERT_TRUE(e.refused.empty()) << e.refused;
  ASSERT_EQ(e.asset.animations.size(), 2u);
  EXPECT_EQ(e.asset.animations[0].name, "idle.mot");
  EXPECT_EQ(e.summary.animations, 2u);
  EXPECT_TRUE(e.summary.motions);
  // Translation and scale are the EXE's curve up to float rounding; rotation is sampled, its error measured.
  EXPECT_LT(e.summary.motion_curve_max_error, 1e-5);
  EXPECT_GT(e.summary.motion_rotation_max_error_deg, 0);
  EXPECT_EQ(e.summary.motion_jumps, 1u);  // the turn's run of equal key times
  std::set<std::string> paths;
  for (const tinygltf::Animation& anim : e.asset.animations)
    for (const tinygltf::AnimationChannel& c : anim.channels) {
      ASSERT_LT(c.target_node, static_cast<int>(a.joints));  // the joints are nodes 0..N-1
      const tinygltf::Node& node = e.asset.nodes[static_cast<size_t>(c.target_node)];
      EXPECT_TRUE(node.matrix.empty()) << "an animated node must be TRS";
      const tinygltf::AnimationSampler& s = anim.samplers[static_cast<size_t>(c.sampler)];
      const size_t keys = e.asset.accessors[static_cast<size_t>(s.input)].count;
      const size_t values = e.asset.accessors[static_cast<size_t>(s.output)].count;
      EXPECT_EQ(s.interpolation, c.target_path == "rotation" ? "LINEAR" : "CUBICSPLINE");
      EXPECT_EQ(values, s.interpolation == "CUBICSPLINE" ? 3 * keys : keys);
      paths.insert(c.target_path);
    }
  EXPECT_EQ(paths, (std::set<std::string>{"translation", "rotation", "scale"}));
  const auto& extras = e.asset.asset.extras.Get("meshgate").Get("motions");
  ASSERT_TRUE(extras.IsArray());
  EXPECT_EQ(extras.Get(1).Get("source").Get<std::string>(), "turn.mot");
  EXPECT_EQ(extras.Get(1).Get("mask_reading").Get<std::string>().substr(0, 1), "E");
  // The turn scales its last joint by 0.8..1.2; idle scales nothing.
  EXPECT_FALSE(extras.Get(0).Get("scale_inheritance_inexact").Get<bool>());
  EXPECT_TRUE(extras.Get(1).Has("scale_inheritance_inexact"));
}

TEST(MotExport, EveryClipLastsTheMotionsEndFrame) {
  const Actor a = actor(17);
  for (const bool turn : {false, true}) {
    mot::Motion m = dmc3::actor_motion(17, 0, a.joints, turn);
    m.header.set_f32(mot::hdr::raw_0C, 150.0f);  // past every key: the clip holds to it
    const gltf::Exported e = export_with(a, motions_of({{"m.mot", std::move(m)}}));
    ASSERT_EQ(e.asset.animations.size(), 1u);
    double last = 0;
    for (const tinygltf::AnimationSampler& s : e.asset.animations[0].samplers)
      last = std::max(last, e.asset.accessors[static_cast<size_t>(s.input)].maxValues.at(0));
    EXPECT_NEAR(last, 150.0 / 60.0, 1e-6) << (turn ? "turn" : "idle");
  }
}

TEST(MotExport, TheRestPoseOfAnAnimatedExportIsTheStillOnes) {
  const Actor a = actor(12);
  const gltf::Exported still = export_with(a, nullptr);
  const gltf::Exported moving = export_with(a, motions_of({{"idle.mot", dmc3::actor_motion(12, 0, a.joints, false)}}));
  for (size_t j = 0; j < a.joints; ++j) {
    const tinygltf::Node& m = still.asset.nodes[j];
    const tinygltf::Node& n = moving.asset.nodes[j];
    ASSERT_EQ(m.matrix.size(), 16u);
    const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
    const double r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),
                         2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
                         2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y)};
    for (int c = 0; c < 3; ++c)
      for (int r_ = 0; r_ < 3; ++r_) EXPECT_NEAR(m.matrix[static_cast<size_t>(4 * c + r_)], r[3 * c + r_], 1e-6);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(m.matrix[static_cast<size_t>(12 + i)], n.translation[static_cast<size_t>(i)], 1e-6);
  }
}

TEST(MotExport, TheImporterReadingDrivesOtherChannelsAndIsNamed) {
  const Actor a = actor(13);
  const auto turn = [&] { return dmc3::actor_motion(13, 0, a.joints, true); };
  const gltf::Exported exe = export_with(a, motions_of({{"turn.mot", turn()}}));
  const gltf::Exported importer = export_with(a, motions_of({{"turn.mot", turn()}}, mot::MaskReading::importer));
  ASSERT_TRUE(exe.refused.empty() && importer.refused.empty());
  // Joint 0's mask 0x048 is partly set: E reads translation X, I translation Z; both animate its translation.
  EXPECT_EQ(importer.asset.asset.extras.Get("meshgate").Get("motions").Get(0).Get("mask_reading").Get<std::string>().substr(0, 1),
            "I");
  const auto translation_of_joint0 = [](const gltf::Exported& e) {
    for (const tinygltf::AnimationChannel& c : e.asset.animations[0].channels)
      if (c.target_node == 0 && c.target_path == "translation") return c.sampler;
    return -1;
  };
  ASSERT_GE(translation_of_joint0(exe), 0);
  ASSERT_GE(translation_of_joint0(importer), 0);
  EXPECT_GT(mot::partly_set_triplets(turn()), 0u);
}

TEST(MotExport, AMotionThatDoesNotFitIsRefusedNamingBothFiles) {
  const Actor a = actor(14);
  for (const MalformedCase& c : dmc3::malformed_actor_cases(14)) {
    mot::ParseResult parsed = mot::parse_mot(c.file.bytes);
    ASSERT_TRUE(parsed.ok()) << c.file.name;  // it parses alone: only the pair is wrong
    const gltf::Exported e = export_with(a, motions_of({{c.file.name, std::move(*parsed.motion)}}));
    EXPECT_NE(e.refused.find(c.expected_code), std::string::npos) << e.refused;
    EXPECT_NE(e.refused.find(c.file.name), std::string::npos) << e.refused;
    EXPECT_NE(e.refused.find("pl.mod"), std::string::npos) << e.refused;
    EXPECT_TRUE(e.asset.nodes.empty());
  }
}

TEST(MotExport, EveryBindingCodeRefusesTheExport) {
  const Actor a = actor(16);
  std::set<std::string_view> raised;
  for (const MalformedCase& c : dmc3::malformed_actor_cases(16)) {
    const gltf::Exported e = export_with(a, motions_of({{c.file.name, *mot::parse_mot(c.file.bytes).motion}}));
    if (e.refused.find(c.expected_code) != std::string::npos) raised.insert(c.expected_code);
  }
  // A model without nodes: no skeleton for any motion.
  mod::ModDescription d = mod::random_mod_description(16, 0);
  d.nodes.clear();
  d.transforms.clear();
  for (auto& o : d.objects)
    for (auto& m : o.meshes)
      for (auto& lanes : m.blend_indices) lanes = {0, 0, 0, 0};
  Actor bare;
  bare.mod_bytes = mod::build_mod(d).bytes;
  const mod::ParseResult parsed = mod::parse_mod(bare.mod_bytes);
  ASSERT_TRUE(parsed.ok());
  bare.model = *parsed.model;
  const gltf::Exported e = export_with(bare, motions_of({{"idle.mot", dmc3::actor_motion(16, 0, 1, false)}}));
  if (e.refused.find(mot::codes::bind_no_skeleton.code) != std::string::npos) raised.insert(mot::codes::bind_no_skeleton.code);
  for (const DiagnosticCode& code : mot::codes::kBinding) EXPECT_TRUE(raised.contains(code.code)) << code.code;
}

TEST(MotExport, AMotionWithNonFiniteValuesIsRefused) {
  const Actor a = actor(15);
  mot::Motion m = dmc3::actor_motion(15, 0, a.joints, false);
  m.tracks[2] = mot::make_track3({{0x8000, 0, 0, 0}, {0x8000 | 30, 65535, 0, 0}},
                                 {std::numeric_limits<float>::quiet_NaN(), 1.0f, 0, 0, 0, 0});
  const gltf::Exported e = export_with(a, motions_of({{"nan.mot", std::move(m)}}));
  EXPECT_NE(e.refused.find("track 2"), std::string::npos) << e.refused;
  EXPECT_NE(e.refused.find("mot.non-finite-quantization"), std::string::npos) << e.refused;
}

TEST(MotExport, AStageIsNotAnimated) {
  const std::vector<SynthFile> stages = scm::synth_scm_corpus(3, 1);
  const scm::ParseResult parsed = scm::parse_scm(stages.at(0).bytes);
  ASSERT_TRUE(parsed.ok());
  gltf::ExportOptions options;
  options.motions = motions_of({{"idle.mot", dmc3::actor_motion(3, 0, 2, false)}});
  const gltf::Exported e = gltf::export_scm(*parsed.model, stages[0].bytes, options);
  EXPECT_NE(e.refused.find("MOD models only"), std::string::npos) << e.refused;
}

}  // namespace
}  // namespace meshgate
