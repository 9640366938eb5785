#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "writer/mod/mod_synth.hpp"
#include "writer/msh/msh_synth.hpp"
#include "writer/nres/nres_synth.hpp"

namespace meshgate::cli {

namespace {

struct SynthOptions {
  std::string format;
  uint64_t seed = 1;
  uint64_t count = 200;
  std::string out;
  bool malformed = false;
};

bool write_file(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace

void add_synth(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SynthOptions>();
  CLI::App* cmd = app.add_subcommand("synth", "Generate a deterministic synthetic corpus (never game data)");
  cmd->add_option("FORMAT", options->format, "format to generate")->required()->check(CLI::IsMember({"mod", "nres", "msh"}));
  cmd->add_option("--seed", options->seed, "generator seed")->capture_default_str();
  cmd->add_option("--count", options->count, "number of valid files")->capture_default_str();
  cmd->add_option("--out", options->out, "output directory")->required();
  cmd->add_flag("--malformed", options->malformed,
                "also write one corrupted variant per diagnostic code under malformed/");
  cmd->callback([options, &exit_code] {
    const std::filesystem::path root(options->out);
    uint64_t written = 0;
    const std::string& format = options->format;
    const std::vector<SynthFile> corpus = format == "mod"    ? mod::synth_mod_corpus(options->seed, options->count)
                                          : format == "nres" ? nres::synth_nres_corpus(options->seed, options->count)
                                                             : msh::synth_msh_corpus(options->seed, options->count);
    for (const SynthFile& f : corpus) {
      if (!write_file(root / f.name, f.bytes)) {
        std::cerr << "meshgate synth: cannot write " << (root / f.name) << "\n";
        exit_code = kExitUsage;
        return;
      }
      ++written;
    }
    if (options->malformed) {
      const std::vector<MalformedCase> cases = format == "mod"    ? mod::malformed_mod_cases(options->seed)
                                               : format == "nres" ? nres::malformed_nres_cases(options->seed)
                                                                  : msh::malformed_msh_cases(options->seed);
      for (const MalformedCase& c : cases) {
        if (!write_file(root / "malformed" / c.file.name, c.file.bytes)) {
          exit_code = kExitUsage;
          return;
        }
        ++written;
      }
    }
    std::cout << "wrote " << written << " files to " << options->out << " (seed " << options->seed << ")\n";
    exit_code = kExitOk;
  });
}

}  // namespace meshgate::cli
