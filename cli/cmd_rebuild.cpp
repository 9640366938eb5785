// `meshgate rebuild FILE --canonical -o OUT [--force]`: the file laid out
// afresh from its parsed content (change/canonical_rebuild.hpp). Before it
// is written the result is compared with the input by content (`diff
// --semantic`) and parsed again with the same profile; a result that holds a
// different model or has an error diagnostic is refused unless --force.
// Exit 0 written, 1 refused or the input does not parse, 2 usage or I/O.
#include <iostream>

#include "cli/commands.hpp"
#include "change/canonical_rebuild.hpp"
#include "change/field_diff.hpp"
#include "pipeline/file_reader.hpp"

namespace meshgate::cli {

namespace {

struct RebuildOptions {
  std::string file, output;
  bool canonical = false, force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// The content differences between input and result, printed; true when none.
bool same_model(const std::string& display, Bytes input, Bytes result, ParseProfile profile, const Origin& origin) {
  bool equal = true;
  for (const FileDiff& d : diff_trees(diff_sides(display, input, profile, origin), diff_sides(display, result, profile, origin),
                                      DiffMode::content)) {
    if (d.equal()) continue;
    equal = false;
    std::cout << file_diff_text(d);
  }
  return equal;
}

int run_rebuild(const RebuildOptions& options) {
  if (!options.canonical) {
    std::cerr << "meshgate rebuild: give --canonical (the only layout rebuild makes)\n";
    return kExitUsage;
  }
  FileReader reader;
  int exit_code = kExitOk;
  const std::optional<SingleInput> input =
      read_single_input(options.file, {options.output}, overwrite_rule(options.force), options.limits, reader, "rebuild", exit_code);
  if (!input) return exit_code;
  const std::string& display = input->display;
  const Bytes data = input->bytes;
  const RebuildResult result = rebuild_canonical(display, data, options.profile, input->origin);
  if (!result.ok()) {
    std::cerr << "meshgate rebuild: " << *result.error << "; nothing to rebuild\n";
    return kExitFailed;
  }
  for (const std::string& n : result.not_placed) std::cout << "not placed: " << n << "\n";
  for (const std::string& n : result.notes) std::cout << "note: " << n << "\n";
  if (!same_model(display, data, result.bytes, options.profile, input->origin)) {
    if (!options.force) {
      std::cerr << "meshgate rebuild: the result does not hold the same model (differences above); nothing "
                   "written (--force writes it anyway)\n";
      return kExitFailed;
    }
    std::cout << "rebuild: writing a result that differs in content (--force)\n";
  } else {
    std::cout << "rebuild: same model as the input (diff --semantic: equal)\n";
  }
  return write_checked_model(display, result.bytes, options.profile, options.force, options.output, "rebuild",
                             overwrite_rule(options.force));
}

}  // namespace

void add_rebuild(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RebuildOptions>();
  CLI::App* cmd = app.add_subcommand("rebuild", "Lay a file out afresh from its content (offsets, sizes, sort table, padding recomputed)");
  cmd->add_option("FILE", options->file, "a MOD, an MSH model or an NRes archive")->required();
  cmd->add_flag("--canonical", options->canonical, "the canonical layout: retail order and alignment (required; the only layout rebuild makes)");
  add_output_option(cmd, "-o,--output", options->output, "the rebuilt file to write")->required();
  add_force_option(cmd, options->force, "write the result even if it differs in content or has an error diagnostic");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_rebuild(*options); });
}

}  // namespace meshgate::cli
