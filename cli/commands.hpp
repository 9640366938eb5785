// Each subcommand registers itself on the CLI11 app and reports its exit code
// through `exit_code`: 0 success, 1 a file failed (rejected / not identical),
// 2 usage or I/O error. These codes and the JSON keys are a contract.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "analysis/sweep.hpp"
#include "import/mot/mot_from_gltf.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/roundtrip.hpp"
#include "looks/material/material_chain.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

void add_inspect(CLI::App& app, int& exit_code);
void add_roundtrip(CLI::App& app, int& exit_code);
void add_synth(CLI::App& app, int& exit_code);
void add_sweep(CLI::App& app, int& exit_code);
void add_manifest(CLI::App& app, int& exit_code);
void add_gate(CLI::App& app, int& exit_code);
void add_export(CLI::App& app, int& exit_code);
void add_view(CLI::App& app, int& exit_code);
void add_docs(CLI::App& app, int& exit_code);
void add_bytemap(CLI::App& app, int& exit_code);
void add_report(CLI::App& app, int& exit_code);
void add_diff(CLI::App& app, int& exit_code);
void add_set(CLI::App& app, int& exit_code);
void add_dump(CLI::App& app, int& exit_code);
void add_build(CLI::App& app, int& exit_code);
void add_rebuild(CLI::App& app, int& exit_code);
void add_import(CLI::App& app, int& exit_code);
void add_texture(CLI::App& app, int& exit_code);
void add_spec(CLI::App& app, int& exit_code);
void add_extract(CLI::App& app, int& exit_code);
void add_replace(CLI::App& app, int& exit_code);
void add_add(CLI::App& app, int& exit_code);
void add_remove(CLI::App& app, int& exit_code);

// The options several commands share, spelled once.
void add_profile_option(CLI::App* cmd, ParseProfile& profile);  // --profile strict|compatible
void add_jobs_option(CLI::App* cmd, unsigned& jobs);              // --jobs N
void add_max_size_option(CLI::App* cmd, SizeLimits& limits);      // --max-size, --max-inflated SIZE; --max-nested N
// The sizes a size option takes, the largest spelled as --help and messages say it.
struct SizeRange {
  uint64_t min, max;
  std::string max_text;
};
// A size option: SIZE in bytes or with a unit (pipeline/size_text.hpp, one
// reading for every option), within `range`; anything else is a usage error
// (exit 2) that says why. `set` receives the bytes.
CLI::Option* add_size_option(CLI::App* cmd, const std::string& name, std::function<void(uint64_t)> set, SizeRange range,
                             const std::string& what);
// An output file option: an empty path is a usage error.
CLI::Option* add_output_option(CLI::App* cmd, const std::string& name, std::string& path, const std::string& what);

// An option that takes one of `names` and sets `value` to its enum. --help
// lists the names (ENUM:{bgra,argb}); CLI11's CheckedTransformer would print
// the enum values too, a uint8_t one as a control character, and accept them.
template <class Enum>
CLI::Option* add_enum_option(CLI::App* cmd, const std::string& name, Enum& value,
                             const std::vector<std::pair<std::string, Enum>>& names, const std::string& what) {
  std::vector<std::string> spelled;
  for (const auto& n : names) spelled.push_back(n.first);
  const auto set = [&value, names](const std::string& given) {
    for (const auto& [text, meaning] : names)
      if (text == given) value = meaning;
  };
  return cmd->add_option_function<std::string>(name, set, what)->type_name("ENUM")->check(CLI::IsMember(spelled));
}

// The output rule, one for every command that writes (docs/GUARANTEES.md,
// outputs): an output that exists is refused unless --force; --in-place (set)
// and docs update replace the file they were given. Each replaced file keeps
// its mode and, where permitted, owner and group; a symlink is followed to
// its target (writer/core/atomic_file.hpp).
// `--force`, with what else it allows in this command ("" if nothing).
CLI::Option* add_force_option(CLI::App* cmd, bool& force, const std::string& also = "");
[[nodiscard]] Overwrite overwrite_rule(bool force);

// Usage errors in a command's output paths, found before any work starts:
// two outputs that are one path, an output that is one of the input files
// (same device and inode, however spelled, through symlinks) or a file the
// command has read so far (platform/input_record.hpp; call it again once
// libraries, companions and motions are read), or (under Overwrite::refuse)
// an output that exists. Each printed; false if any. The atomic write checks
// the record once more (writer/core/atomic_file.hpp), for files read later.
// Symlink::refuse for names the command chose inside a directory the user
// named (spec --all --out, export --out): a symlink at such a name was
// planted, and is refused here and again at the write (write_file's
// `symlink`), never followed out of the directory.
[[nodiscard]] bool outputs_are_usable(const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs,
                                      const char* command, Overwrite overwrite, Symlink symlink = Symlink::follow);
// The same, with inputs known only by path (files a glTF's URIs name, an evidence report).
[[nodiscard]] bool outputs_are_usable(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs,
                                      const char* command, Overwrite overwrite, Symlink symlink = Symlink::follow);

// Scans PATHs as a command reads them, printing what it skipped (dangling or
// looping symlinks, FIFOs), case-fold warnings, and usage errors. nullopt
// after printing them when an argument is missing or ambiguous, or, unless
// `keep_unreadable`, when anything could not be read (exit 2).
[[nodiscard]] std::optional<InputScan> scan_for(const std::vector<std::string>& paths, unsigned jobs, const char* command,
                                                bool keep_unreadable = false);

// --allow-empty (roundtrip, sweep, report, manifest, gate): without it, PATHs
// that hold no file meshgate reads are an error, so a CI job given a wrong
// corpus path fails instead of passing over nothing.
void add_allow_empty_option(CLI::App* cmd, bool& allow_empty);
// False after printing "no files found under PATH..." when the scan found no
// file (nor an unreadable one, which is a finding of its own) and `allow_empty`
// is off.
[[nodiscard]] bool scan_found_files(const InputScan& scan, const std::vector<std::string>& paths, bool allow_empty,
                                    const char* command);

// The one file a single-file command (view, bytemap, dump, rebuild, set)
// reads: scanned as a sweep would (so it is named as a sweep names it),
// checked against the outputs (none may be the input), and read within its
// format's size limit. On failure it prints why, sets `exit_code` and
// returns nullopt: 1 for a file over its limit (core.file-too-large, as for
// inspect and sweep) or an address a budget kept from being read (the
// message names the budget), 2 for usage or I/O. `reader` holds the bytes.
// One file a command reads, given as a path or as an address FILE!NESTED
// (pipeline/nested_address.hpp): a nested file is handed over as a file of
// its own, with its origin in its tree. Moved, never copied (`bytes` may
// point into `nested`).
struct SingleInput {
  std::string display;  // the report name ("outer.pac!slot_0001" for a nested file)
  Bytes bytes;          // the file's: valid while `reader` is and reads nothing else, or the nested file's copy
  Origin origin;        // how a nested file was found in its tree
  // FILE!NESTED: the outer file (what an edit of the nested one is written back into) and the nested file.
  std::string outer_display;
  Bytes outer;
  std::optional<NestedFile> nested;
};
[[nodiscard]] std::optional<SingleInput> read_single_input(const std::string& path, const std::vector<std::string>& outputs,
                                                           Overwrite overwrite, const SizeLimits& limits, FileReader& reader,
                                                           const char* command, int& exit_code);

// For a command that walks a file itself to find what an address names
// (view, texture): the address's nested part as the file's tree spells it
// (exactly, or the one file whose NRes names it folds to: find_nested), a
// trailing part that is no file (a PTX entry) kept as given; `nested` as
// given when no file has it (the walk then says what the file holds).
// nullopt after printing why when it names several files in other cases.
[[nodiscard]] std::optional<std::string> spelled_address(const SingleInput& input, const std::string& nested,
                                                         const SizeLimits& limits, const char* command);

// The material chain's options (export, view): --game-dir, --materials,
// --textures, --texm-order, --wear-rows; open_libraries() reads the libraries
// into a session when any is given (none, and no error, when none is); false
// after printing why they cannot be read.
struct MaterialOptions {
  std::string game_dir, materials, textures;
  texm::ByteOrder byte_order = texm::ByteOrder::bgra;
  wear::RowReading reading = wear::RowReading::by_id;
};
void add_material_options(CLI::App* cmd, MaterialOptions& options);
[[nodiscard]] bool open_libraries(const MaterialOptions& options, const SizeLimits& limits, const char* command,
                                  std::optional<MaterialSession>& session);
// --textures naming a DMC3 PTX companion (told by its bytes, not its name):
// bound to every MOD and SCM the command exports. True, leaving `companion`
// null, when --textures names none; false after printing why it cannot be read.
[[nodiscard]] bool open_companion(const MaterialOptions& options, const SizeLimits& limits, const char* command,
                                  std::shared_ptr<const gltf::CompanionTextures>& companion);

// The DMC3 motions of export and view: --motion FILE.mot (repeatable; a path
// or FILE!NESTED, so a motion inside a PAC is named by its slot), --mot-mask
// and --mot-fps. No rule pairs a MOT with its MOD (the game finds motions by
// name, and PAC members have none), so the pairing is always this flag.
struct MotionCliOptions {
  std::vector<std::string> paths;
  mot::MaskReading mask = mot::MaskReading::exe;
  double units_per_second = 60;
};
void add_motion_options(CLI::App* cmd, MotionCliOptions& options);
// Every --motion read and parsed (null when none is given). False, with
// `exit_code` set, after printing why: 2 for a file that cannot be read or is
// an output, 1 for one that is not a MOT that parses.
[[nodiscard]] bool open_motions(const MotionCliOptions& options, const std::vector<std::string>& outputs,
                                Overwrite overwrite, const SizeLimits& limits, const char* command,
                                std::shared_ptr<const gltf::MotionOptions>& motions, int& exit_code);

// A glTF animation imported as a MOT (import --as mot, replace of a MOT
// member): --animation, --mot-mask, --mot-fps (as on export) and --max-error
// UNITS,DEGREES, kept as text in `max_error` until checked.
void add_mot_import_options(CLI::App* cmd, mot::MotImportOptions& options, std::string& max_error);
// --max-error parsed and --mot-fps checked (CLI11's range passes NaN); false after printing why.
[[nodiscard]] bool check_mot_import_options(mot::MotImportOptions& options, const std::string& max_error,
                                            const char* command);

struct SweepRequest {
  std::vector<std::string> paths;
  unsigned jobs = 1;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
  bool digests = true;                  // the output cites the files' SHA-256 and xxh3_64
  std::vector<std::string> outputs;     // the files the command will write (checked against the inputs)
  bool unreadable_is_finding = false;   // the gate: unreadable paths are findings (exit 1), not I/O errors
  bool pages = false;                   // make each file's HTML report page (report, sweep --html)
  Overwrite overwrite = Overwrite::refuse;  // the output rule for `outputs`: overwrite_rule(--force)
  SweptFileSink stream = {};  // set: files are handed here as they are swept, not kept (SweepOptions::stream)
  bool allow_empty = false;   // --allow-empty: PATHs holding no file are a sweep of 0 files, not an error
  PageRenderer renderer = {};  // set: renders the pages instead of file_page (report -o DIR/), every file with detail
  // Set: called with the inputs found, before any is swept; false refuses the
  // run (exit 2, after printing why): report's single page refuses a large corpus.
  std::function<bool(const std::vector<InputFile>& inputs)> accept_inputs = {};
};
// Shared by sweep, manifest and gate: scan PATHs and sweep them (progress bar
// on a terminal); nullopt after printing why, with the exit code in
// `failure_exit`: 2 on a usage or I/O error, 1 when PATHs hold no file
// (SweepRequest::allow_empty).
[[nodiscard]] std::optional<SweepResult> run_sweep(const SweepRequest& request, const char* command, int& failure_exit);

// The last step of every command that writes a model (set, build): parse
// `bytes` as a reader would (same profile), print every diagnostic, and write
// them to `path` atomically unless they hold an error and `force` is off.
// Returns the exit code: 0 written, 1 refused, 2 not written (I/O).
// `overwrite`: the output rule for `path` (Overwrite::edit_in_place for --in-place).
[[nodiscard]] int write_checked_model(const std::string& display, const std::vector<std::byte>& bytes,
                                      ParseProfile profile, bool force, const std::string& path, const char* command,
                                      Overwrite overwrite);
// The same with the round trips that judge `bytes` already made (set's,
// change/edit_check.hpp: the nested files it edited, each on its own).
[[nodiscard]] int write_checked_outcomes(const std::vector<RoundTripOutcome>& outcomes, const std::vector<std::byte>& bytes,
                                         bool force, const std::string& path, const char* command, Overwrite overwrite);

// Writes atomically (writer/core/atomic_file.hpp); false after printing why.
[[nodiscard]] bool write_text_file(const std::string& path, const std::string& text, const char* command,
                                   Overwrite overwrite, Symlink symlink = Symlink::follow);
[[nodiscard]] bool write_file(const std::string& path, const std::function<void(std::ostream&)>& write,
                              const char* command, Overwrite overwrite, Symlink symlink = Symlink::follow);

}  // namespace meshgate::cli
