#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "synth/material/material_synth.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"
#include "synth/pac/pac_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "synth/zip/zip_synth.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::cli {

namespace {

struct SynthOptions {
  std::string format;
  uint64_t seed = 1;
  uint64_t count = 200;
  std::string out;
  uint64_t chain_nodes = 0;  // msh --chain N (N >= 1): one model of N chained nodes instead of the corpus
  bool malformed = false;
  bool nested = false;  // nbz: also the small nested volumes and containers, under nested/
  bool force = false;
  nres::SortFold fold = nres::SortFold::lower;
  bool fold_given = false;  // --sort-fold was given (its default is a value too)
};

// Makes `dir` a directory meshgate may write into: created if missing; an
// existing one must be a real directory. `follow`: whether a symlink there is
// the user's choice (the --out argument) or a planted one (a subdirectory we
// create, which must not lead outside the output).
bool prepare_directory(const std::filesystem::path& dir, bool follow) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  struct stat st {};
  const int got = follow ? ::stat(dir.c_str(), &st) : ::lstat(dir.c_str(), &st);
  if (got != 0) {
    std::cerr << "meshgate synth: cannot create " << dir.string() << ": " << (ec ? ec.message() : std::strerror(errno)) << "\n";
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    std::cerr << "meshgate synth: " << dir.string() << (S_ISLNK(st.st_mode) ? " is a symlink; not following it\n" : " is not a directory\n");
    return false;
  }
  return true;
}

// Usage errors among the options (--chain, --nested, --sort-fold with a
// format they do not apply to); printed.
bool synth_options_are_usable(const SynthOptions& options) {
  const std::string& format = options.format;
  if (options.chain_nodes > 0 && (format != "msh" || options.malformed)) {
    std::cerr << "meshgate synth: --chain makes one msh model; it does not go with " << (format != "msh" ? format : "--malformed")
              << "\n";
    return false;
  }
  if (options.nested && format != "nbz") {
    std::cerr << "meshgate synth: --nested applies to nbz volumes, not " << format << "\n";
    return false;
  }
  if ((format == "mod" || format == "pac" || format == "pnst" || format == "nbz" || format == "texm" || format == "materials") && options.fold_given) {
    std::cerr << "meshgate synth: --sort-fold applies to nres and msh archives, not " << format << "\n";
    return false;
  }
  return true;
}

// The valid corpus of the format (or --chain's one model), each file handed to `write`.
void write_valid_files(const SynthOptions& options, const SynthSink& write) {
  const std::string& format = options.format;
  if (options.chain_nodes > 0) write(msh::synth_msh_chain(options.seed, options.chain_nodes));
  else if (format == "mod") mod::synth_mod_corpus(options.seed, options.count, write);
  else if (format == "nres") nres::synth_nres_corpus(options.seed, options.count, options.fold, write);
  else if (format == "pac") pac::synth_pac_corpus(pac::Kind::pac, options.seed, options.count, write);
  else if (format == "pnst") pac::synth_pac_corpus(pac::Kind::pnst, options.seed, options.count, write);
  else if (format == "nbz") zip::synth_volume_corpus(options.seed, options.count, write);
  else if (format == "texm") texm::synth_texm_corpus(options.seed, options.count, write);
  else if (format == "materials") material::synth_materials_corpus(options.seed, options.count, write);
  else msh::synth_msh_corpus(options.seed, options.count, options.fold, write);
}

// --malformed's files: one corrupted variant per diagnostic code, then the
// models that parse but break one semantic invariant each (NRes has none).
std::vector<SynthFile> malformed_files(const std::string& format, uint64_t seed) {
  const std::vector<MalformedCase> cases = format == "mod"    ? mod::malformed_mod_cases(seed)
                                           : format == "nres" ? nres::malformed_nres_cases(seed)
                                           : format == "pac" || format == "pnst" ? pac::malformed_pac_cases(seed)
                                           : format == "nbz" ? zip::malformed_volume_cases(seed)
                                           : format == "texm" ? texm::malformed_texm_cases(seed)
                                           : format == "materials" ? material::malformed_material_cases(seed)
                                                              : msh::malformed_msh_cases(seed);
  std::vector<SynthFile> files;
  for (const MalformedCase& c : cases) files.push_back(c.file);
  const std::vector<ViolationCase> violations = format == "mod"   ? mod::semantic_violation_mod_cases(seed)
                                                : format == "msh" ? msh::semantic_violation_msh_cases()
                                                                  : std::vector<ViolationCase>{};
  for (const ViolationCase& c : violations) files.push_back(c.file);
  return files;
}

// `files` under the subdirectory `dir` of the output, created (never through
// a symlink) first; false when it cannot be. Writing stops at the first
// file `write` refuses.
bool write_into_subdirectory(const std::filesystem::path& root, const std::string& dir, std::vector<SynthFile> files,
                             const SynthSink& write) {
  if (!prepare_directory(root / dir, /*follow=*/false)) return false;
  for (SynthFile& file : files) {
    file.name = dir + "/" + file.name;
    if (!write(std::move(file))) break;
  }
  return true;
}

int run_synth(const SynthOptions& options) {
  if (!synth_options_are_usable(options)) return kExitUsage;
  const std::filesystem::path root(options.out);
  if (!prepare_directory(root, /*follow=*/true)) return kExitUsage;
  const Overwrite overwrite = options.force ? Overwrite::replace : Overwrite::refuse;
  uint64_t written = 0;
  bool failed = false;
  // One file at a time from generator to disk: memory does not grow with --count.
  const SynthSink write = [&](SynthFile&& f) {
    // A symlink among the generated names was planted: refused, never followed.
    const AtomicWrite w = write_bytes_atomically((root / f.name).string(), f.bytes, overwrite, Symlink::refuse);
    if (!w.ok) {
      std::cerr << "meshgate synth: cannot write " << w.error << "\n";
      failed = true;
      return false;
    }
    ++written;
    return true;
  };
  write_valid_files(options, write);
  if (!failed && options.malformed &&
      !write_into_subdirectory(root, "malformed", malformed_files(options.format, options.seed), write))
    return kExitUsage;
  if (!failed && options.nested && !write_into_subdirectory(root, "nested", zip::nested_volume_files(options.seed), write))
    return kExitUsage;
  if (failed) return kExitUsage;
  std::cout << "wrote " << written << " files to " << options.out << " (seed " << options.seed << ")\n";
  return kExitOk;
}

}  // namespace

void add_synth(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SynthOptions>();
  CLI::App* cmd = app.add_subcommand("synth", "Generate a deterministic synthetic corpus (never game data)");
  cmd->add_option("FORMAT", options->format, "format to generate")->required()->check(CLI::IsMember({"mod", "nres", "msh", "pac", "pnst", "nbz", "texm", "materials"}));
  cmd->add_option("--seed", options->seed, "generator seed")->capture_default_str();
  cmd->add_option("--count", options->count, "number of valid files (at most 1,000,000)")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{0}, kMaxSynthCount));
  add_output_option(cmd, "--out", options->out, "output directory")->required();
  cmd->add_option("--chain", options->chain_nodes,
                  "msh: write one model of N chained nodes (each the previous one's child), chain_NNNNN.msh, "
                  "instead of the corpus; for measuring how memory and time grow with node count")
      ->check(CLI::Range(uint64_t{1}, msh::kMaxChainNodes));
  cmd->add_flag("--malformed", options->malformed,
                "also write one corrupted variant per diagnostic code, and one model per semantic invariant "
                "that breaks it (violates_ID), under malformed/");
  cmd->add_flag("--nested", options->nested,
                "nbz: also write small nested volumes and containers under nested/ (a volume in a volume holding a "
                "PAC holding a MOD, three volumes in one, bzip2 members, a PAC in a PNST in a PAC): fuzz seeds");
  cmd->add_flag("--force", options->force, "replace files that already exist (each still written atomically)");
  CLI::Option* fold = add_enum_option(cmd, "--sort-fold", options->fold,
                                      {{"lower", nres::SortFold::lower}, {"upper", nres::SortFold::upper}},
                                      "nres, msh: fold names to lower case for the sort table, as _strcmpi does "
                                      "(default), or to upper case");
  cmd->callback([options, fold, &exit_code] {
    options->fold_given = fold->count() > 0;
    exit_code = run_synth(*options);
  });
}

}  // namespace meshgate::cli
