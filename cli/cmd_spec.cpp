// `meshgate spec FORMAT --kaitai -o FORMAT.ksy` and `meshgate spec --all
// --kaitai --out DIR`: a format as a Kaitai Struct spec, generated from the
// field tables its parser reads by (FormatRow::kaitai), written atomically.
#include <filesystem>
#include <iostream>
#include <set>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "parser/detect/format_detect.hpp"
#include "pipeline/format_rows.hpp"
#include "reports/evidence.hpp"
#include "reports/kaitai_yaml.hpp"

namespace meshgate::cli {

namespace {

struct SpecOptions {
  std::string format, output, out_dir;
  bool all = false, kaitai = false, force = false;
};

// The formats that have a .ksy, by meshgate's names.
std::string kaitai_formats() {
  std::string names;
  for (const FormatRow* row : format_rows())
    if (row->kaitai) names += (names.empty() ? "" : ", ") + std::string(format_name(row->format));
  return names;
}

const FormatRow* kaitai_row(const std::string& name) {
  for (const FormatRow* row : format_rows())
    if (format_name(row->format) == name) return row->kaitai ? row : nullptr;
  return nullptr;
}

// `symlink`: Symlink::refuse for --all's names, which spec chooses itself.
bool write_spec(const FormatRow& row, const std::string& path, bool force, Symlink symlink) {
  const std::string yaml = kaitai_yaml(row.kaitai(), tool_json()["version"].get<std::string>());
  return write_file(path, [&](std::ostream& out) { out << yaml; }, "spec", overwrite_rule(force), symlink);
}

int run_spec(const SpecOptions& options) {
  if (!options.kaitai) {
    std::cerr << "meshgate spec: say which kind of spec: --kaitai (the only one so far)\n";
    return kExitUsage;
  }
  if (options.all == !options.format.empty() || options.all == options.out_dir.empty() ||
      options.all == !options.output.empty()) {
    std::cerr << "meshgate spec: give FORMAT -o FILE, or --all --out DIR\n";
    return kExitUsage;
  }
  if (!options.all) {
    const FormatRow* row = kaitai_row(options.format);
    if (!row) {
      std::cerr << "meshgate spec: no .ksy for " << display_text(options.format) << " yet; formats with one: "
                << kaitai_formats() << "\n";
      return kExitUsage;
    }
    return write_spec(*row, options.output, options.force, Symlink::follow) ? kExitOk : kExitUsage;
  }
  // Formats that share a spec (PAC and PNST) share its file; every file is checked before the first is written.
  std::vector<std::pair<const FormatRow*, std::string>> files;
  std::set<std::string> paths;
  for (const FormatRow* row : format_rows())
    if (row->kaitai) {
      const std::string path = platform::join_utf8(options.out_dir, row->kaitai().id + ".ksy");
      if (paths.insert(path).second) files.emplace_back(row, path);
    }
  if (!outputs_are_usable({paths.begin(), paths.end()}, std::vector<std::string>{}, "spec", overwrite_rule(options.force),
                          Symlink::refuse))
    return kExitUsage;
  std::error_code ec;
  std::filesystem::create_directories(platform::path_from_utf8(options.out_dir), ec);
  for (const auto& [row, path] : files)
    if (!write_spec(*row, path, options.force, Symlink::refuse)) return kExitUsage;
  for (const FormatRow* row : format_rows())  // every format, by the file that holds its spec
    if (row->kaitai)
      std::cout << format_name(row->format) << " -> "
                << display_name(platform::join_utf8(options.out_dir, row->kaitai().id + ".ksy")) << "\n";
  return kExitOk;
}

}  // namespace

void add_spec(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SpecOptions>();
  CLI::App* cmd = app.add_subcommand("spec", "Write a format's structure as a Kaitai Struct spec (.ksy), from its field tables");
  cmd->add_option("FORMAT", options->format, "the format, by meshgate's name (dmc3-mot, ...)");
  cmd->add_flag("--kaitai", options->kaitai, "a Kaitai Struct .ksy (YAML): open it in the Kaitai Web IDE with a file");
  cmd->add_flag("--all", options->all, "every format that has one, into --out DIR as ID.ksy");
  add_output_option(cmd, "-o,--output", options->output, "the .ksy to write (one format)");
  add_output_option(cmd, "--out", options->out_dir, "the directory for --all");
  add_force_option(cmd, options->force);
  cmd->callback([options, &exit_code] { exit_code = run_spec(*options); });
}

}  // namespace meshgate::cli
