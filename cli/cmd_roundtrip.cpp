#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "reports/json_stream.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate::cli {

namespace {

struct RoundTripOptions {
  std::vector<std::string> paths;
  bool json = false;
  nres::Profile profile = nres::Profile::compatible;
  SizeLimits limits;
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

}  // namespace

void add_roundtrip(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RoundTripOptions>();
  CLI::App* cmd = app.add_subcommand(
      "roundtrip", "parse -> write -> compare every model file (directories are searched recursively by magic)");
  cmd->add_option("PATH", options->paths, "files or directories")->required();
  cmd->add_flag("--json", options->json, "print a JSON report");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] {
    const std::optional<InputScan> scan = scan_for(options->paths, 1, "roundtrip");
    if (!scan) {
      exit_code = kExitUsage;
      return;
    }
    nlohmann::json files = nlohmann::json::array();
    uint64_t total = 0, identical = 0, read_only = 0, failed = 0, bytes_total = 0;
    if (!options->json) std::printf("%-9s %10s  %-16s  %-11s %s\n", "result", "bytes", "xxh3_64", "format", "path");
    FileReader reader;
    for (const InputFile& input : scan->files) {
      const FileRead read = reader.read(input.path, options->limits);
      if (!read && read.status != ReadStatus::too_large) {
        std::cerr << "meshgate roundtrip: " << input.path.string() << ": " << read_failure_text(read) << "\n";
        exit_code = kExitUsage;
        return;
      }
      const nres::Profile profile = options->profile;
      const std::vector<RoundTripOutcome> outcomes =
          read ? roundtrip_tree(input.display, read.bytes, profile, {}, true, options->limits)
               : std::vector<RoundTripOutcome>{too_large_outcome(input.display, read)};
      for (const RoundTripOutcome& o : outcomes) {
        ++total;
        if (o.path == input.display) bytes_total += o.size;  // nested payloads are inside it
        (o.identical ? identical : o.read_only && o.parsed ? read_only : failed) += 1;
        if (options->json)
          files.push_back(roundtrip_json(o));
        else
          print_row(o);
      }
    }
    if (options->json) {
      nlohmann::json report = {{"files", files},
                               {"totals", {{"files", total}, {"identical", identical}, {"read_only", read_only},
                                           {"failed", failed}, {"bytes", bytes_total}}}};
      std::cout << dump_for_report(report) << "\n";
    } else {
      std::printf("total: %llu files, %llu identical, %llu failed, %llu bytes\n",
                  static_cast<unsigned long long>(total), static_cast<unsigned long long>(identical),
                  static_cast<unsigned long long>(failed), static_cast<unsigned long long>(bytes_total));
      if (read_only > 0)
        std::printf("       %llu read-only container%s (NBZ/ZIP volumes are read, never rewritten: their members are "
                    "round-tripped above)\n",
                    static_cast<unsigned long long>(read_only), read_only == 1 ? "" : "s");
    }
    exit_code = failed == 0 ? kExitOk : kExitFailed;
  });
}

}  // namespace meshgate::cli
