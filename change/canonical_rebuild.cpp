#include "change/canonical_rebuild.hpp"

#include <algorithm>
#include <map>

#include "pipeline/parse_tree.hpp"
#include "writer/mod/mod_canonical.hpp"
#include "writer/msh/msh_canonical.hpp"
#include "writer/nres/nres_canonical.hpp"
#include "writer/pac/pac_layout_builder.hpp"
#include "writer/material/material_writer.hpp"
#include "writer/texm/texm_writer.hpp"

namespace meshgate {

namespace {

// A result that says why `path` was not rebuilt: its first error.
RebuildResult refused(const std::string& path, const std::vector<Diagnostic>& diagnostics) {
  RebuildResult out;
  out.error = path + ": rejected";
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::error) {
      out.error = path + ": " + std::string(d.code) + ": " + d.message;
      break;
    }
  return out;
}

// A format's rebuilt bytes, with what it could not place named under `path`.
template <typename Canonical>
RebuildResult rebuilt(const std::string& path, Canonical&& canonical) {
  RebuildResult out;
  out.bytes = std::move(canonical.bytes);
  for (const std::string& line : canonical.not_placed) out.not_placed.push_back(path + ": " + line);
  if constexpr (requires { canonical.notes; })
    for (const std::string& line : canonical.notes) out.notes.push_back(path + ": " + line);
  return out;
}

// The rebuilds of files whose archive is not built yet, keyed by where their
// bytes lie (two entries may share a name, never a payload) and their depth.
using Pending = std::map<std::pair<unsigned, const std::byte*>, RebuildResult>;

// A plain archive laid out afresh, each nested archive or model replaced by
// its own rebuild (made before this one).
RebuildResult rebuild_archive(const ParsedFile& f, Pending& nested) {
  RebuildResult out;
  nres::ArchiveDescription d;
  std::vector<const nres::EntryRecord*> records;
  const std::vector<nres::Entry>& entries = f.nres->archive->entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    const Bytes bytes = f.payload(i);
    std::vector<std::byte> payload(bytes.begin(), bytes.end());
    if (std::find(f.nested_entries.begin(), f.nested_entries.end(), i) != f.nested_entries.end()) {
      const std::string inner = f.nested_path(i);
      const auto child = nested.find({f.depth + 1, bytes.data()});
      if (f.nesting_cut || child == nested.end()) {
        out.not_placed.push_back(inner + ": nested deeper than " + std::to_string(kMaxNestingDepth) +
                                 " levels: carried as bytes, not rebuilt");
      } else if (RebuildResult& r = child->second; r.ok()) {
        payload = std::move(r.bytes);
        out.not_placed.insert(out.not_placed.end(), r.not_placed.begin(), r.not_placed.end());
        out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
      } else {
        out.not_placed.push_back(*r.error + " (carried as bytes, not rebuilt)");
      }
      if (child != nested.end()) nested.erase(child);
    }
    d.entries.push_back(nres::describe_entry(entries[i].record, std::move(payload)));
    records.push_back(&entries[i].record);
  }
  d.uppercase_sort = nres::sorted_uppercase(records);
  out.bytes = nres::build_nres(d);
  for (const std::string& line : nres::unplaced_gaps(f.nres->archive->gaps)) out.not_placed.push_back(f.path + ": " + line);
  return out;
}

// The alignment a canonical container uses, stated in every rebuild's notes.
constexpr uint64_t kContainerAlignment = 16;

// A PAC/PNST container laid out afresh: members in the order of their first
// slot, each at a 16-aligned offset with zero padding (which becomes the tail
// of the member before it: the extent rule), the table rewritten; empty slots
// stay empty and slots that shared an offset still share one. Each nested MOD
// or container is replaced by its own rebuild (made before this one); opaque
// members are their exact extents.
RebuildResult rebuild_container(const ParsedFile& f, Pending& nested) {
  RebuildResult out;
  const pac::Container& c = *f.pac->container;
  pac::ContainerDescription d;
  d.kind = c.kind;
  d.slot_count = static_cast<uint32_t>(c.slots.size());
  d.alignment = kContainerAlignment;
  d.phase = 0;
  std::vector<size_t> order(c.members.size());
  for (size_t m = 0; m < order.size(); ++m) order[m] = m;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return c.members[a].slots.front() < c.members[b].slots.front(); });
  for (size_t m : order) {
    const Bytes bytes = f.member(m);
    std::vector<std::byte> member(bytes.begin(), bytes.end());
    if (std::find(f.nested_members.begin(), f.nested_members.end(), m) != f.nested_members.end()) {
      const std::string inner = f.member_path(m);
      const auto child = nested.find({f.depth + 1, bytes.data()});
      if (f.nesting_cut || child == nested.end()) {
        out.not_placed.push_back(inner + ": nested deeper than " + std::to_string(kMaxNestingDepth) +
                                 " levels: carried as bytes, not rebuilt");
      } else if (RebuildResult& r = child->second; r.ok()) {
        member = std::move(r.bytes);
        out.not_placed.insert(out.not_placed.end(), r.not_placed.begin(), r.not_placed.end());
        out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
      } else {
        out.not_placed.push_back(*r.error + " (carried as bytes, not rebuilt)");
      }
      if (child != nested.end()) nested.erase(child);
    }
    d.members.push_back({c.members[m].slots, std::move(member)});
  }
  out.bytes = pac::build_pac(d);
  for (const Gap& g : c.gaps)
    if (!g.all_zero())
      out.not_placed.push_back(f.path + ": " + std::to_string(g.bytes.size()) + " non-zero bytes at " + hex_offset(g.offset) +
                               " that no member claims (the fresh layout pads with zeros)");
  out.notes.push_back(f.path + ": members laid out in slot order at " + std::to_string(kContainerAlignment) +
                      "-aligned offsets (offset % " + std::to_string(kContainerAlignment) +
                      " == 0), zero padding; empty slots kept");
  return out;
}

RebuildResult rebuild_one(const ParsedFile& f, Pending& nested) {
  if (f.zip) {  // its members were rebuilt (and left) below it, to no use: a volume is never rewritten
    RebuildResult out;
    out.error = f.path + ": an NBZ/ZIP volume is read-only: meshgate never rewrites one (rebuild a member after "
                         "extracting it; roundtrip, sweep, diff and gate read the members in place)";
    return out;
  }
  if (!f.ok()) return refused(f.path, f.diagnostics());
  if (f.pac) return rebuild_container(f, nested);
  // Texm, MAT0 and WEAR have no layout freedom: their parts lie back to back.
  if (f.texm || f.mat0 || f.wear) {
    RebuildResult out;
    WriteResult written = f.texm ? texm::write_texm(*f.texm->texture)
                          : f.mat0 ? write_mat0(*f.mat0->material)
                                   : write_wear(*f.wear->table);
    if (!written.ok()) return refused(f.path, {*written.error});
    out.bytes.assign(written.bytes.begin(), written.bytes.end());
    return out;
  }
  if (f.mod) return rebuilt(f.path, mod::rebuild_canonical(*f.mod->model));
  if (f.msh) return rebuilt(f.path, msh::rebuild_canonical(*f.msh->model));
  return rebuild_archive(f, nested);
}

}  // namespace

RebuildResult rebuild_canonical(const std::string& display, Bytes data, nres::Profile profile, const Origin& origin) {
  // Children are left before their archive: each one's rebuild waits here for it.
  Pending done;
  // A volume is refused before its members are inflated and rebuilt for nothing.
  if (detect_format(data.first(std::min(data.size(), kMagicProbeBytes))) == Format::zip_volume) {
    parse_tree(display, data, {.profile = profile, .descend = false, .origin = origin}, {},
               [&](const ParsedFile& f) { done[{f.depth, f.data.data()}] = rebuild_one(f, done); });
    return std::move(done[{0, data.data()}]);
  }
  parse_tree(display, data, {.profile = profile, .origin = origin}, {}, [&](const ParsedFile& f) {
    RebuildResult r = rebuild_one(f, done);
    done[{f.depth, f.data.data()}] = std::move(r);
  });
  return std::move(done[{0, data.data()}]);
}

}  // namespace meshgate
