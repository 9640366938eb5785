// meshgate: strict parsers, model writers and evidence harnesses for DMC3 MOD
// (and, as they land, NRes/MSH). See README.md.
#include <iostream>

#include "cli/allocator_policy.hpp"
#include "cli/commands.hpp"

int main(int argc, char** argv) {
  meshgate::cli::apply_allocator_policy();
  CLI::App app{"meshgate: byte-exact parsers and writers for legacy 3D model formats"};
  app.require_subcommand(1);
  int exit_code = meshgate::cli::kExitOk;
  meshgate::cli::add_inspect(app, exit_code);
  meshgate::cli::add_roundtrip(app, exit_code);
  meshgate::cli::add_synth(app, exit_code);
  meshgate::cli::add_sweep(app, exit_code);
  meshgate::cli::add_manifest(app, exit_code);
  meshgate::cli::add_gate(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return meshgate::cli::kExitUsage;
  }
  return exit_code;
}
