// `meshgate bytemap FILE -o map.png|svg [--width N]`: the file's byte map as a
// picture, every byte coloured by the provenance status of the leaf field that
// covers it (analysis/byte_map.hpp), the legend with byte counts on stdout.
#include <iostream>

#include "cli/commands.hpp"
#include "analysis/byte_map.hpp"
#include "reports/byte_map_picture.hpp"
#include "pipeline/file_reader.hpp"
#include "reports/markdown_tables.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate::cli {

namespace {

struct BytemapOptions {
  std::string file, output;
  bool force = false;
  uint32_t width = 256;
  uint32_t scale = 2;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// The picture of `runs` as a PNG or an SVG, written atomically; false after printing why.
bool write_byte_map_picture(const BytemapOptions& options, const ByteGrid& grid, const std::vector<ClassRun>& runs,
                            const std::string& display) {
  const std::string& out = options.output;
  try {
    if (out.ends_with(".png")) {
      const std::vector<std::byte> picture = byte_map_png(grid, options.scale);
      return write_file(out, [&](std::ostream& o) { o.write(reinterpret_cast<const char*>(picture.data()), static_cast<std::streamsize>(picture.size())); }, "bytemap", overwrite_rule(options.force));
    }
    return write_text_file(out, byte_map_svg(grid, runs, display), "bytemap", overwrite_rule(options.force));
  } catch (const std::exception& e) {
    std::cerr << "meshgate bytemap: " << e.what() << "\n";
  }
  return false;
}

// The legend: each byte class's colour, name and byte count.
void print_byte_map_legend(const std::vector<ClassRun>& runs) {
  const auto totals = class_totals(runs);
  for (size_t k = 0; k < kByteClassCount; ++k)
    if (totals[k] > 0)
      std::cout << "  " << byte_class_colour(static_cast<ByteClass>(k)) << "  " << byte_class_name(static_cast<ByteClass>(k))
                << ": " << with_commas(totals[k]) << " bytes\n";
}

int run_bytemap(const BytemapOptions& options) {
  const std::string& out = options.output;
  if (!out.ends_with(".png") && !out.ends_with(".svg")) {
    std::cerr << "meshgate bytemap: " << out << ": the picture must end in .png or .svg\n";
    return kExitUsage;
  }
  FileReader reader;
  int exit_code = kExitOk;
  const std::optional<SingleInput> input =
      read_single_input(options.file, {out}, overwrite_rule(options.force), options.limits, reader, "bytemap", exit_code);
  if (!input) return exit_code;
  const std::string& display = input->display;
  // The file itself, not the models nested in it.
  const ParsedFile parsed = parse_file(display, input->bytes, {.profile = options.profile, .descend = false, .origin = input->origin});
  const ParsedCoverage coverage = parsed_coverage(parsed.view());
  if (!coverage.map) {
    std::cerr << "meshgate bytemap: " << options.file << ": the parse stopped early, so no byte is mapped\n";
    for (const Diagnostic& d : parsed.diagnostics()) std::cerr << "  " << format_diagnostic(display, d) << "\n";
    return kExitFailed;
  }
  const std::vector<ClassRun> runs = classify_bytes(parsed.format, *coverage.map, *coverage.summary, parsed.data);
  const ByteGrid grid = byte_grid(runs, input->bytes.size(), options.width);
  if (!write_byte_map_picture(options, grid, runs, display)) return kExitUsage;
  std::cout << "bytemap: " << display << ": " << with_commas(input->bytes.size()) << " bytes, " << grid.columns
            << " bytes per row" << (grid.bytes_per_cell > 1 ? ", " + std::to_string(grid.bytes_per_cell) + " bytes per cell" : "")
            << " -> " << out << "\n";
  print_byte_map_legend(runs);
  return kExitOk;
}

}  // namespace

void add_bytemap(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<BytemapOptions>();
  CLI::App* cmd = app.add_subcommand("bytemap", "Draw a file's byte map (provenance per byte) as a PNG or SVG picture");
  cmd->add_option("FILE", options->file, "a MOD, an MSH model or an NRes archive")->required();
  add_output_option(cmd, "-o,--output", options->output, "the picture to write: .png or .svg")->required();
  add_force_option(cmd, options->force);
  cmd->add_option("--width", options->width, "bytes per row (default 256)")->check(CLI::Range(1u, 4096u));
  cmd->add_option("--scale", options->scale, "PNG pixels per byte cell (default 2)")->check(CLI::Range(1u, 16u));
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_bytemap(*options); });
}

}  // namespace meshgate::cli
