#include "change/canonical_rebuild.hpp"

#include <algorithm>
#include <map>

#include "pipeline/parse_tree.hpp"
#include "writer/mod/mod_canonical.hpp"
#include "writer/msh/msh_canonical.hpp"
#include "writer/nres/nres_canonical.hpp"

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

RebuildResult rebuild_one(const ParsedFile& f, Pending& nested) {
  if (!f.ok()) return refused(f.path, f.diagnostics());
  if (f.mod) return rebuilt(f.path, mod::rebuild_canonical(*f.mod->model));
  if (f.msh) return rebuilt(f.path, msh::rebuild_canonical(*f.msh->model));
  return rebuild_archive(f, nested);
}

}  // namespace

RebuildResult rebuild_canonical(const std::string& display, Bytes data, nres::Profile profile) {
  // Children are left before their archive: each one's rebuild waits here for it.
  Pending done;
  parse_tree(display, data, {.profile = profile}, {}, [&](const ParsedFile& f) {
    RebuildResult r = rebuild_one(f, done);
    done[{f.depth, f.data.data()}] = std::move(r);
  });
  return std::move(done[{0, data.data()}]);
}

}  // namespace meshgate
