#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "cli/sweep_cli.hpp"
#include "parser/core/utf8_text.hpp"
#include "reports/evidence.hpp"
#include "reports/evidence_html.hpp"
#include "pipeline/input_scan.hpp"
#include "analysis/sweep.hpp"
#include "platform/file_status.hpp"

namespace meshgate::cli {

namespace {

struct SweepCliOptions {
  std::vector<std::string> paths;
  std::string json_out, markdown_out, html_out;
  bool force = false;
  ParseProfile profile = ParseProfile::compatible;
  unsigned jobs = 1;
  SizeLimits limits;
  bool allow_empty = false;
  bool all_pages = false;  // report -o DIR/: a page for every file
};

}  // namespace

bool print_if_not_clean(const SweptFile& f) {
  if (f.clean()) return false;
  std::printf("%-9s %s%s\n", f.parse_ok ? (f.roundtrip_identical ? "OVERLAP" : "DIFFERS") : "REJECTED",
              display_text(f.path).c_str(), f.diagnostic_codes.empty() ? "" : ("  " + display_text(f.diagnostic_codes.back())).c_str());
  return true;
}

int print_sweep_summary(const SweepResult& result, uint64_t not_clean) {
  const nlohmann::json totals = sweep_totals_json(result);
  std::printf("sweep: %s files (%s with nested), %s bytes; %s parsed, %s round-trip identical; %s; %s overlaps\n",
              totals["files"].dump().c_str(), totals["entries"].dump().c_str(), totals["bytes"].dump().c_str(),
              totals["parsed"].dump().c_str(), totals["roundtrip_identical"].dump().c_str(),
              totals["summary"].get<std::string>().c_str(), totals["overlaps"].dump().c_str());
  for (const InvariantTally& t : result.invariants.items())
    if (t.violated > 0)
      std::printf("  invariant %.*s: holds %llu, violated %llu (first: %s)\n", static_cast<int>(t.id.size()), t.id.data(),
                  static_cast<unsigned long long>(t.holds), static_cast<unsigned long long>(t.violated),
                  display_text(t.first_violation->path).c_str());
  return not_clean == 0 ? kExitOk : kExitFailed;
}

namespace {

// The same for a result that kept its files.
int print_kept_sweep_summary(const SweepResult& result) {
  uint64_t not_clean = 0;
  for (const SweptFile& f : result.files) not_clean += print_if_not_clean(f);
  return print_sweep_summary(result, not_clean);
}

bool write_html_report(const std::string& path, const SweepResult& result, const char* command, Overwrite overwrite) {
  if (!write_file(path, [&](std::ostream& out) { write_evidence_html(out, result); }, command, overwrite)) return false;
  std::printf("%s: wrote %s (%zu file pages, %llu without byte-level detail)\n", command, display_text(path).c_str(), result.files.size(),
              static_cast<unsigned long long>(result.page_details_dropped));
  return true;
}

// The sweep's request: the outputs it will write, and whether the files'
// digests and HTML pages are wanted.
SweepRequest sweep_request(const SweepCliOptions& options) {
  // Only the evidence report and its Markdown cite the files' SHA-256 and
  // xxh3_64 (and the corpus fingerprint made from them); the summary printed
  // here does not.
  SweepRequest request{options.paths, options.jobs, options.profile, options.limits, true, {}, false};
  request.digests = !options.json_out.empty() || !options.markdown_out.empty() || !options.html_out.empty();
  request.pages = !options.html_out.empty();
  request.overwrite = overwrite_rule(options.force);
  request.allow_empty = options.allow_empty;
  for (const std::string* out : {&options.json_out, &options.markdown_out, &options.html_out})
    if (!out->empty()) request.outputs.push_back(*out);
  return request;
}

// The reports --json, --markdown and --html ask for, each written atomically; false after printing why.
bool write_sweep_reports(const SweepCliOptions& options, const SweepResult& result, Overwrite overwrite) {
  if (!options.json_out.empty() &&
      !write_file(options.json_out, [&](std::ostream& out) { write_evidence_json(out, result); }, "sweep", overwrite))
    return false;
  if (!options.markdown_out.empty() && !write_text_file(options.markdown_out, evidence_markdown(result), "sweep", overwrite))
    return false;
  return options.html_out.empty() || write_html_report(options.html_out, result, "sweep", overwrite);
}

int run_sweep_command(const SweepCliOptions& options) {
  SweepRequest request = sweep_request(options);
  // Without a report to write, each file is printed (if it is not clean)
  // and forgotten as it is swept: memory does not grow with the files.
  uint64_t not_clean = 0;
  if (request.outputs.empty()) request.stream = [&not_clean](SweptFile&& f) { not_clean += print_if_not_clean(f); };
  int failure = kExitUsage;
  auto result = run_sweep(request, "sweep", failure);
  if (!result) return failure;
  const int outcome = request.stream ? print_sweep_summary(*result, not_clean) : print_kept_sweep_summary(*result);
  if (!write_sweep_reports(options, *result, request.overwrite)) return kExitUsage;
  return outcome;
}

// The single page holds every file's byte map and, within a budget, its
// detail: past this much corpus it outgrows what a browser opens comfortably
// (a 28 MB corpus gave a 39 MB page), and the folder form is the report.
constexpr uint64_t kSinglePageCorpusBytes = 64'000'000;

// The single page's refusal of a corpus over kSinglePageCorpusBytes, before
// anything is swept; printed.
bool fits_one_page(const std::vector<InputFile>& inputs) {
  uint64_t bytes = 0;
  for (const InputFile& in : inputs) bytes += platform::status_of(in.path).size;
  if (bytes <= kSinglePageCorpusBytes) return true;
  std::cerr << "meshgate report: the corpus holds " << bytes << " bytes; a single-page report holds at most "
            << kSinglePageCorpusBytes << " (64 MB). Write a folder instead: -o DIR/\n";
  return false;
}

int run_report(const SweepCliOptions& options) {
  if (names_a_folder(options.html_out)) {
    SweepRequest request{options.paths, options.jobs, options.profile, options.limits, /*digests=*/false, {}, false};
    request.allow_empty = options.allow_empty;
    return run_report_folder(std::move(request), options.html_out, options.force, options.all_pages);
  }
  SweepRequest request{options.paths, options.jobs, options.profile, options.limits, true, {options.html_out}, false};
  request.pages = true;
  request.overwrite = overwrite_rule(options.force);
  request.allow_empty = options.allow_empty;
  request.accept_inputs = fits_one_page;
  int failure = kExitUsage;
  auto result = run_sweep(request, "report", failure);
  if (!result) return failure;
  const int outcome = print_kept_sweep_summary(*result);
  if (!write_html_report(options.html_out, *result, "report", request.overwrite)) return kExitUsage;
  return outcome;
}

}  // namespace

void add_sweep(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SweepCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Coverage, observations and invariants over a corpus; JSON evidence and Markdown doc tables");
  cmd->add_option("PATH", options->paths, "files or directories (searched recursively by magic)")->required();
  add_output_option(cmd, "--json", options->json_out, "write the evidence report (meshgate.evidence.v1) here");
  add_output_option(cmd, "--markdown", options->markdown_out, "write the Markdown field tables and summaries here");
  add_output_option(cmd, "--html", options->html_out, "write the HTML evidence report (as meshgate report) here");
  add_force_option(cmd, options->force);
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_sweep_command(*options); });
}

void add_report(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SweepCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "report", "The evidence of a corpus as one self-contained HTML page (-o FILE.html, corpora up to 64 MB) or as a "
                "folder (-o DIR/): summary, invariants, file list, byte maps");
  cmd->add_option("PATH", options->paths, "files or directories (searched recursively by magic)")->required();
  add_output_option(cmd, "-o,--output", options->html_out,
                    "the .html report to write, or a folder (ending in /, or an existing empty directory): index.html "
                    "and a page per file with something to show")
      ->required();
  cmd->add_flag("--all-pages", options->all_pages, "-o DIR/: a page for every file, not only those with something to show");
  add_force_option(cmd, options->force);
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_report(*options); });
}

}  // namespace meshgate::cli
