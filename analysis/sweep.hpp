// The coverage sweep: every input file (and every archive or model nested in
// an NRes payload) parsed once, written back and compared, its coverage
// measured, its fields observed and its invariants tallied. Files run on a
// pool of worker threads (a volume's members too, when there are fewer files
// than threads); results merge in input order, so the report does not depend
// on --jobs or scheduling.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/detect/format_detect.hpp"
#include "pipeline/input_scan.hpp"
#include "analysis/invariant_tally.hpp"
#include "analysis/observations.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

struct CoverageStats {
  uint64_t covered_bytes = 0;
  uint64_t uncovered_bytes = 0;
  uint64_t uncovered_nonzero_bytes = 0;
  uint64_t overlaps = 0;
  struct Range {
    uint64_t start, end;
    bool all_zero;
    GapKind kind;
  };
  std::vector<Range> uncovered;
};

// A member of an NBZ/ZIP volume as its central directory declares it: what
// the evidence and the lock record of every member, read or not, so the gate
// names an opaque member (a texture, a sound) that changed without meshgate
// inflating it. Members meshgate reads also have entries of their own.
struct VolumeMemberDigest {
  std::string path;  // "volume.nbz!GData.afs/em000.ptx" (escaped as report paths are)
  uint64_t size = 0;  // declared uncompressed size
  uint32_t crc32 = 0;  // declared CRC-32 of the uncompressed bytes (checked on every member inflated)
};

// A part of a file with an address but no file of its own (a PTX entry), as a lock digests it.
struct PartDigest {
  std::string path;  // "tex.ptx!3"
  uint64_t size = 0;
  std::string xxh3_64;
};

struct SweptFile {
  std::string path;  // relative to its argument; nested ones as "outer.rlb!MODEL.MSH"
  bool nested = false;  // inside an input (an address FILE!NESTED given as an argument is an input)
  uint64_t size = 0;
  std::string xxh3_64;  // empty, like sha256, when the sweep was asked not to
  std::string sha256;   // compute digests (SweepOptions::digests)
  Format format = Format::unknown;
  std::string version;  // MOD "1.01", NRes "0x100"; empty when unknown
  bool parse_ok = false;
  bool roundtrip_identical = false;
  bool has_coverage = false;  // false when the parse stopped early
  CoverageStats coverage;
  std::vector<std::string> diagnostic_codes;  // sorted, unique
  std::vector<std::string_view> invariants_violated;  // ids (static), in declaration order
  std::optional<UvRange> uv_range;  // decoded UVs of the model (an observation, not a rule)
  // The HTML report's page for this file (SweepOptions::pages): the map, and
  // the detail a click needs, emptied when the report's budget ran out.
  std::string page, page_detail;
  bool page_without_detail = false;  // a page the detail budget left without detail
  uint64_t errors = 0, warnings = 0;
  std::vector<VolumeMemberDigest> volume_members;  // a volume's file members, central-directory order
  std::vector<PartDigest> parts;  // FormatRow::parts, digested when the sweep computes digests

  bool read_only = false;  // an NBZ/ZIP volume: read, never rewritten (its members are round-tripped)

  // Parsed, byte-identical (or read-only), and no byte claimed by two leaf fields.
  [[nodiscard]] bool clean() const { return parse_ok && (roundtrip_identical || read_only) && coverage.overlaps == 0; }
};

// Receives each swept file in input order (one call at a time).
using SweptFileSink = std::function<void(SweptFile&& file)>;

// A file's HTML report page, made by whatever renders pages (the sweep only
// measures): its map, and the detail a click needs (empty when asked without).
struct RenderedPage {
  std::string map, detail;
};
using PageRenderer = std::function<RenderedPage(const RoundTripOutcome& outcome, Bytes data, const ParsedView& parsed,
                                                const std::vector<std::string_view>& invariants_violated, bool detail)>;

struct SweepOptions {
  unsigned jobs = 1;
  ParseProfile profile = ParseProfile::compatible;
  // Each file's SHA-256 and xxh3_64, which the evidence report, the manifest
  // and the gate cite. A sweep whose output cites neither may skip them:
  // SHA-256 alone (about 1.6 GB/s with SHA-NI) takes longer than the rest of
  // the sweep together, and xxh3_64 a sixth of a 35 KiB file's sweep.
  bool digests = true;
  SizeLimits limits;  // a file over its format's limit is a rejection, not read
  // Make each file's HTML report page with this renderer (the caller's:
  // reports/file_page.hpp in meshgate), none when empty. Byte-level
  // detail is made for input files in input order while their sizes (times
  // kDetailBytesPerFileByte) stay within the budget, decided from the files'
  // sizes before the sweep: the report does not depend on --jobs, and no
  // time goes into detail the report would leave out.
  PageRenderer pages;
  uint64_t page_detail_budget = 0;
  // Called once per file, in input order, one call at a time (on a worker
  // thread when jobs > 1).
  std::function<void(size_t done, size_t total)> progress;
  // Set: each file is handed here in input order and not kept, so memory does
  // not grow with the files (a plain `sweep` prints and forgets them). At
  // --jobs 1 a file is handed over as soon as it is swept; at --jobs N the
  // files of inputs finished ahead of the oldest unfinished one wait.
  SweptFileSink stream;
};

// What a sweep's summary counts, added file by file in input order, so a
// sweep that streams its files (and keeps none) still has them.
struct SweepTotals {
  uint64_t files = 0;    // input files (not nested)
  uint64_t entries = 0;  // every file, nested ones too
  uint64_t bytes = 0;    // of the input files
  uint64_t parsed = 0, roundtrip_identical = 0, clean = 0;
  // A nested file lies inside a payload its archive counts as covered: its
  // uncovered bytes are unexplained bytes of the corpus, so they move from
  // covered to uncovered, and covered + uncovered stays the corpus size.
  uint64_t covered_bytes = 0, uncovered_bytes = 0, uncovered_nonzero_bytes = 0, overlaps = 0;
  void add(const SweptFile& f);
};

struct SweepResult {
  std::vector<SweptFile> files;  // input order, nested entries after their archive; empty when streamed
  SweepTotals totals;
  Observations observations;
  InvariantTallies invariants;
  std::vector<std::string> errors;      // "PATH: why" for inputs that could not be read
  std::vector<std::string> unreadable;  // their report paths (directories end in "/")
  uint64_t page_detail_bytes = 0;       // the page details kept, in bytes of JSON text
  uint64_t page_details_dropped = 0;    // pages whose detail the budget left out
  // Set: every file goes here instead of into `files` (SweepOptions::stream).
  SweptFileSink stream;
  // A swept file, counted in the totals, then kept or streamed.
  void add_file(SweptFile&& f);
};

[[nodiscard]] SweepResult sweep(const std::vector<InputFile>& inputs, const SweepOptions& options = {});
// One file's tree (the unit of work of sweep()), on the calling thread, and
// a volume's members on `jobs` threads (the calling one too): each member's
// files into a result of its own, merged into `into` in member order, so
// `into` is the same at any `jobs`.
enum class PageKind : uint8_t { none, map_only, with_detail };
void sweep_file(const std::string& display, Bytes data, ParseProfile profile, SweepResult& into, bool digests = true,
                PageKind pages = PageKind::none, const PageRenderer& renderer = {}, const SizeLimits& limits = {},
                unsigned jobs = 1, const Origin& origin = {});

// A page's detail (marks and base64 bytes, as JSON text) runs to about this
// many bytes per byte of its file: 4/3 for base64, the rest for marks.
inline constexpr uint64_t kDetailBytesPerFileByte = 2;

}  // namespace meshgate
