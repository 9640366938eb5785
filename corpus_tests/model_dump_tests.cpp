// dump/build: bytes -> listing -> JSON text -> bytes is the identity for every
// generated file (MOD, MSH, NRes archives with nested models, the variants
// that parse); an edited value in the dump builds a file whose diff is
// exactly that edit; a count change is refused, not laid out.
#include <gtest/gtest.h>

#include "change/field_diff.hpp"
#include "change/model_dump.hpp"
#include "pipeline/json_text.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"
#include "synth/mot/mot_synth.hpp"
#include "synth/pac/pac_synth.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "synth/scm/scm_synth.hpp"
#include "synth/zip/zip_synth.hpp"

#include <bit>
#include <cmath>
#include <limits>
#include <sstream>

namespace meshgate {
namespace {

std::vector<SynthFile> corpus() {
  std::vector<SynthFile> files = mod::synth_mod_corpus(8, 10);
  for (SynthFile& f : msh::synth_msh_corpus(8, 10)) files.push_back(std::move(f));
  for (SynthFile& f : nres::synth_nres_corpus(8, 6)) files.push_back(std::move(f));
  // Every MOD code's variant, on seed 2's 15 KiB base: seed 8's is 160 KiB, and
  // its variants made this test 52 s of the ASan run for no further case.
  for (const MalformedCase& c : mod::malformed_mod_cases(2)) files.push_back(c.file);
  for (const MalformedCase& c : msh::malformed_msh_cases(8)) files.push_back(c.file);
  for (const ViolationCase& c : msh::semantic_violation_msh_cases()) files.push_back(c.file);
  return files;
}

TEST(ModelDump, AnUneditedDumpBuildsTheIdenticalFile) {
  size_t dumped = 0, refused = 0;
  for (const SynthFile& f : corpus()) {
    const nlohmann::json dump = dump_model(f.name, f.bytes, ParseProfile::compatible);
    if (dump.contains("error")) {
      ++refused;  // a rejected file: nothing to place its bytes by
      continue;
    }
    // Through JSON text, as a user's file would be.
    const BuildResult built = build_from_dump(nlohmann::json::parse(dump.dump()));
    ASSERT_TRUE(built.errors.empty()) << f.name << ": " << built.errors.front();
    ASSERT_TRUE(built.overlaps.empty()) << f.name << ": " << built.overlaps.front();  // a dump's items tile its file
    EXPECT_EQ(built.bytes, f.bytes) << f.name;
    ++dumped;
  }
  EXPECT_GT(dumped, 40u);
  EXPECT_GT(refused, 0u);
}

// `meshgate dump` writes the text an item at a time (ModelDump::write): it is
// the DOM's dump(1) byte for byte, nested dumps (NRes archives, PAC members)
// included, for every format that has a dump.
TEST(ModelDump, TheWrittenTextIsTheDocumentAnItemAtATime) {
  std::vector<SynthFile> files = corpus();
  for (SynthFile& f : scm::synth_scm_corpus(8, 4)) files.push_back(std::move(f));
  for (SynthFile& f : mot::synth_mot_corpus(8, 4)) files.push_back(std::move(f));
  for (SynthFile& f : ptx::synth_ptx_corpus(8, 4)) files.push_back(std::move(f));
  for (SynthFile& f : pac::synth_pac_corpus(pac::Kind::pac, 8, 4)) files.push_back(std::move(f));
  size_t written = 0, nested = 0;
  for (const SynthFile& f : files) {
    const ModelDump dump(f.name, f.bytes, ParseProfile::compatible);
    const nlohmann::json document = dump.to_json();
    EXPECT_EQ(dump.error().empty(), !document.contains("error")) << f.name;
    if (!dump.error().empty()) continue;
    std::ostringstream out;
    const uint64_t items = dump.write(out);
    ASSERT_EQ(out.str(), document.dump(1) + "\n") << f.name;
    EXPECT_EQ(items, document.at("items").size()) << f.name;
    nested += out.str().find("\"nested\"") != std::string::npos;
    ++written;
  }
  EXPECT_GT(written, 50u);
  EXPECT_GT(nested, 3u);
}

// The dump's text is written without JSON values (pipeline/json_text.hpp):
// each piece must be what nlohmann's dump(1) writes for the same value, the
// f32 lanes above all (every exponent, denormals, -0) and strings that need
// escapes or hold UTF-8 (written through nlohmann, so invalid UTF-8 throws).
TEST(ModelDump, JsonTextWritesWhatDumpWrites) {
  const auto text = [](const nlohmann::json& v, int indent) {
    std::string out;
    json_text::append_value(out, v, indent);
    return out;
  };
  size_t checked = 0;
  for (uint32_t bits = 0; bits < 0xFF800000u; bits += 0x00012345u) {  // finite f32s of every exponent, both signs
    for (const uint32_t b : {bits, bits | 0x80000000u}) {
      const double value = static_cast<double>(std::bit_cast<float>(b));
      if (!std::isfinite(value)) continue;
      std::string out;
      json_text::append_number(out, value);
      ASSERT_EQ(out, nlohmann::json(value).dump()) << std::hex << b;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20000u);
  for (const double v : {0.0, -0.0, 1e20, 1e-5, 0.1, 123456789012345678.0, std::numeric_limits<double>::denorm_min(),
                         std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    EXPECT_EQ(text(nlohmann::json(v), 3), nlohmann::json(v).dump()) << v;
  for (const int64_t v : {int64_t{0}, int64_t{-1}, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()})
    EXPECT_EQ(text(nlohmann::json(v), 0), nlohmann::json(v).dump());
  EXPECT_EQ(text(nlohmann::json(std::numeric_limits<uint64_t>::max()), 0), "18446744073709551615");
  for (const char* s : {"", "res1[12].name", "quote \" and \\", "tab\there", "caf\xc3\xa9", "\x7f", "\x01"})
    EXPECT_EQ(text(nlohmann::json(std::string(s)), 2), nlohmann::json(std::string(s)).dump()) << s;
  EXPECT_THROW(text(nlohmann::json(std::string("\xff")), 0), nlohmann::json::type_error);
  const nlohmann::json nested = {{"a", {1, 2.5, "x"}}, {"b", nlohmann::json::object()}, {"c", true}, {"d", nullptr}};
  const std::string indented = text(nested, 2);
  std::string expected = nested.dump(1);
  for (size_t at = expected.find('\n'); at != std::string::npos; at = expected.find('\n', at + 3)) expected.insert(at + 1, "  ");
  EXPECT_EQ(indented, expected);
}

TEST(ModelDump, AnEditedValueBuildsAFileWhoseDiffIsExactlyTheEdit) {
  const SynthFile f = mod::synth_mod_corpus(8, 1).front();
  nlohmann::json dump = dump_model(f.name, f.bytes, ParseProfile::compatible);
  bool edited_field = false, edited_vertex = false;
  for (auto& item : dump["items"]) {
    if (item["path"] == "objects[0].bounding_radius") item["value"] = 0.5, edited_field = true;
    if (item["path"] == "objects[0].meshes[0].positions") item["elements"][3][1] = 7.25, edited_vertex = true;
  }
  ASSERT_TRUE(edited_field && edited_vertex);
  const BuildResult built = build_from_dump(dump);
  ASSERT_TRUE(built.errors.empty()) << built.errors.front();
  const auto d = diff_trees(diff_sides(f.name, f.bytes, ParseProfile::compatible),
                            diff_sides(f.name, built.bytes, ParseProfile::compatible));
  ASSERT_EQ(d.size(), 1u);
  ASSERT_EQ(d[0].fields.size(), 1u);
  EXPECT_EQ(d[0].fields[0].path, "objects[0].bounding_radius");
  EXPECT_EQ(d[0].fields[0].new_value.get<double>(), 0.5);
  ASSERT_EQ(d[0].streams.size(), 1u);
  EXPECT_EQ(d[0].streams[0].changed, 1u);
  EXPECT_EQ(d[0].streams[0].first_changed, 3u);
  EXPECT_TRUE(d[0].uncovered.empty());
}

// A volume is never rewritten (its row says why): it has no dump to build
// back, and the dump says so instead of listing its members' fields.
TEST(ModelDump, AVolumeHasNoDump) {
  const std::vector<std::byte> mod = mod::synth_mod_corpus(6, 1).front().bytes;
  const std::vector<std::byte> volume = zip::write_volume({{"dir/a.mod", mod, false}});
  const nlohmann::json dump = dump_model("v.zip", volume, ParseProfile::compatible);
  ASSERT_TRUE(dump.contains("error")) << dump.dump().substr(0, 200);
  const std::string error = dump["error"];
  EXPECT_NE(error.find("v.zip: an NBZ/ZIP volume is read-only"), std::string::npos) << error;
  EXPECT_NE(error.find("no dump to build back"), std::string::npos) << error;
}

TEST(ModelDump, ACountChangeIsRefused) {
  const SynthFile f = mod::synth_mod_corpus(8, 1).front();
  nlohmann::json dump = dump_model(f.name, f.bytes, ParseProfile::compatible);
  for (auto& item : dump["items"])
    if (item["path"] == "objects[0].meshes[0].positions") item["elements"].erase(item["elements"].begin());
  const BuildResult built = build_from_dump(dump);
  ASSERT_FALSE(built.errors.empty());
  EXPECT_NE(built.errors.front().find("relayout"), std::string::npos) << built.errors.front();
  EXPECT_FALSE(build_from_dump(nlohmann::json{{"schema", "other"}}).errors.empty());
  // A dump claiming a huge file is refused before anything is allocated.
  nlohmann::json huge = dump;
  huge["size"] = uint64_t{1} << 50;
  const BuildResult refused = build_from_dump(huge);
  ASSERT_FALSE(refused.errors.empty());
  EXPECT_NE(refused.errors.front().find("limit"), std::string::npos) << refused.errors.front();
}

}  // namespace
}  // namespace meshgate
