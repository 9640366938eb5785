// `meshgate dump FILE -o model.json` and `meshgate build model.json -o FILE`
// (reports/model_dump.hpp). build parses what it made with the same profile
// and refuses to leave a file with an error diagnostic unless --force.
#include <iostream>

#include "cli/commands.hpp"
#include "reports/file_reader.hpp"
#include "reports/model_dump.hpp"

namespace meshgate::cli {

namespace {

struct DumpOptions {
  std::string input, output;
  bool force = false;
  nres::Profile profile = nres::Profile::compatible;
  SizeLimits limits;
};

}  // namespace

void add_dump(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DumpOptions>();
  CLI::App* cmd = app.add_subcommand("dump", "Write a file as JSON: every field by name, streams as typed arrays, other bytes as hex");
  cmd->add_option("FILE", options->input, "a MOD, an MSH model or an NRes archive")->required();
  add_output_option(cmd, "-o,--output", options->output, "the JSON to write (meshgate.dump.v1)")->required();
  add_force_option(cmd, options->force);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] {
    const std::optional<InputScan> scan = scan_for({options->input}, 1, "dump");
    if (!scan || !outputs_are_usable({options->output}, scan->files, "dump", overwrite_rule(options->force))) {
      exit_code = kExitUsage;
      return;
    }
    FileReader reader;
    const FileRead read = reader.read(options->input, options->limits);
    if (!read) {
      std::cerr << "meshgate dump: " << options->input << ": " << read_failure_text(read) << "\n";
      exit_code = kExitUsage;
      return;
    }
    const std::string display = scan->files.empty() ? options->input : scan->files[0].display;
    const nlohmann::json dump = dump_model(display, read.bytes, options->profile);
    if (dump.contains("error")) {
      std::cerr << "meshgate dump: " << dump["error"].get<std::string>() << "\n";
      exit_code = kExitFailed;
      return;
    }
    if (!write_file(options->output, [&](std::ostream& out) { out << dump.dump(1) << "\n"; }, "dump",
                    overwrite_rule(options->force))) {
      exit_code = kExitUsage;
      return;
    }
    std::cout << "dump: " << display << " -> " << options->output << " (" << dump["items"].size() << " items)\n";
    exit_code = kExitOk;
  });
}

void add_build(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DumpOptions>();
  CLI::App* cmd = app.add_subcommand("build", "Build a file from a meshgate dump (the inverse of dump; the layout is the dump's)");
  cmd->add_option("JSON", options->input, "a dump (meshgate.dump.v1)")->required();
  add_output_option(cmd, "-o,--output", options->output, "the file to write")->required();
  add_force_option(cmd, options->force, "write the file even if it has an error diagnostic");
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] {
    const std::optional<InputScan> scan = scan_for({options->input}, 1, "build", /*keep_unreadable=*/false);
    FileReader reader;
    const FileRead read = reader.read(options->input, SizeLimits{1ull << 31});
    if (!read) {
      std::cerr << "meshgate build: " << options->input << ": " << read_failure_text(read) << "\n";
      exit_code = kExitUsage;
      return;
    }
    if (!outputs_are_usable({options->output}, scan ? scan->files : std::vector<InputFile>{}, "build",
                            overwrite_rule(options->force))) {
      exit_code = kExitUsage;
      return;
    }
    const nlohmann::json dump = nlohmann::json::parse(read.bytes.begin(), read.bytes.end(), nullptr, false);
    if (dump.is_discarded()) {
      std::cerr << "meshgate build: " << options->input << ": not JSON\n";
      exit_code = kExitUsage;
      return;
    }
    const BuildResult built = build_from_dump(dump);
    for (const std::string& e : built.errors) std::cerr << "meshgate build: " << e << "\n";
    if (!built.errors.empty()) {
      exit_code = kExitUsage;
      return;
    }
    exit_code = write_checked_model(dump["name"].get<std::string>(), built.bytes, options->profile, options->force,
                                    options->output, "build", overwrite_rule(options->force));
  });
}

}  // namespace meshgate::cli
