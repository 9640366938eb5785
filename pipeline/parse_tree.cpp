#include "pipeline/parse_tree.hpp"

#include <algorithm>

#include "parser/core/core_diagnostic_codes.hpp"
#include "parser/mod/mod_stream_pool.hpp"
#include "parser/msh/msh_stream_pool.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"
#include "pipeline/input_scan.hpp"

namespace meshgate {

bool ParsedFile::parsed() const {
  if (mod) return mod->ok();
  if (pac) return pac->ok();
  if (texm) return texm->ok();
  if (mat0) return mat0->ok();
  if (wear) return wear->ok();
  if (zip) return zip->ok();
  if (msh) return msh->ok();
  return nres && nres->ok();
}

bool ParsedFile::ok() const {
  // A file whose nested files were not all read (a budget ran out, a member
  // could not be inflated) did not pass, however well its own bytes parsed.
  return parsed() && std::none_of(tree_diagnostics.begin(), tree_diagnostics.end(),
                                  [](const Diagnostic& d) { return d.severity == Severity::error; });
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

// What the rest of one input's tree may still cost (ParseTreeOptions::limits):
// every level draws on the same budget, so nesting cannot multiply a limit.
// Children are admitted (and their declared sizes reserved) by the file that
// holds them, before its visitors see it, so its findings name the cut.
struct TreeBudget {
  uint64_t inflated_left;
  uint64_t nested_left;
  uint64_t inflated_total;  // for messages
  uint64_t nested_total;
};

TreeBudget budget_of(const SizeLimits& limits) {
  return {limits.inflated_bytes, limits.nested_files, limits.inflated_bytes, limits.nested_files};
}

bool at_nesting_limit(unsigned depth) { return depth + 1 >= kMaxNestingDepth; }

// `where`: the table whose members are cut ("entries", "slots").
void note_nesting_cut(ParsedFile& f, const char* where) {
  f.nesting_cut = true;
  f.tree_diagnostics.push_back({core_codes::nesting_limit.code, Severity::warning, where, 0,
                                "archives nested deeper than " + std::to_string(kMaxNestingDepth) +
                                    " levels are kept as bytes, not descended into"});
}

void note_nested_limit(ParsedFile& f, const TreeBudget& budget, const char* where) {
  f.tree_diagnostics.push_back({core_codes::nested_file_limit.code, Severity::error, where, 0,
                                "the input holds more than " + std::to_string(budget.nested_total) +
                                    " nested files (--max-nested); the rest of this table is not read"});
}

// The children of a plain archive or a container that will be descended
// into: none past the nesting depth, and no more than the budget has left.
template <class Child>
void admit_children(ParsedFile& f, std::vector<Child>& children, unsigned depth, const char* where, TreeBudget& budget) {
  if (children.empty()) return;
  if (at_nesting_limit(depth)) return note_nesting_cut(f, where);
  if (children.size() > budget.nested_left) {
    children.resize(static_cast<size_t>(budget.nested_left));
    note_nested_limit(f, budget, where);
  }
  budget.nested_left -= children.size();
}

std::string inflated_limit_text(const TreeBudget& budget, const char* doing) {
  return std::string(doing) + " would take the bytes inflated from the input past " +
         std::to_string(budget.inflated_total) + " (--max-inflated); it is not read";
}

// Which members of a volume to read: those a format claims by their first
// bytes (or that hold more than they declare, or cannot be read at all, to
// say why), while the peeks and the declared sizes fit the input's inflation
// budget and the nested-file budget has room. Past the nesting depth, one
// such member is enough to say the volume was cut, and nothing is reserved.
void select_volume_members(ParsedFile& f, unsigned depth, const SizeLimits& limits, TreeBudget& budget) {
  const zip::Volume& volume = *f.zip->volume;
  for (size_t m = 0; m < volume.members.size(); ++m) {
    const zip::Member& member = volume.members[m];
    if (member.directory) continue;
    if (budget.nested_left == 0) return note_nested_limit(f, budget, "members");
    const uint64_t peek_cost = zip::peek_cost(member, kMagicProbeBytes);
    if (peek_cost > budget.inflated_left) {
      f.tree_diagnostics.push_back({zip::codes::inflated_limit.code, Severity::error, member.name, 0,
                                    inflated_limit_text(budget, "telling its format (and the next members')")});
      return;
    }
    budget.inflated_left -= peek_cost;
    const std::vector<std::byte> prefix = volume.peek(member, kMagicProbeBytes);
    // A member that cannot even be peeked into (encrypted, a method libzip
    // lacks, broken data), or holds more than it declares, is visited too.
    const bool unreadable = member.encrypted || (prefix.empty() && member.size > 0);
    const bool holds_more = prefix.size() > member.size;
    const Format format = detect_format(prefix);
    if (!unreadable && !holds_more && format == Format::unknown) continue;
    const uint64_t reserved = member.size > limits.for_format(format) ? 0 : member.size;  // a larger one is refused unread
    if (reserved > budget.inflated_left) {
      f.tree_diagnostics.push_back({zip::codes::inflated_limit.code, Severity::error, member.name, 0,
                                    inflated_limit_text(budget, "reading it")});
      continue;
    }
    f.volume_members.push_back({m, format});
    if (at_nesting_limit(depth)) return note_nesting_cut(f, "members");
    budget.inflated_left -= reserved;
    budget.nested_left -= 1;
  }
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
Origin entry_origin(const nres::Entry& e) {
  return {.nres_type_id = static_cast<uint32_t>(e.record.get(nres::entry::type_id)),
          .nres_attr2 = static_cast<uint32_t>(e.record.get(nres::entry::attr2))};
}

bool is_typed_resource(const Origin& o) {
  return o.nres_type_id == mat0::kMat0TypeId || o.nres_type_id == wear::kWearTypeId;
}

Format format_of(Bytes data, const Origin& origin) {
  if (origin.nres_type_id == mat0::kMat0TypeId) return Format::nikita_mat0;
  if (origin.nres_type_id == wear::kWearTypeId) return Format::nikita_wear;
  return detect_format(data.first(std::min(data.size(), kMagicProbeBytes)));
}

ParsedFile parse_one(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, Pools pools,
                     TreeBudget& budget, const Origin& origin) {
  ParsedFile f;
  f.path = std::move(path);
  f.depth = depth;
  f.data = data;
  f.origin = origin;
  f.format = format_of(data, origin);
  switch (f.format) {
    case Format::dmc3_mod:
      f.mod = mod::parse_mod(data, {.strict = options.strict, .pool = pools.mod, .container_member = origin.container_member});
      break;
    case Format::dmc3_pac:
    case Format::dmc3_pnst: {
      // Members are not copied: every reader takes them where they lie (member()).
      f.pac = pac::parse_pac(data, {.strict = options.strict});
      if (!f.pac->ok()) break;
      const std::vector<pac::Member>& members = f.pac->container->members;
      for (size_t m = 0; m < members.size(); ++m)
        if (members[m].kind != pac::MemberKind::opaque) f.nested_members.push_back(m);
      admit_children(f, f.nested_members, depth, "slots", budget);
      break;
    }
    case Format::zip_volume: {
      f.zip = zip::parse_volume(data);
      if (f.zip->ok()) select_volume_members(f, depth, options.limits, budget);
      break;
    }
    case Format::nikita_texm:
      f.texm = texm::parse_texm(data, {.strict = options.strict});
      break;
    case Format::nikita_mat0:
      f.mat0 = mat0::parse_mat0(
          data, {.version = origin.nres_type_id ? origin.nres_attr2 : mat0::kKnownVersion, .strict = options.strict});
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
                                          is_typed_resource(entry_origin(entries[i])))
          f.nested_entries.push_back(i);
      admit_children(f, f.nested_entries, depth, "entries", budget);
      break;
    }
    case Format::nres_msh:  // detect_format never returns it
    case Format::unknown:
      f.format = Format::unknown;
      f.tree_diagnostics.push_back({core_codes::unknown_format.code, Severity::error, "", 0,
                                    "no supported magic at offset 0 (expected " + std::string(kKnownMagics) + ")"});
      break;
  }
  return f;
}

// What a file's admitted children reserved, given back when a visitor
// chose not to descend into them (a lookup walks one branch only).
void refund_children(TreeBudget& budget, const ParsedFile& f, const SizeLimits& limits) {
  if (f.nesting_cut) return;  // nothing was reserved
  budget.nested_left += f.nested_entries.size() + f.nested_members.size() + f.volume_members.size();
  for (const ParsedFile::VolumeMember& m : f.volume_members) {
    const zip::Member& member = f.zip->volume->members[m.index];
    budget.inflated_left += member.size > limits.for_format(m.format) ? 0 : member.size;
  }
}

// One input's walk: what every level shares.
struct Walk {
  const ParseTreeOptions& options;
  const ParsedFileVisitor& enter;
  const ParsedFileVisitor& leave;
  TreeBudget budget;
  bool stopped = false;  // a visitor found what it looked for
};

void walk(Walk& w, std::string path, Bytes data, unsigned depth, const Origin& origin);

// A volume's member: inflated (one at a time: its bytes live until its
// `leave`) and walked as a file; one that cannot be inflated is visited as a
// file of its format that says why and holds no bytes. `buffer` is the
// previous member's, filled again and handed back for the next.
std::vector<std::byte> walk_volume_member(Walk& w, const ParsedFile& volume, size_t m, Format format, unsigned depth,
                                          std::vector<std::byte> buffer) {
  const zip::Member& member = volume.zip->volume->members[m];
  zip::Volume::Inflated inflated = volume.zip->volume->inflate(member, w.options.limits.for_format(format), std::move(buffer));
  if (inflated.problem) {
    ParsedFile f;
    f.path = volume.volume_member_path(m);
    f.depth = depth;
    f.format = format;
    f.tree_diagnostics.push_back(*inflated.problem);
    if (w.enter) w.enter(f);
    if (w.leave) w.leave(f);
    return std::move(inflated.bytes);
  }
  walk(w, volume.volume_member_path(m), Bytes(inflated.bytes), depth, {});
  return std::move(inflated.bytes);
}

void walk(Walk& w, std::string path, Bytes data, unsigned depth, const Origin& origin) {
  thread_local mod::StreamPool mod_pool;
  thread_local msh::StreamPool msh_pool;
  ParsedFile f = parse_one(std::move(path), data, w.options, depth, {&mod_pool, &msh_pool}, w.budget, origin);
  if (w.enter) w.enter(f);
  w.stopped = w.stopped || f.stop_walk;
  if (!f.descend) refund_children(w.budget, f, w.options.limits);
  if (w.options.descend && f.descend && !f.nesting_cut) {
    for (size_t i = 0; i < f.nested_entries.size() && !w.stopped; ++i) {
      const size_t e = f.nested_entries[i];
      walk(w, f.nested_path(e), f.payload(e), depth + 1, entry_origin(f.nres->archive->entries[e]));
    }
    for (size_t i = 0; i < f.nested_members.size() && !w.stopped; ++i)
      walk(w, f.member_path(f.nested_members[i]), f.member(f.nested_members[i]), depth + 1, {.container_member = true});
    std::vector<std::byte> member_bytes;  // one buffer for the members in turn (a fresh one each cost page faults)
    for (size_t i = 0; i < f.volume_members.size() && !w.stopped; ++i)
      member_bytes = walk_volume_member(w, f, f.volume_members[i].index, f.volume_members[i].format, depth + 1,
                                        std::move(member_bytes));
  }
  if (w.leave) w.leave(f);
  if (f.mod && f.mod->model) mod_pool.harvest(*f.mod->model);
  if (f.msh && f.msh->model) msh_pool.harvest(*f.msh->model);
}

}  // namespace

ParsedFile parse_file(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth) {
  TreeBudget budget = budget_of(options.limits);
  return parse_one(std::move(path), data, options, depth, {}, budget, options.origin);
}

void parse_tree(const std::string& path, Bytes data, const ParseTreeOptions& options, const ParsedFileVisitor& enter,
                const ParsedFileVisitor& leave) {
  Walk w{options, enter, leave, budget_of(options.limits)};
  walk(w, path, data, 0, options.origin);
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
