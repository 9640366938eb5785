// Each subcommand registers itself on the CLI11 app and reports its exit code
// through `exit_code`: 0 success, 1 a file failed (rejected / not identical),
// 2 usage or I/O error. These codes and the JSON keys are a contract.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/sweep.hpp"

namespace meshgate::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

void add_inspect(CLI::App& app, int& exit_code);
void add_roundtrip(CLI::App& app, int& exit_code);
void add_synth(CLI::App& app, int& exit_code);
void add_sweep(CLI::App& app, int& exit_code);
void add_manifest(CLI::App& app, int& exit_code);
void add_gate(CLI::App& app, int& exit_code);

// The options several commands share, spelled once.
void add_profile_option(CLI::App* cmd, nres::Profile& profile);  // --profile strict|compatible
void add_jobs_option(CLI::App* cmd, unsigned& jobs);              // --jobs N

// Shared by sweep, manifest and gate: scan PATHs and sweep them (progress bar
// on a terminal); nullopt after printing why when an input is unreadable.
// `digests`: whether the command's output cites the files' SHA-256 and xxh3_64.
[[nodiscard]] std::optional<SweepResult> run_sweep(const std::vector<std::string>& paths, unsigned jobs,
                                                   nres::Profile profile, bool digests, const char* command);
[[nodiscard]] bool write_text_file(const std::string& path, const std::string& text);
// The file as `write` streams it; false when it cannot be written.
[[nodiscard]] bool write_file(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace meshgate::cli
