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
  uint64_t chain_nodes = 0;  // msh --chain N: one model of N chained nodes instead of the corpus
  bool malformed = false;
  bool nested = false;  // nbz: also the small nested volumes and containers, under nested/
  bool force = false;
  nres::SortFold fold = nres::SortFold::lower;
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
  CLI::Option* chain =
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
  cmd->callback([options, fold, chain, &exit_code] {
    const std::string& format = options->format;
    if (chain->count() > 0 && (format != "msh" || options->malformed)) {
      std::cerr << "meshgate synth: --chain makes one msh model; it does not go with " << (format != "msh" ? format : "--malformed")
                << "\n";
      exit_code = kExitUsage;
      return;
    }
    if (options->nested && format != "nbz") {
      std::cerr << "meshgate synth: --nested applies to nbz volumes, not " << format << "\n";
      exit_code = kExitUsage;
      return;
    }
    if ((format == "mod" || format == "pac" || format == "pnst" || format == "nbz" || format == "texm" || format == "materials") && fold->count() > 0) {
      std::cerr << "meshgate synth: --sort-fold applies to nres and msh archives, not " << format << "\n";
      exit_code = kExitUsage;
      return;
    }
    const std::filesystem::path root(options->out);
    if (!prepare_directory(root, /*follow=*/true)) {
      exit_code = kExitUsage;
      return;
    }
    const Overwrite overwrite = options->force ? Overwrite::replace : Overwrite::refuse;
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
    if (chain->count() > 0) write(msh::synth_msh_chain(options->seed, options->chain_nodes));
    else if (format == "mod") mod::synth_mod_corpus(options->seed, options->count, write);
    else if (format == "nres") nres::synth_nres_corpus(options->seed, options->count, options->fold, write);
    else if (format == "pac") pac::synth_pac_corpus(pac::Kind::pac, options->seed, options->count, write);
    else if (format == "pnst") pac::synth_pac_corpus(pac::Kind::pnst, options->seed, options->count, write);
    else if (format == "nbz") zip::synth_volume_corpus(options->seed, options->count, write);
    else if (format == "texm") texm::synth_texm_corpus(options->seed, options->count, write);
    else if (format == "materials") material::synth_materials_corpus(options->seed, options->count, write);
    else msh::synth_msh_corpus(options->seed, options->count, options->fold, write);
    if (!failed && options->malformed) {
      if (!prepare_directory(root / "malformed", /*follow=*/false)) {
        exit_code = kExitUsage;
        return;
      }
      const std::vector<MalformedCase> cases = format == "mod"    ? mod::malformed_mod_cases(options->seed)
                                               : format == "nres" ? nres::malformed_nres_cases(options->seed)
                                               : format == "pac" || format == "pnst" ? pac::malformed_pac_cases(options->seed)
                                               : format == "nbz" ? zip::malformed_volume_cases(options->seed)
                                               : format == "texm" ? texm::malformed_texm_cases(options->seed)
                                               : format == "materials" ? material::malformed_material_cases(options->seed)
                                                                  : msh::malformed_msh_cases(options->seed);
      std::vector<SynthFile> files;
      for (const MalformedCase& c : cases) files.push_back(c.file);
      // Models that parse but break one semantic invariant each (NRes has none).
      const std::vector<ViolationCase> violations = format == "mod"   ? mod::semantic_violation_mod_cases(options->seed)
                                                    : format == "msh" ? msh::semantic_violation_msh_cases()
                                                                      : std::vector<ViolationCase>{};
      for (const ViolationCase& c : violations) files.push_back(c.file);
      for (SynthFile& file : files) {
        file.name = "malformed/" + file.name;
        if (!write(std::move(file))) break;
      }
    }
    if (!failed && options->nested) {
      if (!prepare_directory(root / "nested", /*follow=*/false)) {
        exit_code = kExitUsage;
        return;
      }
      for (SynthFile& file : zip::nested_volume_files(options->seed)) {
        file.name = "nested/" + file.name;
        if (!write(std::move(file))) break;
      }
    }
    if (failed) {
      exit_code = kExitUsage;
      return;
    }
    std::cout << "wrote " << written << " files to " << options->out << " (seed " << options->seed << ")\n";
    exit_code = kExitOk;
  });
}

}  // namespace meshgate::cli
