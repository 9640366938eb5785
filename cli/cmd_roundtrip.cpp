#include <cstdio>
#include <iostream>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/nested_address.hpp"
#include "reports/json_stream.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate::cli {

namespace {

struct RoundTripOptions {
  std::vector<std::string> paths;
  bool json = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
  bool allow_empty = false;
};

void print_row(const RoundTripOutcome& o) {
  const char* verdict = o.identical ? "identical" : (!o.parsed ? "REJECTED" : o.read_only ? "read-only" : "DIFFERS");
  std::printf("%-9s %10llu  %s  %-11s %s\n", verdict, static_cast<unsigned long long>(o.size), o.xxh3_64.c_str(),
              std::string(format_name(o.format)).c_str(), display_text(o.path).c_str());
  if (o.first_diff_offset) std::printf("          first difference at 0x%llx\n",
                                       static_cast<unsigned long long>(*o.first_diff_offset));
  for (const Diagnostic& d : o.diagnostics)
    if (d.severity == Severity::error) std::printf("          %s\n", format_diagnostic(o.path, d).c_str());
}

// What the round trip came to over every file.
struct RoundTripTotals {
  uint64_t total = 0, identical = 0, read_only = 0, failed = 0, bytes = 0;
};

void print_roundtrip_json(const nlohmann::json& files, const RoundTripTotals& t) {
  nlohmann::json report = {{"files", files},
                           {"totals", {{"files", t.total}, {"identical", t.identical}, {"read_only", t.read_only},
                                       {"failed", t.failed}, {"bytes", t.bytes}}}};
  std::cout << dump_for_report(report) << "\n";
}

void print_roundtrip_totals(const RoundTripTotals& t) {
  std::printf("total: %llu files, %llu identical, %llu failed, %llu bytes\n", static_cast<unsigned long long>(t.total),
              static_cast<unsigned long long>(t.identical), static_cast<unsigned long long>(t.failed),
              static_cast<unsigned long long>(t.bytes));
  if (t.read_only > 0)
    std::printf("       %llu read-only container%s (NBZ/ZIP volumes are not rebuilt whole: their members are "
                "round-tripped above; replace, add and remove write a new volume)\n",
                static_cast<unsigned long long>(t.read_only), t.read_only == 1 ? "" : "s");
}

int run_roundtrip(const RoundTripOptions& options) {
  const std::optional<InputScan> scan = scan_for(options.paths, 1, "roundtrip");
  if (!scan) return kExitUsage;
  if (!scan_found_files(*scan, options.paths, options.allow_empty, "roundtrip")) return kExitFailed;
  nlohmann::json files = nlohmann::json::array();
  RoundTripTotals totals;
  if (!options.json) std::printf("%-9s %10s  %-16s  %-11s %s\n", "result", "bytes", "xxh3_64", "format", "path");
  FileReader reader;
  for (const InputFile& input : scan->files) {
    const InputBytes in = read_input_bytes(input, reader, {.profile = options.profile, .limits = options.limits});
    if (!in.ok() && (in.read.status != ReadStatus::too_large || !input.nested.empty())) {
      std::cerr << "meshgate roundtrip: " << display_text(in.read.ok() ? in.address_error
                                                                        : platform::utf8_of(input.path) + ": " + read_failure_text(in.read))
                << "\n";
      return in.read.ok() && in.address_limited ? kExitFailed : kExitUsage;  // a budget finding is exit 1
    }
    std::vector<RoundTripOutcome> outcomes;
    if (in.ok())
      roundtrip_each(in.display, in.bytes, {.profile = options.profile, .limits = options.limits, .origin = in.origin},
                     [&](const RoundTripOutcome& o, Bytes, const ParsedView&) { outcomes.push_back(o); });
    else
      outcomes.push_back(too_large_outcome(input.display, in.read));
    for (const RoundTripOutcome& o : outcomes) {
      ++totals.total;
      if (o.path == in.display) totals.bytes += o.size;  // nested payloads are inside it
      (o.identical ? totals.identical : o.read_only && o.parsed ? totals.read_only : totals.failed) += 1;
      if (options.json)
        files.push_back(roundtrip_json(o));
      else
        print_row(o);
    }
  }
  if (options.json) print_roundtrip_json(files, totals);
  else print_roundtrip_totals(totals);
  return totals.failed == 0 ? kExitOk : kExitFailed;
}

}  // namespace

void add_roundtrip(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RoundTripOptions>();
  CLI::App* cmd = app.add_subcommand(
      "roundtrip", "parse -> write -> compare every model file (directories are searched recursively by magic)");
  cmd->add_option("PATH", options->paths, "files or directories")->required();
  cmd->add_flag("--json", options->json, "print a JSON report");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_roundtrip(*options); });
}

}  // namespace meshgate::cli
