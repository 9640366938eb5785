// `meshgate extract ADDRESS -o FILE`: one member's bytes as stored (a volume
// member's inflated); `meshgate extract CONTAINER --out DIR [--recursive]`:
// every member of one container, named as export --out names files
// (writer/core/output_names.hpp). Exit 0 written, 1 no such member (or a
// budget stopped the walk), 2 usage or I/O.
#include <filesystem>
#include <iostream>
#include <set>

#include "change/member_path.hpp"
#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "platform/utf8_path.hpp"
#include "writer/core/output_names.hpp"

namespace meshgate::cli {

namespace {

struct ExtractOptions {
  std::string address, output, out_dir;
  bool recursive = false, force = false;
  ParseProfile profile = ParseProfile::compatible;
  SizeLimits limits;
};

// A file to write: its bytes and where.
struct Extracted {
  std::string target;
  std::vector<std::byte> bytes;
};

// The extension of a member whose name has none (a PAC slot, a PTX entry).
std::string extension_for(const std::string& name, Format format) {
  const size_t slash = name.find_last_of("/\\");
  if (name.find('.', slash == std::string::npos ? 0 : slash + 1) != std::string::npos) return "";
  if (format == Format::unknown) return ".bin";
  std::string ext = "." + std::string(format_name(format));
  // "dmc3-mod" -> ".mod", "nikita-texm" -> ".texm": the part after the game's prefix.
  const size_t dash = ext.rfind('-');
  return dash == std::string::npos ? ext : "." + ext.substr(dash + 1);
}

class DirectoryExtract {
 public:
  DirectoryExtract(const ExtractOptions& options, const ParseTreeOptions& tree) : options_(options), tree_(tree) {}

  // Every member of `container` (and, --recursive, of each member that is a
  // container), named by its address below the extracted container.
  bool collect(const AddressLevel& container, const std::string& prefix, unsigned depth) {
    const ParsedFile f = parse_level(container, tree_);
    const LevelMembers held = members_of(f);
    if (!held.error.empty()) {
      if (depth > 0) return true;  // a member that is no container is written, not descended into
      std::cerr << "meshgate extract: " << display_text(container.display) << " is " << held.error << "\n";
      return false;
    }
    for (const ContainerMember& m : held.members) {
      if (m.inflated && m.size > inflated_left_) return limit(container.display + "!" + address_name(m), "--max-inflated");
      MemberBytes bytes = member_bytes(f, m, inflated_left_);
      if (!bytes.error.empty()) {
        std::cerr << "meshgate extract: " << display_text(container.display + "!" + address_name(m)) << ": " << bytes.error << "\n";
        return false;
      }
      if (m.inflated) inflated_left_ -= bytes.bytes.size();
      if (++nested_ > tree_.limits.nested_files) return limit(container.display, "--max-nested");
      AddressLevel level{.display = container.display + "!" + address_name(m), .bytes = std::move(bytes.bytes), .origin = m.origin};
      const Format format = detect_format(Bytes(level.bytes).first(std::min(level.bytes.size(), kMagicProbeBytes)));
      const std::string name = prefix.empty() ? address_name(m) : prefix + "!" + address_name(m);
      const std::string file = output_file_name(name, extension_for(m.name, format), taken_);
      files_.push_back({platform::join_utf8(options_.out_dir, file), level.bytes});
      if (options_.recursive && !collect(level, name, depth + 1)) return false;
    }
    return true;
  }

  [[nodiscard]] bool limited() const { return limited_; }
  [[nodiscard]] const std::vector<Extracted>& files() const { return files_; }

 private:
  bool limit(const std::string& where, const char* option) {
    std::cerr << "meshgate extract: " << display_text(where) << ": a limit stopped the extraction (" << option << ")\n";
    limited_ = true;
    return false;
  }

  const ExtractOptions& options_;
  const ParseTreeOptions& tree_;
  std::set<std::string> taken_;
  std::vector<Extracted> files_;
  uint64_t inflated_left_ = tree_.limits.inflated_bytes;
  uint64_t nested_ = 0;
  bool limited_ = false;
};

int write_all(const std::vector<Extracted>& files, Overwrite overwrite, Symlink symlink) {
  for (const Extracted& e : files)
    if (!write_file(e.target, [&](std::ostream& out) {
          out.write(reinterpret_cast<const char*>(e.bytes.data()), static_cast<std::streamsize>(e.bytes.size()));
        }, "extract", overwrite, symlink))
      return kExitUsage;
  return kExitOk;
}

int extract_directory(const ExtractOptions& options, const SingleInput& input, const ParseTreeOptions& tree) {
  std::error_code made, looked;
  std::filesystem::create_directories(platform::path_from_utf8(options.out_dir), made);
  if (!std::filesystem::is_directory(platform::path_from_utf8(options.out_dir), looked)) {
    // The cause named: a file in the way, a read-only or full file system.
    const std::string cause = made ? made.message() : looked ? looked.message() : "it exists and is not a directory";
    std::cerr << "meshgate extract: cannot create the directory " << display_name(options.out_dir) << ": " << cause << "\n";
    return kExitUsage;
  }
  const auto [file, nested] = split_nested(options.address);
  AddressPath path = walk_address(input.display, input.bytes, nested.empty() ? std::vector<std::string>{} : address_names(nested), tree);
  if (!path.error.empty()) {
    std::cerr << "meshgate extract: " << display_text(path.error) << "\n";
    return kExitFailed;
  }
  DirectoryExtract extract(options, tree);
  if (!extract.collect(path.levels.back(), "", 0)) return kExitFailed;
  std::vector<std::string> targets;
  for (const Extracted& e : extract.files()) targets.push_back(e.target);
  const Overwrite overwrite = overwrite_rule(options.force);
  if (!outputs_are_usable(targets, std::vector<std::string>{file}, "extract", overwrite, Symlink::refuse)) return kExitUsage;
  const int code = write_all(extract.files(), overwrite, Symlink::refuse);
  if (code == kExitOk)
    std::cout << "extracted " << extract.files().size() << " members of " << display_text(path.levels.back().display)
              << " into " << display_name(options.out_dir) << "\n";
  return code;
}

int extract_one(const ExtractOptions& options, const SingleInput& input, const ParseTreeOptions& tree) {
  const auto [file, nested] = split_nested(options.address);
  if (nested.empty()) {
    std::cerr << "meshgate extract: " << display_name(options.address)
              << " is a file, not a member: give FILE!MEMBER with -o, or the container with --out DIR\n";
    return kExitUsage;
  }
  AddressPath path = walk_address(input.display, input.bytes, address_names(nested), tree);
  if (!path.error.empty()) {
    std::cerr << "meshgate extract: " << display_text(path.error) << "\n";
    return kExitFailed;
  }
  const AddressLevel& member = path.levels.back();
  if (write_all({{options.output, member.bytes}}, overwrite_rule(options.force), Symlink::follow) != kExitOk) return kExitUsage;
  std::cout << "extracted " << display_text(member.display) << " (" << member.bytes.size() << " bytes, "
            << format_name(member.format) << ") to " << display_name(options.output) << "\n";
  return kExitOk;
}

int run_extract(const ExtractOptions& options) {
  if (options.output.empty() == options.out_dir.empty()) {
    std::cerr << "meshgate extract: give -o FILE (one member) or --out DIR (every member of a container)\n";
    return kExitUsage;
  }
  if (options.recursive && options.out_dir.empty()) {
    std::cerr << "meshgate extract: --recursive goes with --out DIR\n";
    return kExitUsage;
  }
  const auto [file, nested] = split_nested(options.address);
  FileReader reader;
  int exit_code = kExitOk;
  const std::vector<std::string> outputs = options.output.empty() ? std::vector<std::string>{} : std::vector{options.output};
  const std::optional<SingleInput> input =
      read_single_input(file, outputs, overwrite_rule(options.force), options.limits, reader, "extract", exit_code);
  if (!input) return exit_code;
  const ParseTreeOptions tree{.profile = options.profile, .limits = options.limits};
  return options.out_dir.empty() ? extract_one(options, *input, tree) : extract_directory(options, *input, tree);
}

}  // namespace

void add_extract(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExtractOptions>();
  CLI::App* cmd = app.add_subcommand("extract", "Write a container's member as stored (FILE!MEMBER -o FILE), or every member (--out DIR)");
  cmd->add_option("ADDRESS", options->address, "FILE!MEMBER[!MEMBER...] (with -o), or a container (with --out)")->required();
  auto* out = add_output_option(cmd, "-o,--output", options->output, "the member's bytes, as stored (a volume member's inflated)");
  auto* dir = cmd->add_option("--out", options->out_dir, "a directory for every member, named by its address");
  out->excludes(dir);
  cmd->add_flag("--recursive", options->recursive, "with --out: the members of each member that is a container too");
  add_force_option(cmd, options->force, "");
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  cmd->callback([options, &exit_code] { exit_code = run_extract(*options); });
}

}  // namespace meshgate::cli
