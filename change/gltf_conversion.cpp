#include "change/gltf_conversion.hpp"

#include <algorithm>
#include <cctype>

#include "pipeline/format_rows.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

namespace {

// The format's row says which import builds it from a glTF: no branch on the format here.
const GltfImporter* importer_of(Format f) { return f == Format::unknown ? nullptr : row_of(f).gltf_import; }

// The import's refusal in words: what it stopped at, and why.
std::string build_refusal(const ImportBuild& built, const GltfImporter& importer, const std::string& like) {
  if (built.like_refused) return like + " is not " + std::string(importer.text) + " meshgate accepts, so nothing is imported like it";
  std::string text = std::string(importer.text) + " cannot hold this glTF:";
  for (const std::string& e : built.errors) text += " " + e + ";";
  text.pop_back();
  return text;
}

// The model built, parsed again as `import` parses what it writes: the first error diagnostic, or empty.
std::string first_error(const std::string& display, Bytes model) {
  for (const RoundTripOutcome& o : roundtrip_tree(display, model, ParseProfile::compatible, {}, /*hashes=*/false))
    for (const Diagnostic& d : o.diagnostics)
      if (d.severity == Severity::error) return "the model imported has an error diagnostic: " + format_diagnostic(o.path, d);
  return {};
}

}  // namespace

bool is_gltf(const std::string& path, Bytes bytes) {
  std::string tail = path.substr(path.find_last_of("/\\.") == std::string::npos ? path.size() : path.find_last_of("/\\."));
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  static constexpr char kGlbMagic[4] = {'g', 'l', 'T', 'F'};
  const bool glb = bytes.size() >= 4 && std::equal(bytes.begin(), bytes.begin() + 4, kGlbMagic,
                                                   [](std::byte b, char c) { return b == std::byte(c); });
  return glb || tail == ".glb" || tail == ".gltf";
}

GltfConversion convert_gltf(const AddressPath& path, Bytes gltf, gltf::UriSource& uris, const GltfConversionOptions& options) {
  GltfConversion out;
  if (path.levels.empty()) return out;
  const AddressLevel& member = path.levels.back();
  const GltfImporter* importer = importer_of(member.format);
  if (!importer) return out;
  out.applies = true;
  out.format = member.format;
  out.like = member.display;
  // --lod places the meshes only where the format has levels of detail (view's, FormatRow::lods).
  if (row_of(member.format).lods > 1) out.lod = options.lod;
  ImportAsset asset = read_import_asset(gltf, &uris, options.max_bytes);
  if (!asset.model) {
    out.error = (asset.unreadable ? "not a glTF 2.0 file meshgate reads: " : "") + asset.error;
    return out;
  }
  out.conventions = asset.conventions;
  ImportBuild built = importer->build(*asset.model, {.lod = options.lod, .like = Bytes(member.bytes),
                                                     .like_is_container_member = member.origin.container_member,
                                                     .settings = options.settings});
  out.warnings = std::move(built.warnings);
  out.accuracy = std::move(built.accuracy);
  out.accuracy_text = std::move(built.accuracy_text);
  if (!built.ok()) {
    out.error = build_refusal(built, *importer, member.display);
    return out;
  }
  out.error = first_error(member.display, built.bytes);
  if (out.error.empty()) out.bytes = std::move(built.bytes);
  return out;
}

nlohmann::json gltf_conversion_json(const std::string& from, const GltfConversion& c) {
  return {{"from", from},
          {"format", std::string(format_name(c.format))},
          {"importer", std::string("import --as ") + importer_of(c.format)->as + " --like"},
          {"like", c.like},
          {"lod", c.lod ? nlohmann::json(*c.lod) : nlohmann::json(nullptr)},
          {"root_removed", c.conventions.root_removed},
          {"warnings", c.warnings},
          {"accuracy", c.accuracy}};
}

std::string gltf_conversion_summary(const std::string& from, const GltfConversion& c) {
  const size_t losses = c.warnings.size();
  return "imported " + from + " as a " + std::string(format_name(c.format)) + " like " + c.like + " (import --as " +
         importer_of(c.format)->as + " --like): " + std::to_string(c.bytes.size()) + " bytes, " + std::to_string(losses) +
         (losses == 1 ? " loss" : " losses") + (c.conventions.root_removed ? "; the export's root node removed" : "") +
         (c.accuracy_text.empty() ? "" : "; " + c.accuracy_text);
}

}  // namespace meshgate
