// The JSON and Markdown inputs: what
// `build`, `docs` and `gate` do with hostile dumps, evidence reports,
// documents and locks. Each test names the item it covers; each failed on the
// code before the fix (a crash, a silent wrong result, or hours of run time).
#include <gtest/gtest.h>

#include <chrono>

#include "reports/doc_sync.hpp"
#include "reports/evidence.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "reports/manifest.hpp"
#include "change/model_dump.hpp"
#include "analysis/sweep.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate {
namespace {

using nlohmann::json;

std::string nested_arrays(size_t depth, std::string_view inner = "0") {
  return std::string(depth, '[') + std::string(inner) + std::string(depth, ']');
}

const SynthFile& small_mod() {
  static const SynthFile f = mod::synth_mod_corpus(26, 1).front();
  return f;
}

json small_dump() { return dump_model(small_mod().name, small_mod().bytes, ParseProfile::compatible); }

json& item_at(json& dump, std::string_view path) {
  for (json& item : dump.at("items"))
    if (item.at("path") == path) return item;
  throw std::runtime_error("no item " + std::string(path));
}

bool any_contains(const std::vector<std::string>& lines, std::string_view phrase) {
  for (const std::string& l : lines)
    if (l.find(phrase) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// A value nesting 100,000 arrays overflowed build's stack. The reader
// every command uses stops at 64 levels and says where.
TEST(JsonInputHardening, NestingIsLimitedTo64LevelsAndTheErrorSaysWhere) {
  EXPECT_TRUE(read_json(nested_arrays(kMaxJsonDepth)).value);
  const JsonRead deep = read_json(nested_arrays(kMaxJsonDepth + 1));
  ASSERT_FALSE(deep.value);
  EXPECT_NE(deep.error.find("nesting deeper than 64"), std::string::npos) << deep.error;
  EXPECT_NE(deep.error.find("/0/0/0"), std::string::npos) << deep.error;

  json dump = small_dump();
  std::string text = dump.dump();
  const std::string value = "\"value\":";
  const size_t at = text.find(value);
  ASSERT_NE(at, std::string::npos);
  const size_t end = text.find_first_of(",}", at);
  text.replace(at + value.size(), end - at - value.size(), nested_arrays(100000));
  const JsonRead hostile = read_json(text);
  ASSERT_FALSE(hostile.value);
  EXPECT_NE(hostile.error.find("/items/"), std::string::npos) << hostile.error;
  // 50,000 nested dumps: refused at the 64th level, in bounded memory.
  std::string nested_dumps;
  for (int i = 0; i < 50000; ++i) nested_dumps += R"({"schema":"meshgate.dump.v1","name":"x","format":"nres","size":1,"items":[{"path":"p","offset":0,"type":"nres","size":1,"nested":)";
  EXPECT_FALSE(read_json(nested_dumps).value);
}

// Nlohmann keeps the last of two equal keys; a fake "sha256" before
// the real one passed the gate. Every reader refuses a duplicate key.
TEST(JsonInputHardening, DuplicateKeysAreRefusedWithTheirPath) {
  const JsonRead top = read_json(R"({"a": 1, "a": 2})");
  ASSERT_FALSE(top.value);
  EXPECT_EQ(top.error, "/: key \"a\" appears twice");
  const JsonRead inner = read_json(R"({"files": [{"path": "x"}, {"sha256": "fake", "size": 1, "sha256": "real"}]})");
  ASSERT_FALSE(inner.value);
  EXPECT_EQ(inner.error, "/files/1: key \"sha256\" appears twice");
  EXPECT_TRUE(read_json(R"({"a": {"k": 1}, "b": {"k": 1}})").value);  // one key in two objects is fine
}

// A bad value of 200 MB was echoed in full (any value far over the cut
// shows it; 4 and 16 MiB keep the test short under ASan); syntax errors quote the
// token nlohmann read so far, cut.
TEST(JsonInputHardening, MessagesCutLongValues) {
  const std::string big(4u << 20, 'x');
  const JsonRead bad = read_json("\"" + big + "\u0001\"");
  ASSERT_FALSE(bad.value);
  EXPECT_LT(bad.error.size(), 400u) << bad.error.substr(0, 400);
  EXPECT_EQ(cut_text("short"), "short");
  EXPECT_EQ(cut_text(std::string(100, 'y'), 10), "yyyyyyyyyy... (100 bytes)");

  json dump = small_dump();
  item_at(dump, "header.magic")["value"] = std::string(16u << 20, '7');
  const BuildResult built = build_from_dump(dump);
  ASSERT_FALSE(built.errors.empty());
  EXPECT_LT(built.errors.front().size(), 400u) << built.errors.front().substr(0, 400);
  EXPECT_NE(built.errors.front().find("items["), std::string::npos) << built.errors.front().substr(0, 400);
}

// An f32 item without `value` was written as 0.0 (exit 0); a nested
// item without `size` read a missing key. Both are named errors now.
TEST(JsonInputHardening, BuildRefusesItemsWithoutTheirValueNamingThePath) {
  json dump = small_dump();
  json& radius = item_at(dump, "objects[0].bounding_radius");
  radius.erase("value");
  const BuildResult no_value = build_from_dump(dump);
  ASSERT_FALSE(no_value.errors.empty());
  EXPECT_TRUE(any_contains(no_value.errors, "has none of value | elements | hex | nested+size")) << joined(no_value.errors);
  EXPECT_TRUE(no_value.bytes.empty());

  json nested = {{"schema", "meshgate.dump.v1"}, {"name", "n"}, {"format", "nres"}, {"size", 4},
                 {"items", {{{"path", "payload"}, {"offset", 0}, {"type", "nres"}, {"nested", small_dump()}}}}};
  const BuildResult no_size = build_from_dump(nested);
  ASSERT_FALSE(no_size.errors.empty());
  EXPECT_TRUE(any_contains(no_size.errors, "/items/0")) << joined(no_size.errors);
}

// "stoul" for a bad hex string, "out of memory" for a 2^40 byte count.
TEST(JsonInputHardening, BuildSaysWhatIsWrongWithBitsAndByteCounts) {
  json dump = small_dump();
  item_at(dump, "objects[0].bounding_radius")["bits"] = "0xZZ";
  const BuildResult bits = build_from_dump(dump);
  ASSERT_FALSE(bits.errors.empty());
  EXPECT_TRUE(any_contains(bits.errors, "/bits: does not match")) << joined(bits.errors);

  dump = small_dump();
  item_at(dump, "header.magic")["type"] = "bytes[1099511627776]";
  const BuildResult huge = build_from_dump(dump);
  ASSERT_FALSE(huge.errors.empty());
  EXPECT_TRUE(any_contains(huge.errors, "(header.magic): [0, +1099511627776) runs past the end")) << joined(huge.errors);

  // A tiny dump claiming a large file allocates nothing: the items must tile it first.
  const BuildResult claim = build_from_dump(json::parse(R"({"schema":"meshgate.dump.v1","name":"x","format":"unknown",
      "size":200000000,"items":[]})"));
  EXPECT_TRUE(claim.bytes.empty());
  EXPECT_TRUE(any_contains(claim.errors, "bytes [0, 200000000) are in no item")) << joined(claim.errors);
}

// Overlapping items were accepted, the later silently winning.
TEST(JsonInputHardening, BuildNamesBothOverlappingItems) {
  json dump = small_dump();
  json extra = item_at(dump, "objects[0].bounding_radius");
  extra["path"] = "a second radius";
  // The same value twice agrees (a file whose own fields overlap dumps so): built.
  dump.at("items").push_back(extra);
  EXPECT_TRUE(build_from_dump(dump).ok()) << joined(build_from_dump(dump).overlaps);
  // Another value: the items disagree about their bytes, and the later would win.
  dump.at("items").back()["value"] = extra.at("value").get<double>() + 1.0;
  dump.at("items").back().erase("bits");
  const BuildResult built = build_from_dump(dump);
  EXPECT_TRUE(built.errors.empty()) << joined(built.errors);
  ASSERT_EQ(built.overlaps.size(), 1u) << joined(built.overlaps);
  EXPECT_NE(built.overlaps[0].find("(objects[0].bounding_radius)"), std::string::npos) << built.overlaps[0];
  EXPECT_NE(built.overlaps[0].find("(a second radius)"), std::string::npos) << built.overlaps[0];
  EXPECT_FALSE(built.ok());
}

// The checker knows the keywords of every schema it checks (dump and
// evidence use $ref, oneOf, maxItems and schema-valued additionalProperties),
// and a 2 MiB string against a pattern does not recurse per character (the
// depth-first executor would need millions of frames; 10 MiB took 23 s under ASan).
TEST(JsonInputHardening, SchemasOfDumpsEvidenceAndLocksAreChecked) {
  EXPECT_TRUE(schema_violations(dump_schema(), small_dump()).empty()) << joined(schema_violations(dump_schema(), small_dump()));
  SweepResult r;
  sweep_file(small_mod().name, small_mod().bytes, ParseProfile::compatible, r);
  const json evidence = evidence_json(r);
  EXPECT_TRUE(evidence_problems(evidence).empty()) << joined(evidence_problems(evidence));
  EXPECT_FALSE(evidence_problems(json{{"schema", "meshgate.evidence.v1"}}).empty());
  json counts = evidence;
  counts["counts"]["dmc3-mod"]["mesh"] = -1;  // additionalProperties as a schema
  EXPECT_TRUE(any_contains(evidence_problems(counts), "/counts/dmc3-mod/mesh: is below the minimum 0"));
  json hex = small_dump();
  item_at(hex, "header.magic").erase("value");
  item_at(hex, "header.magic")["hex"] = std::string(2u << 20, 'a') + "g";
  EXPECT_TRUE(any_contains(schema_violations(dump_schema(), hex), "/hex: does not match"));
  EXPECT_TRUE(schema_violations(manifest_schema(), manifest_json(r)).empty());
}

// `docs check` with an evidence holding only "schema" read missing
// keys (a crash in 1 of 60 runs). The schema refuses it, and the blocks read
// only through checked accessors even when called without that check.
TEST(JsonInputHardening, DocsReadsEvidenceOnlyThroughCheckedAccess) {
  const json only_schema = {{"schema", "meshgate.evidence.v1"}};
  EXPECT_FALSE(evidence_problems(only_schema).empty());
  const DocSync sync = sync_document("<!-- meshgate:value totals.files -->1<!-- /meshgate -->", only_schema);
  ASSERT_FALSE(sync.errors.empty());
  EXPECT_NE(sync.errors[0].find("key \"fields\" is missing"), std::string::npos) << sync.errors[0];
  json broken = evidence_json([] {
    SweepResult r;
    sweep_file(small_mod().name, small_mod().bytes, ParseProfile::compatible, r);
    return r;
  }());
  broken["fields"][0]["observed"].erase("count");
  const std::string key = broken["fields"][0]["format"].get<std::string>() + "." + broken["fields"][0]["record"].get<std::string>() +
                          ".+0x" + [&] { char b[20]; std::snprintf(b, sizeof b, "%02llX", static_cast<unsigned long long>(broken["fields"][0]["offset"].get<uint64_t>())); return std::string(b); }() + ".count";
  const DocSync missing = sync_document("<!-- meshgate:value " + key + " -->1<!-- /meshgate -->", broken);
  ASSERT_EQ(missing.errors.size(), 1u);
  EXPECT_NE(missing.errors[0].find("/fields/0/observed: key \"count\" is missing"), std::string::npos) << missing.errors[0];
}

// A stray closing marker was accepted (the text around it copied as
// if it were ordinary text). It is an error naming its line.
TEST(JsonInputHardening, DocsRefusesAStrayClosingMarker) {
  SweepResult r;
  sweep_file(small_mod().name, small_mod().bytes, ParseProfile::compatible, r);
  const json evidence = evidence_json(r);
  const DocSync sync = sync_document("# Doc\n\ntext\n<!-- /meshgate -->\nmore\n", evidence);
  ASSERT_EQ(sync.errors.size(), 1u);
  EXPECT_EQ(sync.errors[0], "4: a closing <!-- /meshgate --> with no block open");
  const DocSync after = sync_document("<!-- meshgate:value totals.files -->1<!-- /meshgate -->\n<!-- /meshgate -->", evidence);
  ASSERT_EQ(after.errors.size(), 1u);
  EXPECT_EQ(after.errors[0].rfind("2: a closing", 0), 0u) << after.errors[0];
  // Evidence text that holds a marker would change the document's blocks when written.
  json marker = evidence;
  marker["totals"]["summary"] = "x <!-- /meshgate --> y";
  const DocSync injected = sync_document("<!-- meshgate:value totals.summary -->1<!-- /meshgate -->", marker);
  ASSERT_EQ(injected.errors.size(), 1u);
  EXPECT_NE(injected.errors[0].find("holds a meshgate marker"), std::string::npos) << injected.errors[0];
}

// Line_of() rescanned the document from its start for every block,
// so docs ran in time quadratic in blocks (200,000 blocks: hours). Linear now.
TEST(JsonInputHardening, DocsIsLinearInBlocks) {
  SweepResult r;
  sweep_file(small_mod().name, small_mod().bytes, ParseProfile::compatible, r);
  const json evidence = evidence_json(r);
  std::string doc;
  for (int i = 0; i < 50000; ++i) doc += "line " + std::to_string(i) + " <!-- meshgate:value totals.files -->0<!-- /meshgate -->\n";
  const auto start = std::chrono::steady_clock::now();
  const DocSync sync = sync_document(doc, evidence);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(sync.errors.empty());
  EXPECT_EQ(sync.blocks, 50000u);
  ASSERT_EQ(sync.stale.size(), 50000u);
  EXPECT_EQ(sync.stale.back().line, 50000u);
  // Well under a second on an idle machine; the bound leaves room for a busy CI.
  EXPECT_LT(seconds, 5.0);
  std::printf("docs: 50,000 blocks in %.3f s\n", seconds);
}

// The gate's reader refuses a duplicate key, so a fake sha256
// before the real one cannot pass; a resealed edited lock is sound, which is
// what docs/GUARANTEES.md says the gate cannot detect.
TEST(JsonInputHardening, ALockWithADuplicateKeyIsRefused) {
  SweepResult r;
  sweep_file(small_mod().name, small_mod().bytes, ParseProfile::compatible, r);
  const std::string lock = manifest_json(r).dump(2);
  const std::string sha = "\"sha256\": \"";
  const size_t at = lock.find(sha, lock.find("\"files\""));
  ASSERT_NE(at, std::string::npos);
  const std::string fake = lock.substr(0, at) + "\"sha256\": \"" + std::string(64, '0') + "\",\n" + lock.substr(at);
  // nlohmann's parse alone keeps the last of the two (the real one): the old reader passed this lock.
  EXPECT_TRUE(lock_problems(json::parse(fake)).empty());
  const JsonRead read = read_json(fake);
  ASSERT_FALSE(read.value);
  EXPECT_EQ(read.error, "/files/0: key \"sha256\" appears twice");
  json edited = *read_json(lock).value;
  edited["files"][0]["expected"]["parse_ok"] = !edited["files"][0]["expected"]["parse_ok"].get<bool>();
  EXPECT_FALSE(lock_problems(edited).empty());
  reseal_lock(edited);
  EXPECT_TRUE(lock_problems(edited).empty()) << joined(lock_problems(edited));
}

}  // namespace
}  // namespace meshgate
