// A glTF animation imported as a MOT (import --as mot --like A.mot): the
// fitter keeps the like track's quantisation and refuses what a track cannot
// hold (decreasing or out-of-range times, non-finite values, more keys than
// a u16 span holds); quaternions go back to the MOD's Euler angles; the
// unedited export -> import of every synthetic motion (the actors of `synth
// dmc3`, the corpus of `synth mot` on a chain of its joint count) stays
// within the default tolerance, measured by MotionSampler on the MOT written,
// and exports again; malformed animations are refused naming the cause.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "export/gltf_export.hpp"
#include "export/mot/mot_animation.hpp"
#include "import/gltf_animation_curves.hpp"
#include "import/gltf_import.hpp"
#include "import/mot/mot_fit.hpp"
#include "import/mot/mot_from_gltf.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"
#include "pipeline/format_rows.hpp"
#include "synth/mot/actor_synth.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/mot/mot_synth.hpp"
#include "writer/mod/mod_layout_builder.hpp"
#include "writer/mot/mot_writer.hpp"

namespace meshgate {
namespace {

using mot::FitKey;
using mot::PlannedKey;

std::vector<std::byte> bytes_of(const mot::Motion& m) {
  const WriteResult w = mot::write_mot(m);
  return {w.bytes.begin(), w.bytes.end()};
}

// --- the fitter -------------------------------------------------------------

TEST(MotFit, TheLikeQuantisationGivesBackItsOwnKeys) {
  const mot::Track like = mot::make_track3({{0x8000, 0, 100, 200}, {0x8000 | 10, 40000, 3000, 60000}, {0x8000 | 30, 65535, 9, 9}},
                                           {-1.0f, 2.0f, -0.5f, 1.0f, -0.25f, 0.5f});
  std::vector<FitKey> keys;
  for (const mot::Key& k : mot::decode_keys(like)) keys.push_back({k.time, k.value, k.in_slope, k.out_slope, true});
  const mot::FitResult fit = mot::fit_track(keys, like, false);
  ASSERT_TRUE(fit.track) << fit.error;
  EXPECT_EQ(std::get<mot::Track3>(*fit.track), std::get<mot::Track3>(like));
}

TEST(MotFit, ValuesOutsideTheLikeRangeTakeTheirOwn) {
  const mot::Track like = mot::make_track2({{0, 0}, {10, 65535}}, 0.0f, 1.0f);
  const mot::FitResult fit = mot::fit_track({{0, -3, 0, 0, false}, {5, 7, 0, 0, false}}, like, false);
  ASSERT_TRUE(fit.track) << fit.error;
  const std::vector<mot::Key> keys = mot::decode_keys(*fit.track);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_FLOAT_EQ(keys[0].value, -3.0f);
  EXPECT_NEAR(keys[1].value, 7.0, 1e-5);
  EXPECT_EQ(keys[1].time, 5);
}

TEST(MotFit, ARotationLandsOnTheGameAngleNearestIt) {
  const mot::Track like = mot::make_track2({{0, 0}, {10, 65535}}, -3.2f, 6.4f);
  for (int step : {-30000, -7, -1, 0, 1, 2, 12345, 32000}) {
    const double angle = step * 9.587381e-5 * (1 + 1e-9);  // a hair off the step, as a quaternion reads back
    const mot::FitResult fit = mot::fit_track({{0, angle, 0, 0, false}}, like, true);
    ASSERT_TRUE(fit.track);
    const float decoded = mot::decode_keys(*fit.track)[0].value;
    EXPECT_FLOAT_EQ(mot::quantize_angle(decoded), mot::quantize_angle(static_cast<float>(step * 9.587381e-5 * 1.000001)))
        << step;
  }
}

TEST(MotFit, RefusesWhatATrackCannotHold) {
  const mot::Track like3 = mot::make_track3({{0x8000, 0, 0, 0}}, {0, 1, 0, 1, 0, 1});
  const mot::Track like2 = mot::make_track2({{0, 0}}, 0, 1);
  EXPECT_NE(mot::fit_track({{5, 0}, {3, 0}}, like3, false).error.find("decrease"), std::string::npos);
  EXPECT_NE(mot::fit_track({{0, std::nan("")}}, like3, false).error.find("finite"), std::string::npos);
  EXPECT_NE(mot::fit_track({{0, 0, std::numeric_limits<double>::infinity(), 0}}, like3, false).error.find("finite"),
            std::string::npos);
  EXPECT_NE(mot::fit_track({{0x8000, 0}}, like2, false).error.find("outside 0..32767"), std::string::npos);
  EXPECT_NE(mot::fit_track({{-1, 0}}, like2, false).error.find("outside"), std::string::npos);
  for (const mot::Track* like : {&like2, &like3}) {
    const uint16_t compression = std::holds_alternative<mot::Track2>(*like) ? 2 : 3;
    std::vector<FitKey> keys(mot::max_track_keys(compression));
    for (size_t k = 0; k < keys.size(); ++k) keys[k].time = static_cast<int32_t>(k);
    EXPECT_TRUE(mot::fit_track(keys, *like, false).track) << compression;
    keys.push_back({static_cast<int32_t>(keys.size()), 0});
    const std::string error = mot::fit_track(keys, *like, false).error;
    EXPECT_NE(error.find("u16 span"), std::string::npos) << error;
  }
  EXPECT_EQ(mot::max_track_keys(2), 16379u);
  EXPECT_EQ(mot::max_track_keys(3), 8187u);
}

TEST(MotFit, EulerAnglesComeBackFromTheirQuaternion) {
  for (double x : {-3.0, -1.2, 0.0, 0.4, 2.9})
    for (double y : {-1.5, -0.3, 0.0, 1.1, 1.5})
      for (double z : {-2.5, 0.0, 0.7, 3.1}) {
        const std::array<double, 3> e{x, y, z};
        const std::array<double, 3> back = gltf::quaternion_euler(gltf::euler_quaternion(e), e);
        for (size_t i = 0; i < 3; ++i) EXPECT_NEAR(back[i], e[i], 1e-9) << x << " " << y << " " << z;
      }
  // The other branch (x + pi, pi - y, z + pi) is the same rotation: the one near the reference is chosen.
  const std::array<double, 3> e{0.3, 0.2, -0.4};
  const std::array<double, 3> other = gltf::quaternion_euler(gltf::euler_quaternion(e), {0.3 + 3.1, 2.9, -0.4 + 3.1});
  EXPECT_NEAR(other[1], std::numbers::pi - 0.2, 1e-9);
}

// --- export -> import --------------------------------------------------------

struct Rig {
  mod::Model model;
  std::vector<std::byte> bytes;
  uint64_t joints = 0;
};

Rig rig_of(const mod::ModDescription& d) {
  Rig r;
  r.bytes = mod::build_mod(d).bytes;
  r.model = *mod::parse_mod(r.bytes).model;
  r.joints = d.nodes.size();
  return r;
}

// A chain of `joints` nodes with rest rotations and translations, one small mesh on node 0: a MOD for a motion of `synth mot`.
Rig chain_rig(uint64_t joints) {
  mod::ModDescription d = mod::records_mod_description(1, 1);
  d.nodes.clear();
  d.transforms.clear();
  for (uint64_t k = 0; k < joints; ++k) {
    d.nodes.push_back({k == 0 ? mod::kRootParent : static_cast<uint8_t>(k - 1), static_cast<uint8_t>(k), 0});
    mod::TransformDescription t;
    t.translation = {0.5f * static_cast<float>(k), 1.0f, -0.25f};
    t.rotation = {0.1f * static_cast<float>(k % 5), -0.2f, 0.05f * static_cast<float>(k % 3)};
    d.transforms.push_back(t);
  }
  return rig_of(d);
}

tinygltf::Model through_glb(const tinygltf::Model& asset) {
  const std::string glb = gltf::glb_bytes(asset);
  ImportAsset back = read_import_asset(Bytes(reinterpret_cast<const std::byte*>(glb.data()), glb.size()), nullptr, 1u << 30);
  EXPECT_TRUE(back.model) << back.error;
  return back.model ? std::move(*back.model) : tinygltf::Model{};
}

gltf::Exported export_motion(const Rig& r, const std::vector<std::byte>& mot_bytes, mot::MaskReading mask) {
  auto motions = std::make_shared<gltf::MotionOptions>();
  motions->mask = mask;
  motions->motions.push_back({"a.mot", std::make_shared<const mot::Motion>(*mot::parse_mot(mot_bytes).motion)});
  gltf::ExportOptions options;
  options.source_name = "a.mod";
  options.motions = motions;
  return gltf::export_mod(r.model, r.bytes, options);
}

ImportRequest mot_request(std::optional<Bytes> like, const mot::MotImportOptions& o = {}) {
  ImportRequest r;
  r.like = like;
  r.settings.put(o);
  return r;
}

// The import `import --as mot` runs: the MOT row's.
ImportBuild build_mot(const tinygltf::Model& asset, const ImportRequest& request) {
  return row_of(Format::dmc3_mot).gltf_import->build(asset, request);
}

ImportBuild import_mot(const tinygltf::Model& asset, const std::vector<std::byte>& like, mot::MotImportOptions o = {}) {
  return build_mot(asset, mot_request(Bytes(like), o));
}

// The corpus's largest error per channel, over every motion imported.
struct Table {
  double translation = 0, rotation = 0, scale = 0, between = 0;
  uint64_t motions = 0, probes = 0;
  void add(const nlohmann::json& a) {
    translation = std::max(translation, a["max_error"]["translation"]["units"].get<double>());
    rotation = std::max(rotation, a["max_error"]["rotation"]["degrees"].get<double>());
    scale = std::max(scale, a["max_error"]["scale"]["factor"].get<double>());
    between = std::max(between, a["max_error"]["rotation_between_units"]["degrees"].get<double>());
    for (const char* c : {"translation", "rotation", "scale"}) probes += a["max_error"][c]["probes"].get<uint64_t>();
    ++motions;
  }
  void print(const char* corpus) const {
    std::printf("[ accuracy ] %s: %llu motions, %llu probes; max error translation %.3g units, rotation %.3g degrees, "
                "scale %.3g; inside one-unit slerps %.3g degrees (not held)\n",
                corpus, static_cast<unsigned long long>(motions), static_cast<unsigned long long>(probes), translation,
                rotation, scale, between);
  }
};

// Export, import like the motion itself, and export the MOT written again.
void round_trip(const Rig& r, const std::vector<std::byte>& mot_bytes, mot::MaskReading mask, Table& table,
                const std::string& name) {
  const gltf::Exported first = export_motion(r, mot_bytes, mask);
  ASSERT_TRUE(first.refused.empty()) << name << ": " << first.refused;
  if (first.asset.animations.empty()) return;  // a motion without keys has no animation to import
  mot::MotImportOptions o;
  o.mask = mask;
  const ImportBuild built = import_mot(through_glb(first.asset), mot_bytes, o);
  ASSERT_TRUE(built.ok()) << name << ": " << (built.errors.empty() ? "like refused" : built.errors[0]);
  table.add(built.accuracy);
  EXPECT_LE(built.accuracy["max_error"]["translation"]["units"].get<double>(), 1e-3) << name;
  EXPECT_LE(built.accuracy["max_error"]["rotation"]["degrees"].get<double>(), 0.05) << name;
  EXPECT_LE(built.accuracy["max_error"]["scale"]["factor"].get<double>(), 1e-3) << name;
  const mot::ParseResult again = mot::parse_mot(built.bytes);
  ASSERT_TRUE(again.ok()) << name;
  EXPECT_EQ(again.motion->masks, mot::parse_mot(mot_bytes).motion->masks) << name;
  const gltf::Exported second = export_motion(r, built.bytes, mask);
  ASSERT_TRUE(second.refused.empty()) << name << ": " << second.refused;
  EXPECT_EQ(second.asset.animations[0].channels.size(), first.asset.animations[0].channels.size()) << name;
}

TEST(MotImport, EveryActorMotionOfSynthDmc3ComesBackWithinTheTolerance) {
  Table table;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Rig r = rig_of(mod::random_mod_description(seed, 0));
    for (bool turn : {false, true})
      for (mot::MaskReading mask : {mot::MaskReading::exe, mot::MaskReading::importer})
        round_trip(r, bytes_of(dmc3::actor_motion(seed, 0, r.joints, turn)), mask, table,
                   "actor " + std::to_string(seed) + (turn ? " turn" : " idle"));
  }
  table.print("synth dmc3 actors");
  EXPECT_GE(table.motions, 20u);
}

// Every one, as the actors: a straight piece goes back linear (its slopes
// out of the slope range, else a steep one coarsens every cubic's slopes:
// 1.06e-3 to 3.8e-3 units off before), and a quaternion near the gimbal
// lock is read normalised (else |R20| passes 1 and an angle 4.5 degrees off).
TEST(MotImport, EveryMotionOfSynthMotComesBackWithinTheTolerance) {
  Table table;
  for (const SynthFile& f : mot::synth_mot_corpus(1, 24)) {
    const mot::ParseResult parsed = mot::parse_mot(f.bytes);
    ASSERT_TRUE(parsed.ok()) << f.name;
    round_trip(chain_rig(parsed.motion->masks.size()), f.bytes, mot::MaskReading::exe, table, f.name);
  }
  table.print("synth mot");
  EXPECT_GE(table.motions, 20u);
}

// --- refusals -----------------------------------------------------------------

struct Fixture {
  Rig rig = rig_of(mod::random_mod_description(3, 0));
  std::vector<std::byte> like = bytes_of(dmc3::actor_motion(3, 0, rig.joints, false));
  tinygltf::Model asset = through_glb(export_motion(rig, like, mot::MaskReading::exe).asset);
  std::string refusal(const tinygltf::Model& g, mot::MotImportOptions o = {}) const {
    const ImportBuild built = import_mot(g, like, o);
    EXPECT_FALSE(built.ok());
    EXPECT_TRUE(built.bytes.empty());
    return built.errors.empty() ? "" : built.errors[0];
  }
  // The float at `index` of accessor `a`'s data, writable.
  float& element(tinygltf::Model& g, int a, size_t index) {
    const tinygltf::Accessor& acc = g.accessors[static_cast<size_t>(a)];
    const tinygltf::BufferView& v = g.bufferViews[static_cast<size_t>(acc.bufferView)];
    unsigned char* p = g.buffers[static_cast<size_t>(v.buffer)].data.data() + v.byteOffset + acc.byteOffset + 4 * index;
    return *reinterpret_cast<float*>(p);
  }
};

// Blender's glTF exporter lists a skin's joints depth first, not in the
// MOD's node order; the export's joint names (`node_j`) still say which joint
// is which node, so the skin's order does not change the MOT written. Before
// joints were read by name, the reversed skin was refused (a channel the
// mask does not carry, on the joint now in its place).
TEST(MotImport, JointsNamedByTheExportAreReadInAnySkinOrder) {
  Fixture f;
  const ImportBuild straight = import_mot(f.asset, f.like);
  ASSERT_TRUE(straight.ok()) << straight.errors[0];
  tinygltf::Model reordered = f.asset;
  std::reverse(reordered.skins[0].joints.begin(), reordered.skins[0].joints.end());
  const ImportBuild built = import_mot(reordered, f.like);
  ASSERT_TRUE(built.ok()) << built.errors[0];
  EXPECT_EQ(built.bytes, straight.bytes);
  // Names that are not the export's keep the skin's order, as before.
  tinygltf::Model renamed = reordered;
  renamed.nodes[static_cast<size_t>(renamed.skins[0].joints[0])].name = "hips";
  EXPECT_FALSE(import_mot(renamed, f.like).ok());
}

TEST(MotImport, AGltfWithoutAnAnimationIsRefused) {
  Fixture f;
  f.asset.animations.clear();
  EXPECT_NE(f.refusal(f.asset).find("no animation"), std::string::npos);
}

TEST(MotImport, AChannelOnANodeThatIsNotAJointIsRefused) {
  Fixture f;
  tinygltf::Node extra;
  f.asset.nodes.push_back(extra);
  f.asset.animations[0].channels[0].target_node = static_cast<int>(f.asset.nodes.size() - 1);
  EXPECT_NE(f.refusal(f.asset).find("not a joint of the MOD"), std::string::npos);
  Fixture g;
  g.asset.skins[0].joints.pop_back();
  EXPECT_NE(g.refusal(g.asset).find("not on the MOD's joints"), std::string::npos);
}

TEST(MotImport, NanKeysAndDecreasingTimesAreRefused) {
  Fixture f;
  const tinygltf::AnimationSampler& s = f.asset.animations[0].samplers[0];
  f.element(f.asset, s.output, 0) = std::nanf("");
  const std::string nan = f.refusal(f.asset);
  EXPECT_TRUE(nan.find("not finite") != std::string::npos) << nan;
  Fixture g;
  const tinygltf::AnimationSampler& t = g.asset.animations[0].samplers[0];
  std::swap(g.element(g.asset, t.input, 0), g.element(g.asset, t.input, 1));
  g.asset.accessors[static_cast<size_t>(t.input)].minValues.clear();
  g.asset.accessors[static_cast<size_t>(t.input)].maxValues.clear();
  const std::string decreasing = g.refusal(g.asset);
  EXPECT_NE(decreasing.find("do not increase"), std::string::npos) << decreasing;
}

TEST(MotImport, AChannelTheMaskDoesNotCarryIsRefusedNamingTheJoint) {
  Fixture f;
  // The idle motion moves joint 0's translation: a like file whose masks carry rotation only cannot hold it.
  mot::Motion like = *mot::parse_mot(f.like).motion;
  ASSERT_TRUE(like.masks[0] & 0x1C0);
  std::vector<mot::Track> tracks;
  std::vector<uint16_t> masks;
  size_t t = 0;
  for (size_t j = 0; j < like.masks.size(); ++j) {
    for (mot::Channel c : {mot::Channel::tx, mot::Channel::ty, mot::Channel::tz, mot::Channel::rx, mot::Channel::ry,
                           mot::Channel::rz, mot::Channel::sx, mot::Channel::sy, mot::Channel::sz})
      if (like.masks[j] & mot::channel_bit(c, mot::MaskReading::exe)) {
        if (j != 0 || static_cast<size_t>(c) >= 3) tracks.push_back(like.tracks[t]);
        ++t;
      }
    masks.push_back(j == 0 ? static_cast<uint16_t>(like.masks[j] & ~0x1C0) : like.masks[j]);
  }
  f.like = bytes_of(mot::make_motion(masks, tracks, like.header.get_f32(mot::hdr::raw_0C)));
  const std::string error = f.refusal(f.asset);
  EXPECT_NE(error.find("joint 0 (nodes[0])"), std::string::npos) << error;
  EXPECT_NE(error.find("does not carry"), std::string::npos) << error;
}

TEST(MotImport, AnErrorAboveTheToleranceIsRefusedUnlessAllowed) {
  Fixture f;
  // Rotation held between keys (STEP): the linear Euler keys a MOT has depart from it inside each unit.
  for (tinygltf::AnimationSampler& s : f.asset.animations[0].samplers)
    if (s.interpolation == "LINEAR") s.interpolation = "STEP";
  const std::string error = f.refusal(f.asset);
  EXPECT_NE(error.find("above the tolerance"), std::string::npos) << error;
  mot::MotImportOptions loose;
  loose.max_units = 1e9;
  loose.max_degrees = 360;
  const ImportBuild built = import_mot(f.asset, f.like, loose);
  EXPECT_TRUE(built.ok());
  EXPECT_GT(built.accuracy["max_error"]["rotation"]["degrees"].get<double>(), 0.05);
}

TEST(MotImport, TheAnimationIsChosenByNameOrIndex) {
  Fixture f;
  f.asset.animations.push_back(f.asset.animations[0]);
  f.asset.animations[1].name = "second";
  EXPECT_NE(f.refusal(f.asset).find("--animation"), std::string::npos);
  mot::MotImportOptions o;
  o.animation = "second";
  EXPECT_TRUE(import_mot(f.asset, f.like, o).ok());
  o.animation = "0";
  EXPECT_TRUE(import_mot(f.asset, f.like, o).ok());
  o.animation = "7";
  EXPECT_NE(f.refusal(f.asset, o).find("no animation of that name or index"), std::string::npos);
}

TEST(MotImport, ALikeFileThatIsNoMotIsRefused) {
  Fixture f;
  EXPECT_TRUE(build_mot(f.asset, mot_request(Bytes(f.rig.bytes))).like_refused);
  EXPECT_TRUE(build_mot(f.asset, mot_request(std::nullopt)).like_refused);
}



}  // namespace
}  // namespace meshgate
