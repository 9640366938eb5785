// Each subcommand registers itself on the CLI11 app and reports its exit code
// through `exit_code`: 0 success, 1 a file failed (rejected / not identical),
// 2 usage or I/O error. These codes and the JSON keys are a contract.
#pragma once

#include <CLI/CLI.hpp>

namespace meshgate::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

void add_inspect(CLI::App& app, int& exit_code);
void add_roundtrip(CLI::App& app, int& exit_code);
void add_synth(CLI::App& app, int& exit_code);

}  // namespace meshgate::cli
