// `meshgate texture FILE[!ENTRY] -o out.png [--mip N] [--texm-order bgra|argb]`:
// one Texm texture as a PNG, a loose .texm or an entry of an archive
// (Textures.lib!TEX_0001, also inside a volume), decoded to RGBA8
// (parser/texm/texm_pixels.hpp) and written atomically. The byte order of
// the 4-byte formats and the palette is the spec's [CONFLICT]: the output
// names the one it used.
#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "pipeline/parse_tree.hpp"
#include "writer/image/png_encode.hpp"

namespace meshgate::cli {

namespace {

struct TextureOptions {
  std::string file, output;
  bool force = false;
  uint32_t mip = 0;
  texm::ByteOrder order = texm::ByteOrder::bgra;
  nres::Profile profile = nres::Profile::compatible;
  SizeLimits limits;
};

// What the walk of the file found: the texture asked for (the file itself,
// or the entry at `wanted`), and every Texm the file holds, as the user would name it.
struct TextureFind {
  std::vector<std::string> textures;
  bool matched = false;
  std::string path;                      // the match's report path
  std::optional<texm::Texture> texture;  // unset: the match does not parse
  std::vector<Diagnostic> rejected;      // why it does not
};

TextureFind find_texture(const SingleInput& input, const std::string& file, const std::string& wanted, nres::Profile profile) {
  TextureFind found;
  parse_tree(input.display, input.bytes, {.profile = profile}, [&](ParsedFile& f) {
    if (f.format != Format::nikita_texm) return;
    found.textures.push_back(file + f.path.substr(std::min(f.path.size(), input.display.size())));
    // Entry names match as NRes lookups match them (_strcmpi).
    const bool is_wanted = wanted.empty() ? f.depth == 0 : nres::compare_names_lowercase(f.path, wanted) == 0;
    if (found.matched || !is_wanted) return;
    found.matched = true;
    f.stop_walk = true;  // nothing after it is parsed or inflated: the list of textures is printed only on a miss
    found.path = f.path;
    if (f.ok()) found.texture = *f.as<texm::ParseResult>()->texture;
    else found.rejected = f.diagnostics();
  });
  return found;
}

// No texture matched: why, with the file's textures (at most 50).
void report_no_texture(const TextureFind& found, const std::string& file, const std::string& nested, const std::string& wanted) {
  if (wanted.empty() && found.textures.empty())
    std::cerr << "meshgate texture: " << display_text(file) << " is not a Texm texture and holds none\n";
  else if (wanted.empty())
    std::cerr << "meshgate texture: " << display_text(file) << " holds " << found.textures.size()
              << " textures; name one as FILE!ENTRY:\n";
  else
    std::cerr << "meshgate texture: " << display_text(file) << " holds no texture at " << display_text(nested)
              << "; its textures:\n";
  for (size_t i = 0; i < found.textures.size() && i < 50; ++i) std::cerr << "  " << display_text(found.textures[i]) << "\n";
}

// The mip level as a PNG, written atomically. Returns the exit code.
int write_texture_png(const texm::Texture& texture, const std::string& path, const TextureOptions& options) {
  const texm::Rgba8Image image = texm::decode_level(texture, options.mip, options.order);
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
  std::cout << "texture: " << display_text(path) << ": level " << options.mip << " of " << texture.levels.size() << ", "
            << image.width << "x" << image.height << ", pixel format " << texm::pixel_format_name(texture.format)
            << ", byte order " << texm::byte_order_name(options.order) << " -> " << options.output << "\n";
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
  const std::string wanted = nested.empty() ? "" : input->display + "!" + nested;
  const TextureFind found = find_texture(*input, file, wanted, options.profile);
  if (!found.matched) {
    report_no_texture(found, file, nested, wanted);
    return kExitUsage;
  }
  if (!found.texture) {
    std::cerr << "meshgate texture: " << display_text(found.path) << " does not parse:\n";
    for (const Diagnostic& d : found.rejected)
      if (d.severity == Severity::error) std::cerr << "  " << format_diagnostic(found.path, d) << "\n";
    return kExitFailed;
  }
  if (options.mip >= found.texture->levels.size()) {
    std::cerr << "meshgate texture: " << display_text(found.path) << " has " << found.texture->levels.size()
              << " mip level(s); --mip " << options.mip << " is not one of them\n";
    return kExitUsage;
  }
  return write_texture_png(*found.texture, found.path, options);
}

}  // namespace

void add_texture(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<TextureOptions>();
  CLI::App* cmd = app.add_subcommand("texture", "Write one Texm texture (a loose .texm or FILE!ENTRY of an archive) as a PNG");
  cmd->add_option("FILE", options->file,
                  "a Texm texture, or FILE!ENTRY for a texture inside an archive (Textures.lib!TEX_0001; names "
                  "match case-insensitively, as NRes lookups do)")
      ->required();
  add_output_option(cmd, "-o,--output", options->output, "the .png to write")->required();
  add_force_option(cmd, options->force);
  cmd->add_option("--mip", options->mip, "the mip level to write (default 0, the full size)");
  add_enum_option(cmd, "--texm-order", options->order, {{"bgra", texm::ByteOrder::bgra}, {"argb", texm::ByteOrder::argb}},
                  "byte order of the 4-byte formats and the palette, the spec's [CONFLICT]: bgra (memory B,G,R,A, "
                  "openparkan, default) or argb (A,R,G,B; 888 and the palette R,G,B,x; fparkan)");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_texture(*options); });
}

}  // namespace meshgate::cli
