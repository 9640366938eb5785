// `meshgate import MODEL.glb --as NAME [--like ORIGINAL] [--lod N] -o OUT
// [--force]`: a new model built from a glTF 2.0 asset through the importer
// of the format whose row names NAME (FormatRow::gltf_import, import/
// <format>/<format>_importer.hpp: a MOD through its layout builder, an MSH
// through the canonical exporter, a MOT or an SCM like --like with its error
// against the glTF measured and printed, above --max-error refused), through
// import/gltf_import.hpp, the path `replace` takes for a glTF too. Every loss is printed as a warning naming
// the mesh or vertex it concerns; what the format cannot hold is an error and
// nothing is written. The result is parsed again like every written model.
// Exit 0 written, 1 refused (the glTF needs what the format cannot hold, an
// accessor does not fit its view, or the result has an error), 2 usage or
// I/O (a uri outside the glTF's folder, not a regular file, a byteLength past
// --max-size, not glTF 2.0: gltf_prepare.hpp).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "import/gltf_import.hpp"
#include "import/scm/scm_from_gltf.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/gltf_uri_files.hpp"

namespace meshgate::cli {

namespace {

struct ImportOptions {
  std::string file, as, like, output;
  bool force = false, json = false;
  unsigned lod = 0;
  mot::MotImportOptions mot;
  std::string max_error;  // "UNITS,DEGREES"
  scm::ScmImportOptions scm;
  std::string scm_euler;  // "xyz" / "zyx"; empty: the asset's own reading
  SizeLimits limits{uint64_t{256} << 20};  // a glTF is not a format meshgate sizes by magic
};

// The importers `--as` names, in the order their formats joined the catalogue (import --help lists them so).
std::vector<const GltfImporter*> importers() {
  std::vector<const FormatRow*> rows;
  for (const FormatRow* row : format_rows())
    if (row->gltf_import) rows.push_back(row);
  std::sort(rows.begin(), rows.end(), [](const FormatRow* a, const FormatRow* b) { return a->catalogue_order < b->catalogue_order; });
  std::vector<const GltfImporter*> out;
  for (const FormatRow* row : rows) out.push_back(row->gltf_import);
  return out;
}

std::vector<std::string> importer_names() {
  std::vector<std::string> names;
  for (const GltfImporter* importer : importers()) names.emplace_back(importer->as);
  return names;
}

// The importer --as names (CLI11 has checked that one does).
const GltfImporter& importer_of(const ImportOptions& options) {
  for (const GltfImporter* importer : importers())
    if (options.as == importer->as) return *importer;
  return *importers().front();
}

const char* import_format_name(const ImportOptions& options) { return importer_of(options).text; }

// A format that starts from its like file needs one (what glTF does not carry comes from it).
bool options_fit_format(ImportOptions& options) {
  if (const char* why = importer_of(options).like_required; why && options.like.empty()) {
    std::cerr << "meshgate import: --as " << options.as << " needs --like " << why << "\n";
    return false;
  }
  if (!options.scm_euler.empty()) options.scm.euler = scm::euler_reading_from_name(options.scm_euler);
  return check_mot_import_options(options.mot, options.max_error, "import");
}

// The format's own options, for its importer to take by their type.
ImportSettings settings_of(const ImportOptions& options) {
  ImportSettings settings;
  settings.put(options.mot);
  settings.put(options.scm);
  return settings;
}

void fill_report(const ImportBuild& built, nlohmann::json* report) {
  if (report) *report = {{"warnings", built.warnings}, {"errors", built.errors}, {"accuracy", built.accuracy}};
}


// The glTF asset (a .gltf's uris read through `folder`), with export --scale /
// --y-up's root node removed (import/gltf_import.hpp). nullopt after printing
// why, with the exit code in `exit_code`.
std::optional<tinygltf::Model> read_asset_for(Bytes bytes, const ImportOptions& options, GltfFolderFiles& folder,
                                              int& exit_code) {
  ImportAsset asset = read_import_asset(bytes, &folder, options.limits.override_bytes.value_or(uint64_t{256} << 20));
  if (asset.unreadable) {
    std::cerr << "meshgate import: " << options.file << ": not a glTF 2.0 file meshgate reads: " << asset.error << "\n";
    exit_code = kExitUsage;
    return std::nullopt;
  }
  if (!asset.model) {
    std::cerr << "meshgate import: error: " << asset.error << "\nmeshgate import: nothing written\n";
    exit_code = kExitFailed;
    return std::nullopt;
  }
  if (asset.conventions.root_removed)
    std::cout << "note: the export's root node (scale " << asset.conventions.scale << (asset.conventions.y_up ? ", y-up" : "")
              << ") removed: vertices and nodes as stored\n";
  return std::move(asset.model);
}

int run_import(ImportOptions& options, nlohmann::json* report = nullptr) {
  if (!options_fit_format(options)) return kExitUsage;
  std::vector<std::string> inputs = {options.file};
  if (!options.like.empty()) inputs.push_back(options.like);
  const std::optional<InputScan> scan = scan_for(inputs, 1, "import");
  if (!scan || !outputs_are_usable({options.output}, scan->files, "import", overwrite_rule(options.force))) return kExitUsage;
  FileReader reader;
  FileRead read = reader.read(platform::path_from_utf8(options.file), options.limits);
  if (!read) {
    std::cerr << "meshgate import: " << options.file << ": " << read_failure_text(read) << "\n";
    return kExitUsage;
  }
  // A .gltf's uris: below its own folder, by FileReader's rules.
  GltfFolderFiles folder(platform::path_from_utf8(options.file).parent_path());
  int exit_code = kExitOk;
  const std::optional<tinygltf::Model> asset = read_asset_for(read.bytes, options, folder, exit_code);
  if (!asset) return exit_code;
  // The files the glTF's URIs name are inputs as much as the glTF itself.
  if (!outputs_are_usable({options.output}, folder.named_files(), "import", Overwrite::replace)) return kExitUsage;  // existence: checked above
  // --like: a path, or an address FILE!NESTED (a MOD in a PAC slot, an MSH in an archive); its file was scanned above.
  FileReader like_reader;
  std::optional<SingleInput> like;
  if (!options.like.empty() &&
      !(like = read_single_input(options.like, {}, Overwrite::replace, {}, like_reader, "import", exit_code)))
    return exit_code;
  const ImportBuild built = importer_of(options).build(*asset, {.lod = options.lod,
                                                                 .like = like ? std::optional<Bytes>(like->bytes) : std::nullopt,
                                                                 .like_is_container_member = like && like->origin.container_member,
                                                                 .settings = settings_of(options)});
  if (built.like_refused) {
    std::cerr << "meshgate import: --like " << options.like << ": not " << import_format_name(options) << " meshgate accepts\n";
    return kExitUsage;
  }
  for (const std::string& w : built.warnings) std::cout << "warning: " << w << "\n";
  if (!built.accuracy_text.empty()) std::cout << built.accuracy_text << "\n";
  if (!built.errors.empty()) {
    for (const std::string& e : built.errors) std::cerr << "meshgate import: error: " << e << "\n";
    std::cerr << "meshgate import: " << import_format_name(options) << " cannot hold this glTF; nothing written\n";
    fill_report(built, report);
    return kExitFailed;
  }
  fill_report(built, report);
  return write_checked_model(options.output, built.bytes, ParseProfile::compatible, options.force, options.output,
                             "import", overwrite_rule(options.force));
}

// --json: what run_import prints to stdout is kept as "log" lines, and one
// JSON object is the whole of stdout.
int run_import_json(ImportOptions& options) {
  std::ostringstream captured;
  std::streambuf* const stdout_buffer = std::cout.rdbuf(captured.rdbuf());
  nlohmann::json report = {{"warnings", nlohmann::json::array()}, {"errors", nlohmann::json::array()}, {"accuracy", nullptr}};
  const int code = run_import(options, &report);
  std::cout.rdbuf(stdout_buffer);
  nlohmann::json log = nlohmann::json::array();
  std::istringstream lines(captured.str());
  for (std::string line; std::getline(lines, line);) log.push_back(line);
  nlohmann::json out = {{"output", options.output}, {"as", options.as}, {"like", options.like}, {"written", code == kExitOk}};
  out.update(report);
  out["log"] = std::move(log);
  std::cout << out.dump(2) << "\n";
  return code;
}

}  // namespace

void add_import(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ImportOptions>();
  CLI::App* cmd = app.add_subcommand("import", "Build a model from a glTF 2.0 file (.glb or .gltf) through the format's layout builder");
  cmd->add_option("MODEL", options->file, "a .glb, or a .gltf (its buffers beside it)")->required();
  cmd->add_option("--as", options->as, "the format to build")->required()->check(CLI::IsMember(importer_names()));
  cmd->add_option("--like", options->like,
                  "an existing file of the same model: every field glTF cannot express comes from it");
  cmd->add_option("--lod", options->lod, "msh: the slot column (LOD) the glTF's meshes go to, as export --lod wrote them")
      ->check(CLI::Range(0, 4));
  add_mot_import_options(cmd, options->mot, options->max_error);
  cmd->add_option("--scm-euler", options->scm_euler,
                  "a glTF imported as an SCM: the Euler reading node matrices go back to, as export --scm-euler "
                  "(default: the one the asset's extras name, else xyz)")
      ->check(CLI::IsMember({"xyz", "zyx"}));
  cmd->add_flag("--json", options->json, "print {output, as, like, written, warnings, errors, accuracy, log} as the only stdout");
  add_output_option(cmd, "-o,--output", options->output, "the model to write")->required();
  add_force_option(cmd, options->force, "write the result even if it has an error diagnostic");
  add_size_option(cmd, "--max-size", [&limits = options->limits](uint64_t bytes) { limits.override_bytes = bytes; },
                  {1, uint64_t{1} << 40, "1 TiB"}, "the largest input read (default 256 MiB)");
  cmd->callback([options, &exit_code] { exit_code = options->json ? run_import_json(*options) : run_import(*options); });
}

}  // namespace meshgate::cli
