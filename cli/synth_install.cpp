#include "cli/synth_install.hpp"

#include <cerrno>
#include <fstream>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "platform/utf8_path.hpp"
#include "synth/install/install_synth.hpp"
#include "writer/core/staged_directory.hpp"

namespace meshgate::cli {

namespace {

// The subfolders of `name` under `root`, created as the tree reaches them.
bool make_parent_of(const std::filesystem::path& root, const std::string& name) {
  const std::filesystem::path parent = (root / platform::path_from_utf8(name)).parent_path();
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (!ec) return true;
  std::cerr << "meshgate synth: cannot create " << platform::utf8_of(parent) << ": " << ec.message() << "\n";
  return false;
}

// A file of the staging folder, written plainly: no reader sees the folder
// before the move, so a temporary and an fsync per file (thousands of them
// at 4 GB) would buy nothing.
// A failure names the cause (a full disk: "No space left on device") as the
// system gave it, which the stream itself does not keep.
bool write_staged_file(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
  errno = 0;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (file) return true;
  const int cause = errno;
  std::cerr << "meshgate synth: cannot write " << platform::utf8_of(path) << ": "
            << (cause ? std::generic_category().message(cause) : std::string("the write failed")) << "\n";
  return false;
}

}  // namespace

int run_synth_install(uint64_t seed, uint64_t scale_mb, const std::string& out) {
  const std::filesystem::path destination = platform::path_from_utf8(out);
  // A tree is never merged into nor written over another: an existing
  // output is refused, as the other generators refuse each existing file.
  if (const std::string problem = staged_destination_problem(destination); !problem.empty()) {
    std::cerr << "meshgate synth: " << out << " " << problem << "; nothing written\n";
    return kExitUsage;
  }
  StagedDirectory staged(destination);
  if (!staged.ok()) {
    std::cerr << "meshgate synth: cannot create a folder beside " << out << ": " << staged.error() << "\n";
    return kExitUsage;
  }
  bool failed = false;
  const install::InstallSummary summary = install::synth_install(seed, scale_mb * 1'000'000, [&](SynthFile&& f) {
    if (!make_parent_of(staged.path(), f.name)) return !(failed = true);
    return !(failed = !write_staged_file(staged.path() / platform::path_from_utf8(f.name), f.bytes));
  });
  if (failed) return kExitUsage;
  if (!staged.commit()) {
    std::cerr << "meshgate synth: cannot move the install into place: " << staged.error() << "\n";
    return kExitUsage;
  }
  std::cout << "wrote " << summary.files << " files (" << summary.malformed << " malformed), " << summary.bytes
            << " bytes to " << out << " (seed " << seed << ", scale " << scale_mb << " MB)\n";
  return kExitOk;
}

}  // namespace meshgate::cli
