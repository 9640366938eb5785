// `meshgate dump FILE -o model.json` and `meshgate build model.json -o FILE`
// (change/model_dump.hpp). build parses what it made with the same profile
// and refuses to leave a file with an error diagnostic unless --force.
#include <iostream>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "change/model_dump.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/json_input.hpp"

namespace meshgate::cli {

namespace {

struct DumpOptions {
  std::string input, output;
  bool force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

int run_dump(const DumpOptions& options) {
  FileReader reader;
  int exit_code = kExitOk;
  const std::optional<SingleInput> input =
      read_single_input(options.input, {options.output}, overwrite_rule(options.force), options.limits, reader, "dump", exit_code);
  if (!input) return exit_code;
  const std::string& display = input->display;
  const ModelDump dump(display, input->bytes, options.profile, input->origin);
  if (!dump.error().empty()) {
    std::cerr << "meshgate dump: " << dump.error() << "\n";
    return kExitFailed;
  }
  uint64_t items = 0;
  if (!write_file(options.output, [&](std::ostream& out) { items = dump.write(out); }, "dump", overwrite_rule(options.force)))
    return kExitUsage;
  std::cout << "dump: " << display << " -> " << options.output << " (" << items << " items)\n";
  return kExitOk;
}

// The dump a build reads, checked against the output first; nullopt after printing why.
std::optional<nlohmann::json> read_dump(const DumpOptions& options) {
  const std::optional<InputScan> scan = scan_for({options.input}, 1, "build", /*keep_unreadable=*/false);
  FileReader reader;
  const FileRead read = reader.read(platform::path_from_utf8(options.input), SizeLimits{1ull << 31});
  if (!read) {
    std::cerr << "meshgate build: " << options.input << ": " << read_failure_text(read) << "\n";
    return std::nullopt;
  }
  if (!outputs_are_usable({options.output}, scan ? scan->files : std::vector<InputFile>{}, "build",
                          overwrite_rule(options.force)))
    return std::nullopt;
  const std::string_view text(reinterpret_cast<const char*>(read.bytes.data()), read.bytes.size());
  JsonRead parsed = read_json(text);
  if (!parsed.value) {
    std::cerr << "meshgate build: " << options.input << ": not a usable JSON document: " << parsed.error << "\n";
    return std::nullopt;
  }
  return std::move(parsed.value);
}

int run_build(const DumpOptions& options) {
  const std::optional<nlohmann::json> dump = read_dump(options);
  if (!dump) return kExitUsage;
  const BuildResult built = build_from_dump(*dump);
  for (const std::string& e : built.errors) std::cerr << "meshgate build: " << options.input << ": " << e << "\n";
  for (const std::string& o : built.overlaps) std::cerr << "meshgate build: " << options.input << ": " << o << "\n";
  if (!built.errors.empty()) return kExitUsage;
  if (!built.overlaps.empty()) return kExitFailed;  // a well-formed dump whose items disagree about bytes: refused, not resolved
  return write_checked_model(dump->at("name").get<std::string>(), built.bytes, options.profile, options.force,
                             options.output, "build", overwrite_rule(options.force));
}

}  // namespace

void add_dump(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DumpOptions>();
  CLI::App* cmd = app.add_subcommand("dump", "Write a file as JSON: every field by name, streams as typed arrays, other bytes as hex");
  cmd->add_option("FILE", options->input, "a MOD, an MSH model or an NRes archive")->required();
  add_output_option(cmd, "-o,--output", options->output, "the JSON to write (meshgate.dump.v1)")->required();
  add_force_option(cmd, options->force);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_dump(*options); });
}

void add_build(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DumpOptions>();
  CLI::App* cmd = app.add_subcommand("build", "Build a file from a meshgate dump (the inverse of dump; the layout is the dump's)");
  cmd->add_option("JSON", options->input, "a dump (meshgate.dump.v1)")->required();
  add_output_option(cmd, "-o,--output", options->output, "the file to write")->required();
  add_force_option(cmd, options->force, "write the file even if it has an error diagnostic");
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] { exit_code = run_build(*options); });
}

}  // namespace meshgate::cli
