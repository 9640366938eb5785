// `meshgate dump` / `meshgate build`: a file as JSON and back
// (schema meshgate.dump.v1, pipeline/schema/dump.v1.schema.json). The dump
// lists, in file order, every item of the field listing `inspect --json`
// prints — each record field by name with its value (f32 also as raw bits),
// each stream as a typed array, every other run of bytes (record arrays,
// strings, uncovered gaps and padding) as hex — and nests the dump of every
// archive or model held in an NRes payload. `build` lays each item back at
// its offset: the layout is the dump's, so an unedited dump builds the
// identical file and an edited value changes exactly its bytes. Changing a
// count or a size is a relayout (`rebuild`), which build refuses.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "change/field_diff.hpp"
#include "parser/core/byte_reader.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

inline constexpr std::string_view kDumpSchema = "meshgate.dump.v1";
// build allocates at most this for one file (and as much again per nesting level).
inline constexpr uint64_t kMaxBuildBytes = 256ull << 20;

// The dump of `data`, or an object with "error" when the file does not parse
// far enough to be listed (its coverage map is needed to place every byte).
[[nodiscard]] nlohmann::json dump_model(const std::string& name, Bytes data, ParseProfile profile, const Origin& origin = {});

// The same dump written as text (`meshgate dump`): an item at a time, so
// memory follows the file and its tree, not the dump (the JSON of an SCM of
// 65,025 tiny meshes held as one DOM took 1.4 GB for 14.6 MB).
class ModelDump {
 public:
  ModelDump(const std::string& name, Bytes data, ParseProfile profile, const Origin& origin = {});
  // Non-empty: the file has no dump, and why (write() must not be called).
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] nlohmann::json to_json() const;
  // Writes to_json().dump(1) and a newline; returns the top level's item count.
  uint64_t write(std::ostream& out) const;

 private:
  std::vector<DiffSide> sides_;
  std::map<std::string, const DiffSide*> by_key_;
  std::string error_;
};

struct BuildResult {
  std::vector<std::byte> bytes;
  std::vector<std::string> errors;    // "items[12] (objects[0].bounding_radius): why" (a bad dump: exit 2)
  std::vector<std::string> overlaps;  // items that overlap and disagree: "items[3] (...) [8, 12) overlaps items[2] (...) [4, 10)" (exit 1)
  [[nodiscard]] bool ok() const { return errors.empty() && overlaps.empty(); }
};
// The dump is first checked against pipeline/schema/dump.v1.schema.json; a
// document read with read_json() nests at most kMaxJsonDepth levels, so
// nested dumps are at most 21 deep. Memory: the file's declared size (nested
// files are built in their slots) and a few words per item.
[[nodiscard]] BuildResult build_from_dump(const nlohmann::json& dump);

}  // namespace meshgate
