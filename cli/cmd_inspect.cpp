#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "platform/utf8_path.hpp"
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
  ParseProfile profile = ParseProfile::compatible;
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

// What inspect shows of its file: the report, and for the text, the verdict,
// findings and summary lines.
struct Inspected {
  nlohmann::json report;
  bool ok = false;
  std::vector<Diagnostic> diagnostics;
  std::string summary;
  std::vector<UncoveredRange> uncovered;  // the report's coverage.uncovered, made as it is written
  Bytes data;                             // the file's bytes, that the ranges lie in
};

void write_stdout(std::string_view text) { std::cout.write(text.data(), static_cast<std::streamsize>(text.size())); }

// The report's coverage.uncovered (when it has a coverage), one range at a
// time: an SCM of 65,025 tiny meshes has 260,100 of them.
void add_uncovered(std::vector<JsonSequence>& sequences, const nlohmann::json& report,
                   const std::vector<UncoveredRange>& uncovered, Bytes data) {
  if (!report.contains("coverage") || !report["coverage"].is_object()) return;
  sequences.push_back({{"coverage", "uncovered"}, [&uncovered, data](const JsonElementSink& element) {
                         for (const UncoveredRange& u : uncovered) element(uncovered_json(u, data));
                       }});
}

void emit(const InspectOptions& options, Inspected& shown) {
  if (!options.json) {
    print_text(options.file, shown.report, shown.ok, shown.diagnostics, shown.summary);
    return;
  }
  std::vector<JsonSequence> sequences;
  add_uncovered(sequences, shown.report, shown.uncovered, shown.data);
  write_json_sequences(shown.report, sequences, write_stdout);
}

// A file over its size limit, rejected from its size alone, before a byte past the magic is read.
int inspect_too_large(const InspectOptions& options, const FileRead& read) {
  const RoundTripOutcome outcome = too_large_outcome(options.file, read);
  Inspected shown{inspect_envelope(format_name(read.format), {}, false, outcome.diagnostics), false, outcome.diagnostics, "", {}, {}};
  shown.report["size"] = read.file_size;
  shown.report["xxh3_64"] = nullptr;  // not read, so not hashed
  emit(options, shown);
  return kExitFailed;
}

// A nested file's report as compact text: a container of 8,192 members
// holds 8,192 of them until its own report is written, and as JSON objects
// they took 151x the file. Invalid UTF-8 is replaced as the report's dump does.
std::string compact_text(const nlohmann::json& report) {
  return report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The fields a group at a time, straight to stdout: a 20,000-node model
// lists ~700,000 of them, too many to hold as one JSON DOM. `children`: the
// nested files' reports (compact_text), listed one at a time before them.
void stream_report(const ParsedFile& f, const FormatRow& row, const std::vector<std::string>* children = nullptr) {
  const FieldListing fields = row.fields(f, false);
  const nlohmann::json head = row.inspect(f);
  std::vector<JsonSequence> sequences = {{{"fields"}, [&](const JsonElementSink& element) {
                                            for (const nlohmann::json& field : fields) element(field);
                                          }}};
  if (children)
    sequences.push_back({{"children"}, [children](const JsonElementSink& element) {
                           for (const std::string& text : *children) element(nlohmann::json::parse(text));
                         }});
  const CoverageSummary* coverage = f.coverage();
  const std::vector<UncoveredRange> none;
  add_uncovered(sequences, head, coverage ? coverage->uncovered : none, f.data);
  write_json_sequences(head, sequences, write_stdout);
}

// One walk of the file's tree: the file itself is reported, and each file
// nested in it (an archive's, container's or volume's) is listed with its
// format, verdict (parse, round trip) and diagnostics, as roundtrip records it.
// With --json a file with fields is streamed: one without nested files when
// it is visited, a container when the walk leaves it (its nested files'
// reports held as text until then, its fields made as they are written).
int inspect_bytes(const InspectOptions& options, const std::string& display, Bytes data, const Origin& origin) {
  // Payloads are not copied: the report reads them where they lie, so peak memory stays ~1x the file.
  const ParseTreeOptions tree{.profile = options.profile, .strict = options.strict, .limits = options.limits,
                              .origin = origin};
  Inspected shown;
  bool streamed = false;
  std::optional<std::vector<std::string>> held;  // a streamed container's nested reports
  bool child_failed = false;  // a nested file rejected or written back different: exit 1, as roundtrip's
  const auto enter = [&](ParsedFile& f) {
    if (f.depth > 0) {
      const RoundTripOutcome o = roundtrip_file(f, /*hashes=*/true);
      child_failed = child_failed || !(o.identical || (o.read_only && o.parsed));
      if (held) held->push_back(compact_text(roundtrip_json(o)));
      else shown.report["children"].push_back(roundtrip_json(o));
      return;
    }
    const FormatRow& row = row_of(f.format);
    if (options.json && row.fields && f.parsed()) {
      if (f.children.empty()) stream_report(f, row);
      else held.emplace();  // written by `leave`, once its nested files are listed
      streamed = true;
      shown.ok = f.ok();
      return;
    }
    shown.report = row.inspect(f);
    if (const CoverageSummary* coverage = f.coverage()) shown.uncovered = coverage->uncovered;
    shown.data = f.data;
    shown.ok = f.ok();
    shown.diagnostics = f.diagnostics();
    if (shown.ok) shown.summary = row.summary_text(shown.report);
    if (!f.children.empty()) shown.report["children"] = nlohmann::json::array();
  };
  const auto leave = [&](ParsedFile& f) {
    if (f.depth == 0 && held) stream_report(f, row_of(f.format), &*held);
  };
  parse_tree(display, data, tree, enter, leave);
  if (!streamed) emit(options, shown);
  return shown.ok && !child_failed ? kExitOk : kExitFailed;
}

int run_inspect(const InspectOptions& options) {
  FileReader reader;  // the file's bytes are read once, into one buffer: peak memory ~1x its size
  // An address FILE!NESTED: the nested file, found in its tree, inspected as a file of its own.
  if (!split_nested(options.file).second.empty()) {
    int exit_code = kExitOk;
    const std::optional<SingleInput> nested =
        read_single_input(options.file, {}, Overwrite::refuse, options.limits, reader, "inspect", exit_code);
    return nested ? inspect_bytes(options, nested->display, nested->bytes, nested->origin) : exit_code;
  }
  const FileRead read = reader.read(platform::path_from_utf8(options.file), options.limits);
  if (read) return inspect_bytes(options, options.file, read.bytes, {});
  if (read.status == ReadStatus::too_large) return inspect_too_large(options, read);
  std::cerr << "meshgate inspect: " << options.file << ": " << read_failure_text(read) << "\n";
  return kExitUsage;
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
  cmd->callback([options, &exit_code] { exit_code = run_inspect(*options); });
}

}  // namespace meshgate::cli
