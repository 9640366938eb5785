// `meshgate replace ADDRESS NEWFILE -o OUT`, `meshgate add CONTAINER NEWFILE
// [--name N] -o OUT`, `meshgate remove ADDRESS -o OUT`: one member of a
// container at any depth changed, every level above it rewritten outward
// (change/member_rewrite.hpp), the outer file written beside OUT atomically,
// read back and proven before it is moved to OUT (change/member_proof.hpp):
// a proof that fails leaves whatever was at OUT. A PNG replacing a texture (a PTX entry, a Texm) is encoded in
// the member's own pixel format and mip count first (change/png_conversion),
// with PSNR per level in the summary and the JSON's `conversion`; a glTF
// replacing a MOD or an MSH model is imported like that member, as `import
// --like` imports it (change/gltf_conversion), its losses in the summary and
// the JSON's `conversion`. Exit 0
// written and proven; 1 a member missing, a new file
// refused, a container that cannot take the edit, a budget, or a failed
// proof, a glTF the import refuses; 2 usage or I/O (and a container kind not
// written yet).
#include <array>
#include <filesystem>
#include <iostream>

#include "change/member_proof.hpp"
#include "change/gltf_conversion.hpp"
#include "change/member_rewrite.hpp"
#include "change/png_conversion.hpp"
#include "cli/commands.hpp"
#include "parser/core/byte_source.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/gltf_uri_files.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate::cli {

namespace {

struct MemberOptions {
  MemberEditKind kind = MemberEditKind::replace;
  std::string address, new_file, name, output;
  bool force = false, json = false, any_format = false;
  ParseProfile profile = ParseProfile::compatible;
  texm::ByteOrder texm_order = texm::ByteOrder::bgra;  // a PNG encoded into a Texm's 4-byte formats and palette
  unsigned lod = 0;                                    // a glTF imported into an MSH: import --lod
  mot::MotImportOptions mot;                           // a glTF imported into a MOT: import's MOT options
  std::string max_error;
  SizeLimits limits;
  [[nodiscard]] const char* command() const {
    return kind == MemberEditKind::replace ? "replace" : kind == MemberEditKind::add ? "add" : "remove";
  }
};

// A failure: its message (empty: printed already), and the exit code it carries.
struct Refusal {
  std::string message;
  int exit_code = kExitFailed;
};

// The largest glTF read, its buffers together: import's --max-size default
// (a glTF is not a format meshgate sizes by magic).
uint64_t gltf_max_bytes(const MemberOptions& o) { return o.limits.override_bytes.value_or(uint64_t{256} << 20); }

bool is_png(Bytes b) {
  static constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  return b.size() >= 8 && std::equal(b.begin(), b.begin() + 8, kSignature, [](std::byte x, unsigned char y) { return x == std::byte{y}; });
}

// What a conversion on the way in puts in place of NEWFILE's bytes, and
// what the summary and the JSON's `conversion` say of it.
struct Conversion {
  std::vector<std::byte> bytes;
  nlohmann::json json;
  std::vector<std::string> lines;  // the summary's, each printed indented
};

// A glTF no import took: the member is no model, or it is added (`add`
// puts a file in as it is). Names both kinds.
Refusal gltf_refusal(const MemberOptions& o, const AddressLevel& member) {
  const std::string what = o.kind == MemberEditKind::add
                               ? "is the container it would be added to (run `meshgate import` first)"
                               : "holds a " + (member.format == Format::unknown ? std::string("member of no format meshgate reads")
                                                                               : std::string(format_name(member.format)));
  return Refusal{o.new_file + " is a glTF: `" + o.command() + "` imports a glTF into a model or motion member only (a "
                 "dmc3-mod, an nres-msh model or a dmc3-mot), and " + member.display + " " + what};
}

// The new file as the member's format needs it: a file of the member's own
// format that parses, unless --any-format. A PNG or a glTF reaches here only
// when no conversion took it (the member is no texture, no model, or it is
// added).
std::optional<Refusal> check_new_file(const MemberOptions& o, const AddressLevel& member, Bytes bytes,
                                      const ParseTreeOptions& tree) {
  if (is_png(bytes) && !o.any_format)
    return Refusal{o.new_file + " is a PNG: `replace` encodes a PNG into a texture member only (a PTX entry, "
                   "FILE.ptx!N, or a Texm, Textures.lib!NAME), and " + member.display + " is not one"};
  if (is_gltf(o.new_file, bytes) && !o.any_format) return gltf_refusal(o, member);
  if (o.any_format) return std::nullopt;
  const ParsedFile put = parse_level({.display = o.new_file, .bytes = {bytes.begin(), bytes.end()}, .origin = member.origin}, tree);
  const bool adding = o.kind == MemberEditKind::add;
  if (!adding && member.format != Format::unknown && put.format != member.format)
    return Refusal{o.new_file + " is a " + std::string(format_name(put.format)) + " file, but " + member.display +
                   " holds a " + std::string(format_name(member.format)) +
                   ": a member is replaced by a file of its own format (--any-format puts any bytes in)"};
  if (put.format != Format::unknown && !put.ok())
    return Refusal{o.new_file + " is a " + std::string(format_name(put.format)) +
                   " that does not parse (inspect it for why; --any-format puts it in as it is)"};
  return std::nullopt;
}

// An added NRes entry's type: that of an entry holding the same format, else
// the new file's first four bytes (a Texm's magic is its type's FourCC).
uint32_t added_type(const AddressLevel& container, Bytes bytes, const ParseTreeOptions& tree) {
  const Format format = detect_format(bytes.first(std::min(bytes.size(), kMagicProbeBytes)));
  const ParsedFile f = parse_level(container, tree);
  for (const ContainerMember& m : members_of(f).members)
    if (m.origin.nres_type_id && format != Format::unknown &&
        detect_format(m.bytes.first(std::min(m.bytes.size(), kMagicProbeBytes))) == format)
      return *m.origin.nres_type_id;
  return bytes.size() >= 4 ? static_cast<uint32_t>(load_fixed_le<4>(bytes.data())) : 0;
}

nlohmann::json result_json(const MemberOptions& o, const MemberRewrite& rewrite, const RewriteProof& proof,
                           const Conversion* conversion) {
  const std::string& output = o.output;
  nlohmann::json levels = nlohmann::json::array();
  for (const LevelChange& l : rewrite.levels)
    levels.push_back({{"address", l.address}, {"format", std::string(format_name(l.format))}, {"size_before", l.size_before},
                      {"size_after", l.size_after}});
  return {{"output", output}, {"changed", nlohmann::json::array({rewrite.changed})}, {"unchanged", proof.unchanged},
          {"levels", levels},
          {"conversion", conversion ? conversion->json : nlohmann::json(nullptr)}};
}

void print_text(const MemberOptions& o, const MemberRewrite& rewrite, const RewriteProof& proof, const Conversion* conversion) {
  const LevelChange& member = rewrite.levels.back();
  std::cout << o.command() << (o.kind == MemberEditKind::replace ? "d " : o.kind == MemberEditKind::add ? "ed " : "d ")
            << display_text(rewrite.changed) << " (" << member.size_before << " -> " << member.size_after << " bytes)\n";
  if (conversion)
    for (const std::string& line : conversion->lines) std::cout << "  " << display_text(line) << "\n";
  for (size_t i = 0; i + 1 < rewrite.levels.size(); ++i)
    std::cout << "  rewrote " << display_text(rewrite.levels[i].address) << ": " << rewrite.levels[i].size_before << " -> "
              << rewrite.levels[i].size_after << " bytes\n";
  std::cout << "  read back: every level parses and round-trips; " << proof.unchanged
            << " other members byte-identical; wrote " << display_name(o.output) << "\n";
}

// The proof's verdict (nothing moved to OUT when it failed), and the result.
int report_proof(const MemberOptions& o, const MemberRewrite& rewrite, const RewriteProof& proof, const Conversion* conversion) {
  if (!proof.ok()) {
    std::cerr << "meshgate " << o.command() << ": the read-back proof failed at " << display_text(proof.failed_level) << ": "
              << display_text(proof.error) << "; nothing written to " << display_name(o.output) << " (it stays as it was)\n";
    return kExitFailed;
  }
  if (o.json) std::cout << result_json(o, rewrite, proof, conversion).dump(2) << "\n";
  else print_text(o, rewrite, proof, conversion);
  return kExitOk;
}

int refuse(const MemberOptions& o, const Refusal& r) {
  if (!r.message.empty()) std::cerr << "meshgate " << o.command() << ": " << display_text(r.message) << "\n";
  return r.exit_code;
}

// A PNG replacing a texture, encoded as that texture; none when the member is no texture.
std::optional<Conversion> png_conversion(const MemberOptions& o, const AddressPath& path, Bytes png,
                                         std::optional<Refusal>& refused) {
  PngConversion c = convert_png(path, png, {.texm_order = o.texm_order, .png_limits = {}});
  if (!c.applies) return std::nullopt;
  if (!c.encoded.ok()) return refused = Refusal{o.new_file + ": " + c.encoded.error}, std::nullopt;
  nlohmann::json json = conversion_json(o.new_file, c.encoded);
  std::string summary = conversion_summary(o.new_file, c.encoded);
  return Conversion{std::move(c.encoded.bytes), std::move(json), {std::move(summary)}};
}

// A glTF replacing a MOD, an MSH model or a MOT, imported like it (its .gltf's
// uris read as `import` reads them); none when the member's row names no import.
std::optional<Conversion> gltf_conversion(const MemberOptions& o, const AddressPath& path, Bytes gltf,
                                          std::optional<Refusal>& refused) {
  GltfFolderFiles folder(platform::path_from_utf8(o.new_file).parent_path());
  ImportSettings settings;
  settings.put(o.mot);
  GltfConversion c = convert_gltf(path, gltf, folder, {.lod = o.lod, .max_bytes = gltf_max_bytes(o), .settings = std::move(settings)});
  if (!c.applies) return std::nullopt;
  // The files the glTF's uris name are inputs as much as the glTF itself (OUT's existence: checked before).
  if (!outputs_are_usable({o.output}, folder.named_files(), o.command(), Overwrite::replace))
    return refused = Refusal{"", kExitUsage}, std::nullopt;
  if (!c.ok()) return refused = Refusal{o.new_file + ": " + c.error}, std::nullopt;
  std::vector<std::string> lines{gltf_conversion_summary(o.new_file, c)};
  for (const std::string& w : c.warnings) lines.push_back("warning: " + w);
  nlohmann::json json = gltf_conversion_json(o.new_file, c);
  return Conversion{std::move(c.bytes), std::move(json), std::move(lines)};
}

// NEWFILE converted on the way in (replace only; --any-format puts its bytes
// in as they are): a PNG into a texture, a glTF into a model.
std::optional<Conversion> convert_new_file(const MemberOptions& o, const AddressPath& path, Bytes put,
                                           std::optional<Refusal>& refused) {
  if (o.kind != MemberEditKind::replace || o.any_format) return std::nullopt;
  if (is_png(put)) return png_conversion(o, path, put, refused);
  if (is_gltf(o.new_file, put)) return gltf_conversion(o, path, put, refused);
  return std::nullopt;
}

// The row of FILE's format, told by its magic, when that row opens a file
// in place (FormatRow::open_in_place: an NBZ/ZIP volume); nullptr: FILE is
// read whole. A probe: FILE is not read yet.
const FormatRow* in_place_row(const std::string& file) {
  std::array<std::byte, kMagicProbeBytes> magic{};
  const PrefixRead read = read_prefix(platform::path_from_utf8(file), magic, platform::Reading::probe);
  if (read.status != ReadStatus::ok) return nullptr;
  const FormatRow& row = row_of(detect_format(Bytes(magic.data(), read.length)));
  return row.open_in_place ? &row : nullptr;
}

// The outer container opened in place by its row, for positioned reads,
// never read whole (its members are inflated one at a time, its copy
// streamed from the file): the checks read_single_input makes (no output
// onto it, a regular file within its format's limit) with its messages and
// exit codes.
std::shared_ptr<const OuterVolume> open_in_place_input(const MemberOptions& o, const FormatRow& row, const std::string& file,
                                                        const ParseTreeOptions& tree, std::string& display, int& exit_code) {
  exit_code = kExitUsage;
  const std::optional<InputScan> scan = scan_for({file}, 1, o.command());
  if (!scan || !outputs_are_usable({o.output}, scan->files, o.command(), overwrite_rule(o.force))) return nullptr;
  display = scan->files.empty() ? file : scan->files[0].display;
  auto source = std::make_shared<OwnedFileSource>(platform::path_from_utf8(file));
  FileRead failed;
  failed.status = ReadStatus::ok;
  failed.file_size = source->size();
  failed.format = row.format;
  failed.limit = o.limits.for_format(row.format);
  if (!source->is_open()) failed.status = ReadStatus::io_error;
  else if (source->size() > failed.limit) failed.status = ReadStatus::too_large;
  if (!failed.ok()) {
    std::cerr << "meshgate " << o.command() << ": " << display_text(file) << ": " << read_failure_text(failed) << "\n";
    if (failed.status == ReadStatus::too_large) exit_code = kExitFailed;
    return nullptr;
  }
  std::string error;
  std::shared_ptr<const OuterVolume> outer = open_outer_volume(display, row, std::move(source), tree, error);
  exit_code = outer ? kExitOk : refuse(o, {error});
  return outer;
}

// The address walked from the outer file: opened in place and read a member
// at a time where its row can (a volume), anything else read whole; nullopt
// after printing why.
std::optional<AddressPath> walk_input(const MemberOptions& o, const std::string& file, const std::string& nested,
                                      const ParseTreeOptions& tree, FileReader& reader, int& exit_code) {
  const std::vector<std::string> names = nested.empty() ? std::vector<std::string>{} : address_names(nested);
  if (const FormatRow* row = in_place_row(file)) {
    std::string display;
    std::shared_ptr<const OuterVolume> outer = open_in_place_input(o, *row, file, tree, display, exit_code);
    if (!outer) return std::nullopt;
    return walk_address(display, std::move(outer), names, tree);
  }
  const std::optional<SingleInput> input =
      read_single_input(file, {o.output}, overwrite_rule(o.force), o.limits, reader, o.command(), exit_code);
  if (!input) return std::nullopt;
  return walk_address(input->display, input->bytes, names, tree);
}

// OUT written: the outer volume streamed from its file, else the rewritten
// bytes; either is read back and proven before it is moved to OUT, so a
// failed proof leaves whatever was at OUT as it was.
int write_and_prove(const MemberOptions& o, const AddressPath& path, const MemberEdit& edit, const MemberRewrite& rewrite,
                    const ParseTreeOptions& tree, const Conversion* conversion) {
  const std::string added = rewrite.changed.substr(rewrite.changed.rfind('!') + 1);
  const ProvenWrite written =
      rewrite.outer_plan
          ? write_proven_volume(path, edit, added, *rewrite.outer_plan, o.output, overwrite_rule(o.force), tree)
          : write_proven_file(path, edit, added, Bytes(rewrite.bytes), o.output, overwrite_rule(o.force), tree);
  if (!written.write_error.empty()) {
    std::cerr << "meshgate " << o.command() << ": cannot write " << written.write_error << "\n";
    return kExitUsage;
  }
  return report_proof(o, rewrite, written.proof, conversion);
}

// Why the new file cannot be read: a directory, a missing file and one over
// the limit each say so (all three once read "cannot be read").
std::string new_file_failure(const std::string& name, const FileRead& read) {
  if (read.status != ReadStatus::too_large) return name + ": " + read_failure_text(read);
  return name + ": too large (" + std::to_string(read.file_size) + " bytes; a new member may have " +
         std::to_string(read.limit) + ", see --max-size)";
}

int run_member_edit(const MemberOptions& o) {
  const auto [file, nested] = split_nested(o.address);
  if (o.kind != MemberEditKind::add && nested.empty())
    return refuse(o, {o.address + " names a file, not a member: give FILE!MEMBER", kExitUsage});
  FileReader reader;
  int exit_code = kExitOk;
  const ParseTreeOptions tree{.profile = o.profile, .limits = o.limits};
  std::optional<AddressPath> walked = walk_input(o, file, nested, tree, reader, exit_code);
  if (!walked) return exit_code;
  std::optional<std::vector<std::byte>> put;
  if (o.kind != MemberEditKind::remove) {
    if (!outputs_are_usable({o.output}, std::vector<std::string>{file, o.new_file}, o.command(), overwrite_rule(o.force)))
      return kExitUsage;
    const uint64_t limit = is_gltf(o.new_file, {}) ? gltf_max_bytes(o) : o.limits.for_format(Format::unknown);
    FileReader new_file_reader;
    const FileRead read = new_file_reader.read(platform::path_from_utf8(o.new_file), {.override_bytes = limit});
    if (!read) return refuse(o, {new_file_failure(o.new_file, read), kExitUsage});
    put.emplace(read->begin(), read->end());
  }
  const AddressPath& path = *walked;
  if (!path.error.empty()) return refuse(o, {path.error});
  std::optional<Refusal> not_converted;
  const std::optional<Conversion> conversion = put ? convert_new_file(o, path, *put, not_converted) : std::nullopt;
  if (not_converted) return refuse(o, *not_converted);
  const Bytes new_bytes = conversion ? Bytes(conversion->bytes) : put ? Bytes(*put) : Bytes{};
  MemberEdit edit{.kind = o.kind, .member = path.levels.back().member, .bytes = new_bytes, .name = o.name};
  if (put && !conversion)
    if (const auto refused = check_new_file(o, path.levels.back(), *put, tree)) return refuse(o, *refused);
  if (o.kind == MemberEditKind::add && path.levels.back().format == Format::nres)
    edit.nres_type_id = added_type(path.levels.back(), *put, tree);
  const MemberRewrite rewrite = rewrite_member(path, edit, tree);
  if (!rewrite.error.empty()) return refuse(o, {rewrite.error, rewrite.unsupported ? kExitUsage : kExitFailed});
  return write_and_prove(o, path, edit, rewrite, tree, conversion ? &*conversion : nullptr);
}

CLI::App* add_member_command(CLI::App& app, int& exit_code, MemberEditKind kind, const std::string& description) {
  auto options = std::make_shared<MemberOptions>();
  options->kind = kind;
  CLI::App* cmd = app.add_subcommand(options->command(), description);
  cmd->add_option(kind == MemberEditKind::add ? "CONTAINER" : "ADDRESS", options->address,
                  kind == MemberEditKind::add ? "the container, a file or FILE!MEMBER" : "FILE!MEMBER[!MEMBER...]")
      ->required();
  if (kind != MemberEditKind::remove) {
    cmd->add_option("NEWFILE", options->new_file, "the member's new bytes: a file of the member's own format, a PNG for a texture, a glTF for a model")->required();
    cmd->add_flag("--any-format", options->any_format, "put NEWFILE in whatever its format (an opaque member)");
    if (kind == MemberEditKind::replace) {
      add_enum_option(cmd, "--texm-order", options->texm_order, {{"bgra", texm::ByteOrder::bgra}, {"argb", texm::ByteOrder::argb}},
                      "a PNG put into a Texm: byte order of its 4-byte formats and palette, the spec's [CONFLICT]: bgra "
                      "(memory B,G,R,A, openparkan, default) or argb (A,R,G,B; fparkan)");
      cmd->add_option("--lod", options->lod, "a glTF put into an MSH model: the slot column (LOD) its meshes go to, as import --lod")
          ->check(CLI::Range(0, 4));
      add_mot_import_options(cmd, options->mot, options->max_error);
    }
  }
  if (kind == MemberEditKind::add)
    cmd->add_option("--name", options->name, "the new member's name (an NRes entry's; a PAC slot or PTX entry is numbered)");
  add_output_option(cmd, "-o,--output", options->output, "the outer file, rewritten (never an input)")->required();
  cmd->add_flag("--json", options->json, "print {output, changed, unchanged, levels, conversion}");
  add_force_option(cmd, options->force, "");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] {
    exit_code = check_mot_import_options(options->mot, options->max_error, options->command()) ? run_member_edit(*options)
                                                                                              : kExitUsage;
  });
  return cmd;
}

}  // namespace

void add_replace(CLI::App& app, int& exit_code) {
  add_member_command(app, exit_code, MemberEditKind::replace,
                     "Replace a container's member at any depth, proving every other member unchanged");
}
void add_add(CLI::App& app, int& exit_code) {
  add_member_command(app, exit_code, MemberEditKind::add, "Add a member to a container at any depth, proving the others unchanged");
}
void add_remove(CLI::App& app, int& exit_code) {
  add_member_command(app, exit_code, MemberEditKind::remove,
                     "Remove a container's member at any depth, proving the others unchanged");
}

}  // namespace meshgate::cli
