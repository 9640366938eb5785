#include "change/canonical_rebuild.hpp"

#include <algorithm>
#include <map>

#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"

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

// The rebuilds of files whose archive is not built yet, keyed by where their
// bytes lie (two entries may share a name, never a payload) and their depth.
using Pending = std::map<std::pair<unsigned, const std::byte*>, RebuildResult>;

// What a container places for one of its children: the child's own rebuild
// (made before it, since children are left first), or its bytes as they
// were, saying why.
ChildRebuild placed_children(const ParsedFile& f, Pending& nested) {
  return [&f, &nested](const NestedChild& c, CanonicalLayout& out) {
    std::vector<std::byte> placed(c.bytes.begin(), c.bytes.end());
    const auto child = nested.find({f.depth + 1, c.bytes.data()});
    if (f.nesting_cut || child == nested.end()) {
      out.not_placed.push_back(f.child_path(c) + ": nested deeper than " + std::to_string(kMaxNestingDepth) +
                               " levels: carried as bytes, not rebuilt");
    } else if (RebuildResult& r = child->second; r.ok()) {
      placed = std::move(r.bytes);
      out.not_placed.insert(out.not_placed.end(), r.not_placed.begin(), r.not_placed.end());
      out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
    } else {
      out.not_placed.push_back(*r.error + " (carried as bytes, not rebuilt)");
    }
    if (child != nested.end()) nested.erase(child);
    return placed;
  };
}

RebuildResult rebuild_one(const ParsedFile& f, Pending& nested) {
  const FormatRow& row = row_of(f.format);
  RebuildResult out;
  if (row.read_only_reason) {  // its members were rebuilt (and left) below it, to no use
    out.error = f.path + ": " + row.read_only_reason;
    return out;
  }
  if (!f.ok() || !row.rebuild) return refused(f.path, f.diagnostics());
  CanonicalLayout layout = row.rebuild(f, placed_children(f, nested));
  out.bytes = std::move(layout.bytes);
  out.not_placed = std::move(layout.not_placed);
  out.notes = std::move(layout.notes);
  out.error = std::move(layout.error);
  return out;
}

}  // namespace

RebuildResult rebuild_canonical(const std::string& display, Bytes data, ParseProfile profile, const Origin& origin) {
  // Children are left before their archive: each one's rebuild waits here for it.
  Pending done;
  // A volume is refused before its members are inflated and rebuilt for nothing.
  if (row_of(detect_format(data.first(std::min(data.size(), kMagicProbeBytes)))).read_only_reason) {
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
