#include "analysis/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <charconv>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "parser/core/hashing.hpp"
#include "analysis/format_observations.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

namespace {

CoverageStats coverage_stats(const CoverageSummary& c, Bytes data) {
  CoverageStats s;
  s.covered_bytes = c.covered_bytes;
  s.uncovered_bytes = c.uncovered_bytes;
  s.overlaps = c.overlap_count;
  for (const UncoveredRange& u : c.uncovered) {
    uint64_t nonzero = 0;
    for (uint64_t p = u.begin; p < u.end && p < data.size(); ++p) nonzero += data[p] != std::byte{0};
    s.uncovered_nonzero_bytes += nonzero;
    s.uncovered.push_back({u.begin, u.end, nonzero == 0, u.kind});
  }
  return s;
}

void describe(SweptFile& f, const RoundTripOutcome& o, Bytes data, const ParsedView& parsed, bool digests) {
  f.path = o.path;
  f.nested = o.path.find('!') != std::string::npos;
  f.size = o.size;
  f.xxh3_64 = o.xxh3_64;  // the round trip hashes only when digests are asked for
  if (digests) f.sha256 = sha256_hex(data);
  f.format = o.format;
  f.parse_ok = o.parsed;
  f.roundtrip_identical = o.identical;
  f.read_only = o.read_only;
  std::set<std::string> codes;
  for (const Diagnostic& d : o.diagnostics) {
    codes.emplace(d.code);
    (d.severity == Severity::error ? f.errors : f.warnings) += 1;
  }
  f.diagnostic_codes.assign(codes.begin(), codes.end());
  f.version = declared_version(o.format, parsed);
  const CoverageSummary* coverage = parsed_coverage(parsed).summary;
  if (coverage) {
    f.has_coverage = true;
    f.coverage = coverage_stats(*coverage, data);
  }
  if (const auto parts = row_of(o.format).parts; parts && digests)
    for (const FilePart& p : parts(parsed))
      if (p.offset <= data.size() && p.size <= data.size() - p.offset)
        f.parts.push_back({o.path + "!" + p.name, p.size, xxh3_64_hex(data.subspan(p.offset, p.size))});
  if (const auto stored = row_of(o.format).stored_digests)
    for (const StoredDigest& m : stored(parsed))
      f.volume_members.push_back({o.path + "!" + escape_path_component(m.name), m.size, m.crc32});
}

}  // namespace

void SweepTotals::add(const SweptFile& f) {
  ++entries;
  if (!f.nested) ++files, bytes += f.size;
  parsed += f.parse_ok;
  roundtrip_identical += f.roundtrip_identical;
  clean += f.clean();
  if (!f.nested) covered_bytes += f.coverage.covered_bytes;
  if (f.nested) covered_bytes -= std::min(covered_bytes, f.coverage.uncovered_bytes);
  uncovered_bytes += f.coverage.uncovered_bytes;
  uncovered_nonzero_bytes += f.coverage.uncovered_nonzero_bytes;
  overlaps += f.coverage.overlaps;
}

void SweepResult::add_file(SweptFile&& f) {
  totals.add(f);
  page_detail_bytes += f.page_detail.size();
  page_details_dropped += f.page_without_detail;
  if (stream) stream(std::move(f));
  else files.push_back(std::move(f));
}

namespace {

// A partial result's files are counted (and kept or streamed) again by
// `result`: the partial's own totals are not carried over.
void merge_into(SweepResult& result, SweepResult&& partial) {
  if (result.files.empty() && !result.stream) result.files.reserve(partial.files.size());
  for (SweptFile& f : partial.files) result.add_file(std::move(f));
  std::vector<SweptFile>().swap(partial.files);
  result.observations.merge(partial.observations);
  result.invariants.merge(partial.invariants);
  for (std::string& e : partial.errors) result.errors.push_back(std::move(e));
  for (std::string& u : partial.unreadable) result.unreadable.push_back(std::move(u));
}

}  // namespace

void sweep_file(const std::string& display, Bytes data, ParseProfile profile, SweepResult& into, bool digests,
                PageKind pages, const PageRenderer& renderer, const SizeLimits& limits, unsigned jobs, const Origin& origin) {
  const auto visit = [&](SweepResult& target, const RoundTripOutcome& o, Bytes bytes, const ParsedView& parsed) {
    SweptFile f;
    describe(f, o, bytes, parsed, digests);
    f.nested = o.path != display;  // an address's file is an input of its own, though its path holds "!"
    // This file's own tallies first: its entry lists the invariants it violates.
    InvariantTallies tallies;
    observe_model(o.format, parsed, {target.observations, tallies, f, o.path});
    f.invariants_violated = tallies.violated_ids();
    target.invariants.merge(tallies);
    if (pages != PageKind::none && renderer) {
      RenderedPage page = renderer(o, bytes, parsed, f.invariants_violated, pages == PageKind::with_detail);
      f.page = std::move(page.map);
      f.page_detail = std::move(page.detail);
      f.page_without_detail = pages == PageKind::map_only;
    }
    target.add_file(std::move(f));
  };
  // A volume member's files go to a result of its own, merged in member order.
  const auto branch = [&] {
    auto partial = std::make_shared<SweepResult>();
    return RoundTripBranch{[&visit, partial](const RoundTripOutcome& o, Bytes bytes, const ParsedView& parsed) {
                             visit(*partial, o, bytes, parsed);
                           },
                           [&into, partial] { merge_into(into, std::move(*partial)); }};
  };
  roundtrip_each(
      display, data, {.profile = profile, .limits = limits, .origin = origin, .jobs = jobs},
      [&](const RoundTripOutcome& o, Bytes bytes, const ParsedView& parsed) { visit(into, o, bytes, parsed); },
      /*hashes=*/digests, branch);
}

namespace {

// `reader`: the calling thread's, whose buffer the file's bytes reuse.
// `member_jobs`: the threads a volume's members may take.
void sweep_input(const InputFile& input, const SweepOptions& options, FileReader& reader, PageKind pages,
                 SweepResult& partial, unsigned member_jobs) {
  const InputBytes in = read_input_bytes(input, reader, {.profile = options.profile, .limits = options.limits});
  if (in.ok()) {
    sweep_file(in.display, in.bytes, options.profile, partial, options.digests, pages, options.pages, options.limits,
               member_jobs, in.origin);
  } else if (in.read.status == ReadStatus::too_large && input.nested.empty()) {
    // Rejected unread; still cited by its digests, read a piece at a time.
    SweptFile f;
    describe(f, too_large_outcome(input.display, in.read), {}, {}, false);
    if (options.digests) {
      if (const std::optional<FileDigests> d = digest_file(input.path)) {
        f.xxh3_64 = d->xxh3_64;
        f.sha256 = d->sha256;
      }
    }
    if (options.digests && f.sha256.empty()) {
      partial.errors.push_back(input.display + ": cannot read");
      partial.unreadable.push_back(input.display);
    } else {
      partial.add_file(std::move(f));
    }
  } else {
    // An address whose file is too large to read names no file that can be swept: an error, as a missing one.
    partial.errors.push_back(input.display + ": " + (in.read.ok() ? in.address_error : read_failure_text(in.read)));
    partial.unreadable.push_back(input.display);
  }
}

// Which inputs' pages carry byte-level detail: the first ones, in input
// order, whose estimated detail fits the budget together.
std::vector<PageKind> page_kinds(const std::vector<InputFile>& inputs, const SweepOptions& options) {
  std::vector<PageKind> kinds(inputs.size(), options.pages ? PageKind::map_only : PageKind::none);
  if (!options.pages) return kinds;
  uint64_t spent = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::error_code error;
    const uint64_t size = std::filesystem::file_size(inputs[i].path, error);
    if (error) continue;
    const uint64_t detail = size * kDetailBytesPerFileByte;
    if (spent + detail > options.page_detail_budget) break;
    spent += detail;
    kinds[i] = PageKind::with_detail;
  }
  return kinds;
}

}  // namespace

SweepResult sweep(const std::vector<InputFile>& inputs, const SweepOptions& options) {
  SweepResult result;
  result.stream = options.stream;
  const std::vector<PageKind> pages = page_kinds(inputs, options);
  const size_t total = inputs.size();
  const unsigned jobs = std::max(1u, std::min<unsigned>(options.jobs, static_cast<unsigned>(std::max<size_t>(total, 1))));
  // Files first; the threads fewer files leave over go to a volume's members
  // (a game ships a few large volumes).
  const unsigned member_jobs = std::max(1u, options.jobs / jobs);
  if (jobs == 1) {
    // On the calling thread: a worker thread handing each file to a merging
    // thread cost a futex wake and two context switches per file.
    // Straight into the result: a streamed file is handed over as soon as it is swept.
    FileReader reader;
    for (size_t i = 0; i < total; ++i) {
      sweep_input(inputs[i], options, reader, pages[i], result, member_jobs);
      if (options.progress) options.progress(i + 1, total);
    }
    result.stream = nullptr;
    return result;
  }
  // Workers take files in order and park their partial results; whichever
  // worker parks the oldest unmerged one merges, under the lock, every parked
  // result from there on, strictly in input order, freeing each at once. So the
  // report does not depend on --jobs or scheduling, memory holds only the
  // files finished ahead of the oldest unfinished one, and no thread sleeps
  // waiting to merge.
  // A pointer per file, not a result: a SweepResult holds its tallies'
  // counters in place (736 bytes), 7 MB for 10,000 empty slots.
  std::vector<std::unique_ptr<SweepResult>> parked(total);
  std::mutex mutex;
  size_t merged = 0;
  std::atomic<size_t> next{0};
  auto work = [&] {
    FileReader reader;
    for (size_t i = next++; i < total; i = next++) {
      auto partial = std::make_unique<SweepResult>();
      sweep_input(inputs[i], options, reader, pages[i], *partial, member_jobs);
      std::lock_guard lock(mutex);
      parked[i] = std::move(partial);
      for (; merged < total && parked[merged]; ++merged) {
        merge_into(result, std::move(*parked[merged]));
        parked[merged].reset();
        if (options.progress) options.progress(merged + 1, total);
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(work);
  for (std::thread& t : pool) t.join();
  result.stream = nullptr;
  return result;
}

}  // namespace meshgate
