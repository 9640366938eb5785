// `meshgate set FILE PATH=VALUE... -o OUT | --in-place [--force]`: typed edits
// of scalar fields (change/field_set.hpp). The result is parsed again with
// the same profile; a file with an error diagnostic is not written unless
// --force. Exit 0 written, 1 refused (the edit breaks the file), 2 usage or I/O.
#include <iostream>

#include "cli/commands.hpp"
#include "change/edit_check.hpp"
#include "change/field_set.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"

namespace meshgate::cli {

namespace {

struct SetOptions {
  std::string file, output;
  std::vector<std::string> assignments;
  bool in_place = false, force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// Each PATH=VALUE parsed; nullopt after printing the first that is not one.
std::optional<std::vector<FieldAssignment>> parse_assignments(const std::vector<std::string>& texts) {
  std::vector<FieldAssignment> assignments;
  for (const std::string& text : texts) {
    const auto a = parse_assignment(text);
    if (!a) {
      std::cerr << "meshgate set: `" << text << "` is not PATH=VALUE\n";
      return std::nullopt;
    }
    assignments.push_back(*a);
  }
  return assignments;
}

void print_edits(const SetResult& result) {
  for (const std::string& n : result.notes) std::cout << "note: " << display_text(n) << "\n";
  for (const FieldEdit& e : result.edits)
    std::cout << display_text(e.path) << " @ " << hex_offset(e.offset) << " (" << e.size
              << " bytes): " << display_text(e.old_value) << " -> " << display_text(e.new_value) << "\n";
}

int run_set(const SetOptions& options) {
  if (options.output.empty() && !options.in_place) {
    std::cerr << "meshgate set: give -o OUT, or --in-place to replace " << options.file << "\n";
    return kExitUsage;
  }
  const std::optional<std::vector<FieldAssignment>> assignments = parse_assignments(options.assignments);
  if (!assignments) return kExitUsage;
  FileReader reader;
  // --in-place replaces the input by request: no output to check against it.
  const std::vector<std::string> outputs = options.in_place ? std::vector<std::string>{} : std::vector{options.output};
  int exit_code = kExitOk;
  const std::optional<SingleInput> input =
      read_single_input(options.file, outputs, overwrite_rule(options.force), options.limits, reader, "set", exit_code);
  if (!input) return exit_code;
  const std::string& display = input->display;
  // A nested file inside a volume has no place to be written back to.
  if (input->nested && !input->nested->offset_in_outer) {
    std::cerr << "meshgate set: " << display_text(display)
              << " lies in an NBZ/ZIP volume, which is read-only: extract the member to edit it\n";
    return kExitUsage;
  }
  const SetResult result = apply_assignments(display, input->bytes, options.profile, *assignments, input->origin);
  for (const std::string& e : result.errors) std::cerr << "meshgate set: " << display_text(e) << "\n";
  if (!result.errors.empty()) return kExitUsage;
  print_edits(result);
  // --in-place replaces FILE (through a symlink, its target) whatever --force says.
  const std::string& target = options.in_place ? options.file : options.output;
  const Overwrite overwrite = options.in_place ? Overwrite::edit_in_place : overwrite_rule(options.force);
  // FILE!NESTED: the whole outer file is written, with only the nested file's bytes changed; the
  // nested file is judged on its own as well, as it would be loose (change/edit_check.hpp).
  if (input->nested) {
    const uint64_t at = *input->nested->offset_in_outer;
    const std::vector<std::byte> outer = splice_nested(input->outer, at, result.bytes);
    return write_checked_outcomes(edit_outcomes(input->outer_display, input->outer, outer, edits_in_outer(result.edits, at),
                                                options.profile),
                                  outer, options.force, target, "set", overwrite);
  }
  return write_checked_outcomes(edit_outcomes(display, input->bytes, result.bytes, result.edits, options.profile),
                                result.bytes, options.force, target, "set", overwrite);
}

}  // namespace

void add_set(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SetOptions>();
  CLI::App* cmd = app.add_subcommand("set", "Set scalar fields by path (as inspect --json prints them); only their bytes change");
  cmd->add_option("FILE", options->file, "a MOD, an MSH model or an NRes archive")->required();
  cmd->add_option("ASSIGNMENT", options->assignments, "PATH=VALUE, e.g. objects[0].bounding_radius=0.625, MODEL.MSH!res1[3].parent_or_link=2")
      ->required();
  auto* out = add_output_option(cmd, "-o,--output", options->output, "the edited file to write");
  auto* in_place = cmd->add_flag("--in-place", options->in_place, "replace FILE itself (atomically)");
  out->excludes(in_place);
  add_force_option(cmd, options->force, "write the file even if the edit gives it an error diagnostic");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_set(*options); });
}

}  // namespace meshgate::cli
