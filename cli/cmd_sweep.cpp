#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "reports/evidence.hpp"
#include "reports/evidence_html.hpp"
#include "pipeline/input_scan.hpp"
#include "analysis/sweep.hpp"

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
};

// What every sweep prints of a file: a line when it is not clean. True when it printed one.
bool print_if_not_clean(const SweptFile& f) {
  if (f.clean()) return false;
  std::printf("%-9s %s%s\n", f.parse_ok ? (f.roundtrip_identical ? "OVERLAP" : "DIFFERS") : "REJECTED",
              display_text(f.path).c_str(), f.diagnostic_codes.empty() ? "" : ("  " + display_text(f.diagnostic_codes.back())).c_str());
  return true;
}

// What every sweep prints after its files: the summary line and the violated
// invariants; the exit code a sweep with `not_clean` such files earns.
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

// The same for a result that kept its files.
int print_sweep_summary(const SweepResult& result) {
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
  const int outcome = request.stream ? print_sweep_summary(*result, not_clean) : print_sweep_summary(*result);
  if (!write_sweep_reports(options, *result, request.overwrite)) return kExitUsage;
  return outcome;
}

int run_report(const SweepCliOptions& options) {
  SweepRequest request{options.paths, options.jobs, options.profile, options.limits, true, {options.html_out}, false};
  request.pages = true;
  request.overwrite = overwrite_rule(options.force);
  request.allow_empty = options.allow_empty;
  int failure = kExitUsage;
  auto result = run_sweep(request, "report", failure);
  if (!result) return failure;
  const int outcome = print_sweep_summary(*result);
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
      "report", "The evidence of a corpus as one self-contained HTML page: summary, invariants, field tables, byte maps");
  cmd->add_option("PATH", options->paths, "files or directories (searched recursively by magic)")->required();
  add_output_option(cmd, "-o,--output", options->html_out, "the .html report to write")->required();
  add_force_option(cmd, options->force);
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_report(*options); });
}

}  // namespace meshgate::cli
