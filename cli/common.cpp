// What several subcommands share: option spellings, input scanning and its
// messages, output-path checks, the sweep driver and atomic output.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>

#include "cli/commands.hpp"

#include "parser/mot/mot_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/core/utf8_text.hpp"
#include "looks/ptx/ptx_companion.hpp"
#include "pipeline/roundtrip.hpp"
#include "pipeline/size_text.hpp"
#include "reports/evidence_html.hpp"
#include "reports/file_page.hpp"
#include "platform/console.hpp"
#include "platform/file_status.hpp"
#include "platform/input_record.hpp"
#include "platform/utf8_path.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::cli {

namespace {

void progress_bar(size_t done, size_t total) {
  constexpr size_t kWidth = 30;
  const size_t filled = total ? done * kWidth / total : kWidth;
  std::fprintf(stderr, "\rsweep [%s%s] %zu/%zu files", std::string(filled, '#').c_str(),
               std::string(kWidth - filled, '.').c_str(), done, total);
  if (done == total) std::fputc('\n', stderr);
}

}  // namespace

void add_profile_option(CLI::App* cmd, ParseProfile& profile) {
  add_enum_option(cmd, "--profile", profile, {{"strict", ParseProfile::strict}, {"compatible", ParseProfile::compatible}},
                  "NRes profile: strict rejects bad sort tables (default compatible)");
}

void add_jobs_option(CLI::App* cmd, unsigned& jobs) {
  cmd->add_option("--jobs", jobs, "worker threads")->check(CLI::Range(1u, 256u))->capture_default_str();
}

CLI::Option* add_size_option(CLI::App* cmd, const std::string& name, std::function<void(uint64_t)> set, SizeRange range,
                             const std::string& what) {
  const auto check = [range](const std::string& text) -> std::string {
    const SizeText size = parse_size_text(text);
    if (!size.ok()) return size.error;
    if (size.bytes < range.min || size.bytes > range.max)
      return text + " is " + std::to_string(size.bytes) + " bytes, outside " + std::to_string(range.min) + ".." +
             std::to_string(range.max) + " (" + range.max_text + ")";
    return {};
  };
  return cmd
      ->add_option_function<std::string>(
          name, [set = std::move(set)](const std::string& text) { set(parse_size_text(text).bytes); },
          what + "; SIZE is bytes or takes a unit: 512k, 64MiB, 4GiB (k, M, G, T and KiB... are 1024-based; kB, MB, GB, TB 1000-based)")
      ->type_name("SIZE")
      ->check(CLI::Validator(check, ""));
}

void add_max_size_option(CLI::App* cmd, SizeLimits& limits) {
  add_size_option(cmd, "--max-size", [&limits](uint64_t bytes) { limits.override_bytes = bytes; }, {1, uint64_t{1} << 40, "1 TiB"},
                  "largest file to read (default per format: MOD 64 MiB, NRes/MSH 256 MiB)");
  add_size_option(cmd, "--max-inflated", [&limits](uint64_t bytes) { limits.inflated_bytes = bytes; },
                  {0, uint64_t{1} << 40, "1 TiB"},
                  "bytes one input may inflate or decode in all, whatever its nesting (default 4 GiB)");
  cmd->add_option("--max-nested", limits.nested_files,
                  "files one input may hold below it in all, whatever its nesting (default 1,000,000)")
      ->check(CLI::Range(uint64_t{0}, uint64_t{100'000'000}));
}

CLI::Option* add_output_option(CLI::App* cmd, const std::string& name, std::string& path, const std::string& what) {
  return cmd->add_option(name, path, what)->check(
      [](const std::string& value) { return value.empty() ? std::string("an output path must not be empty") : std::string(); },
      "PATH");
}

CLI::Option* add_force_option(CLI::App* cmd, bool& force, const std::string& also) {
  return cmd->add_flag("--force", force,
                       "replace outputs that already exist (each still written atomically, keeping its mode)" +
                           (also.empty() ? std::string() : "; " + also));
}

Overwrite overwrite_rule(bool force) { return force ? Overwrite::replace : Overwrite::refuse; }

namespace {

// An input as the check knows it: its device and inode, and how to name it.
struct KnownInput {
  platform::FileIdentity identity;
  std::string display;
};

// How to name the input a file is, if it is one: one of `inputs`, or a file
// this command has read so far (platform/input_record.hpp: a library, a PTX
// companion, a motion...), unless the write edits its input in place.
std::optional<std::string> input_named(const platform::FileIdentity& identity, const std::vector<KnownInput>& inputs,
                                       Overwrite overwrite) {
  for (const KnownInput& in : inputs)
    if (in.identity == identity) return in.display;
  if (overwrite != Overwrite::edit_in_place && platform::is_recorded_input(identity)) return "a file this command read";
  return std::nullopt;
}

bool check_outputs(const std::vector<std::string>& outputs, const std::vector<KnownInput>& inputs, const char* command,
                   Overwrite overwrite, Symlink symlink) {
  bool usable = true;
  std::map<std::string, std::string> spelled;        // normalised absolute path -> as given
  std::map<platform::FileIdentity, std::string> files;  // an existing output file -> as given
  for (const std::string& out : outputs) {
    std::error_code ec;
    const std::filesystem::path out_path = platform::path_from_utf8(out);
    std::string normal = platform::utf8_of(std::filesystem::weakly_canonical(std::filesystem::absolute(out_path, ec), ec));
    if (platform::file_names_fold_case())  // R.json and r.json are one file there
      for (char& c : normal) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (const std::string device = platform::device_name_of(out_path); !device.empty()) {
      std::cerr << "meshgate " << command << ": " << out << ": " << platform::device_name_text(device) << "\n";
      usable = false;
      continue;
    }
    if (auto [it, fresh] = spelled.emplace(normal, out); !fresh) {
      std::cerr << "meshgate " << command << ": " << it->second << " and " << out << " are the same output file\n";
      usable = false;
      continue;
    }
    const platform::FileStatus at_name = platform::status_of(out_path, platform::Links::no_follow);
    if (!at_name.exists()) continue;  // not there yet: neither an input nor in the way
    if (symlink == Symlink::refuse && at_name.kind == platform::PathKind::symlink) {
      std::cerr << "meshgate " << command << ": " << out << ": is a symlink at a name meshgate chose; not replacing it "
                << "and not writing through it\n";
      usable = false;
      continue;
    }
    if (const platform::FileStatus o = platform::status_of(out_path); o.exists()) {  // through a symlink: the file it would write
      if (auto [it, fresh] = files.emplace(o.identity, out); !fresh) {
        std::cerr << "meshgate " << command << ": " << it->second << " and " << out << " are the same output file\n";
        usable = false;
        continue;
      }
      if (const std::optional<std::string> input = input_named(o.identity, inputs, overwrite)) {
        std::cerr << "meshgate " << command << ": the output " << out << " is one of the inputs (" << *input
                  << "); inputs are never overwritten\n";
        usable = false;
        continue;
      }
    }
    if (overwrite == Overwrite::refuse) {
      std::cerr << "meshgate " << command << ": " << out << " exists (use --force to replace it)\n";
      usable = false;
    }
  }
  return usable;
}

}  // namespace

bool outputs_are_usable(const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs,
                        const char* command, Overwrite overwrite, Symlink symlink) {
  std::vector<KnownInput> known;
  for (const InputFile& in : inputs) {
    if (const platform::FileStatus i = platform::status_of(in.path); i.exists()) known.push_back({i.identity, in.display});
  }
  return check_outputs(outputs, known, command, overwrite, symlink);
}

bool outputs_are_usable(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs,
                        const char* command, Overwrite overwrite, Symlink symlink) {
  std::vector<KnownInput> known;
  for (const std::string& in : inputs) {
    if (const platform::FileStatus i = platform::status_of(platform::path_from_utf8(in)); i.exists())
      known.push_back({i.identity, in});
  }
  return check_outputs(outputs, known, command, overwrite, symlink);
}

std::optional<InputScan> scan_for(const std::vector<std::string>& paths, unsigned jobs, const char* command,
                                  bool keep_unreadable) {
  InputScan scan = scan_inputs(paths, jobs);
  for (const std::string& s : scan.skipped) std::cerr << "meshgate " << command << ": skipped " << display_text(s) << "\n";
  if (!scan.skipped.empty())
    std::cerr << "meshgate " << command << ": skipped " << scan.skipped.size()
              << " path(s): dangling or looping symlinks, symlinks to directories, FIFOs, sockets or devices\n";
  for (const std::string& w : scan.warnings) std::cerr << "meshgate " << command << ": warning: " << display_text(w) << "\n";
  for (const std::string& e : scan.errors) std::cerr << "meshgate " << command << ": " << display_text(e) << "\n";
  if (!keep_unreadable)
    for (const std::string& u : scan.unreadable) std::cerr << "meshgate " << command << ": " << display_text(u) << "\n";
  if (!scan.errors.empty() || (!keep_unreadable && !scan.unreadable.empty())) return std::nullopt;
  return scan;
}

void add_allow_empty_option(CLI::App* cmd, bool& allow_empty) {
  cmd->add_flag("--allow-empty", allow_empty,
                "PATHs that hold no file meshgate reads are 0 files, exit 0 (without it: exit 1, \"no files found\")");
}

bool scan_found_files(const InputScan& scan, const std::vector<std::string>& paths, bool allow_empty, const char* command) {
  if (allow_empty || !scan.files.empty() || !scan.unreadable_displays.empty()) return true;
  std::cerr << "meshgate " << command << ": no files found under";
  for (size_t i = 0; i < paths.size(); ++i) std::cerr << (i ? ", " : " ") << display_text(paths[i]);
  std::cerr << " (none is a file of a format meshgate reads; --allow-empty accepts that)\n";
  return false;
}

std::optional<SingleInput> read_single_input(const std::string& path, const std::vector<std::string>& outputs,
                                             Overwrite overwrite, const SizeLimits& limits, FileReader& reader, const char* command,
                                             int& exit_code) {
  exit_code = kExitUsage;
  const auto [file, nested] = split_nested(path);
  // An output onto the outer file is refused like one onto the file itself.
  const std::optional<InputScan> scan = scan_for({file}, 1, command);
  if (!scan || !outputs_are_usable(outputs, scan->files, command, overwrite)) return std::nullopt;
  const FileRead read = reader.read(platform::path_from_utf8(file), limits);
  if (!read) {
    std::cerr << "meshgate " << command << ": " << display_text(file) << ": " << read_failure_text(read) << "\n";
    if (read.status == ReadStatus::too_large) exit_code = kExitFailed;
    return std::nullopt;
  }
  const std::string display = scan->files.empty() ? file : scan->files[0].display;
  if (nested.empty()) {
    exit_code = kExitOk;
    return SingleInput{display, read.bytes, {}, display, read.bytes, std::nullopt};
  }
  NestedLookup found = find_nested(display, read.bytes, nested, {.limits = limits});
  if (!found.file) {
    std::cerr << "meshgate " << command << ": " << display_text(found.error) << "\n";
    if (found.limited) exit_code = kExitFailed;  // a budget finding, as inspect reports one: not a usage error
    return std::nullopt;
  }
  exit_code = kExitOk;
  SingleInput input{found.file->display, {}, found.file->origin, display, read.bytes, std::nullopt};
  const NestedFile& held = input.nested.emplace(std::move(*found.file));
  input.bytes = Bytes(held.bytes);
  return input;
}

std::optional<std::string> spelled_address(const SingleInput& input, const std::string& nested, const SizeLimits& limits,
                                           const char* command) {
  // The address may end in a part that is no file (a PTX entry "tex.ptx!3"): then the file before it is looked up.
  for (const size_t cut : {nested.size(), nested.rfind('!')}) {
    if (cut == std::string::npos || cut == 0) continue;
    const NestedLookup found = find_nested(input.display, input.bytes, nested.substr(0, cut), {.limits = limits});
    if (found.ambiguous) {
      std::cerr << "meshgate " << command << ": " << display_text(found.error) << "\n";
      return std::nullopt;
    }
    if (found.file) return found.file->display.substr(input.display.size() + 1) + nested.substr(cut);
  }
  return nested;
}

std::optional<SweepResult> run_sweep(const SweepRequest& request, const char* command, int& failure_exit) {
  failure_exit = kExitUsage;
  std::optional<InputScan> scan = scan_for(request.paths, request.jobs, command, request.unreadable_is_finding);
  if (!scan || !outputs_are_usable(request.outputs, scan->files, command, request.overwrite)) return std::nullopt;
  if (!scan_found_files(*scan, request.paths, request.allow_empty, command)) {
    failure_exit = kExitFailed;
    return std::nullopt;
  }
  if (request.accept_inputs && !request.accept_inputs(scan->files)) return std::nullopt;
  SweepOptions options;
  options.jobs = request.jobs;
  options.profile = request.profile;
  options.digests = request.digests;
  options.limits = request.limits;
  options.stream = request.stream;
  if (request.pages) options.pages = file_page_renderer();  // the sweep measures, reports/ renders
  options.page_detail_budget = kReportDetailBudget;
  if (request.renderer) {  // its pages are files of their own: no budget shared between them
    options.pages = request.renderer;
    options.page_detail_budget = std::numeric_limits<uint64_t>::max();
  }
  if (platform::stderr_is_terminal()) options.progress = progress_bar;  // quiet when not on a terminal
  SweepResult result = sweep(scan->files, options);
  // Unreadable paths found by the scan join those the sweep could not read.
  for (const std::string& u : scan->unreadable) result.errors.push_back(u);
  for (const std::string& d : scan->unreadable_displays) result.unreadable.push_back(d);
  if (request.unreadable_is_finding) return result;
  for (const std::string& e : result.errors) std::cerr << "meshgate " << command << ": " << e << "\n";
  if (!result.errors.empty()) return std::nullopt;
  return result;
}

bool write_text_file(const std::string& path, const std::string& text, const char* command, Overwrite overwrite,
                     Symlink symlink) {
  return write_file(path, [&](std::ostream& out) { out << text; }, command, overwrite, symlink);
}

bool write_file(const std::string& path, const std::function<void(std::ostream&)>& write, const char* command,
                Overwrite overwrite, Symlink symlink) {
  const AtomicWrite written = write_file_atomically(path, write, overwrite, symlink);
  if (!written.ok) std::cerr << "meshgate " << command << ": cannot write " << written.error << "\n";
  return written.ok;
}

int write_checked_model(const std::string& display, const std::vector<std::byte>& bytes, ParseProfile profile,
                        bool force, const std::string& path, const char* command, Overwrite overwrite) {
  return write_checked_outcomes(roundtrip_tree(display, bytes, profile, {}, /*hashes=*/false), bytes, force, path,
                                command, overwrite);
}

int write_checked_outcomes(const std::vector<RoundTripOutcome>& outcomes, const std::vector<std::byte>& bytes, bool force,
                           const std::string& path, const char* command, Overwrite overwrite) {
  bool broken = false;
  for (const RoundTripOutcome& o : outcomes)
    for (const Diagnostic& d : o.diagnostics) {
      std::cout << format_diagnostic(o.path, d) << "\n";
      broken = broken || d.severity == Severity::error;
    }
  if (broken && !force) {
    std::cerr << "meshgate " << command << ": the result has an error diagnostic; nothing written (--force writes it anyway)\n";
    return kExitFailed;
  }
  const auto write = [&](std::ostream& out) {
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  if (!write_file(path, write, command, overwrite)) return kExitUsage;
  std::cout << command << ": " << path << " (" << bytes.size() << " bytes" << (broken ? ", forced, with errors" : "") << ")\n";
  return kExitOk;
}

void add_material_options(CLI::App* cmd, MaterialOptions& options) {
  cmd->add_option("--game-dir", options.game_dir,
                  "MSH: textured materials from Material.lib and Textures.lib in DIR (any case), each model's WEAR "
                  "beside it (same archive and base name, or a loose .wea)");
  cmd->add_option("--materials", options.materials, "MSH: Material.lib (instead of the one in --game-dir)");
  cmd->add_option("--textures", options.textures,
                  "MSH: Textures.lib (instead of the one in --game-dir); MOD, SCM: the DMC3 PTX companion (told by "
                  "its bytes) whose entries the meshes' texture indices select");
  add_enum_option(cmd, "--texm-order", options.byte_order, {{"bgra", texm::ByteOrder::bgra}, {"argb", texm::ByteOrder::argb}},
                  "textures: byte order of 888, 8888 and the palette, the spec's [CONFLICT]: bgra (default, "
                  "openparkan) or argb (fparkan)");
  add_enum_option(cmd, "--wear-rows", options.reading,
                  {{"by-id", wear::RowReading::by_id}, {"by-position", wear::RowReading::by_position}},
                  "which WEAR number selects a row, the spec's [CONFLICT]: by-id (default, openparkan) or "
                  "by-position (fparkan)");
}

namespace {

// --textures, read as a path or an address FILE!NESTED (as --motion is), and
// told by its bytes: nullopt after printing why it cannot be used, naming it
// and the cause (missing, a directory, unreadable, an address that names
// nothing, or neither a Textures.lib nor a PTX companion that parses).
std::optional<SingleInput> read_textures_argument(const std::string& textures, const SizeLimits& limits,
                                                  const char* command, FileReader& reader) {
  int unused = kExitOk;
  std::optional<SingleInput> input = read_single_input(textures, {}, Overwrite::replace, limits, reader, command, unused);
  if (!input) {
    std::cerr << "meshgate " << command << ": --textures " << display_text(textures)
              << ": cannot be read (above); it names a Textures.lib or a DMC3 PTX companion\n";
    return std::nullopt;
  }
  if (detect_format(input->bytes) == Format::dmc3_ptx) return input;
  if (nres::looks_like_nres(input->bytes)) {
    if (!input->nested) return input;
    std::cerr << "meshgate " << command << ": --textures " << display_text(textures)
              << ": a Textures.lib is read from a file of its own, not from inside another\n";
    return std::nullopt;
  }
  // Not told as either: say what the PTX parser makes of it (a PTX whose table does not close).
  std::cerr << "meshgate " << command << ": --textures " << display_text(input->display)
            << ": neither a Textures.lib (an NRes archive) nor a DMC3 PTX companion that parses\n";
  for (const Diagnostic& d : ptx::parse_ptx(input->bytes).diagnostics)
    if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(display_name(input->display), d) << "\n";
  return std::nullopt;
}

}  // namespace

bool open_libraries(const MaterialOptions& options, const SizeLimits& limits, const char* command,
                    std::optional<MaterialSession>& session) {
  std::string textures = options.textures;
  if (!textures.empty()) {
    FileReader reader;
    const std::optional<SingleInput> given = read_textures_argument(textures, limits, command, reader);
    if (!given) return false;
    // A PTX companion given to --textures is open_companion's, not a Textures.lib.
    if (detect_format(given->bytes) == Format::dmc3_ptx) textures.clear();
  }
  if (options.game_dir.empty() && options.materials.empty() && textures.empty()) return true;
  std::string error;
  std::unique_ptr<GameLibraries> libraries;
  const std::optional<LibraryPaths> paths = find_libraries(options.game_dir, options.materials, textures, error);
  if (paths) libraries = GameLibraries::open(*paths, limits, error);
  if (!libraries) {
    std::cerr << "meshgate " << command << ": " << error << "\n";
    return false;
  }
  session.emplace(std::move(libraries), ChainOptions{options.reading, options.byte_order});
  return true;
}

bool open_companion(const MaterialOptions& options, const SizeLimits& limits, const char* command,
                    std::shared_ptr<const gltf::CompanionTextures>& companion) {
  if (options.textures.empty()) return true;
  FileReader reader;
  const std::optional<SingleInput> given = read_textures_argument(options.textures, limits, command, reader);
  if (!given) return false;
  if (detect_format(given->bytes) != Format::dmc3_ptx) return true;  // a Textures.lib: open_libraries'
  std::string error;
  // Named as given (its images are NAME#texN.png), or by its address for a slot's.
  companion = open_ptx_companion(given->bytes, display_name(given->nested ? given->display : options.textures), error);
  if (!companion) std::cerr << "meshgate " << command << ": " << error << "\n";
  return companion != nullptr;
}

void add_motion_options(CLI::App* cmd, MotionCliOptions& options) {
  cmd->add_option("--motion", options.paths,
                  "MOD: a DMC3 MOT (a path, or FILE!NESTED for one inside a PAC) to animate the model's joints with; "
                  "repeat for more, one glTF animation each")
      ->allow_extra_args(false);
  add_enum_option(cmd, "--mot-mask", options.mask,
                  {{"exe", mot::MaskReading::exe}, {"importer", mot::MaskReading::importer}},
                  "which MOT mask bit drives which channel, the spec's [CONFLICT]: exe (default, reading E: DR, from "
                  "the EXE's channel bases) or importer (reading I: the Blender importers); named in the asset");
  cmd->add_option("--mot-fps", options.units_per_second,
                  "MOT key time units per second (default 60, as the Blender importer and DMC-Native-Reader read them)")
      ->check(CLI::Range(1.0, 100000.0));
}

void add_mot_import_options(CLI::App* cmd, mot::MotImportOptions& options, std::string& max_error) {
  cmd->add_option("--animation", options.animation,
                  "a glTF imported as a MOT: the animation, by name or index (default: the only one)");
  add_enum_option(cmd, "--mot-mask", options.mask,
                  {{"exe", mot::MaskReading::exe}, {"importer", mot::MaskReading::importer}},
                  "a glTF imported as a MOT: which mask bit carries which channel, as export --mot-mask read it "
                  "(default exe)");
  cmd->add_option("--mot-fps", options.units_per_second,
                  "a glTF imported as a MOT: time units per second, as export --mot-fps (default 60)")
      ->check(CLI::Range(1.0, 100000.0));
  cmd->add_option("--max-error", max_error,
                  "a glTF imported as a MOT: the largest error allowed between the glTF and the MOT written, "
                  "UNITS,DEGREES (translation and scale, rotation; default 0.001,0.05)");
}

bool check_mot_import_options(mot::MotImportOptions& options, const std::string& max_error, const char* command) {
  if (!std::isfinite(options.units_per_second) || !(options.units_per_second >= 1)) {
    std::cerr << "meshgate " << command << ": --mot-fps must be a finite number in [1, 100000]\n";
    return false;
  }
  if (max_error.empty() || mot::parse_max_error(max_error, options)) return true;
  std::cerr << "meshgate " << command << ": --max-error " << max_error
            << ": not UNITS,DEGREES (two finite numbers, not negative, e.g. 0.01,0.5)\n";
  return false;
}

bool open_motions(const MotionCliOptions& options, const std::vector<std::string>& outputs, Overwrite overwrite,
                  const SizeLimits& limits, const char* command, std::shared_ptr<const gltf::MotionOptions>& motions,
                  int& exit_code) {
  if (options.paths.empty()) return true;
  // CLI11's range check passes NaN (every comparison with it is false).
  if (!std::isfinite(options.units_per_second) || !(options.units_per_second >= 1)) {
    std::cerr << "meshgate " << command << ": --mot-fps must be a finite number in [1, 100000]\n";
    exit_code = kExitUsage;
    return false;
  }
  auto out = std::make_shared<gltf::MotionOptions>();
  out->mask = options.mask;
  out->units_per_second = options.units_per_second;
  for (const std::string& path : options.paths) {
    FileReader reader;
    const std::optional<SingleInput> input = read_single_input(path, outputs, overwrite, limits, reader, command, exit_code);
    if (!input) return false;
    mot::ParseResult parsed = mot::parse_mot(input->bytes);
    if (!parsed.ok()) {
      std::cerr << "meshgate " << command << ": " << display_name(input->display) << ": not a MOT that parses\n";
      for (const Diagnostic& d : parsed.diagnostics)
        if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(display_name(input->display), d) << "\n";
      exit_code = kExitFailed;
      return false;
    }
    out->motions.push_back({input->display, std::make_shared<const mot::Motion>(std::move(*parsed.motion))});
  }
  motions = std::move(out);
  return true;
}

}  // namespace meshgate::cli
