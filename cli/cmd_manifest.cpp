#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "reports/manifest.hpp"

namespace meshgate::cli {

namespace {

struct ManifestOptions {
  std::vector<std::string> paths;
  std::string out, manifest;
  nres::Profile profile = nres::Profile::compatible;
  unsigned jobs = 1;
};

}  // namespace

void add_manifest(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ManifestOptions>();
  CLI::App* cmd = app.add_subcommand("manifest", "Record a corpus and its expected outcomes (corpus.lock.json)");
  cmd->add_option("PATH", options->paths, "files or directories")->required();
  cmd->add_option("-o,--output", options->out, "manifest file to write")->required();
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] {
    auto result = run_sweep(options->paths, options->jobs, options->profile, true, "manifest");
    if (!result) {
      exit_code = kExitUsage;
      return;
    }
    if (!write_file(options->out, [&](std::ostream& out) { write_manifest_json(out, *result); })) {
      std::cerr << "meshgate manifest: cannot write " << options->out << "\n";
      exit_code = kExitUsage;
      return;
    }
    std::printf("manifest: %zu entries written to %s\n", result->files.size(), options->out.c_str());
    exit_code = kExitOk;
  });
}

void add_gate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ManifestOptions>();
  CLI::App* cmd = app.add_subcommand("gate", "Check a corpus against its manifest: exit 0 when nothing changed");
  cmd->add_option("MANIFEST", options->manifest, "corpus.lock.json written by `meshgate manifest`")->required();
  cmd->add_option("PATH", options->paths, "files or directories (as given to `meshgate manifest`)")->required();
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] {
    std::ifstream in(options->manifest, std::ios::binary);
    const nlohmann::json manifest = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!in && !in.eof()) {
      std::cerr << "meshgate gate: cannot read " << options->manifest << "\n";
      exit_code = kExitUsage;
      return;
    }
    if (manifest.is_discarded()) {
      std::cerr << "meshgate gate: " << options->manifest << " is not JSON\n";
      exit_code = kExitUsage;
      return;
    }
    auto result = run_sweep(options->paths, options->jobs, options->profile, true, "gate");
    if (!result) {
      exit_code = kExitUsage;
      return;
    }
    const std::vector<std::string> differences = gate_differences(manifest, *result);
    for (const std::string& d : differences) std::printf("gate: %s\n", d.c_str());
    std::printf("gate: %s (%zu entries checked, %zu differences)\n", differences.empty() ? "PASS" : "FAIL",
                result->files.size(), differences.size());
    exit_code = differences.empty() ? kExitOk : kExitFailed;
  });
}

}  // namespace meshgate::cli
