// parse -> write -> compare for one file, whatever its format.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/diagnostics.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/detect/format_detect.hpp"
#include "pipeline/file_reader.hpp"
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
  std::optional<uint64_t> first_diff_offset;
  std::vector<Diagnostic> diagnostics;
};

// `hashes`: the input's and output's xxh3_64, which `meshgate roundtrip` and
// the sweep's evidence report and manifest print. A caller that prints
// neither may skip them: hashing the input takes a sixth of a 35 KiB round trip.
[[nodiscard]] RoundTripOutcome roundtrip_bytes(std::string path, Bytes data,
                                               nres::Profile profile = nres::Profile::compatible, bool hashes = true);

// What the parser made of one file of the tree, alive while a visitor runs:
// exactly one of mod / nres / msh is set when the file parsed (msh for a
// model, with its container in nres), none when it was rejected early.
struct ParsedView {
  const mod::ParseResult* mod = nullptr;
  const nres::ParseResult* nres = nullptr;
  const msh::ParseResult* msh = nullptr;
};
using TreeVisitor = std::function<void(const RoundTripOutcome&, Bytes data, const ParsedView&)>;

// The coverage of the file a view describes (the model's for an MSH, which
// covers its container too; the container's when the model was rejected),
// when the parse reached the end; else nulls.
struct ParsedCoverage {
  const CoverageMap* map = nullptr;
  const CoverageSummary* summary = nullptr;
};
[[nodiscard]] ParsedCoverage parsed_coverage(const ParsedView& parsed);

// The file's own outcome first, then one per nested NRes archive found in an
// NRes payload (recursively), named "outer.rlb!MODEL.MSH". Each file is parsed
// once; `visitor` (for the sweep's observations) sees it before the descent.
[[nodiscard]] std::vector<RoundTripOutcome> roundtrip_tree(const std::string& path, Bytes data,
                                                           nres::Profile profile = nres::Profile::compatible,
                                                           const TreeVisitor& visitor = {}, bool hashes = true);
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
