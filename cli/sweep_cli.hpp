// What `sweep` and `report` share (cli/cmd_sweep.cpp), and the paged form of
// `report` (cli/report_folder.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/sweep.hpp"
#include "cli/commands.hpp"

namespace meshgate::cli {


// What every sweep prints of a file: a line when it is not clean. True when it printed one.
bool print_if_not_clean(const SweptFile& f);
// What every sweep prints after its files: the summary line and the violated
// invariants; the exit code a sweep with `not_clean` such files earns.
int print_sweep_summary(const SweepResult& result, uint64_t not_clean);

// Whether report's -o names a folder: it ends in a path separator or is an
// existing directory.
[[nodiscard]] bool names_a_folder(const std::string& output);
// `report PATH -o DIR/`: the paged report (reports/paged_report.hpp) of
// what `request` sweeps (its paths, jobs, profile, limits, allow_empty),
// written into a folder beside DIR and moved into place once whole. DIR must
// not exist or be an empty directory; with `force`, a former report holding
// no input is replaced. Exit codes are the sweep's.
[[nodiscard]] int run_report_folder(SweepRequest request, const std::string& dir, bool force, bool all_pages);

}  // namespace meshgate::cli
