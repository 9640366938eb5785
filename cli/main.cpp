// meshgate: strict parsers, model writers and evidence harnesses for DMC3 MOD
// and NRes/MSH. See README.md.
#include <exception>
#include <iostream>
#include <new>

#include "cli/commands.hpp"
#include "cli/drop.hpp"
#include "platform/console.hpp"
#include "platform/input_record.hpp"
#include "reports/display_stream.hpp"
#include "reports/evidence.hpp"

namespace {

std::string version_text() {
  const nlohmann::json tool = meshgate::tool_json();
  return "meshgate " + tool["version"].get<std::string>() + " (" + tool["git_commit"].get<std::string>() + ")";
}

// One command line, the program's name first: its exit code.
int run(const std::vector<std::string>& command_line) {
  CLI::App app{"meshgate: byte-exact parsers and writers for legacy 3D model formats"};
  // "/x" is a path, on Windows too (where CLI11 would read it as option x);
  // set before the subcommands, which copy it.
  app.allow_windows_style_options(false);
  app.set_version_flag("--version", version_text());
  app.require_subcommand(1);
  int exit_code = meshgate::cli::kExitOk;
  meshgate::cli::add_inspect(app, exit_code);
  meshgate::cli::add_roundtrip(app, exit_code);
  meshgate::cli::add_synth(app, exit_code);
  meshgate::cli::add_sweep(app, exit_code);
  meshgate::cli::add_manifest(app, exit_code);
  meshgate::cli::add_gate(app, exit_code);
  meshgate::cli::add_export(app, exit_code);
  meshgate::cli::add_view(app, exit_code);
  meshgate::cli::add_docs(app, exit_code);
  meshgate::cli::add_bytemap(app, exit_code);
  meshgate::cli::add_report(app, exit_code);
  meshgate::cli::add_diff(app, exit_code);
  meshgate::cli::add_set(app, exit_code);
  meshgate::cli::add_dump(app, exit_code);
  meshgate::cli::add_build(app, exit_code);
  meshgate::cli::add_rebuild(app, exit_code);
  meshgate::cli::add_import(app, exit_code);
  meshgate::cli::add_texture(app, exit_code);
  meshgate::cli::add_spec(app, exit_code);
  meshgate::cli::add_extract(app, exit_code);
  meshgate::cli::add_replace(app, exit_code);
  meshgate::cli::add_add(app, exit_code);
  meshgate::cli::add_remove(app, exit_code);
  std::vector<std::string> arguments = command_line;
  std::vector<char*> pointers;
  for (std::string& a : arguments) pointers.push_back(a.data());
  try {
    app.parse(static_cast<int>(pointers.size()), pointers.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return meshgate::cli::kExitUsage;
  }
  return exit_code;
}

}  // namespace

// Every failure is a message and exit code 2, never an abort: commands report
// expected I/O failures themselves; this is the net for what they did not
// expect (an allocation refused under a memory limit, a library's throw).
int main(int argc, char** argv) {
  meshgate::platform::prepare_console();  // before any output: bytes as written, UTF-8
  // Names from files reach many messages; none may drive the terminal.
  const meshgate::DisplayGuard terminal_guard;
  // Every file a command reads is an input no output may replace (platform/input_record.hpp).
  const meshgate::platform::RecordInputs inputs;
  try {
    // The arguments as UTF-8 (on Windows, read as UTF-16: argv would have
    // turned every name outside the ANSI code page into '?').
    const std::vector<std::string> arguments = meshgate::platform::utf8_arguments(argc, argv);
    if (meshgate::cli::is_dropped_path(arguments)) return meshgate::cli::open_dropped(arguments[0], arguments[1], run);
    return run(arguments);
  } catch (const std::bad_alloc&) {
    std::cerr << "meshgate: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "meshgate: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "meshgate: unexpected failure\n";
  }
  return meshgate::cli::kExitUsage;
}
