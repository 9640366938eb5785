#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "reports/evidence.hpp"
#include "reports/input_scan.hpp"
#include "reports/sweep.hpp"

namespace meshgate::cli {

namespace {

struct SweepCliOptions {
  std::vector<std::string> paths;
  std::string json_out, markdown_out;
  nres::Profile profile = nres::Profile::compatible;
  unsigned jobs = 1;
};

void progress_bar(size_t done, size_t total) {
  constexpr size_t kWidth = 30;
  const size_t filled = total ? done * kWidth / total : kWidth;
  std::fprintf(stderr, "\rsweep [%s%s] %zu/%zu files", std::string(filled, '#').c_str(),
               std::string(kWidth - filled, '.').c_str(), done, total);
  if (done == total) std::fputc('\n', stderr);
}

}  // namespace

bool write_text_file(const std::string& path, const std::string& text) {
  return write_file(path, [&](std::ostream& out) { out << text; });
}

bool write_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) write(out);
  out.flush();
  return static_cast<bool>(out);
}

void add_profile_option(CLI::App* cmd, nres::Profile& profile) {
  const std::map<std::string, nres::Profile> names{{"strict", nres::Profile::strict},
                                                   {"compatible", nres::Profile::compatible}};
  cmd->add_option("--profile", profile, "NRes profile: strict rejects bad sort tables (default compatible)")
      ->transform(CLI::CheckedTransformer(names));
}

void add_jobs_option(CLI::App* cmd, unsigned& jobs) {
  cmd->add_option("--jobs", jobs, "worker threads")->check(CLI::Range(1u, 256u))->capture_default_str();
}

std::optional<SweepResult> run_sweep(const std::vector<std::string>& paths, unsigned jobs, nres::Profile profile,
                                     bool digests, const char* command) {
  const InputScan scan = scan_inputs(paths, jobs);
  for (const std::string& e : scan.errors) std::cerr << "meshgate " << command << ": " << e << "\n";
  if (!scan.errors.empty()) return std::nullopt;
  SweepOptions options;
  options.jobs = jobs;
  options.profile = profile;
  options.digests = digests;
  if (isatty(STDERR_FILENO)) options.progress = progress_bar;  // quiet when not on a terminal
  SweepResult result = sweep(scan.files, options);
  for (const std::string& e : result.errors) std::cerr << "meshgate " << command << ": " << e << "\n";
  if (!result.errors.empty()) return std::nullopt;
  return result;
}

void add_sweep(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SweepCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Coverage, observations and invariants over a corpus; JSON evidence and Markdown doc tables");
  cmd->add_option("PATH", options->paths, "files or directories (searched recursively by magic)")->required();
  cmd->add_option("--json", options->json_out, "write the evidence report (meshgate.evidence.v1) here");
  cmd->add_option("--markdown", options->markdown_out, "write the Markdown field tables and summaries here");
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] {
    // Only the evidence report and its Markdown cite the files' SHA-256 and
    // xxh3_64 (and the corpus fingerprint made from them); the summary printed
    // here does not.
    const bool cites_digests = !options->json_out.empty() || !options->markdown_out.empty();
    auto result = run_sweep(options->paths, options->jobs, options->profile, cites_digests, "sweep");
    if (!result) {
      exit_code = kExitUsage;
      return;
    }
    const nlohmann::json totals = sweep_totals_json(*result);
    uint64_t not_clean = 0;
    for (const SweptFile& f : result->files) {
      if (f.clean()) continue;
      ++not_clean;
      std::printf("%-9s %s%s\n", f.parse_ok ? (f.roundtrip_identical ? "OVERLAP" : "DIFFERS") : "REJECTED",
                  f.path.c_str(), f.diagnostic_codes.empty() ? "" : ("  " + f.diagnostic_codes.back()).c_str());
    }
    std::printf("sweep: %s files (%s with nested), %s bytes; %s parsed, %s round-trip identical; %s; %s overlaps\n",
                totals["files"].dump().c_str(), totals["entries"].dump().c_str(), totals["bytes"].dump().c_str(),
                totals["parsed"].dump().c_str(), totals["roundtrip_identical"].dump().c_str(),
                totals["summary"].get<std::string>().c_str(), totals["overlaps"].dump().c_str());
    for (const InvariantTally& t : result->invariants.items())
      if (t.violated > 0)
        std::printf("  invariant %.*s: holds %llu, violated %llu (first: %s)\n", static_cast<int>(t.id.size()), t.id.data(),
                    static_cast<unsigned long long>(t.holds), static_cast<unsigned long long>(t.violated),
                    t.first_violation->path.c_str());
    if (!options->json_out.empty() &&
        !write_file(options->json_out, [&](std::ostream& out) { write_evidence_json(out, *result); })) {
      std::cerr << "meshgate sweep: cannot write " << options->json_out << "\n";
      exit_code = kExitUsage;
      return;
    }
    if (!options->markdown_out.empty() && !write_text_file(options->markdown_out, evidence_markdown(*result))) {
      std::cerr << "meshgate sweep: cannot write " << options->markdown_out << "\n";
      exit_code = kExitUsage;
      return;
    }
    exit_code = not_clean == 0 ? kExitOk : kExitFailed;
  });
}

}  // namespace meshgate::cli
