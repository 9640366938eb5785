// `meshgate diff A B [--json] [--semantic]`: two files (or two directories,
// paired by relative path) compared by field path (change/field_diff.hpp);
// with --semantic by content only, layout left out. Exit 0 when equal, 1 when
// they differ, 2 on a usage or I/O error.
#include <iostream>
#include <map>
#include <tuple>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "change/field_diff.hpp"
#include "pipeline/file_reader.hpp"

namespace meshgate::cli {

namespace {

struct DiffOptions {
  std::string a, b;
  bool json = false;
  bool semantic = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// The tree of one file, or nullopt after printing why it cannot be read.
// `nested`: the nested part of an address FILE!NESTED (FILE is `file`).
std::optional<std::vector<DiffSide>> sides_of(const InputFile& file, const std::string& nested, const DiffOptions& options) {
  FileReader reader;
  if (!nested.empty()) {
    int unused = 0;
    const std::optional<SingleInput> input =
        read_single_input(platform::utf8_of(file.path) + "!" + nested, {}, Overwrite::refuse, options.limits, reader, "diff", unused);
    if (!input) return std::nullopt;
    return diff_sides(input->display, input->bytes, options.profile, input->origin);
  }
  const FileRead read = reader.read(file.path, options.limits);
  if (!read) {
    std::cerr << "meshgate diff: " << platform::utf8_of(file.path) << ": " << read_failure_text(read) << "\n";
    return std::nullopt;
  }
  return diff_sides(file.display, read.bytes, options.profile);
}

// The files of A and B paired by report path: a file argument is reported by
// its own name, so two single files pair whatever they are called.
using DiffPairs = std::map<std::string, std::pair<const InputFile*, const InputFile*>>;
DiffPairs pair_diff_inputs(const InputScan& a, const InputScan& b) {
  const bool single = a.files.size() == 1 && b.files.size() == 1 && a.files[0].explicit_argument &&
                      b.files[0].explicit_argument;
  DiffPairs pairs;
  for (const InputFile& f : a.files) pairs[single ? "" : f.display].first = &f;
  for (const InputFile& f : b.files) pairs[single ? "" : f.display].second = &f;
  return pairs;
}

// The differences of every pair, as JSON and as text.
struct DiffFindings {
  nlohmann::json files = nlohmann::json::array();
  std::string text;
  bool equal = true;
};

// Compares one pair into `findings`; false after printing why a side cannot be read.
bool diff_pair(const InputFile* file_a, const InputFile* file_b, const std::string& nested_a, const std::string& nested_b,
               const DiffOptions& options, DiffFindings& findings) {
  std::vector<DiffSide> sa, sb;
  for (const auto& [file, sides, nested] : {std::tuple{file_a, &sa, &nested_a}, std::tuple{file_b, &sb, &nested_b}}) {
    if (!file) continue;
    auto read = sides_of(*file, *nested, options);
    if (!read) return false;
    *sides = std::move(*read);
  }
  for (const FileDiff& d : diff_trees(std::move(sa), std::move(sb), options.semantic ? DiffMode::content : DiffMode::bytes)) {
    findings.equal = findings.equal && d.equal();
    if (d.equal()) continue;
    findings.files.push_back(file_diff_json(d));
    findings.text += file_diff_text(d);
  }
  return true;
}

int run_diff(const DiffOptions& options) {
  // Either side may be an address FILE!NESTED: its FILE is scanned, its nested file compared.
  const auto [file_a, nested_a] = split_nested(options.a);
  const auto [file_b, nested_b] = split_nested(options.b);
  const std::optional<InputScan> a = scan_for({file_a}, 1, "diff");
  const std::optional<InputScan> b = scan_for({file_b}, 1, "diff");
  if (!a || !b) return kExitUsage;
  DiffFindings findings;
  for (const auto& [key, pair] : pair_diff_inputs(*a, *b))
    if (!diff_pair(pair.first, pair.second, nested_a, nested_b, options, findings)) return kExitUsage;
  if (options.json) {
    std::cout << nlohmann::json{{"equal", findings.equal}, {"semantic", options.semantic}, {"files", findings.files}}.dump(2)
              << "\n";
  } else {
    std::cout << findings.text
              << (findings.equal ? "diff: equal\n" : "diff: " + std::to_string(findings.files.size()) + " file(s) differ\n");
  }
  return findings.equal ? kExitOk : kExitFailed;
}

}  // namespace

void add_diff(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* cmd = app.add_subcommand("diff", "Compare two files (or two directories, by relative path) field by field");
  cmd->add_option("A", options->a, "a file or directory")->required();
  cmd->add_option("B", options->b, "a file or directory of the same kind")->required();
  cmd->add_flag("--json", options->json, "print {equal, files: [{key, path_a, path_b, equal, fields, streams, uncovered}]}");
  cmd->add_flag("--semantic", options->semantic,
                 "compare content, not layout: offsets, sizes, sort table, padding, gaps and directory order are left "
                 "out, so one model laid out two ways is equal");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_diff(*options); });
}

}  // namespace meshgate::cli
