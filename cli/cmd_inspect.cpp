#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/mod/mod_parser.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "reports/json_sequence.hpp"
#include "reports/json_stream.hpp"
#include "pipeline/field_listing.hpp"
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

// A file rejected before any parser ran: only its diagnostics.
struct Rejected {
  std::vector<Diagnostic> diagnostics;
  [[nodiscard]] bool ok() const { return false; }
};

// A volume: libzip's findings and the tree's (a member past the inflation budget).
struct VolumeFindings {
  std::vector<Diagnostic> diagnostics;
  bool read = false;
  [[nodiscard]] bool ok() const { return read; }
};

template <typename Result>
void print_text(const std::string& file, const nlohmann::json& report, const Result& result) {
  const nlohmann::json& hash = report["xxh3_64"];
  std::cout << display_text(file) << ": " << report["format"].get<std::string>() << ", " << report["size"] << " bytes, xxh3_64 "
            << (hash.is_string() ? hash.get<std::string>() : "(not read)") << "\n";
  if (result.ok() && report["format"] == "nres-msh") {
    const auto& s = report["summary"];
    std::cout << "  " << s["entries"] << " streams, " << s["nodes"] << " nodes, " << s["slots"] << " slots, "
              << s["batches"] << " batches, " << s["vertices"] << " vertices, " << s["indices"] << " indices, "
              << s["triangles"] << " triangles, " << s["keys"] << " keys, " << s["frames"] << " frames\n";
  } else if (result.ok() && report["format"] == "nres") {
    std::cout << "  " << report["summary"]["entries"] << " entries, " << report["summary"]["nested_archives"]
              << " nested archives, " << report["summary"]["textures"] << " textures\n";
  } else if (result.ok() && report["format"] == "nikita-texm") {
    const auto& s = report["summary"];
    std::cout << "  " << s["width"] << "x" << s["height"] << ", pixel format " << s["pixel_format"].get<std::string>()
              << ", " << s["mip_count"] << " levels" << (s["complete_mip_chain"].get<bool>() ? " (complete chain)" : "")
              << (s["palette"].get<bool>() ? ", palette" : "") << (s["alpha"].get<bool>() ? ", alpha" : "")
              << (s["page_rects"].is_null() ? "" : ", Page chunk of " + s["page_rects"].dump() + " rectangles") << "\n";
  } else if (result.ok() && report["summary"].contains("declared_slots")) {
    const auto& s = report["summary"];
    std::cout << "  " << s["declared_slots"] << " slots (" << s["populated_slots"] << " populated, " << s["empty_slots"]
              << " empty), " << s["members"].size() << " members\n";
    for (const auto& m : s["members"])
      std::cout << "    slot " << m["slot"] << ": " << m["kind"].get<std::string>() << " at " << m["offset"] << ", extent "
                << m["extent"] << ", offset mod 16 = " << m["alignment_mod_16"] << "\n";
  } else if (result.ok() && report["format"] == "zip-volume") {
    const auto& s = report["summary"];
    std::cout << "  " << s["members"] << " members (" << s["read_members"] << " models or containers, read as "
              << "FILE!NAME), " << s["declared_bytes"] << " bytes declared inflated; read-only (never rewritten)\n";
    for (const auto& m : s["list"])
      std::cout << "    " << display_text(m["name"].get<std::string>()) << ": " << m["kind"].get<std::string>() << ", "
                << m["size"] << " bytes (" << m["method"].get<std::string>() << ", " << m["compressed_size"]
                << "), crc32 " << m["crc32"].get<std::string>() << "\n";
  } else if (result.ok() && report["format"] == "nikita-mat0") {
    const auto& s = report["summary"];
    std::cout << "  version " << s["version"] << ", " << s["phases"] << " phases, " << s["tracks"] << " tracks\n";
  } else if (result.ok() && report["format"] == "nikita-wear") {
    std::cout << "  " << report["summary"]["rows"].size() << " rows\n";
  } else if (result.ok()) {
    const auto& s = report["summary"];
    std::cout << "  version " << s["version"] << ", " << s["objects"] << " objects, " << s["meshes"] << " meshes, "
              << s["vertices"] << " vertices, " << s["nodes"] << " nodes, " << s["texture_slots"]
              << " texture slots, default joint " << s["default_joint"] << "\n";
  }
  if (result.ok() && report.contains("coverage")) {  // a volume has none: it is read, not described
    const auto& c = report["coverage"];
    std::cout << "  coverage: " << c["covered_bytes"] << " bytes covered, " << c["uncovered_bytes"]
              << " uncovered (" << c["uncovered_nonzero_bytes"] << " non-zero), " << c["overlaps"] << " overlaps\n";
  }
  for (const Diagnostic& d : result.diagnostics) std::cout << "  " << format_diagnostic(file, d) << "\n";
  if (!result.ok()) std::cout << "  rejected\n";
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
  if (parsed.nested_entries.empty() && parsed.nested_members.empty() && parsed.volume_members.empty()) return nullptr;
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
    auto emit = [&](nlohmann::json report, const auto& result, const nlohmann::json& children = nullptr) {
      if (!children.is_null()) report["children"] = children;
      if (options->json)
        std::cout << dump_for_report(report) << "\n";
      else
        print_text(options->file, report, result);
      exit_code = result.ok() ? kExitOk : kExitFailed;
    };
    if (!nested_input && !read) {  // too large: rejected from its size alone, before a byte past the magic is read
      const RoundTripOutcome outcome = too_large_outcome(options->file, read);
      nlohmann::json report = inspect_envelope(format_name(read.format), {}, false, outcome.diagnostics);
      report["size"] = read.file_size;
      report["xxh3_64"] = nullptr;  // not read, so not hashed
      emit(report, Rejected{outcome.diagnostics});
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
    if (parsed.msh && options->json && parsed.msh->ok()) {
      // The fields a group at a time, straight to stdout: a 20,000-node
      // model lists ~700,000 of them, too many to hold as one JSON DOM.
      const FieldListing fields = msh_field_listing(*parsed.msh->model);
      write_json_sequence(
          msh_inspect_head(data, *parsed.msh), "fields",
          [&](const JsonElementSink& element) {
            for (const nlohmann::json& f : fields) element(f);
          },
          [](std::string_view text) { std::cout.write(text.data(), static_cast<std::streamsize>(text.size())); });
      exit_code = kExitOk;
    } else if (parsed.msh) {
      emit(msh_inspect_head(data, *parsed.msh), *parsed.msh);  // the text report reads no fields
    } else if (parsed.nres) {
      nlohmann::json report = nres_inspect_json(data, *parsed.nres);
      // A model its container's profile rejected (a strict sort table) is still a model.
      if (parsed.format == Format::nres_msh) report["format"] = std::string(msh::kFormatName);
      emit(report, *parsed.nres, children);
    } else if (parsed.mod) {
      emit(mod_inspect_json(data, *parsed.mod), *parsed.mod);
    } else if (parsed.pac) {
      emit(pac_inspect_json(data, *parsed.pac), *parsed.pac, children);
    } else if (parsed.texm) {
      emit(texm_inspect_json(data, *parsed.texm), *parsed.texm);
    } else if (parsed.mat0) {
      emit(mat0_inspect_json(data, *parsed.mat0), *parsed.mat0);
    } else if (parsed.wear) {
      emit(wear_inspect_json(data, *parsed.wear), *parsed.wear);
    } else if (parsed.zip) {
      // The tree's findings (the inflation budget) as well as the volume's own.
      const std::vector<Diagnostic> findings = parsed.diagnostics();
      nlohmann::json report = volume_inspect_json(data, *parsed.zip, findings);
      report["parse_ok"] = parsed.ok();
      emit(report, VolumeFindings{findings, parsed.ok()}, children);
    } else {
      const std::vector<Diagnostic> unknown = parsed.diagnostics();
      emit(inspect_envelope(format_name(Format::unknown), data, false, unknown), Rejected{unknown});
    }
  });
}

}  // namespace meshgate::cli
