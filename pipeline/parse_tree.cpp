#include "pipeline/parse_tree.hpp"

#include <algorithm>

#include "parser/core/core_diagnostic_codes.hpp"
#include "parser/mod/mod_stream_pool.hpp"
#include "parser/msh/msh_stream_pool.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"
#include "pipeline/input_scan.hpp"

namespace meshgate {

bool ParsedFile::ok() const {
  if (mod) return mod->ok();
  if (pac) return pac->ok();
  if (texm) return texm->ok();
  if (mat0) return mat0->ok();
  if (wear) return wear->ok();
  if (zip)  // and every member it chose to read was within the inflation budget
    return zip->ok() && std::none_of(tree_diagnostics.begin(), tree_diagnostics.end(),
                                     [](const Diagnostic& d) { return d.severity == Severity::error; });
  if (msh) return msh->ok();
  return nres && nres->ok();
}

std::vector<Diagnostic> ParsedFile::diagnostics() const {
  std::vector<Diagnostic> out;
  if (mod) out = mod->diagnostics;
  else if (msh) out = msh->diagnostics;
  else if (nres) out = nres->diagnostics;
  else if (pac) out = pac->diagnostics;
  else if (zip) out = zip->diagnostics;
  else if (texm) out = texm->diagnostics;
  else if (mat0) out = mat0->diagnostics;
  else if (wear) out = wear->diagnostics;
  out.insert(out.end(), tree_diagnostics.begin(), tree_diagnostics.end());
  return out;
}

Bytes ParsedFile::payload(size_t i) const {
  const nres::EntryRecord& r = nres->archive->entries[i].record;
  // Offsets and sizes were validated by the parse.
  return data.subspan(static_cast<size_t>(r.get(nres::entry::data_offset)), static_cast<size_t>(r.get(nres::entry::size)));
}

std::string ParsedFile::nested_path(size_t i) const {
  return path + "!" + escape_path_component(nres::entry_name_view(nres->archive->entries[i].record));
}

Bytes ParsedFile::member(size_t m) const {
  const pac::Member& member = pac->container->members[m];
  return data.subspan(static_cast<size_t>(member.offset), static_cast<size_t>(member.extent));  // validated by the parse
}

std::string ParsedFile::member_path(size_t m) const {
  return path + "!" + escape_path_component(pac::slot_name(pac->container->members[m].slots.front()));
}

std::string ParsedFile::volume_member_path(size_t m) const {
  return path + "!" + escape_path_component(zip->volume->members[m].name);
}

namespace {

// `where`: the table whose members are cut ("entries", "slots").
void note_nesting_cut(ParsedFile& f, bool has_nested, unsigned depth, const char* where) {
  if (!has_nested || depth + 1 < kMaxNestingDepth) return;
  f.nesting_cut = true;
  f.tree_diagnostics.push_back({core_codes::nesting_limit.code, Severity::warning, where, 0,
                                "archives nested deeper than " + std::to_string(kMaxNestingDepth) +
                                    " levels are kept as bytes, not descended into"});
}

// Stream buffers of the calling thread's last model, refilled by the next
// one (a sweep parses file after file): only parse_tree uses them, and gives
// them back after the file's visitors are done with it.
struct Pools {
  mod::StreamPool* mod = nullptr;
  msh::StreamPool* msh = nullptr;
};

// What an NRes entry's directory says of its payload: resources without a
// magic (MAT0, WEAR) are known by their type, and MAT0's version is attr2.
struct EntryType {
  uint32_t type_id = 0;
  uint32_t attr2 = 0;
};

EntryType entry_type(const nres::Entry& e) {
  return {static_cast<uint32_t>(e.record.get(nres::entry::type_id)), static_cast<uint32_t>(e.record.get(nres::entry::attr2))};
}

bool is_typed_resource(const EntryType& e) { return e.type_id == mat0::kMat0TypeId || e.type_id == wear::kWearTypeId; }

Format format_of(Bytes data, const std::optional<EntryType>& entry) {
  if (entry && entry->type_id == mat0::kMat0TypeId) return Format::nikita_mat0;
  if (entry && entry->type_id == wear::kWearTypeId) return Format::nikita_wear;
  return detect_format(data.first(std::min(data.size(), kMagicProbeBytes)));
}

ParsedFile parse_one(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, Pools pools,
                     bool container_member = false, std::optional<EntryType> entry = std::nullopt) {
  ParsedFile f;
  f.path = std::move(path);
  f.depth = depth;
  f.data = data;
  f.container_member = container_member;
  f.format = format_of(data, entry);
  switch (f.format) {
    case Format::dmc3_mod:
      f.mod = mod::parse_mod(data, {.strict = options.strict, .pool = pools.mod, .container_member = container_member});
      break;
    case Format::dmc3_pac:
    case Format::dmc3_pnst: {
      // Members are not copied: every reader takes them where they lie (member()).
      f.pac = pac::parse_pac(data, {.strict = options.strict});
      if (!f.pac->ok()) break;
      const std::vector<pac::Member>& members = f.pac->container->members;
      for (size_t m = 0; m < members.size(); ++m)
        if (members[m].kind != pac::MemberKind::opaque) f.nested_members.push_back(m);
      note_nesting_cut(f, !f.nested_members.empty(), depth, "slots");
      break;
    }
    case Format::zip_volume: {
      f.zip = zip::parse_volume(data);
      if (!f.zip->ok()) break;
      // Which members to read: those a format claims, by their first bytes,
      // while the declared sizes fit the volume's inflation budget.
      uint64_t budget = zip::kMaxInflatedBytes;
      const std::vector<zip::Member>& members = f.zip->volume->members;
      for (size_t m = 0; m < members.size(); ++m) {
        if (members[m].directory) continue;
        const std::vector<std::byte> prefix = f.zip->volume->peek(members[m], kMagicProbeBytes);
        // A member that cannot even be peeked into (encrypted, a method
        // libzip lacks, broken data) is visited too, to say why.
        const bool unreadable = members[m].encrypted || (prefix.empty() && members[m].size > 0);
        if (!unreadable && detect_format(prefix) == Format::unknown) continue;
        if (members[m].size > budget) {
          f.tree_diagnostics.push_back({zip::codes::inflated_limit.code, Severity::error, members[m].name, 0,
                                        "reading it would inflate the volume's members past " +
                                            std::to_string(zip::kMaxInflatedBytes) + " bytes; it is not read"});
          continue;
        }
        budget -= members[m].size;
        f.volume_members.push_back({m, detect_format(prefix)});
      }
      note_nesting_cut(f, !f.volume_members.empty(), depth, "members");
      break;
    }
    case Format::nikita_texm:
      f.texm = texm::parse_texm(data, {.strict = options.strict});
      break;
    case Format::nikita_mat0:
      f.mat0 = mat0::parse_mat0(data, {.version = entry ? entry->attr2 : mat0::kKnownVersion, .strict = options.strict});
      break;
    case Format::nikita_wear:
      f.wear = wear::parse_wear(data, {.strict = options.strict});
      break;
    case Format::nres:
    case Format::rsli: {
      // Payloads are not copied: every reader takes them where they lie (payload()).
      f.nres = nres::parse_nres(data, {.profile = options.profile, .strict = options.strict, .copy_payloads = false});
      if (f.nres->ok() && msh::is_model_archive(*f.nres->archive)) {
        f.format = Format::nres_msh;
        f.msh = msh::parse_msh_archive(data, *f.nres, {.profile = options.profile, .strict = options.strict, .pool = pools.msh});
        break;
      }
      // A model its container's profile (or --strict) rejected is still a model.
      if (!f.nres->ok()) {
        if (is_rejected_model(data)) f.format = Format::nres_msh;
        break;
      }
      const std::vector<nres::Entry>& entries = f.nres->archive->entries;
      for (size_t i = 0; i < entries.size(); ++i)
        if (const Bytes p = f.payload(i); nres::looks_like_nres(p) || texm::looks_like_texm(p) ||
                                          is_typed_resource(entry_type(entries[i])))
          f.nested_entries.push_back(i);
      note_nesting_cut(f, !f.nested_entries.empty(), depth, "entries");
      break;
    }
    case Format::nres_msh:  // detect_format never returns it
    case Format::unknown:
      f.format = Format::unknown;
      f.tree_diagnostics.push_back({core_codes::unknown_format.code, Severity::error, "", 0,
                                    "no supported magic at offset 0 (expected \"MOD \", \"NRes\", \"NL\", \"PAC\\0\", "
                                    "\"PNST\", \"PK\" or \"Texm\")"});
      break;
  }
  return f;
}

void walk(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, const ParsedFileVisitor& enter,
          const ParsedFileVisitor& leave, bool container_member = false, std::optional<EntryType> entry = std::nullopt);

// A volume's member: inflated (one at a time: its bytes live until its
// `leave`) and walked as a file; one that cannot be inflated is visited as a
// file of its format that says why and holds no bytes. `buffer` is the
// previous member's, filled again and handed back for the next.
std::vector<std::byte> walk_volume_member(const ParsedFile& volume, size_t m, Format format,
                                          const ParseTreeOptions& options, unsigned depth,
                                          const ParsedFileVisitor& enter, const ParsedFileVisitor& leave,
                                          std::vector<std::byte> buffer) {
  const zip::Member& member = volume.zip->volume->members[m];
  zip::Volume::Inflated inflated =
      volume.zip->volume->inflate(member, default_max_input_bytes(format), std::move(buffer));
  if (inflated.problem) {
    ParsedFile f;
    f.path = volume.volume_member_path(m);
    f.depth = depth;
    f.format = format;
    f.tree_diagnostics.push_back(*inflated.problem);
    if (enter) enter(f);
    if (leave) leave(f);
    return std::move(inflated.bytes);
  }
  walk(volume.volume_member_path(m), Bytes(inflated.bytes), options, depth, enter, leave);
  return std::move(inflated.bytes);
}

void walk(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, const ParsedFileVisitor& enter,
          const ParsedFileVisitor& leave, bool container_member, std::optional<EntryType> entry) {
  thread_local mod::StreamPool mod_pool;
  thread_local msh::StreamPool msh_pool;
  ParsedFile f = parse_one(std::move(path), data, options, depth, {&mod_pool, &msh_pool}, container_member, entry);
  if (enter) enter(f);
  if (options.descend && !f.nesting_cut) {
    for (size_t i : f.nested_entries)
      walk(f.nested_path(i), f.payload(i), options, depth + 1, enter, leave, false,
           entry_type(f.nres->archive->entries[i]));
    for (size_t m : f.nested_members) walk(f.member_path(m), f.member(m), options, depth + 1, enter, leave, true);
    std::vector<std::byte> member_bytes;  // one buffer for the members in turn (a fresh one each cost page faults)
    for (const ParsedFile::VolumeMember& m : f.volume_members)
      member_bytes = walk_volume_member(f, m.index, m.format, options, depth + 1, enter, leave, std::move(member_bytes));
  }
  if (leave) leave(f);
  if (f.mod && f.mod->model) mod_pool.harvest(*f.mod->model);
  if (f.msh && f.msh->model) msh_pool.harvest(*f.msh->model);
}

}  // namespace

ParsedFile parse_file(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth) {
  return parse_one(std::move(path), data, options, depth, {});
}

void parse_tree(const std::string& path, Bytes data, const ParseTreeOptions& options, const ParsedFileVisitor& enter,
                const ParsedFileVisitor& leave) {
  walk(path, data, options, 0, enter, leave);
}

ParsedCoverage parsed_coverage(const ParsedView& parsed) {
  if (parsed.mod && parsed.mod->ok()) return {&parsed.mod->coverage_map, &parsed.mod->coverage};
  if (parsed.msh && parsed.msh->ok()) return {&parsed.msh->coverage_map, &parsed.msh->coverage};
  // A model the parser rejected inside a sound container: the container's map.
  if (parsed.nres && parsed.nres->ok()) return {&parsed.nres->coverage_map, &parsed.nres->coverage};
  if (parsed.pac && parsed.pac->ok()) return {&parsed.pac->coverage_map, &parsed.pac->coverage};
  if (parsed.texm && parsed.texm->ok()) return {&parsed.texm->coverage_map, &parsed.texm->coverage};
  if (parsed.mat0 && parsed.mat0->ok()) return {&parsed.mat0->coverage_map, &parsed.mat0->coverage};
  if (parsed.wear && parsed.wear->ok()) return {&parsed.wear->coverage_map, &parsed.wear->coverage};
  return {};  // also a volume: read, not described byte by byte (its members are)
}

}  // namespace meshgate
