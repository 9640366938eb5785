#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "reports/json_sequence.hpp"
#include "reports/json_stream.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate::cli {

namespace {

struct InspectOptions {
  std::string file;
  bool json = false;
  bool strict = false;
  nres::Profile profile = nres::Profile::compatible;
  SizeLimits limits;
};

// `summary`: the format's summary lines (empty for a rejected file).
void print_text(const std::string& file, const nlohmann::json& report, bool ok, const std::vector<Diagnostic>& diagnostics,
                const std::string& summary) {
  const nlohmann::json& hash = report["xxh3_64"];
  std::cout << display_text(file) << ": " << report["format"].get<std::string>() << ", " << report["size"] << " bytes, xxh3_64 "
            << (hash.is_string() ? hash.get<std::string>() : "(not read)") << "\n";
  if (ok) std::cout << summary;
  if (ok && report.contains("coverage")) {  // a volume has none: it is read, not described
    const auto& c = report["coverage"];
    std::cout << "  coverage: " << c["covered_bytes"] << " bytes covered, " << c["uncovered_bytes"]
              << " uncovered (" << c["uncovered_nonzero_bytes"] << " non-zero), " << c["overlaps"] << " overlaps\n";
  }
  for (const Diagnostic& d : diagnostics) std::cout << "  " << format_diagnostic(file, d) << "\n";
  if (!ok) std::cout << "  rejected\n";
  if (!report.contains("children")) return;
  std::cout << "  " << report["children"].size() << " nested files:\n";
  for (const nlohmann::json& c : report["children"]) {
    const bool parsed = c["parse_ok"].get<bool>();
    const char* verdict = !parsed ? "REJECTED" : c["identical"].get<bool>() ? "identical" : c["read_only"].get<bool>() ? "read-only" : "DIFFERS";
    std::cout << "    " << display_text(c["path"].get<std::string>()) << "  " << c["format"].get<std::string>() << "  " << verdict
              << (c["diagnostics"].empty() ? "" : "  (" + std::to_string(c["diagnostics"].size()) + " diagnostics)") << "\n";
  }
}

// The files nested in an archive, container or volume, each with its format,
// verdict (parse, round trip) and diagnostics: roundtrip's record of each.
nlohmann::json children_json(const ParsedFile& parsed, const ParseTreeOptions& options) {
  if (parsed.children.empty()) return nullptr;
  nlohmann::json out = nlohmann::json::array();
  roundtrip_each(parsed.path, parsed.data, options, [&](const RoundTripOutcome& o, Bytes, const ParsedView&) {
    if (o.path != parsed.path) out.push_back(roundtrip_json(o));
  }, /*hashes=*/true);
  return out;
}

}  // namespace

void add_inspect(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InspectOptions>();
  CLI::App* cmd = app.add_subcommand("inspect", "Parse one file and show its fields, coverage and diagnostics");
  cmd->add_option("FILE", options->file, "model file")->required();
  cmd->add_flag("--json", options->json, "print the JSON report");
  cmd->add_flag("--strict", options->strict, "treat every warning as an error");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] {
    FileReader reader;  // the file's bytes are read once, into one buffer: peak memory ~1x its size
    // An address FILE!NESTED: the nested file, found in its tree, inspected as a file of its own.
    std::optional<SingleInput> nested_input;
    if (!split_nested(options->file).second.empty()) {
      nested_input = read_single_input(options->file, {}, Overwrite::refuse, options->limits, reader, "inspect", exit_code);
      if (!nested_input) return;
    }
    const FileRead read = nested_input ? FileRead{} : reader.read(options->file, options->limits);
    if (!nested_input && !read && read.status != ReadStatus::too_large) {
      std::cerr << "meshgate inspect: " << options->file << ": " << read_failure_text(read) << "\n";
      exit_code = kExitUsage;
      return;
    }
    auto emit = [&](nlohmann::json report, bool ok, const std::vector<Diagnostic>& diagnostics,
                    const std::string& summary, const nlohmann::json& children = nullptr) {
      if (!children.is_null()) report["children"] = children;
      if (options->json)
        std::cout << dump_for_report(report) << "\n";
      else
        print_text(options->file, report, ok, diagnostics, summary);
      exit_code = ok ? kExitOk : kExitFailed;
    };
    if (!nested_input && !read) {  // too large: rejected from its size alone, before a byte past the magic is read
      const RoundTripOutcome outcome = too_large_outcome(options->file, read);
      nlohmann::json report = inspect_envelope(format_name(read.format), {}, false, outcome.diagnostics);
      report["size"] = read.file_size;
      report["xxh3_64"] = nullptr;  // not read, so not hashed
      emit(report, false, outcome.diagnostics, "");
      return;
    }
    const Bytes data = nested_input ? nested_input->bytes : read.bytes;
    const std::string& display = nested_input ? nested_input->display : options->file;
    // Payloads are not copied: the report reads them where they lie, so peak memory stays ~1x the file.
    const ParseTreeOptions tree{.profile = options->profile, .strict = options->strict, .limits = options->limits,
                                .origin = nested_input ? nested_input->origin : Origin{}};
    ParseTreeOptions file_only = tree;
    file_only.descend = false;
    const ParsedFile parsed = parse_file(display, data, file_only);
    const nlohmann::json children = children_json(parsed, tree);
    const FormatRow& row = row_of(parsed.format);
    if (options->json && row.fields && parsed.parsed()) {
      // The fields a group at a time, straight to stdout: a 20,000-node
      // model lists ~700,000 of them, too many to hold as one JSON DOM.
      const FieldListing fields = row.fields(parsed, false);
      write_json_sequence(
          row.inspect(parsed), "fields",
          [&](const JsonElementSink& element) {
            for (const nlohmann::json& f : fields) element(f);
          },
          [](std::string_view text) { std::cout.write(text.data(), static_cast<std::streamsize>(text.size())); });
      exit_code = kExitOk;
      return;
    }
    const nlohmann::json report = row.inspect(parsed);
    const bool ok = parsed.ok();
    emit(report, ok, parsed.diagnostics(), ok ? row.summary_text(report) : "", children);
  });
}

}  // namespace meshgate::cli
