#include <iostream>

#include "cli/commands.hpp"
#include "parser/mod/mod_parser.hpp"
#include "reports/file_reader.hpp"
#include "reports/input_scan.hpp"
#include "reports/json_stream.hpp"
#include "reports/json_render.hpp"

namespace meshgate::cli {

namespace {

struct InspectOptions {
  std::string file;
  bool json = false;
  bool strict = false;
  nres::Profile profile = nres::Profile::compatible;
};

template <typename Result>
void print_text(const std::string& file, const nlohmann::json& report, const Result& result) {
  std::cout << file << ": " << report["format"].get<std::string>() << ", " << report["size"] << " bytes, xxh3_64 "
            << report["xxh3_64"].get<std::string>() << "\n";
  if (result.ok() && report["format"] == "nres-msh") {
    const auto& s = report["summary"];
    std::cout << "  " << s["entries"] << " streams, " << s["nodes"] << " nodes, " << s["slots"] << " slots, "
              << s["batches"] << " batches, " << s["vertices"] << " vertices, " << s["indices"] << " indices, "
              << s["triangles"] << " triangles, " << s["keys"] << " keys, " << s["frames"] << " frames\n";
  } else if (result.ok() && report["format"] == "nres") {
    std::cout << "  " << report["summary"]["entries"] << " entries, " << report["summary"]["nested_archives"]
              << " nested archives\n";
  } else if (result.ok()) {
    const auto& s = report["summary"];
    std::cout << "  version " << s["version"] << ", " << s["objects"] << " objects, " << s["meshes"] << " meshes, "
              << s["vertices"] << " vertices, " << s["nodes"] << " nodes, " << s["texture_slots"]
              << " texture slots, default joint " << s["default_joint"] << "\n";
  }
  if (result.ok()) {
    const auto& c = report["coverage"];
    std::cout << "  coverage: " << c["covered_bytes"] << " bytes covered, " << c["uncovered_bytes"]
              << " uncovered (" << c["uncovered_nonzero_bytes"] << " non-zero), " << c["overlaps"] << " overlaps\n";
  }
  for (const Diagnostic& d : result.diagnostics) std::cout << "  " << format_diagnostic(file, d) << "\n";
  if (!result.ok()) std::cout << "  rejected\n";
}

}  // namespace

void add_inspect(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InspectOptions>();
  CLI::App* cmd = app.add_subcommand("inspect", "Parse one file and show its fields, coverage and diagnostics");
  cmd->add_option("FILE", options->file, "model file")->required();
  cmd->add_flag("--json", options->json, "print the JSON report");
  cmd->add_flag("--strict", options->strict, "treat every warning as an error");
  add_profile_option(cmd, options->profile);
  cmd->callback([options, &exit_code] {
    auto bytes = read_file(options->file);
    if (!bytes) {
      std::cerr << "meshgate inspect: cannot read " << options->file << "\n";
      exit_code = kExitUsage;
      return;
    }
    const Bytes data(*bytes);
    auto emit = [&](const nlohmann::json& report, const auto& result) {
      if (options->json)
        std::cout << dump_for_report(report) << "\n";
      else
        print_text(options->file, report, result);
      exit_code = result.ok() ? kExitOk : kExitFailed;
    };
    const Format format = detect_format(data.first(std::min(data.size(), kMagicProbeBytes)));
    if (format == Format::nres || format == Format::rsli) {
      const nres::Profile profile = options->profile;
      const nres::ParseResult result = nres::parse_nres(data, {.profile = profile, .strict = options->strict});
      if (result.ok() && msh::is_model_archive(*result.archive)) {
        const msh::ParseResult model =
            msh::parse_msh_archive(data, result, {.profile = profile, .strict = options->strict});
        emit(msh_inspect_json(data, model), model);
      } else {
        emit(nres_inspect_json(data, result), result);
      }
    } else {
      // A file with no known magic goes through the MOD parser, which names the
      // failing field (header.magic); the report says format "unknown".
      const mod::ParseResult result = mod::parse_mod(data, {.strict = options->strict});
      emit(mod_inspect_json(data, result), result);
    }
  });
}

}  // namespace meshgate::cli
