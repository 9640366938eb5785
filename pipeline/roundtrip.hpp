// parse -> write -> compare for one file, whatever its format: parse_tree
// (pipeline/parse_tree.hpp) parses, this writes each file back and compares.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/diagnostics.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/parse_tree.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate {

struct RoundTripOutcome {
  std::string path;
  Format format = Format::unknown;
  uint64_t size = 0;
  std::string xxh3_64;         // empty when the caller skipped hashes
  std::string output_xxh3_64;  // empty when nothing was written, or hashes were skipped
  bool parsed = false;
  bool identical = false;
  // An NBZ/ZIP volume: read, never written (its members are round-tripped as
  // files of their own); parsed when its directory was read and no member
  // failed to inflate.
  bool read_only = false;
  std::optional<uint64_t> first_diff_offset;
  std::vector<Diagnostic> diagnostics;
};

// `hashes`: the input's and output's xxh3_64, which `meshgate roundtrip` and
// the sweep's evidence report and manifest print. A caller that prints
// neither may skip them: hashing the input takes a sixth of a 35 KiB round trip.
// The round trip of one file of a tree (in a parse_tree visitor): written
// from its model (a plain archive from its entries, whose payloads it then
// holds) and compared.
[[nodiscard]] RoundTripOutcome roundtrip_file(ParsedFile& f, bool hashes);
[[nodiscard]] RoundTripOutcome roundtrip_bytes(std::string path, Bytes data,
                                               ParseProfile profile = ParseProfile::compatible, bool hashes = true);

using TreeVisitor = std::function<void(const RoundTripOutcome&, Bytes data, const ParsedView&)>;

// The file's own outcome first, then one per nested NRes archive found in an
// NRes payload (parse_tree's order and names, "outer.rlb!MODEL.MSH"). Each
// file is parsed once; `visitor` (for the sweep's observations) sees it
// before the descent.
[[nodiscard]] std::vector<RoundTripOutcome> roundtrip_tree(const std::string& path, Bytes data,
                                                           ParseProfile profile = ParseProfile::compatible,
                                                           const TreeVisitor& visitor = {}, bool hashes = true,
                                                           const SizeLimits& limits = {});
// The outcomes of one volume member's files, round-tripped on a thread of
// its own (ParseTreeOptions::jobs, TreeBranch): the visitor that collects
// them, and `commit`, which hands what it collected on, in member order.
struct RoundTripBranch {
  TreeVisitor visit;
  std::function<void()> commit;
};
// The same outcomes handed to `visitor` one at a time and not kept, so memory
// does not grow with the files nested in the input (the sweep's way). With
// options.jobs > 1 and `branch`, a volume's members go to branches instead.
void roundtrip_each(const std::string& path, Bytes data, const ParseTreeOptions& options, const TreeVisitor& visitor,
                    bool hashes = true, const std::function<RoundTripBranch()>& branch = {});
// The outcome of a file its size limit rejected before it was read: format
// from its magic, an error core.file-too-large, no round trip.
[[nodiscard]] RoundTripOutcome too_large_outcome(std::string path, const FileRead& read);

[[nodiscard]] nlohmann::json roundtrip_json(const RoundTripOutcome& outcome);

// The write-and-compare half of every round trip: `write(observer)` writes the
// parsed model (with a null observer, into an image it returns). Sets
// `out`'s identical, first_diff_offset and output_xxh3_64 (out.xxh3_64 must
// already be the input's; when it is empty, hashes were skipped and
// output_xxh3_64 stays empty too), or adds the writer's error to its diagnostics.
using ModelWriter = std::function<WriteResult(const PartObserver* observer)>;
void compare_written(RoundTripOutcome& out, Bytes data, const ModelWriter& write);
// First index where a and b differ (or the shorter length); nullopt if equal.
[[nodiscard]] std::optional<uint64_t> first_difference(Bytes a, Bytes b);

}  // namespace meshgate
