// `meshgate export`: every model a file holds (a MOD, an MSH model, each
// model nested in an NRes archive) as glTF 2.0, written atomically.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <set>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "reports/json_stream.hpp"
#include "looks/material/material_chain.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/parse_tree.hpp"
#include "writer/core/output_names.hpp"
#include "export/gltf_export.hpp"

namespace meshgate::cli {

namespace {

struct ExportOptions {
  std::vector<std::string> paths;
  std::string output, out_dir, format = "glb";
  unsigned lod = 0;
  std::string winding = "normals";
  scm::EulerReading euler = scm::EulerReading::xyz;
  double scale = 1;
  bool y_up = false;
  bool json = false, force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
  MaterialOptions look;  // the material chain
  MotionCliOptions motion;  // --motion, --mot-mask, --mot-fps
};

// A model the export will write, and where.
struct PlannedModel {
  std::string path;    // its report path
  std::string target;  // the .glb or .gltf
};

// How both passes walk an input: the plan must meet the models the export meets.
ParseTreeOptions tree_options(const ExportOptions& options, const Origin& origin = {}) {
  return {.profile = options.profile, .origin = origin};
}

// An input's bytes, or for an address FILE!NESTED the nested file's.
InputBytes read_export_input(const InputFile& input, const ExportOptions& options, FileReader& reader) {
  return read_input_bytes(input, reader, {.profile = options.profile, .limits = options.limits});
}

// A file of the tree the export writes as glTF (a plain archive holds models, is none).
bool exports(const ParsedFile& f) { return f.ok() && row_of(f.format).is_model(); }

// Every model the inputs hold that exports, with its file in `out_dir`: the
// names are known before anything is written, so they can be checked against
// the inputs and each other. A file that cannot be read is left to the export
// pass, which says why. This is a second parse of every input: which nested
// members are models that parse is known only by parsing them, and a single
// pass would have to hold every export (or every inflated member) until the
// last name is checked, so memory would grow with the whole input rather than
// with its largest model. The plan only parses (no glTF, no round trip).
std::vector<PlannedModel> plan_directory(const InputScan& scan, const ExportOptions& options, const std::string& extension) {
  std::vector<PlannedModel> planned;
  std::set<std::string> taken;
  FileReader reader;
  for (const InputFile& input : scan.files) {
    const InputBytes in = read_export_input(input, options, reader);
    if (!in.ok()) continue;
    parse_tree(in.display, in.bytes, tree_options(options, in.origin), [&](const ParsedFile& f) {
      if (!exports(f)) return;
      planned.push_back({f.path, platform::join_utf8(options.out_dir, output_file_name(f.path, extension, taken))});
    });
  }
  return planned;
}

// Usage errors in the options CLI11 cannot check alone; printed.
bool export_options_are_usable(const ExportOptions& options) {
  if (options.output.empty() && options.out_dir.empty()) {
    std::cerr << "meshgate export: give -o FILE (one model) or --out DIR\n";
    return false;
  }
  if (!std::isfinite(options.scale) || !(options.scale > 0)) {
    std::cerr << "meshgate export: --scale must be a finite number above 0\n";
    return false;
  }
  return true;
}

// Every file the export will write: -o's asset, or each planned model's.
std::vector<std::string> export_outputs(const ExportOptions& options, const std::vector<PlannedModel>& planned,
                                        gltf::FileKind kind) {
  std::vector<std::string> outputs;
  if (!options.output.empty()) outputs = gltf::asset_files(options.output, kind);
  for (const PlannedModel& m : planned)
    for (std::string& file : gltf::asset_files(m.target, kind)) outputs.push_back(std::move(file));
  return outputs;
}

// --out DIR, created if missing; false after printing why it cannot be.
bool make_export_directory(const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(platform::path_from_utf8(out_dir), ec);
  if (!std::filesystem::is_directory(platform::path_from_utf8(out_dir), ec)) {
    std::cerr << "meshgate export: cannot create the directory " << display_name(out_dir) << "\n";
    return false;
  }
  return true;
}

// A model the export wrote.
struct ExportedModel {
  std::string path, output;
  gltf::ExportSummary summary;
};

// The export pass: walks each input's tree, writes every model it meets to
// its planned target (or -o), and keeps what it wrote and what went wrong.
class ModelExport {
 public:
  ModelExport(const ExportOptions& options, gltf::FileKind kind, const std::vector<PlannedModel>& planned,
              std::optional<MaterialSession>& looks, std::shared_ptr<const gltf::CompanionTextures> companion,
              std::shared_ptr<const gltf::MotionOptions> motions)
      : options_(options),
        kind_(kind),
        overwrite_(overwrite_rule(options.force)),
        planned_(planned),
        looks_(looks),
        companion_(std::move(companion)),
        motions_(std::move(motions)) {}

  void export_input(const InputFile& input, FileReader& reader) {
    const InputBytes in = read_export_input(input, options_, reader);
    if (!in.read) {
      std::cerr << "meshgate export: " << display_name(platform::utf8_of(input.path)) << ": " << read_failure_text(in.read) << "\n";
      (in.read.status == ReadStatus::too_large ? rejected_ : io_failed_) = true;
      return;
    }
    if (!in.ok()) {  // an address that names no file in its tree
      std::cerr << "meshgate export: " << display_text(in.address_error) << "\n";
      (in.address_limited ? rejected_ : io_failed_) = true;  // a budget stopped it: exit 1, as a budget finding
      return;
    }
    parse_tree(in.display, in.bytes, tree_options(options_, in.origin), [&](const ParsedFile& o) { visit(o, input); });
  }

  [[nodiscard]] const std::vector<ExportedModel>& done() const { return done_; }
  [[nodiscard]] bool too_many() const { return too_many_; }
  [[nodiscard]] int exit_code() const { return io_failed_ || too_many_ ? kExitUsage : rejected_ ? kExitFailed : kExitOk; }

 private:
  void visit(const ParsedFile& o, const InputFile& input) {
    if (looks_) looks_->see(o);
    // A texture, material or WEAR table that does not parse is the
    // library's problem (roundtrip names it), not a model's.
    if (!o.ok() && row_of(o.format).is_look && o.depth > 0) return;
    if (!o.ok()) return reject(o, input);
    gltf::ExportOptions export_options{o.path, options_.lod, *gltf::winding_from_name(options_.winding), options_.scale,
                                       options_.y_up};
    export_options.euler = options_.euler;
    export_options.companion = companion_;
    export_options.motions = motions_;
    std::optional<MaterialChain> chain;
    const FormatRow& row = row_of(o.format);
    if (!row.is_model()) return;  // a plain archive: its nested models come next
    if (looks_ && row.reads_looks) chain.emplace(looks_->chain_for(o, platform::utf8_of(input.path))).attach(export_options);
    write_model(o, row.export_gltf(o, export_options));
  }

  // A file that does not parse: named, with its errors, when it is a model or a file the user named.
  void reject(const ParsedFile& o, const InputFile& input) {
    if (!row_of(o.format).is_model() && !input.explicit_argument) return;
    std::cerr << "meshgate export: " << display_name(o.path) << ": not exported, it does not parse\n";
    for (const Diagnostic& d : o.diagnostics())
      if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(display_name(o.path), d) << "\n";
    rejected_ = true;
  }

  void write_model(const ParsedFile& o, const gltf::Exported& exported) {
    for (const std::string& warning : exported.warnings) std::cerr << "meshgate export: warning: " << warning << "\n";
    if (!exported.refused.empty()) {
      std::cerr << "meshgate export: " << display_name(o.path) << ": not exported, " << exported.refused << "\n";
      rejected_ = true;
      // The plan named it (it parses): its name stays unused.
      if (options_.output.empty() && next_ < planned_.size() && planned_[next_].path == o.path) ++next_;
      return;
    }
    if (!options_.output.empty() && !done_.empty()) {
      too_many_ = true;
      return;
    }
    if (options_.output.empty() && (next_ >= planned_.size() || planned_[next_].path != o.path)) {
      std::cerr << "meshgate export: " << display_name(o.path) << ": the inputs changed while they were exported; not written\n";
      io_failed_ = true;
      return;
    }
    // --out DIR is made for the first model written, so an export that writes none leaves no directory.
    if (!options_.out_dir.empty() && !made_directory_ && !(made_directory_ = make_export_directory(options_.out_dir))) {
      io_failed_ = true;
      return;
    }
    const std::string target = options_.output.empty() ? planned_[next_++].target : options_.output;
    // A name meshgate chose inside --out is its own: a symlink there was planted, not followed.
    const Symlink symlink = options_.output.empty() ? Symlink::refuse : Symlink::follow;
    if (const std::string error = gltf::write_asset(exported.asset, target, kind_, overwrite_, symlink); !error.empty()) {
      std::cerr << "meshgate export: cannot write " << display_name(error) << "\n";
      io_failed_ = true;
      return;
    }
    done_.push_back({o.path, target, exported.summary});
  }

  const ExportOptions& options_;
  const gltf::FileKind kind_;
  const Overwrite overwrite_;
  const std::vector<PlannedModel>& planned_;
  std::optional<MaterialSession>& looks_;
  const std::shared_ptr<const gltf::CompanionTextures> companion_;  // --textures FILE.ptx
  const std::shared_ptr<const gltf::MotionOptions> motions_;        // --motion FILE.mot
  std::vector<ExportedModel> done_;
  size_t next_ = 0;  // the planned model the export meets next (--out)
  bool rejected_ = false, io_failed_ = false, too_many_ = false, made_directory_ = false;
};

void print_export_json(const std::vector<ExportedModel>& done) {
  nlohmann::json models = nlohmann::json::array();
  for (const ExportedModel& d : done) models.push_back({{"path", d.path}, {"output", d.output}, {"summary", d.summary.to_json()}});
  std::cout << dump_for_report({{"models", models}, {"axis_convention", gltf::kAxisConvention}}) << "\n";
}

void print_export_line(const ExportedModel& d) {
  std::printf("%s -> %s: %llu meshes, %llu primitives, %llu triangles, %llu vertices, %llu joints, %llu animations\n",
              display_name(d.path).c_str(), display_name(d.output).c_str(), static_cast<unsigned long long>(d.summary.meshes),
              static_cast<unsigned long long>(d.summary.primitives), static_cast<unsigned long long>(d.summary.triangles),
              static_cast<unsigned long long>(d.summary.vertices), static_cast<unsigned long long>(d.summary.joints),
              static_cast<unsigned long long>(d.summary.animations));
  if (d.summary.textured)
    std::printf("  materials: %llu resolved, %llu fallback; %llu textures embedded, %llu missing\n",
                static_cast<unsigned long long>(d.summary.materials_resolved),
                static_cast<unsigned long long>(d.summary.materials_fallback),
                static_cast<unsigned long long>(d.summary.textures),
                static_cast<unsigned long long>(d.summary.textures_missing));
  if (d.summary.motions)
    std::printf("  motions: %llu animations; translation/scale curves within %.3g of the EXE's values, rotation "
                "slerp within %.3g degrees of the Euler pose; %llu jumps not representable\n",
                static_cast<unsigned long long>(d.summary.animations), d.summary.motion_curve_max_error,
                d.summary.motion_rotation_max_error_deg, static_cast<unsigned long long>(d.summary.motion_jumps));
  if (d.summary.winding == "normals" || d.summary.winding == "strip")
    std::printf("  winding %s: %llu strips, %llu reversed, %llu inconsistent; %llu triangles flipped from strict "
                "alternation, %llu without a side (kept), %llu against their normals\n",
                d.summary.winding.c_str(), static_cast<unsigned long long>(d.summary.strips),
                static_cast<unsigned long long>(d.summary.reversed_strips),
                static_cast<unsigned long long>(d.summary.inconsistent_strips),
                static_cast<unsigned long long>(d.summary.flipped_triangles),
                static_cast<unsigned long long>(d.summary.undecided_triangles),
                static_cast<unsigned long long>(d.summary.against_normals));
}

int run_export(const ExportOptions& options) {
  if (!export_options_are_usable(options)) return kExitUsage;
  const std::optional<InputScan> scan = scan_for(options.paths, 1, "export");
  if (!scan) return kExitUsage;
  // The material chain's libraries, read once for every model.
  std::optional<MaterialSession> looks;
  if (!open_libraries(options.look, options.limits, "export", looks)) return kExitUsage;
  std::shared_ptr<const gltf::CompanionTextures> companion;
  if (!open_companion(options.look, options.limits, "export", companion)) return kExitUsage;
  const gltf::FileKind kind = options.format == "gltf" ? gltf::FileKind::gltf : gltf::FileKind::glb;
  const std::string extension = kind == gltf::FileKind::gltf ? ".gltf" : ".glb";
  // Every file the export will write (a .gltf's .bin, each model's name in
  // --out) is known and checked before the first is written.
  const std::vector<PlannedModel> planned =
      options.out_dir.empty() ? std::vector<PlannedModel>{} : plan_directory(*scan, options, extension);
  const std::vector<std::string> outputs = export_outputs(options, planned, kind);
  std::shared_ptr<const gltf::MotionOptions> motions;
  if (int code = kExitOk; !open_motions(options.motion, outputs, overwrite_rule(options.force), options.limits, "export",
                                        motions, code))
    return code;
  // After the libraries, the companion and the motions are read: the check
  // knows them as inputs (platform/input_record.hpp) besides the scanned files.
  // A name export chose inside --out is its own: a symlink there was planted.
  const Symlink symlink = options.out_dir.empty() ? Symlink::follow : Symlink::refuse;
  if (!outputs_are_usable(outputs, scan->files, "export", overwrite_rule(options.force), symlink)) return kExitUsage;
  ModelExport pass(options, kind, planned, looks, companion, motions);
  FileReader reader;
  for (const InputFile& input : scan->files) pass.export_input(input, reader);
  if (pass.too_many()) std::cerr << "meshgate export: -o names one file but the input holds more models; use --out DIR\n";
  // Nothing exported, nothing refused (-o or --out alike): the input holds no model (a motion, a texture) —
  // not a success.
  if (pass.done().empty() && pass.exit_code() == kExitOk) {
    std::cerr << "meshgate export: no model in the input; nothing written\n";
    return kExitFailed;
  }
  if (options.json) print_export_json(pass.done());
  else
    for (const ExportedModel& d : pass.done()) print_export_line(d);
  return pass.exit_code();
}

}  // namespace

void add_export(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand("export", "Write every model as glTF 2.0 (.glb, or .gltf + .bin)");
  cmd->add_option("FILE", options->paths, "model files, NRes archives or directories")->required();
  CLI::Option* one = add_output_option(cmd, "-o,--output", options->output, "the .glb/.gltf to write (one model)");
  CLI::Option* dir = add_output_option(cmd, "--out", options->out_dir, "directory for one file per model");
  one->excludes(dir);
  cmd->add_option("--format", options->format, "glb (default) or gltf (JSON + .bin)")->check(CLI::IsMember({"glb", "gltf"}));
  cmd->add_option("--lod", options->lod, "MSH: the slot column per node (0..4, default 0)")->check(CLI::Range(0u, 4u));
  cmd->add_option("--winding", options->winding,
                  "MOD, SCM: normals (default: each triangle faces the way its stored normals point) or strip (strict "
                  "alternation, as stored)")
      ->check(CLI::IsMember({"normals", "strip"}));
  add_enum_option(cmd, "--scm-euler", options->euler, {{"xyz", scm::EulerReading::xyz}, {"zyx", scm::EulerReading::zyx}},
                  "SCM: the reading of the Euler [CONFLICT] node matrices are built by: xyz (default, reading B: X "
                  "applied first) or zyx (reading A: Z first); named in the asset's extras");
  cmd->add_option("--scale", options->scale,
                  "stored units -> glTF units (metres), on a root node; default 1 (as stored); Blender and DMC3: 0.01");
  cmd->add_flag("--y-up", options->y_up, "MSH: the Z-up model under a root node rotated -90 degrees about X");
  cmd->add_flag("--json", options->json, "print a summary per model as JSON");
  add_force_option(cmd, options->force);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_material_options(cmd, options->look);
  add_motion_options(cmd, options->motion);
  cmd->callback([options, &exit_code] { exit_code = run_export(*options); });
}

}  // namespace meshgate::cli
