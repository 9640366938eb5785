#include "reports/evidence.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "parser/core/hashing.hpp"
#include "analysis/field_catalog.hpp"
#include "pipeline/format_rows.hpp"
#include "reports/json_stream.hpp"
#include "reports/markdown_tables.hpp"

#ifndef MESHGATE_VERSION
#define MESHGATE_VERSION "0.0.0"
#endif
#ifndef MESHGATE_GIT_COMMIT
#define MESHGATE_GIT_COMMIT "unknown"
#endif

namespace meshgate {

using nlohmann::json;

namespace {

// Formats present in the sweep, so the report shows only their tables.
std::set<std::string> formats_seen(const SweepResult& r) {
  std::set<std::string> out;
  for (const SweptFile& f : r.files) {
    if (!f.parse_ok) continue;
    out.insert(std::string(format_name(f.format)));
    // The formats whose tables it fills too (a model's container's; a PNST the PAC's it shares).
    for (Format other : row_of(f.format).fills_tables_of) out.insert(std::string(format_name(other)));
  }
  return out;
}

}  // namespace

json tool_json() {
  return {{"name", "meshgate"}, {"version", MESHGATE_VERSION}, {"git_commit", MESHGATE_GIT_COMMIT}};
}

void require_digests(const SweptFile& f) {
  if (f.sha256.empty() || f.xxh3_64.empty())
    throw std::logic_error(f.path + ": swept without its SHA-256 and xxh3_64, which this output cites");
}

void append_fingerprint_item(std::string& material, std::string_view path, uint64_t size, std::string_view sha256) {
  material += path;
  material += '\0';
  for (int i = 0; i < 8; ++i) material += static_cast<char>((size >> (8 * i)) & 0xFF);
  material += '\0';
  material += sha256;
}

std::string fingerprint_of(const std::string& material) {
  return sha256_hex(Bytes(reinterpret_cast<const std::byte*>(material.data()), material.size()));
}

std::string input_fingerprint(const std::vector<SweptFile>& files) {
  std::string material;
  for (const SweptFile& f : files) {
    if (f.nested) continue;
    require_digests(f);
    append_fingerprint_item(material, f.path, f.size, f.sha256);
  }
  return fingerprint_of(material);
}

json volume_members_json(const std::vector<VolumeMemberDigest>& members) {
  json out = json::array();
  for (const VolumeMemberDigest& m : members) {
    out.push_back({{"path", m.path}, {"size", m.size}, {"crc32", crc32_hex(m.crc32)}});
  }
  return out;
}

// Built member by member: nlohmann's initializer lists deep-copy every value
// they hold (a file's whole "uncovered" array once more), which made this a
// quarter of a 10,000-file `sweep --json`.
json swept_file_json(const SweptFile& f) {
  require_digests(f);
  json coverage = nullptr;
  if (f.has_coverage) {
    json ranges = json::array();
    ranges.get_ref<json::array_t&>().reserve(f.coverage.uncovered.size());
    for (const CoverageStats::Range& u : f.coverage.uncovered) {
      json& range = ranges.emplace_back(json::object());
      range["start"] = u.start;
      range["end"] = u.end;
      range["length"] = u.end - u.start;
      range["all_zero"] = u.all_zero;
      range["kind"] = gap_kind_name(u.kind);
    }
    coverage = json::object();
    coverage["covered_bytes"] = f.coverage.covered_bytes;
    coverage["uncovered_bytes"] = f.coverage.uncovered_bytes;
    coverage["uncovered_nonzero_bytes"] = f.coverage.uncovered_nonzero_bytes;
    coverage["overlaps"] = f.coverage.overlaps;
    coverage["uncovered"] = std::move(ranges);
  }
  json file = json::object();
  file["path"] = f.path;
  file["size"] = f.size;
  file["xxh3_64"] = f.xxh3_64;
  file["sha256"] = f.sha256;
  file["format"] = format_name(f.format);
  file["version"] = f.version.empty() ? json(nullptr) : json(f.version);
  file["parse_ok"] = f.parse_ok;
  file["roundtrip_identical"] = f.roundtrip_identical;
  file["coverage"] = std::move(coverage);
  file["diagnostic_codes"] = f.diagnostic_codes;
  file["invariants_violated"] = f.invariants_violated;
  file["uv_range"] = f.uv_range ? json{{"u_min", f.uv_range->u_min}, {"u_max", f.uv_range->u_max},
                                       {"v_min", f.uv_range->v_min}, {"v_max", f.uv_range->v_max}}
                                : json(nullptr);
  file["errors"] = f.errors;
  file["warnings"] = f.warnings;
  if (!f.volume_members.empty()) file["members"] = volume_members_json(f.volume_members);
  return file;
}

std::string uncovered_sentence(uint64_t uncovered, uint64_t nonzero) {
  return with_commas(uncovered) + " uncovered bytes, " + (nonzero == 0 ? "all zero" : with_commas(nonzero) + " non-zero");
}

json sweep_totals_json(const SweepResult& r) {
  const SweepTotals& t = r.totals;
  return {{"files", t.files},
          {"entries", t.entries},
          {"bytes", t.bytes},
          {"parsed", t.parsed},
          {"roundtrip_identical", t.roundtrip_identical},
          {"clean", t.clean},
          {"covered_bytes", t.covered_bytes},
          {"uncovered_bytes", t.uncovered_bytes},
          {"uncovered_nonzero_bytes", t.uncovered_nonzero_bytes},
          {"overlaps", t.overlaps},
          {"summary", uncovered_sentence(t.uncovered_bytes, t.uncovered_nonzero_bytes)},
          {"unreadable", r.errors}};
}

// The evidence report but its "files" array.
json evidence_without_files(const SweepResult& r) {
  const std::set<std::string> formats = formats_seen(r);
  json fields = json::array();
  const auto catalog = field_catalog();
  for (size_t t = 0; t < catalog.size(); ++t) {
    if (!formats.contains(std::string(catalog[t].format))) continue;
    for (size_t i = 0; i < catalog[t].fields.size(); ++i) {
      const FieldSpec& f = catalog[t].fields[i];
      fields.push_back({{"format", std::string(catalog[t].format)},
                        {"record", std::string(catalog[t].record)},
                        {"offset", f.offset},
                        {"size", f.width},
                        {"type", f.is_bytes() ? "bytes[" + std::to_string(f.width) + "]" : std::string(type_name(f.type))},
                        {"name", std::string(f.name)},
                        {"status", status_string(f.status)},
                        {"note", std::string(f.note)},
                        {"observed", r.observations.observed_json(t, i)}});
    }
  }
  const json totals = sweep_totals_json(r);
  return {{"schema", std::string(kEvidenceSchema)},
          {"tool", tool_json()},
          {"input", {{"files", totals["files"]}, {"fingerprint", input_fingerprint(r.files)}}},
          {"totals", totals},
          {"counts", r.observations.counts_json()},
          {"versions", r.observations.versions_json()},
          {"observations", r.observations.histograms_json()},
          {"invariants", r.invariants.to_json()},
          {"fields", fields}};
}

namespace {

ArrayDocument evidence_document(const SweepResult& r) {
  return {evidence_without_files(r), "files", r.files.size(), [&r](size_t i) { return swept_file_json(r.files[i]); }};
}

}  // namespace

json evidence_json(const SweepResult& r) { return to_json(evidence_document(r)); }
void write_evidence_json(std::ostream& out, const SweepResult& r) { write_json(out, evidence_document(r)); }

std::string evidence_markdown(const SweepResult& r) {
  const json totals = sweep_totals_json(r);
  std::string md = "# meshgate evidence\n\n";
  md += "meshgate " + std::string(MESHGATE_VERSION) + " (" + MESHGATE_GIT_COMMIT + "), " +
        with_commas(totals["files"].get<uint64_t>()) + " files (" + with_commas(r.files.size()) +
        " with nested archives and models), " + with_commas(totals["bytes"].get<uint64_t>()) +
        " bytes, corpus fingerprint `" + input_fingerprint(r.files) + "`.\n\n";
  md += "## Coverage\n\n| files | parsed | round trip identical | covered bytes | uncovered bytes | uncovered non-zero | "
        "overlaps |\n|---:|---:|---:|---:|---:|---:|---:|\n";
  md += "| " + with_commas(r.files.size()) + " | " + with_commas(totals["parsed"].get<uint64_t>()) + " | " +
        with_commas(totals["roundtrip_identical"].get<uint64_t>()) + " | " +
        with_commas(totals["covered_bytes"].get<uint64_t>()) + " | " +
        with_commas(totals["uncovered_bytes"].get<uint64_t>()) + " | " +
        with_commas(totals["uncovered_nonzero_bytes"].get<uint64_t>()) + " | " +
        with_commas(totals["overlaps"].get<uint64_t>()) + " |\n\n";
  md += totals["summary"].get<std::string>() + ".\n\n";
  const json evidence = evidence_without_files(r);
  md += "## Invariants\n\n" + invariant_table_markdown(evidence["invariants"]);
  md += "\n## Field tables\n";
  for (const TableRef& table : field_catalog()) {
    const std::string rows = field_table_markdown(evidence["fields"], table.format, table.record);
    if (rows.empty()) continue;
    md += "\n### " + std::string(table.format) + " " + std::string(table.record) + " (" + doc_offset(table.size) +
          " bytes)\n\n" + rows;
  }
  return md;
}

}  // namespace meshgate
