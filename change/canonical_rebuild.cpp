#include "change/canonical_rebuild.hpp"

#include "parser/detect/format_detect.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/roundtrip.hpp"
#include "writer/mod/mod_canonical.hpp"
#include "writer/msh/msh_canonical.hpp"
#include "writer/nres/nres_canonical.hpp"

namespace meshgate {

namespace {

// As roundtrip_tree: archives nested deeper than this are carried as bytes.
constexpr unsigned kMaxNestingDepth = 8;

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

RebuildResult rebuild_nres(const std::string& path, Bytes data, nres::Profile profile, unsigned depth) {
  nres::ParseResult parsed = nres::parse_nres(data, {.profile = profile, .copy_payloads = false});
  if (!parsed.ok()) return refused(path, parsed.diagnostics);
  if (msh::is_model_archive(*parsed.archive)) {
    const msh::ParseResult model = msh::parse_msh_archive(data, parsed, {.profile = profile});
    if (!model.ok()) return refused(path, model.diagnostics);
    return rebuilt(path, msh::rebuild_canonical(*model.model));
  }
  RebuildResult out;
  nres::attach_payloads(*parsed.archive, data);
  nres::ArchiveDescription d;
  std::vector<const nres::EntryRecord*> records;
  for (const nres::Entry& e : parsed.archive->entries) {
    std::vector<std::byte> payload = e.payload;
    if (nres::looks_like_nres(e.payload)) {
      const std::string inner = path + "!" + escape_path_component(nres::entry_name_view(e.record));
      if (depth + 1 >= kMaxNestingDepth) {
        out.not_placed.push_back(inner + ": nested deeper than " + std::to_string(kMaxNestingDepth) +
                                 " levels: carried as bytes, not rebuilt");
      } else if (RebuildResult nested = rebuild_nres(inner, e.payload, profile, depth + 1); nested.ok()) {
        payload = std::move(nested.bytes);
        out.not_placed.insert(out.not_placed.end(), nested.not_placed.begin(), nested.not_placed.end());
        out.notes.insert(out.notes.end(), nested.notes.begin(), nested.notes.end());
      } else {
        out.not_placed.push_back(*nested.error + " (carried as bytes, not rebuilt)");
      }
    }
    d.entries.push_back(nres::describe_entry(e.record, std::move(payload)));
    records.push_back(&e.record);
  }
  d.uppercase_sort = nres::sorted_uppercase(records);
  out.bytes = nres::build_nres(d);
  for (const std::string& line : nres::unplaced_gaps(parsed.archive->gaps)) out.not_placed.push_back(path + ": " + line);
  return out;
}

}  // namespace

RebuildResult rebuild_canonical(const std::string& display, Bytes data, nres::Profile profile) {
  switch (detect_format(data.first(std::min(data.size(), kMagicProbeBytes)))) {
    case Format::dmc3_mod: {
      const mod::ParseResult parsed = mod::parse_mod(data);
      if (!parsed.ok()) return refused(display, parsed.diagnostics);
      return rebuilt(display, mod::rebuild_canonical(*parsed.model));
    }
    case Format::nres:
    case Format::rsli: return rebuild_nres(display, data, profile, 0);
    default: {
      RebuildResult out;
      out.error = display + ": not a MOD, MSH or NRes file (no supported magic at offset 0)";
      return out;
    }
  }
}

}  // namespace meshgate
