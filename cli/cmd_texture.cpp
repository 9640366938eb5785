// `meshgate texture FILE[!ENTRY] -o out.png [--mip N] [--texm-order bgra|argb]`:
// one texture as a PNG: a loose .texm or an entry of an archive
// (Textures.lib!TEX_0001, also inside a volume), or an entry of a DMC3 PTX
// companion by its index (tex.ptx!3, st.pac!slot_0001!3), decoded to RGBA8
// by the format's row (FormatRow::decode_image) and written atomically. The
// byte order of Texm's 4-byte formats and palette is the spec's [CONFLICT]:
// the output names the one it used; a PTX's names its reference decoder.
#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/nested_address.hpp"
#include "pipeline/parse_tree.hpp"
#include "writer/image/png_encode.hpp"

namespace meshgate::cli {

namespace {

struct TextureOptions {
  std::string file, output;
  bool force = false;
  ImageRequest request;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// What the walk of the file found: the image asked for (the file itself, or
// the one at `wanted`), and every image the file holds, as the user would name it.
struct TextureFind {
  std::vector<std::string> textures;
  bool matched = false;
  std::string path;                      // the match's report path
  std::optional<DecodedImage> image;     // unset: the file holding the match does not parse
  std::vector<Diagnostic> rejected;      // why it does not
  // No match: a limit (--max-inflated, --max-nested, the nesting depth) that
  // stopped the walk in `cut_in`, the deepest file on the way to `wanted`
  // (any file, without one): the texture may be there, unread.
  std::optional<Diagnostic> cut;
  std::string cut_in;
};

// The image name `wanted` asks of file `f` ("" for the file itself), if it
// names one of f's images. `wanted` is spelled as the tree spells its files
// (spelled_address: an NRes name given in another case is respelled there).
std::optional<std::string> wanted_name(const ParsedFile& f, const std::string& wanted, const std::vector<std::string>& names) {
  const bool parsed = f.parsed();
  if (wanted.empty() ? f.depth == 0 : f.path == wanted) {
    if (!parsed || std::find(names.begin(), names.end(), "") != names.end()) return "";
    return std::nullopt;  // a companion is no image: one of its entries is
  }
  if (wanted.size() <= f.path.size() + 1 || wanted[f.path.size()] != '!' || wanted.compare(0, f.path.size(), f.path) != 0)
    return std::nullopt;
  const std::string rest = wanted.substr(f.path.size() + 1);
  if (rest.find('!') != std::string::npos) return std::nullopt;
  if (!parsed || std::find(names.begin(), names.end(), rest) != names.end()) return rest;
  return std::nullopt;
}

// Keeps the limit that stopped the walk in the deepest file on the way to
// `wanted` (with no `wanted`, the first anywhere).
void note_cut(const ParsedFile& f, const std::string& wanted, TextureFind& found) {
  const bool on_the_way = wanted.empty() ? !found.cut : f.depth == 0 || leads_to(f.path, wanted);
  if (!on_the_way) return;
  const Diagnostic* cut = reading_cut(f);
  if (!cut && wanted.empty()) return;
  found.cut = cut ? std::optional<Diagnostic>(*cut) : std::nullopt;
  found.cut_in = f.path;
}

TextureFind find_texture(const SingleInput& input, const std::string& file, const std::string& wanted,
                         const TextureOptions& options) {
  TextureFind found;
  parse_tree(input.display, input.bytes, {.profile = options.profile, .limits = options.limits}, [&](ParsedFile& f) {
    note_cut(f, wanted, found);
    const FormatRow& row = row_of(f.format);
    if (!row.decode_image) return;
    const std::vector<std::string> names = f.parsed() ? row.image_names(f) : std::vector<std::string>{""};
    const std::string shown = file + f.path.substr(std::min(f.path.size(), input.display.size()));
    for (const std::string& n : names) found.textures.push_back(n.empty() ? shown : shown + "!" + n);
    const std::optional<std::string> name = found.matched ? std::nullopt : wanted_name(f, wanted, names);
    if (!name) return;
    found.matched = true;
    f.stop_walk = true;  // nothing after it is parsed or inflated: the list of textures is printed only on a miss
    found.path = name->empty() || !f.ok() ? f.path : f.path + "!" + *name;  // a rejection is the file's
    if (f.ok()) found.image = row.decode_image(f, *name, options.request);
    else found.rejected = f.diagnostics();
  });
  return found;
}

// No texture matched: why, with the file's textures (at most 50).
void report_no_texture(const TextureFind& found, const std::string& file, const std::string& nested, const std::string& wanted) {
  if (wanted.empty() && found.textures.empty())
    std::cerr << "meshgate texture: " << display_text(file) << " is not a texture and holds none\n";
  else if (wanted.empty())
    std::cerr << "meshgate texture: " << display_text(file) << " holds " << found.textures.size()
              << " textures; name one as FILE!ENTRY:\n";
  else
    std::cerr << "meshgate texture: " << display_text(file) << " holds no texture at " << display_text(nested)
              << "; its textures:\n";
  for (size_t i = 0; i < found.textures.size() && i < 50; ++i) std::cerr << "  " << display_text(found.textures[i]) << "\n";
}

// The image as a PNG, written atomically. Returns the exit code.
int write_texture_png(const DecodedImage& image, const std::string& path, const TextureOptions& options) {
  std::vector<std::byte> png;
  try {
    png = encode_png_rgba(image.width, image.height, image.rgba);
  } catch (const std::exception& e) {
    std::cerr << "meshgate texture: " << e.what() << "\n";
    return kExitUsage;
  }
  const auto write = [&](std::ostream& out) {
    out.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  };
  if (!write_file(options.output, write, "texture", overwrite_rule(options.force))) return kExitUsage;
  std::cout << "texture: " << display_text(path) << ": " << image.description << " -> " << options.output << "\n";
  return kExitOk;
}

int run_texture(const TextureOptions& options) {
  if (!options.output.ends_with(".png")) {
    std::cerr << "meshgate texture: " << options.output << ": the picture must end in .png\n";
    return kExitUsage;
  }
  FileReader reader;
  const auto [file, nested] = split_nested(options.file);
  int exit_code = kExitOk;
  const std::optional<SingleInput> input = read_single_input(file, {options.output}, overwrite_rule(options.force),
                                                             options.limits, reader, "texture", exit_code);
  if (!input) return exit_code;
  const std::optional<std::string> spelled =
      nested.empty() ? nested : spelled_address(*input, nested, options.limits, "texture");
  if (!spelled) return kExitUsage;
  const std::string wanted = nested.empty() ? "" : input->display + "!" + *spelled;
  const TextureFind found = find_texture(*input, file, wanted, options);
  if (!found.matched && found.cut && !wanted.empty()) {  // not a miss: say which budget, never what is held
    std::cerr << "meshgate texture: " << display_text(cut_address_text(wanted, found.cut_in, *found.cut)) << "\n";
    return kExitFailed;
  }
  if (!found.matched) {
    report_no_texture(found, file, nested, wanted);
    if (found.cut) std::cerr << "  (not all read: " << display_text(format_diagnostic(found.cut_in, *found.cut)) << ")\n";
    return kExitUsage;
  }
  if (!found.image) {
    std::cerr << "meshgate texture: " << display_text(found.path) << " does not parse:\n";
    for (const Diagnostic& d : found.rejected)
      if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(found.path, d) << "\n";
    return kExitFailed;
  }
  if (found.image->error) {
    std::cerr << "meshgate texture: " << display_text(found.path) << " " << *found.image->error << "\n";
    return found.image->request_error ? kExitUsage : kExitFailed;
  }
  return write_texture_png(*found.image, found.path, options);
}

}  // namespace

void add_texture(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<TextureOptions>();
  CLI::App* cmd = app.add_subcommand(
      "texture", "Write one texture (a loose .texm, FILE!ENTRY of an archive, or FILE.ptx!N of a PTX companion) as a PNG");
  cmd->add_option("FILE", options->file,
                  "a Texm texture, FILE!ENTRY for a texture inside an archive (Textures.lib!TEX_0001; names "
                  "match case-insensitively, as NRes lookups do), or FILE.ptx!N for entry N (0-based, the number a "
                  "mesh's texture_index names) of a PTX companion")
      ->required();
  add_output_option(cmd, "-o,--output", options->output, "the .png to write")->required();
  add_force_option(cmd, options->force);
  cmd->add_option("--mip", options->request.mip, "the mip level to write (default 0, the full size)");
  add_enum_option(cmd, "--texm-order", options->request.texm_order, {{"bgra", texm::ByteOrder::bgra}, {"argb", texm::ByteOrder::argb}},
                  "byte order of the 4-byte formats and the palette, the spec's [CONFLICT]: bgra (memory B,G,R,A, "
                  "openparkan, default) or argb (A,R,G,B; 888 and the palette R,G,B,x; fparkan)");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_texture(*options); });
}

}  // namespace meshgate::cli
