#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/synth_install.hpp"
#include "platform/file_status.hpp"
#include "platform/utf8_path.hpp"
#include "synth/generators.hpp"
#include "synth/install/install_synth.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::cli {

namespace {

struct SynthOptions {
  std::string format;
  uint64_t seed = 1;
  uint64_t count = 200;
  std::string out;
  uint64_t chain_nodes = 0;  // msh --chain N (N >= 1): one model of N chained nodes instead of the corpus
  uint64_t records = 0;      // --records N (N >= 1): one file of N smallest records instead of the corpus
  uint64_t slots = 0;        // msh --slots N (N >= 1): one model of N one-batch slots instead of the corpus
  uint64_t batches = 0;      // msh --batches N (N >= 1): one model of one slot of N batches instead of the corpus
  bool malformed = false;
  bool nested = false;  // nbz: also the small nested volumes and containers, under nested/
  bool force = false;
  SortFold fold = SortFold::lower;
  bool fold_given = false;  // --sort-fold was given (its default is a value too)
  uint64_t scale = 0;       // install --scale N: MB of synthetic install instead of a corpus
  bool count_given = false;
};

// The largest N a generator takes for an option (--chain, --slots): its
// range on the command line, asked of the generators, not of one format.
uint64_t largest(uint64_t SynthGenerator::*limit) {
  uint64_t most = 1;
  for (const SynthGenerator& g : synth_generators()) most = std::max(most, g.*limit);
  return most;
}

// `synth install` takes --scale, --seed and --out; the corpus options do not
// apply to it, and --scale applies to nothing else. Printed.
bool install_options_are_usable(const SynthOptions& o) {
  const bool install = o.format == "install";
  if (!install && o.scale > 0) {
    std::cerr << "meshgate synth: --scale sizes a synthetic install (synth install), not " << o.format << "\n";
    return false;
  }
  if (!install) return true;
  if (o.scale == 0) {
    std::cerr << "meshgate synth: install needs --scale N (MB, " << install::kMinInstallScale << " to "
              << install::kMaxInstallScale << ")\n";
    return false;
  }
  if (o.count_given || o.chain_nodes || o.records || o.slots || o.batches || o.malformed || o.nested || o.force ||
      o.fold_given) {
    std::cerr << "meshgate synth: install takes --scale, --seed and --out only (its malformed files are part of the "
                 "tree; an existing output is never replaced)\n";
    return false;
  }
  return true;
}

// Makes `dir` a directory meshgate may write into: created if missing; an
// existing one must be a real directory. `follow`: whether a symlink there is
// the user's choice (the --out argument) or a planted one (a subdirectory we
// create, which must not lead outside the output).
bool prepare_directory(const std::filesystem::path& dir, bool follow) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const platform::FileStatus st = platform::status_of(dir, follow ? platform::Links::follow : platform::Links::no_follow);
  if (!st.exists()) {
    std::cerr << "meshgate synth: cannot create " << platform::utf8_of(dir) << ": " << (ec ? ec : st.error).message() << "\n";
    return false;
  }
  if (st.kind != platform::PathKind::directory) {
    std::cerr << "meshgate synth: " << platform::utf8_of(dir)
              << (st.kind == platform::PathKind::symlink ? " is a symlink; not following it\n" : " is not a directory\n");
    return false;
  }
  return true;
}

// Usage errors among the options (--chain, --nested, --sort-fold with a
// generator they do not apply to); printed.
bool synth_options_are_usable(const SynthOptions& options, const SynthGenerator& generator) {
  const std::string& format = options.format;
  if (options.chain_nodes > 0 && (!generator.chain || options.malformed)) {
    std::cerr << "meshgate synth: --chain makes one msh model; it does not go with "
              << (!generator.chain ? format : "--malformed") << "\n";
    return false;
  }
  if (options.records > 0 && (!generator.records || options.malformed || options.chain_nodes > 0)) {
    std::cerr << "meshgate synth: --records makes one mod, scm or mot file; it does not go with "
              << (!generator.records ? format : options.malformed ? "--malformed" : "--chain") << "\n";
    return false;
  }
  if (options.records > generator.max_records) {
    std::cerr << "meshgate synth: --records " << options.records << " is past " << format << "'s record-count limit of "
              << generator.max_records << "\n";
    return false;
  }
  if ((options.slots > 0 || options.batches > 0) &&
      (!generator.slots || options.malformed || options.chain_nodes > 0 || options.records > 0 ||
       (options.slots > 0 && options.batches > 0))) {
    std::cerr << "meshgate synth: --slots and --batches each make one msh model; "
              << (!generator.slots ? "they do not go with " + format
                                   : std::string("they go with none of --malformed, --chain, --records and each other"))
              << "\n";
    return false;
  }
  if (options.nested && !generator.nested) {
    std::cerr << "meshgate synth: --nested applies to nbz volumes, not " << format << "\n";
    return false;
  }
  if (!generator.takes_sort_fold && options.fold_given) {
    std::cerr << "meshgate synth: --sort-fold applies to nres and msh archives, not " << format << "\n";
    return false;
  }
  return true;
}

// The valid corpus of the generator (or --chain's or --records' one file), each file handed to `write`.
void write_valid_files(const SynthOptions& options, const SynthGenerator& generator, const SynthSink& write) {
  if (options.chain_nodes > 0) write(generator.chain(options.seed, options.chain_nodes));
  else if (options.records > 0) write(generator.records(options.seed, options.records));
  else if (options.slots > 0) write(generator.slots(options.seed, options.slots));
  else if (options.batches > 0) write(generator.batches(options.seed, options.batches));
  else generator.corpus(options.seed, options.count, options.fold, write);
}

// --malformed's files: one corrupted variant per diagnostic code, then the
// models that parse but break one semantic invariant each.
std::vector<SynthFile> malformed_files(const SynthGenerator& generator, uint64_t seed) {
  std::vector<SynthFile> files;
  for (MalformedCase& c : generator.malformed(seed)) files.push_back(std::move(c.file));
  if (generator.violations)
    for (ViolationCase& c : generator.violations(seed)) files.push_back(std::move(c.file));
  return files;
}

// `files` under the subdirectory `dir` of the output, created (never through
// a symlink) first; false when it cannot be. Writing stops at the first
// file `write` refuses.
bool write_into_subdirectory(const std::filesystem::path& root, const std::string& dir, std::vector<SynthFile> files,
                             const SynthSink& write) {
  if (!prepare_directory(root / platform::path_from_utf8(dir), /*follow=*/false)) return false;
  for (SynthFile& file : files) {
    file.name = dir + "/" + file.name;
    if (!write(std::move(file))) break;
  }
  return true;
}

// Why the file at `path` is in the way of an output (it exists and there is
// no --force; a symlink, never written through), or nothing.
std::optional<std::string> in_the_way(const std::filesystem::path& path, Overwrite overwrite) {
  const platform::FileStatus st = platform::status_of(path, platform::Links::no_follow);
  if (!st.exists()) return std::nullopt;
  if (overwrite == Overwrite::refuse) return " exists (use --force to replace it)";
  if (st.kind == platform::PathKind::symlink) return ": is a symlink; not replacing it and not writing through it";
  if (st.kind == platform::PathKind::directory) return ": is a directory";
  return std::nullopt;
}

// Every file the run will write is checked before the first is written, by
// a pass that generates them and keeps only what it found in the way: a
// refusal writes nothing, whichever generator it is and wherever in its
// order the name falls (a PAC after its members, malformed/ after the
// corpus), and memory stays one file whatever --count.
bool outputs_are_free(const SynthOptions& options, const SynthGenerator& generator, const std::filesystem::path& root,
                      Overwrite overwrite) {
  constexpr uint64_t kNamed = 10;  // a rerun into a full folder names a few, then counts
  uint64_t refused = 0;
  const auto check = [&](const std::string& name) {
    const std::filesystem::path path = root / platform::path_from_utf8(name);
    if (const std::optional<std::string> why = in_the_way(path, overwrite); why && ++refused <= kNamed)
      std::cerr << "meshgate synth: " << platform::utf8_of(path) << *why << "\n";
  };
  write_valid_files(options, generator, [&](SynthFile&& f) {
    check(f.name);
    return true;
  });
  if (options.malformed)
    for (const SynthFile& f : malformed_files(generator, options.seed)) check("malformed/" + f.name);
  if (options.nested)
    for (const SynthFile& f : generator.nested(options.seed)) check("nested/" + f.name);
  if (refused > 0)
    std::cerr << "meshgate synth: " << refused << " output(s) in the way; nothing written\n";
  return refused == 0;
}

int run_synth(const SynthOptions& options) {
  if (!install_options_are_usable(options)) return kExitUsage;
  if (options.format == "install") return run_synth_install(options.seed, options.scale, options.out);
  const SynthGenerator& generator = *synth_generator(options.format);  // a member of the table (add_synth)
  if (!synth_options_are_usable(options, generator)) return kExitUsage;
  const std::filesystem::path root = platform::path_from_utf8(options.out);
  const Overwrite overwrite = options.force ? Overwrite::replace : Overwrite::refuse;
  if (!outputs_are_free(options, generator, root, overwrite)) return kExitUsage;
  if (!prepare_directory(root, /*follow=*/true)) return kExitUsage;
  uint64_t written = 0;
  bool failed = false;
  // One file at a time from generator to disk: memory does not grow with --count.
  const SynthSink write = [&](SynthFile&& f) {
    // A symlink among the generated names was planted: refused, never followed.
    const AtomicWrite w = write_bytes_atomically(platform::utf8_of(root / platform::path_from_utf8(f.name)), f.bytes, overwrite, Symlink::refuse);
    if (!w.ok) {
      std::cerr << "meshgate synth: cannot write " << w.error << "\n";
      failed = true;
      return false;
    }
    ++written;
    return true;
  };
  write_valid_files(options, generator, write);
  if (!failed && options.malformed &&
      !write_into_subdirectory(root, "malformed", malformed_files(generator, options.seed), write))
    return kExitUsage;
  if (!failed && options.nested && !write_into_subdirectory(root, "nested", generator.nested(options.seed), write))
    return kExitUsage;
  if (failed) return kExitUsage;
  std::cout << "wrote " << written << " files to " << options.out << " (seed " << options.seed << ")\n";
  return kExitOk;
}

}  // namespace

void add_synth(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SynthOptions>();
  CLI::App* cmd = app.add_subcommand("synth", "Generate a deterministic synthetic corpus (never game data)");
  std::vector<std::string> names;
  for (const SynthGenerator& g : synth_generators()) names.emplace_back(g.name);
  names.emplace_back("install");
  cmd->add_option("FORMAT", options->format, "format to generate, or install: a whole synthetic game install")->required()->check(CLI::IsMember(names));
  cmd->add_option("--seed", options->seed, "generator seed")->capture_default_str();
  cmd->add_option("--scale", options->scale,
                  "install: the tree's size in MB (10^6 bytes), 1 to 4096; it stops at the first file that reaches "
                  "it, so it is at most 3 MB over")
      ->check(CLI::Range(install::kMinInstallScale, install::kMaxInstallScale));
  CLI::Option* count = cmd->add_option("--count", options->count, "number of valid files (at most 1,000,000)")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{0}, kMaxSynthCount));
  add_output_option(cmd, "--out", options->out, "output directory")->required();
  cmd->add_option("--chain", options->chain_nodes,
                  "msh: write one model of N chained nodes (each the previous one's child), chain_NNNNN.msh, "
                  "instead of the corpus; for measuring how memory and time grow with node count")
      ->check(CLI::Range(uint64_t{1}, largest(&SynthGenerator::max_chain_nodes)));
  cmd->add_option("--records", options->records,
                  "mod, scm, mot: write one file of N of the format's smallest records (mod, scm: three-vertex "
                  "meshes, at most 65,025; mot: tracks, at most 65,536), records_NNNNN.EXT, instead of the corpus; for measuring "
                  "what each record costs a command")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--slots", options->slots,
                  "msh: write one model of N slots (at most 65,534), each one batch of one triangle, every slot word of "
                  "a node used, slots_NNNNN.msh, instead of the corpus; for measuring what a slot costs a command")
      ->check(CLI::Range(uint64_t{1}, largest(&SynthGenerator::max_slot_records)));
  cmd->add_option("--batches", options->batches,
                  "msh: write one model of one node whose one slot holds N batches (at most 65,534) of one triangle, "
                  "batches_NNNNN.msh, instead of the corpus; for measuring what a batch costs a command")
      ->check(CLI::Range(uint64_t{1}, largest(&SynthGenerator::max_slot_records)));
  cmd->add_flag("--malformed", options->malformed,
                "also write one corrupted variant per diagnostic code, and one model per semantic invariant "
                "that breaks it (violates_ID), under malformed/");
  cmd->add_flag("--nested", options->nested,
                "nbz: also write small nested volumes and containers under nested/ (a volume in a volume holding a "
                "PAC holding a MOD, three volumes in one, bzip2 members, a PAC in a PNST in a PAC): fuzz seeds");
  cmd->add_flag("--force", options->force, "replace files that already exist (each still written atomically)");
  CLI::Option* fold = add_enum_option(cmd, "--sort-fold", options->fold,
                                      {{"lower", SortFold::lower}, {"upper", SortFold::upper}},
                                      "nres, msh: fold names to lower case for the sort table, as _strcmpi does "
                                      "(default), or to upper case");
  cmd->callback([options, fold, count, &exit_code] {
    options->fold_given = fold->count() > 0;
    options->count_given = count->count() > 0;
    exit_code = run_synth(*options);
  });
}

}  // namespace meshgate::cli
