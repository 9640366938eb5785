// `meshgate view FILE[!NESTED] -o model.html`: one model a file holds (the
// first, or the one NESTED names inside a container, an archive or a volume),
// exported to glTF (every LOD column that has geometry, for MSH) and embedded
// with three.js and its fields in one page that needs no network. A file that
// holds several models lists them, each with the path that picks it.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/field_listing.hpp"
#include "reports/model_view.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"
#include "writer/core/atomic_file.hpp"
#include "export/gltf_export.hpp"

namespace meshgate::cli {

namespace {

struct ViewOptions {
  std::string file, output;
  bool force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
  MaterialOptions look;  // textured MSH pages (--game-dir)
  MotionCliOptions motion;  // animated MOD pages (--motion)
};

std::string summary_line(const gltf::ExportSummary& s) {
  return std::to_string(s.meshes) + " meshes, " + std::to_string(s.primitives) + " primitives, " +
         std::to_string(s.triangles) + " triangles, " + std::to_string(s.vertices) + " vertices, " +
         std::to_string(s.joints) + " joints, " + std::to_string(s.animations) + " animations" +
         (s.textured ? ", " + std::to_string(s.textures) + " textures (materials: " + std::to_string(s.materials_resolved) +
                           " resolved, " + std::to_string(s.materials_fallback) + " fallback; " +
                           std::to_string(s.textures_missing) + " textures missing)"
                     : "");
}

// The page's table of PNGs: each texture once, as textures/N.png in the order
// the LODs first use it; every LOD's glTF names it by that URI, so a texture
// costs the page its PNG once, not once per LOD.
gltf::ImageUri page_images(ViewPage& page) {
  return [&page](const std::shared_ptr<const gltf::TextureLook>& texture) {
    for (const ViewImage& image : page.images)
      if (image.png.get() == &texture->png) return image.uri;
    // Aliasing: the entry points at the PNG and keeps its texture (the run's cache holds it) alive.
    page.images.push_back({"textures/" + std::to_string(page.images.size()) + ".png", {texture, &texture->png}});
    return page.images.back().uri;
  };
}

// What every model of the page is exported with besides its own bytes.
struct ViewInputs {
  std::shared_ptr<const gltf::CompanionTextures> companion;  // --textures FILE.ptx
  std::shared_ptr<const gltf::MotionOptions> motions;        // --motion FILE.mot
};

// The page of one model: its fields, and a glTF per LOD (each LOD column
// that has geometry, for MSH), textured through `looks` when it is given.
ViewPage make_view_page(const ParsedFile& f, const FormatRow& row, std::optional<MaterialSession>& looks,
                        const ViewInputs& inputs, const std::string& file) {
  // The fields are written into the page a group at a time (from a copy of a large model's streams).
  ViewPage page{f.path, "", {}, row.fields ? row.fields(f, true) : FieldListing::from_array(row.inspect(f)["fields"])};
  std::optional<MaterialChain> chain;
  if (looks && row.reads_looks) chain.emplace(looks->chain_for(f, file));
  for (unsigned lod = 0; lod < row.lods; ++lod) {
    gltf::ExportOptions export_options{f.path, lod};
    if (chain) chain->attach(export_options);
    if (row.reads_looks) export_options.image_uri = page_images(page);
    export_options.companion = inputs.companion;  // MOD, SCM: its PNGs embedded in the LOD's glb
    export_options.motions = inputs.motions;
    const gltf::Exported e = row.export_gltf(f, export_options);
    for (const std::string& warning : e.warnings) std::cerr << "meshgate view: warning: " << warning << "\n";
    if (!e.refused.empty()) {  // no page: the caller reports why
      page.summary = e.refused;
      page.lods.clear();
      return page;
    }
    if (row.lods == 1) {
      page.summary = summary_line(e.summary);
      page.lods.push_back({"model", gltf::glb_byte_vector(e.asset)});
    } else {
      if (lod == 0) page.summary = summary_line(e.summary) + " (LOD 0)";
      if (lod == 0 || e.summary.primitives > 0) page.lods.push_back({"LOD " + std::to_string(lod), gltf::glb_byte_vector(e.asset)});
    }
  }
  return page;
}

// What the walk of the file found: the page of the model asked for (the
// first, or the one at `wanted`), the diagnostics of the first that did not
// parse, and every model the file holds, as the user would pass them.
struct ViewFind {
  std::optional<ViewPage> page;
  std::vector<Diagnostic> rejected;
  std::vector<std::string> models;
  // A limit (--max-inflated, --max-nested, the nesting depth) that stopped
  // the walk in `cut_in`, the deepest file on the way to `wanted`.
  std::optional<Diagnostic> cut;
  std::string cut_in;
};

ViewFind find_view_model(const SingleInput& input, const std::string& file, const std::string& wanted,
                         const ViewOptions& options, std::optional<MaterialSession>& looks,
                         const ViewInputs& inputs) {
  ViewFind found;
  const auto visit = [&](ParsedFile& f) {
    if (looks) looks->see(f);
    if (!wanted.empty() && (f.depth == 0 || leads_to(f.path, wanted))) {
      const Diagnostic* cut = reading_cut(f);
      found.cut = cut ? std::optional<Diagnostic>(*cut) : std::nullopt;
      found.cut_in = f.path;
    }
    // Listed as the user would pass them: the file as given, then the nested path.
    if (f.ok() && row_of(f.format).is_model()) found.models.push_back(file + f.path.substr(std::min(f.path.size(), input.display.size())));
    if (found.page || (!wanted.empty() && f.path != wanted)) return;
    if (!f.ok()) {
      if (found.rejected.empty()) found.rejected = f.diagnostics();
      return;
    }
    const FormatRow& row = row_of(f.format);
    if (!row.is_model()) return;
    ViewPage page = make_view_page(f, row, looks, inputs, file);
    if (page.lods.empty()) {  // the model parses but cannot be shown (its export refused it)
      if (found.rejected.empty())
        found.rejected.push_back({"view.not-shown", Severity::error, f.path, 0, "not shown: " + page.summary});
      return;
    }
    found.page = std::move(page);
    // FILE!NESTED found: nothing after it is parsed or inflated (the list of
    // the file's models is printed only when there is no NESTED, or it misses).
    if (!wanted.empty()) f.stop_walk = true;
  };
  parse_tree(input.display, input.bytes, {.profile = options.profile, .limits = options.limits}, visit);
  return found;
}

// No page: why, with the file's models when a nested path missed. Returns the exit code.
int report_no_view_model(const ViewFind& found, const std::string& given, const std::string& file, const std::string& nested,
                         const std::string& wanted) {
  if (!wanted.empty() && found.cut && found.rejected.empty()) {  // not a miss: say which budget, never what is held
    std::cerr << "meshgate view: " << display_text(cut_address_text(wanted, found.cut_in, *found.cut)) << "\n";
    return kExitFailed;
  }
  if (!wanted.empty()) {
    std::cerr << "meshgate view: " << display_name(file) << " holds no model at " << display_name(nested)
              << (found.rejected.empty() ? "" : " that parses") << "; its models:\n";
    for (const std::string& m : found.models) std::cerr << "  " << display_text(m) << "\n";
    for (const Diagnostic& d : found.rejected)
      if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(wanted, d) << "\n";
    return found.rejected.empty() ? kExitUsage : kExitFailed;
  }
  // A model that parses but whose export refused it (a motion that does not fit) is not "no model".
  const bool refused = std::any_of(found.rejected.begin(), found.rejected.end(),
                                   [](const Diagnostic& d) { return d.code == "view.not-shown"; });
  std::cerr << "meshgate view: " << display_name(given) << (refused ? ": no model that can be shown\n" : ": no model that parses\n");
  for (const Diagnostic& d : found.rejected)
    if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(given, d) << "\n";
  return kExitFailed;
}

// The page with three.js, written atomically; false after printing why.
bool write_view_page(const ViewPage& page, const ViewOptions& options) {
  std::string error;
  const std::optional<ThreeJs> three = read_three_js(error);
  if (!three) {
    std::cerr << "meshgate view: " << error << "\n";
    return false;
  }
  const auto write_page = [&](std::ostream& out) {
    write_model_view(page, *three, [&](std::string_view text) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
  };
  return write_file(options.output, write_page, "view", overwrite_rule(options.force));
}

// The directory of the file's models: view FILE!NESTED picks one.
void print_view_models(const std::vector<std::string>& models, const std::string& display) {
  constexpr size_t kListed = 50;
  std::cout << "view: " << models.size() << " models in " << display_name(display) << "; view FILE!NESTED shows another:\n";
  for (size_t i = 0; i < models.size() && i < kListed; ++i) std::cout << "  " << display_text(models[i]) << "\n";
  if (models.size() > kListed) std::cout << "  ... and " << models.size() - kListed << " more (roundtrip lists them all)\n";
}

int run_view(const ViewOptions& options) {
  std::optional<MaterialSession> looks;
  if (!open_libraries(options.look, options.limits, "view", looks)) return kExitUsage;
  ViewInputs inputs;
  if (!open_companion(options.look, options.limits, "view", inputs.companion)) return kExitUsage;
  if (int code = kExitOk; !open_motions(options.motion, {options.output}, overwrite_rule(options.force), options.limits,
                                        "view", inputs.motions, code))
    return code;
  FileReader reader;
  const auto [file, nested] = split_nested(options.file);
  int exit_code = kExitOk;
  const std::optional<SingleInput> input =
      read_single_input(file, {options.output}, overwrite_rule(options.force), options.limits, reader, "view", exit_code);
  if (!input) return exit_code;
  const std::optional<std::string> spelled = nested.empty() ? nested : spelled_address(*input, nested, options.limits, "view");
  if (!spelled) return kExitUsage;
  const std::string wanted = nested.empty() ? "" : input->display + "!" + *spelled;
  const ViewFind found = find_view_model(*input, file, wanted, options, looks, inputs);
  if (!found.page) return report_no_view_model(found, options.file, file, nested, wanted);
  if (!write_view_page(*found.page, options)) return kExitUsage;
  std::cout << "view: " << display_name(found.page->title) << " -> " << display_name(options.output) << " ("
            << found.page->summary << ")\n";
  if (found.models.size() > 1 && wanted.empty()) print_view_models(found.models, input->display);
  return kExitOk;
}

}  // namespace

void add_view(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ViewOptions>();
  CLI::App* cmd = app.add_subcommand("view", "Write a self-contained HTML page that shows a model (three.js)");
  cmd->add_option("FILE", options->file,
                  "a MOD, an MSH model, or a file holding models (an NRes archive, a PAC/PNST container, an NBZ/ZIP "
                  "volume): its first model, or FILE!NESTED for the one at that nested path (roundtrip lists them)")
      ->required();
  add_output_option(cmd, "-o,--output", options->output, "the .html page to write")->required();
  add_force_option(cmd, options->force);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_material_options(cmd, options->look);
  add_motion_options(cmd, options->motion);
  cmd->callback([options, &exit_code] { exit_code = run_view(*options); });
}

}  // namespace meshgate::cli
