#include "reports/canonical_rebuild.hpp"

#include "parser/detect/format_detect.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "reports/input_scan.hpp"
#include "reports/roundtrip.hpp"
#include "writer/mod/mod_canonical.hpp"
#include "writer/msh/msh_canonical.hpp"
#include "writer/nres/nres_canonical.hpp"

namespace meshgate {

namespace {

// As roundtrip_tree: archives nested deeper than this are carried as bytes.
constexpr unsigned kMaxNestingDepth = 8;

std::string first_error(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::error) return std::string(d.code) + ": " + d.message;
  return "rejected";
}

void note(RebuildResult& out, const std::string& path, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) out.not_placed.push_back(path + ": " + line);
}

RebuildResult rebuild_nres(const std::string& path, Bytes data, nres::Profile profile, unsigned depth) {
  RebuildResult out;
  nres::ParseResult parsed = nres::parse_nres(data, {.profile = profile, .copy_payloads = false});
  if (!parsed.ok()) {
    out.error = path + ": " + first_error(parsed.diagnostics);
    return out;
  }
  if (msh::is_model_archive(*parsed.archive)) {
    const msh::ParseResult model = msh::parse_msh_archive(data, parsed, {.profile = profile});
    if (!model.ok()) {
      out.error = path + ": " + first_error(model.diagnostics);
      return out;
    }
    msh::CanonicalMsh rebuilt = msh::rebuild_canonical(*model.model);
    out.bytes = std::move(rebuilt.bytes);
    note(out, path, rebuilt.not_placed);
    return out;
  }
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
      } else {
        out.not_placed.push_back(*nested.error + " (carried as bytes, not rebuilt)");
      }
    }
    d.entries.push_back(nres::describe_entry(e.record, std::move(payload)));
    records.push_back(&e.record);
  }
  d.uppercase_sort = nres::sorted_uppercase(records);
  out.bytes = nres::build_nres(d);
  note(out, path, nres::unplaced_gaps(parsed.archive->gaps));
  return out;
}

}  // namespace

RebuildResult rebuild_canonical(const std::string& display, Bytes data, nres::Profile profile) {
  switch (detect_format(data.first(std::min(data.size(), kMagicProbeBytes)))) {
    case Format::dmc3_mod: {
      RebuildResult out;
      const mod::ParseResult parsed = mod::parse_mod(data);
      if (!parsed.ok()) {
        out.error = display + ": " + first_error(parsed.diagnostics);
        return out;
      }
      mod::CanonicalMod rebuilt = mod::rebuild_canonical(*parsed.model);
      out.bytes = std::move(rebuilt.bytes);
      note(out, display, rebuilt.not_placed);
      return out;
    }
    case Format::nres:
    case Format::rsli: return rebuild_nres(display, data, profile, 0);
    default: return {{}, {}, display + ": not a MOD, MSH or NRes file (no supported magic at offset 0)"};
  }
}

}  // namespace meshgate
